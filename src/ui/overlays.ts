import { useEffect, useSyncExternalStore } from 'react';

/**
 * react-aria and react-stately are only needed once an overlay (menu, tooltip, popover, modal) is used, so
 * they live in their own chunk that the first hover, focus or press loads. Everything at first paint is
 * plain DOM (see Button, Link, Disclosure).
 */
export type Overlays = typeof import('./aria/index');

// Module state on purpose, the one kind the app allows outside its composition root (docs/architecture.md): a
// chunk is loaded once per page whatever app asked for it, like the module cache of import() itself, and holds no
// data of any app or user.
let loaded: Overlays | undefined;
let pending: Promise<Overlays> | undefined;
const listeners = new Set<() => void>();

export function loadOverlays(): Promise<Overlays> {
  pending ??= import('./aria/index').then(
    (mod) => {
      loaded = mod;
      listeners.forEach((notify) => notify());
      return mod;
    },
    (error: unknown) => {
      // A later interaction may try again (e.g. once back online).
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** Starts loading the overlay code; for hover/focus of a trigger, so a press opens at once. */
export function preloadOverlays(): void {
  loadOverlays().catch((error: unknown) => console.error('Failed to load the overlay components.', error));
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

const snapshot = (): Overlays | undefined => loaded;

/** The overlay module once loaded; with `load` set, asks for it too. */
export function useOverlays(load = false): Overlays | undefined {
  const overlays = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (load && !overlays) preloadOverlays();
  }, [load, overlays]);
  return overlays;
}

/** Trigger props that fetch the overlay code on the first hover, focus or touch of a trigger. */
export const PRELOAD_OVERLAYS = { onPointerEnter: preloadOverlays, onPointerDown: preloadOverlays, onFocus: preloadOverlays } as const;
