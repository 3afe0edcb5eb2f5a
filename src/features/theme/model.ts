import { effect, signal } from '@preact/signals-react';
import type { Theme } from '../../lib/apiTypes';
import { http } from '../../lib/http';

export const THEMES: readonly Theme[] = ['neptune', 'neptunelight', 'neptunecolorblind'];
/** Spec 3/9: dark by default. */
export const DEFAULT_THEME: Theme = 'neptune';
const STORAGE_KEY = 'pharos.theme';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

function storedTheme(): Theme {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** The active theme: the locally stored one first (no flash on reload), then the account's. */
export const theme = signal<Theme>(storedTheme());

function remember(value: Theme): void {
  try {
    localStorage.setItem(STORAGE_KEY, value);
  } catch {
    // Without storage the account theme is simply fetched again next time.
  }
}

/** Applies a server answer; anything outside the three themes is an error and the default dark is used (spec 5). */
export function applyServerTheme(value: unknown): void {
  if (!isTheme(value)) {
    console.error(`Unknown theme ${JSON.stringify(value)}; keeping the default dark theme.`);
    theme.value = DEFAULT_THEME;
    return;
  }
  theme.value = value;
  remember(value);
}

export async function loadAccountTheme(signal?: AbortSignal): Promise<void> {
  const answer = await http.get<{ theme?: unknown }>('api/v2/account/theme', signal ? { signal } : {});
  applyServerTheme(answer.theme);
}

/** Saves the account theme and switches to it; the previous theme comes back if the server refuses. */
export async function setTheme(next: Theme): Promise<void> {
  const previous = theme.value;
  theme.value = next;
  try {
    await http.post('api/v2/account/theme', { theme: next });
    remember(next);
  } catch (error) {
    theme.value = previous;
    throw error;
  }
}

/** Puts the theme's class on the document root (and only that one of the three). */
export function bindThemeClass(root: HTMLElement = document.documentElement): () => void {
  return effect(() => {
    const current = theme.value;
    root.classList.remove(...THEMES);
    root.classList.add(current);
    root.style.colorScheme = current === 'neptunelight' ? 'light' : 'dark';
    // The browser's own chrome (installed app title bar) follows the page background.
    const background = getComputedStyle(root).getPropertyValue('--bg').trim();
    if (background) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', background);
  });
}
