import { effect, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { Theme } from '../../lib/apiTypes';
import type { HttpClient } from '../../lib/http';
import { createModelContext } from '../../lib/modelContext';

export const THEMES: readonly Theme[] = ['neptune', 'neptunelight', 'neptunecolorblind'];
/** The account theme that leaves the modern app for the server's own pages (spec 7, Switch to Modern). */
export const CLASSIC_THEME = 'xi5';
/** Spec 3/9: dark by default. */
export const DEFAULT_THEME: Theme = 'neptune';

/** Where the theme is remembered between visits: the per-user store's preferences. */
export interface ThemePrefs {
  getLocal(name: string): string | null;
  setLocal(name: string, value: string): void;
}

export interface ThemeModel {
  /** The active theme: the locally stored one first (no flash on reload), then the account's. */
  readonly theme: ReadonlySignal<Theme>;
  /** Applies a server answer; xi5 keeps the current theme; anything else outside the three themes is an error and the default dark is used (spec 5). */
  applyServerTheme(value: unknown): void;
  loadAccountTheme(signal?: AbortSignal): Promise<void>;
  /** Saves the account theme and switches to it; the previous theme comes back if the server refuses. */
  setTheme(next: Theme): Promise<void>;
  /** Shows a theme on this page only (the wallboard's theme=): not saved, and the account's theme does not replace it. */
  showOnly(value: Theme): void;
  /** Puts the theme's class on the document root (and only that one of the three). */
  bindThemeClass(root?: HTMLElement): () => void;
  /**
   * The account's theme could not be loaded (an answer, not an outage): the shell says so with spec 8's dialog and
   * clears it when closed; a wallboard has nobody to tell and keeps its stored theme.
   */
  readonly accountFailed: Signal<boolean>;
}

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function createThemeModel(prefs: ThemePrefs, http: Pick<HttpClient, 'get' | 'post'>): ThemeModel {
  const stored = prefs.getLocal('theme');
  const theme = signal<Theme>(isTheme(stored) ? stored : DEFAULT_THEME);
  const remember = (value: Theme) => prefs.setLocal('theme', value);
  let pinned = false;

  const applyServerTheme = (value: unknown) => {
    if (pinned) return;
    // xi5 is the server-rendered classic theme: the server then serves classic pages, and a modern page still open
    // (the wallboard, an old tab) keeps the theme it shows rather than treating the account's choice as an error.
    if (value === CLASSIC_THEME) return;
    if (!isTheme(value)) {
      console.error(`Unknown theme ${JSON.stringify(value)}; keeping the default dark theme.`);
      theme.value = DEFAULT_THEME;
      return;
    }
    theme.value = value;
    remember(value);
  };

  return {
    theme,
    accountFailed: signal(false),
    applyServerTheme,
    async loadAccountTheme(signal) {
      const answer = await http.get<{ theme?: unknown }>('api/v2/account/theme', signal ? { signal } : {});
      applyServerTheme(answer.theme);
    },
    async setTheme(next) {
      const previous = theme.value;
      theme.value = next;
      try {
        await http.post('api/v2/account/theme', { theme: next });
        remember(next);
      } catch (error) {
        theme.value = previous;
        throw error;
      }
    },
    showOnly(value) {
      pinned = true;
      theme.value = value;
    },
    bindThemeClass(root = document.documentElement) {
      return effect(() => {
        const current = theme.value;
        root.classList.remove(...THEMES);
        root.classList.add(current);
        root.style.colorScheme = current === 'neptunelight' ? 'light' : 'dark';
        // The browser's own chrome (installed app title bar) follows the page background.
        const background = getComputedStyle(root).getPropertyValue('--bg').trim();
        if (background) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', background);
      });
    },
  };
}

export const ThemeContext = createModelContext<ThemeModel>('ThemeModel');
export const useTheme = ThemeContext.use;
