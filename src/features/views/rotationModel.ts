import { batch, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import { ApiError } from '../../lib/http';
import { translate, type Translate } from '../../lib/i18n';
import { toast, type ToastInput } from '../toast/model';
import { serverMessageOf } from '../toast/serverMessage';
import type { ViewsApi } from './api';

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

export interface RotationDeps {
  api: Pick<ViewsApi, 'loadSpeed' | 'saveSpeed' | 'viewAt'>;
  /** Shared with the Rotate Views entry; a fresh signal when not given. */
  running?: Signal<boolean>;
  /** Shows a view's url in the content frame without adding history; false when it is not a safe frame target. */
  open: (url: string) => boolean;
  notify?: (notice: ToastInput) => void;
  t?: Translate;
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

export interface RotationModel {
  readonly running: ReadonlySignal<boolean>;
  /** Seconds until the next view. */
  readonly countdown: ReadonlySignal<number>;
  readonly speed: ReadonlySignal<number>;
  /** The current view's place in My Views (starts at 0). */
  readonly index: ReadonlySignal<number>;
  /** Reads the stored speed once; later calls share the first. */
  load(): Promise<void>;
  /** Shows the current view and counts down from the speed. */
  start(): void;
  pause(): void;
  toggle(): void;
  rewind(): void;
  skip(): void;
  /** Makes `at` the current item with a fresh countdown; it opens only while running (paused, it opens on start). */
  jump(at: number): void;
  /** Spec 5: values outside 10-60 are ignored (false). */
  setSpeed(value: number): boolean;
  /** Stores the speed (after a slider move ends) unless it is what was stored already. */
  saveSpeed(): Promise<void>;
  /** A control bar is showing; rotation pauses once the last one goes (leaving the views section). */
  attach(): () => void;
}

/** View rotation, spec 4: running or paused, a per-second countdown, rewind and skip, and the speed rules. */
export function createRotationModel({ api, running = signal(false), open, notify = toast, t = translate, durationAt, onBoundary, startAt = 0, clock = globalThis }: RotationDeps): RotationModel {
  const countdown = signal<number>(SPEED.fallback);
  const speed = signal<number>(SPEED.fallback);
  const index = signal(startAt);
  let timer: ReturnType<typeof setInterval> | undefined;
  let loading: Promise<void> | undefined;
  let chosen = false;
  let saved: number | undefined;
  let shown = 0;
  let attached = 0;

  const failed = (description: string) => notify({ variant: 'error', title: t('views.rotation.failed'), description });

  /** Opens the view at `at`; an answer that arrives after a later request is dropped. */
  const show = (at: number) => {
    const request = ++shown;
    api.viewAt(at).then(
      (view) => {
        if (request === shown && !open(view.url)) failed(t('views.rotation.unsafe'));
      },
      (error: unknown) => {
        if (request !== shown) return;
        // No views at all: nothing to rotate through.
        if (error instanceof ApiError && error.status === 404) pause();
        failed(serverMessageOf(error) ?? t('screens.tryAgain'));
      },
    );
  };

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

  /** Spec 4: a new speed resets the countdown while paused, or when the countdown is above it (items with their own duration keep it). */
  const applySpeed = (value: number) => {
    batch(() => {
      speed.value = value;
      const seconds = secondsFor(index.peek());
      if (!running.peek() || countdown.peek() > seconds) countdown.value = seconds;
    });
  };

  function pause() {
    stopTimer();
    // A view still being fetched for the last boundary must not open after the user paused.
    shown += 1;
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
    load() {
      loading ??= api.loadSpeed().then(
        (value) => {
          saved = storedSpeed(value);
          // A speed the user picked while this was loading wins.
          if (!chosen) applySpeed(saved);
        },
        () => undefined,
      );
      return loading;
    },
    start,
    pause,
    toggle: () => (running.peek() ? pause() : start()),
    rewind: () => go(Math.max(0, index.peek() - 1)),
    skip: () => go(index.peek() + 1),
    jump(at) {
      if (running.peek()) go(at);
      else batch(() => { index.value = at; countdown.value = secondsFor(at); });
    },
    setSpeed(value) {
      if (!isValidSpeed(value)) return false;
      chosen = true;
      applySpeed(value);
      return true;
    },
    async saveSpeed() {
      const value = speed.peek();
      if (value === saved) return;
      try {
        await api.saveSpeed(value);
        saved = value;
      } catch {
        notify({ variant: 'error', title: t('views.rotation.saveFailed'), description: t('screens.tryAgain') });
      }
    },
    attach() {
      attached += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        attached -= 1;
        if (attached === 0) pause();
      };
    },
  };
}
