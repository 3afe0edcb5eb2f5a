import { signal, type Signal } from '@preact/signals-react';
import { createModelContext } from '../../lib/modelContext';

type HotkeyEvent = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** Ctrl+K, or Cmd+K on Apple keyboards. */
export function isPaletteHotkey(e: HotkeyEvent): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.key === 'k' || e.key === 'K');
}

/** Only a message of this very origin whose data is exactly the string 'search'. */
export function isPaletteMessage(e: Pick<MessageEvent, 'origin' | 'data'>, origin: string): boolean {
  return e.origin === origin && e.data === 'search';
}

/**
 * The part of the search palette on the first load (spec 2.5): whether it is open, and opening it. The palette
 * itself is a lazily loaded chunk. Made once by the composition root.
 */
export interface PaletteTrigger {
  /** Written by the palette's model too, which closes it. */
  readonly isOpen: Signal<boolean>;
  /** Opens the palette, remembering where focus was so closing it can go back there. */
  open(): void;
  /**
   * Once the palette has gone: focus returns to where it was, unless it has moved on by itself (focus() on an
   * element no longer in the page does nothing). Returning to the header search box must not reopen the palette.
   */
  restoreFocus(): void;
}

export function createPaletteTrigger(): PaletteTrigger {
  const isOpen = signal(false);
  let opener: HTMLElement | null = null;
  let restoring = false;
  return {
    isOpen,
    open() {
      if (restoring || isOpen.peek()) return;
      // Every focusable element (HTML or SVG) has focus().
      opener = document.activeElement as HTMLElement | null;
      isOpen.value = true;
    },
    restoreFocus() {
      if (document.activeElement !== document.body) return;
      restoring = true;
      opener?.focus();
      restoring = false;
    },
  };
}

export const PaletteTriggerContext = createModelContext<PaletteTrigger>('PaletteTrigger');
export const usePaletteTrigger = PaletteTriggerContext.use;

/**
 * Ctrl/Cmd+K anywhere (capture phase, so widgets that stop key events cannot swallow it) and same-origin
 * 'search' messages open the palette. Keys pressed inside a same-origin page of the content frame never reach
 * this document, so each frame document gets the key listener when it loads (contentDocument is null for other
 * origins, undefined for images and scripts). The frame lives in the same layout as the search box, so its
 * documents go away with it. Returns the cleanup.
 */
export function listenForPalette(win: Window, open: () => void): () => void {
  const onKey = (e: KeyboardEvent): void => {
    if (!isPaletteHotkey(e)) return;
    e.preventDefault();
    open();
  };
  const onMessage = (e: MessageEvent): void => {
    if (isPaletteMessage(e, win.location.origin)) open();
  };
  // load does not bubble, but capture still sees every frame's load on the way down.
  const onLoad = (e: Event): void => (e.target as HTMLIFrameElement).contentDocument?.addEventListener('keydown', onKey, true);
  win.addEventListener('keydown', onKey, true);
  win.addEventListener('message', onMessage);
  win.document.addEventListener('load', onLoad, true);
  return () => {
    win.removeEventListener('keydown', onKey, true);
    win.removeEventListener('message', onMessage);
    win.document.removeEventListener('load', onLoad, true);
  };
}
