import { useEffect, useState } from 'react';
import { useNow } from '../connection/useNow';
import type { RotationClock } from '../views/rotationClock';
import { burnInShift } from './nightCare';
import { FRAME_POINTER_EVENT } from './WallboardStage';

const CURSOR_IDLE_MS = 3000;

interface WakeLockSentinelLike { release(): Promise<void> }
type WakeLockNavigator = Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinelLike> } };

/** Keeps the screen on where the browser can (Screen Wake Lock), taken again whenever the page is visible again. */
export function useWakeLock(): void {
  useEffect(() => {
    const nav = navigator as WakeLockNavigator;
    if (!nav.wakeLock) return undefined;
    let lock: WakeLockSentinelLike | undefined;
    const acquire = () => {
      if (document.visibilityState !== 'visible') return;
      nav.wakeLock!.request('screen').then((l) => { lock = l; }, () => undefined);
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      document.removeEventListener('visibilitychange', acquire);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}

/** True while the pointer has moved in the last 3 s: the cursor and the controls show only then. */
export function usePointerActive(): boolean {
  const [active, setActive] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wake = () => {
      setActive(true);
      clearTimeout(timer);
      timer = setTimeout(() => setActive(false), CURSOR_IDLE_MS);
    };
    const events = ['pointermove', 'pointerdown', FRAME_POINTER_EVENT];
    for (const name of events) window.addEventListener(name, wake);
    return () => {
      clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, wake);
    };
  }, []);
  return active;
}

/** Whether anyone has used the screen yet (a pointer move or tap, a key): what only that needs loads then. */
export function useTouched(pointer: boolean): boolean {
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (touched) return undefined;
    if (pointer) {
      setTouched(true);
      return undefined;
    }
    const onKey = () => setTouched(true);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pointer, touched]);
  return touched;
}

export function toggleFullscreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  else void document.documentElement.requestFullscreen?.().catch(() => undefined);
}

/** Remote and keyboard: ← / → rewind / skip, Enter or Space pause / resume, Escape leaves, F full screen. */
export function useRemoteKeys(rotation: RotationClock, leave: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      // A focused button handles its own Enter and Space.
      const onButton = event.target instanceof HTMLElement && event.target.closest('button, a, input, select, textarea');
      switch (event.key) {
        case 'ArrowLeft': rotation.rewind(); break;
        case 'ArrowRight': rotation.skip(); break;
        case 'Enter': case ' ': if (onButton) return; rotation.toggle(); break;
        case 'Escape': leave(); break;
        case 'f': case 'F': toggleFullscreen(); break;
        default: return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rotation, leave]);
}

/** Anti burn-in: CSS offsets the strip and overlays read; a new one every 10 minutes, none at night (the screen is dark). */
export function useBurnIn(): Record<string, string> {
  const now = useNow(60_000);
  const { x, y } = burnInShift(now);
  return { '--burn-x': `${x}px`, '--burn-y': `${y}px` };
}
