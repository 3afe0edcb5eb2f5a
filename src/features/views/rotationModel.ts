import { signal, type Signal } from '@preact/signals-react';
import { ApiError } from '../../lib/http';
import type { Translate } from '../../lib/i18n';
import type { ToastInput } from '../toast/model';
import { serverMessageOf } from '../toast/serverMessage';
import type { ViewsApi } from './api';
import { createRotationClock, storedSpeed, type RotationClock } from './rotationClock';

export { isValidSpeed, SPEED, storedSpeed, TICK_MS } from './rotationClock';

export interface RotationDeps {
  api: Pick<ViewsApi, 'loadSpeed' | 'saveSpeed' | 'viewAt'>;
  /** Shared with the Rotate Views entry; a fresh signal when not given. */
  running?: Signal<boolean>;
  /** Shows a view's url in the content frame without adding history; false when it is not a safe frame target. */
  open: (url: string) => boolean;
  notify: (notice: ToastInput) => void;
  t: Translate;
  /** The timers (fake ones in tests). */
  clock?: Pick<typeof globalThis, 'setInterval' | 'clearInterval'>;
}

export interface RotationModel extends RotationClock {
  /** Reads the stored speed once; later calls share the first. */
  load(): Promise<void>;
  /** Stores the speed (after a slider move ends) unless it is what was stored already. */
  saveSpeed(): Promise<void>;
  /** A control bar is showing; rotation pauses once the last one goes (leaving the views section). */
  attach(): () => void;
}

/** View rotation, spec 4: My Views fetched by number (getviewbynum) on the shared countdown, and the user's stored speed. */
export function createRotationModel({ api, running = signal(false), open, notify, t, clock }: RotationDeps): RotationModel {
  let loading: Promise<void> | undefined;
  let chosen = false;
  let saved: number | undefined;
  let saving: Promise<void> = Promise.resolve();
  let shown = 0;
  let attached = 0;

  const failed = (description: string) => notify({ variant: 'error', title: t('views.rotation.failed'), description });

  /** Opens the view at `at`; an answer that arrives after a later request (or a pause) is dropped. */
  const show = (at: number) => {
    const request = ++shown;
    api.viewAt(at).then(
      (view) => {
        if (request === shown && !open(view.url)) failed(t('views.rotation.unsafe'));
      },
      (error: unknown) => {
        if (request !== shown) return;
        // No views at all: nothing to rotate through.
        if (error instanceof ApiError && error.status === 404) rotation.pause();
        failed(serverMessageOf(error) ?? t('screens.tryAgain'));
      },
    );
  };

  const rotation = createRotationClock({ show, cancel: () => { shown += 1; }, running, ...(clock ? { clock } : {}) });

  return {
    ...rotation,
    setSpeed(value) {
      if (!rotation.setSpeed(value)) return false;
      chosen = true;
      return true;
    },
    load() {
      loading ??= api.loadSpeed().then(
        (value) => {
          saved = storedSpeed(value);
          // A speed the user picked while this was loading wins.
          if (!chosen) rotation.setSpeed(saved);
        },
        () => undefined,
      );
      return loading;
    },
    saveSpeed() {
      // One save at a time, each sending the speed of when it starts: quick key presses must not race, or an earlier
      // value could reach the server last and win.
      saving = saving.then(async () => {
        const value = rotation.speed.peek();
        if (value === saved) return;
        try {
          await api.saveSpeed(value);
          saved = value;
        } catch {
          notify({ variant: 'error', title: t('views.rotation.saveFailed'), description: t('screens.tryAgain') });
        }
      });
      return saving;
    },
    attach() {
      attached += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        attached -= 1;
        if (attached === 0) rotation.pause();
      };
    },
  };
}
