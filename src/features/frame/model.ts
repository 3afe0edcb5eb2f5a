import { computed, signal } from '@preact/signals-react';
import { BASE, stripBase } from '../../app/base';
import { isSafeFrameTarget } from './safeTarget';

export { isSafeFrameTarget };

/** The content frame's page: an absolute path under the base, or '' when nothing (safe) is shown. */
export const frameSrc = signal('');
/** frameSrc without the path prefix (spec 3). */
export const frameSrcNoBase = computed(() => (frameSrc.value ? stripBase(frameSrc.value) : ''));
/** Incremented on every frame change, so opening the same page again reloads it. */
export const forceRender = signal(0);
/** Where the frame really is after its last load (same-origin pages only); '' until known. */
export const currentLocation = signal('');
/** Full-screen mode: the layout collapses top bar, footer and rail to zero height. */
export const fullscreen = signal(false);

/** The native screens of spec 2.1, by their path relative to the base. */
export const NATIVE_SCREENS = {
  'config/main.php': 'configOptions',
  'tools/main.php': 'tools',
  'tools/mytools.php': 'myTools',
  'tools/commontools.php': 'commonTools',
  'enterprise/enterprise.php': 'enterprise',
  'dashboards/manage.php': 'manageDashboards',
} as const;

export type NativeScreenId = (typeof NATIVE_SCREENS)[keyof typeof NATIVE_SCREENS];

/** The native screen that replaces the frame for this path (relative to the base, query and hash ignored), if any. */
export function nativeScreenFor(pathNoBase: string): NativeScreenId | null {
  const path = pathNoBase.split(/[?#]/, 1)[0]!.replace(/^\/+/, '');
  return Object.hasOwn(NATIVE_SCREENS, path) ? NATIVE_SCREENS[path as keyof typeof NATIVE_SCREENS] : null;
}

/** Shows `absolutePath` (already checked) in the frame. */
export function setFrame(absolutePath: string): void {
  frameSrc.value = absolutePath;
  currentLocation.value = '';
  forceRender.value += 1;
}

/**
 * After each load: records where the frame really is and, when the page moved on by itself (a link inside it),
 * makes that the frame's page and the address's xiwindow, so reload, Back and Popout show what the user sees.
 * The iframe element keeps its own src (it is keyed by forceRender), so this never reloads the page.
 */
export function recordFrameLocation(location: string): void {
  currentLocation.value = location;
  const safe = isSafeFrameTarget(location);
  if (!safe || safe === frameSrc.peek()) return;
  frameSrc.value = safe;
  const params = new URLSearchParams(window.location.search);
  params.set('xiwindow', safe);
  window.history.replaceState(window.history.state, '', `${window.location.pathname}?${params.toString()}`);
}

/**
 * Opens a page (relative to the base, or absolute under it) in the content frame and records it as the
 * address's xiwindow, so Back and reload return to it. Unsafe targets are ignored; returns whether it opened.
 */
export function openInFrame(path: string): boolean {
  const safe = isSafeFrameTarget(path);
  if (!safe) return false;
  setFrame(safe);
  const params = new URLSearchParams(window.location.search);
  params.set('xiwindow', safe);
  window.history.pushState(null, '', `${window.location.pathname}?${params.toString()}`);
  return true;
}

/**
 * Resolves an xiwindow value: relative to the section's path, or to the base when it starts with the full base
 * path (absolute same-origin URLs are checked as they are). Returns the safe absolute path or null.
 */
export function resolveXiwindow(xiwindow: string, sectionPath: string, base: string = BASE, origin: string = window.location.origin): string | null {
  if (xiwindow === '') return null;
  if (xiwindow.startsWith(base) || /^[a-z][a-z0-9+.-]*:/i.test(xiwindow) || xiwindow.startsWith('/') || xiwindow.startsWith('\\')) {
    return isSafeFrameTarget(xiwindow, base, origin);
  }
  return isSafeFrameTarget(sectionPath.replace(/^\/+/, '') + xiwindow, base, origin);
}
