import { useEffect, useRef, useState } from 'react';
import type { TooltipTriggerState } from 'react-stately';

/**
 * Spec 9: a tooltip opens after `delay`, except within `skipWindow` ms of another tooltip closing (or while one is
 * open), when it opens at once. react-stately's own state keeps that window at 500 ms or more and closes late, so
 * the app keeps this one: shared by every trigger on the page, and the window starts when a tooltip is gone.
 * Page state rather than app state (hence not made by the composition root): there is one pointer per page, the way
 * react-aria keeps its own focus-visible state, and it holds no data.
 */
let openCount = 0;
let lastClosedAt = Number.NEGATIVE_INFINITY;

/** Tests start from a page where no tooltip has been seen. */
export function resetTooltipSkipWindow(): void {
  openCount = 0;
  lastClosedAt = Number.NEGATIVE_INFINITY;
}

/** `closeDelay`: time for the pointer to cross from the trigger into an interactive tooltip (0 closes at once). */
export function useSkipWindowTooltipState({ delay, skipWindow, closeDelay = 0 }: { delay: number; skipWindow: number; closeDelay?: number }): TooltipTriggerState {
  const [isOpen, setOpen] = useState(false);
  const [skipped, setSkipped] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openRef = useRef(false);
  const cancel = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };
  const show = () => {
    cancel();
    if (openRef.current) return;
    openRef.current = true;
    openCount += 1;
    setOpen(true);
  };
  const hide = () => {
    cancel();
    if (!openRef.current) return;
    openRef.current = false;
    openCount -= 1;
    lastClosedAt = Date.now();
    setOpen(false);
  };
  useEffect(() => () => hide(), []); // eslint-disable-line react-hooks/exhaustive-deps -- only on unmount
  return {
    isOpen,
    // Moving from tooltip to tooltip shows the next one without its entry animation.
    shouldSkipAnimation: skipped,
    open(immediate) {
      const warm = openCount > 0 || Date.now() - lastClosedAt <= skipWindow;
      if (immediate || warm || delay <= 0) { setSkipped(warm); show(); return; }
      setSkipped(false);
      if (timer.current === undefined && !openRef.current) timer.current = setTimeout(show, delay);
    },
    close(immediate) {
      if (immediate || closeDelay <= 0 || !openRef.current) { hide(); return; }
      cancel();
      timer.current = setTimeout(hide, closeDelay);
    },
  };
}
