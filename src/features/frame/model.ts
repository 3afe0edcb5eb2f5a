import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import { BASE, stripBase } from '../../lib/base';
import { createModelContext } from '../../lib/modelContext';
import { isSafeFrameTarget } from '../../lib/safeTarget';

export { isSafeFrameTarget };
export { NATIVE_SCREENS, nativeScreenFor, type NativeScreenId } from '../../lib/nativeScreens';

/** How opening a page treats the address: a history entry (user navigation), the same entry, or none (rotation). */
export type HistoryMode = 'push' | 'replace' | 'none';

export interface FrameDeps {
  /** The address bar: read for the query, written for xiwindow. */
  location: Pick<Location, 'pathname' | 'search'>;
  history: Pick<History, 'pushState' | 'replaceState' | 'state'>;
}

export interface FrameModel {
  /** The content frame's page: an absolute path under the base, or '' when nothing (safe) is shown. */
  readonly src: ReadonlySignal<string>;
  /** src without the path prefix (spec 3). */
  readonly srcNoBase: ReadonlySignal<string>;
  /** Incremented on every frame change, so opening the same page again reloads it. */
  readonly forceRender: ReadonlySignal<number>;
  /** Where the frame really is after its last load (same-origin pages only); '' until known. */
  readonly currentLocation: ReadonlySignal<string>;
  /** The title of the frame's page after its last load (same-origin pages only, product suffix left off); '' if none. */
  readonly currentTitle: ReadonlySignal<string>;
  /** The last load ended on an error or offline page rather than the page asked for. */
  readonly failed: ReadonlySignal<boolean>;
  /** Full-screen mode: the layout collapses top bar, footer and rail to zero height. */
  readonly fullscreen: ReadonlySignal<boolean>;
  /** Shows `absolutePath` (already checked) in the frame. */
  set(absolutePath: string): void;
  clear(): void;
  /** Opens a page (relative to the base, or absolute under it) if it is a safe target; returns whether it opened. */
  open(path: string, history?: HistoryMode): boolean;
  /** After each load: where the frame is now (a page that moved on by itself becomes the frame's page and xiwindow). */
  recordLocation(location: string, title?: string): void;
  markFailed(): void;
  /** Loads the current page again when its last load failed (on reconnect). */
  reloadIfFailed(): void;
  setFullscreen(on: boolean): void;
}

/** The content frame's state (spec 2.2, 3): one per app, made by the composition root. */
export function createFrameModel({ location, history }: FrameDeps): FrameModel {
  const src = signal('');
  const forceRender = signal(0);
  const currentLocation = signal('');
  const currentTitle = signal('');
  const failed = signal(false);
  const fullscreen = signal(false);

  const writeXiwindow = (safe: string, mode: HistoryMode) => {
    if (mode === 'none') return;
    const params = new URLSearchParams(location.search);
    params.set('xiwindow', safe);
    const url = `${location.pathname}?${params.toString()}`;
    if (mode === 'push') history.pushState(null, '', url);
    else history.replaceState(history.state, '', url);
  };

  const set = (absolutePath: string) => {
    src.value = absolutePath;
    currentLocation.value = '';
    failed.value = false;
    forceRender.value += 1;
  };

  return {
    src,
    srcNoBase: computed(() => (src.value ? stripBase(src.value) : '')),
    forceRender,
    currentLocation,
    currentTitle,
    failed,
    fullscreen,
    set,
    clear: () => { src.value = ''; },
    open(path, mode = 'push') {
      const safe = isSafeFrameTarget(path);
      if (!safe) return false;
      set(safe);
      writeXiwindow(safe, mode);
      return true;
    },
    recordLocation(next, title = '') {
      currentLocation.value = next;
      // "Hosts · Pharos": the page's own name, without the product's after the last separator.
      currentTitle.value = title.replace(/\s+·\s+[^·]*$/, '').trim();
      failed.value = false;
      const safe = isSafeFrameTarget(next);
      // The iframe element keeps its own src (it is keyed by forceRender), so this never reloads the page.
      if (!safe || safe === src.peek()) return;
      src.value = safe;
      writeXiwindow(safe, 'replace');
    },
    markFailed: () => { failed.value = true; },
    reloadIfFailed() {
      if (failed.peek() && src.peek()) set(src.peek());
    },
    setFullscreen: (on) => { fullscreen.value = on; },
  };
}

export const FrameContext = createModelContext<FrameModel>('FrameModel');
export const useFrame = FrameContext.use;

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
