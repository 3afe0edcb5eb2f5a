import { batch, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';

/** Spec 5 and 9: whole seconds from 10 to 60, 10 when a stored value is invalid; the countdown ticks every second. */
export const SPEED = { min: 10, max: 60, step: 1, fallback: 10 } as const;
export const TICK_MS = 1000;

export function isValidSpeed(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= SPEED.min && value <= SPEED.max;
}

/** Spec 5: a stored speed outside 10-60 (or not a number) is treated as 10. */
export function storedSpeed(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return isValidSpeed(n) ? n : SPEED.fallback;
}

export interface RotationClockDeps {
  /** Puts the item at `index` on screen (the views rotation fetches it; the wallboard has it already). */
  show(index: number): void;
  /** Drops whatever `show` still has under way: pausing must not let a late item open. */
  cancel?(): void;
  /** Shared with the Rotate Views entry; a fresh signal when not given. */
  running?: Signal<boolean>;
  /** Seconds for the item at `index` when it has its own (the wallboard's durations); the speed otherwise. */
  durationAt?: (index: number) => number | undefined;
  /**
   * Runs when a countdown ends, before the next item opens: the place to apply an update or a scheduled reload.
   * Returning true means it took over (the page is reloading): the next item is not opened.
   */
  onBoundary?: (next: number) => boolean;
  /** Where to begin (the wallboard's start=). */
  startAt?: number;
  /** The timers (fake ones in tests). */
  clock?: Pick<typeof globalThis, 'setInterval' | 'clearInterval'>;
}

/** The part of a rotation every screen shares: running or paused, the countdown, the place, and the controls. */
export interface RotationClock {
  readonly running: ReadonlySignal<boolean>;
  /** Seconds until the next item. */
  readonly countdown: ReadonlySignal<number>;
  readonly speed: ReadonlySignal<number>;
  /** The current item's place (starts at 0; grows past the end, the owner wraps it). */
  readonly index: ReadonlySignal<number>;
  /** Shows the current item and counts down from its time. */
  start(): void;
  pause(): void;
  toggle(): void;
  rewind(): void;
  skip(): void;
  /** Seconds the current item shows for, from its start. */
  itemSeconds(): number;
  /** Makes `at` the current item with a fresh countdown; it opens only while running (paused, it opens on start). */
  jump(at: number): void;
  /** Spec 5: values outside 10-60 are ignored (false). */
  setSpeed(value: number): boolean;
}

/** Spec 4's countdown and controls, with no idea where items come from: the views rotation and the wallboard share it. */
export function createRotationClock({ show, cancel, running = signal(false), durationAt, onBoundary, startAt = 0, clock = globalThis }: RotationClockDeps): RotationClock {
  const countdown = signal<number>(SPEED.fallback);
  const speed = signal<number>(SPEED.fallback);
  const index = signal(startAt);
  let timer: ReturnType<typeof setInterval> | undefined;

  const stopTimer = () => {
    clock.clearInterval(timer);
    timer = undefined;
  };

  /** How long the item at `at` shows: its own duration, else the speed. */
  const secondsFor = (at: number) => durationAt?.(at) ?? speed.peek();

  const tick = () => {
    const left = countdown.peek() - 1;
    if (left > 0) {
      countdown.value = left;
      return;
    }
    const next = index.peek() + 1;
    if (onBoundary?.(next)) {
      stopTimer();
      return;
    }
    batch(() => {
      countdown.value = secondsFor(next);
      index.value = next;
    });
    show(next);
  };

  /** A fresh countdown gets a full first second. */
  const restartTimer = () => {
    stopTimer();
    if (running.peek()) timer = clock.setInterval(tick, TICK_MS);
  };

  const go = (at: number) => {
    batch(() => {
      index.value = at;
      countdown.value = secondsFor(at);
    });
    restartTimer();
    show(at);
  };

  function pause() {
    stopTimer();
    cancel?.();
    running.value = false;
  }

  function start() {
    running.value = true;
    go(index.peek());
  }

  return {
    running,
    countdown,
    speed,
    index,
    start,
    pause,
    toggle: () => (running.peek() ? pause() : start()),
    itemSeconds: () => secondsFor(index.peek()),
    rewind: () => go(Math.max(0, index.peek() - 1)),
    skip: () => go(index.peek() + 1),
    jump(at) {
      if (running.peek()) go(at);
      else batch(() => { index.value = at; countdown.value = secondsFor(at); });
    },
    setSpeed(value) {
      if (!isValidSpeed(value)) return false;
      // Spec 4: a new speed resets the countdown while paused, or when the countdown is above it (items with their own duration keep it).
      batch(() => {
        speed.value = value;
        const seconds = secondsFor(index.peek());
        if (!running.peek() || countdown.peek() > seconds) countdown.value = seconds;
      });
      return true;
    },
  };
}
