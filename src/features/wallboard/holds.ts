import { effect, signal, type ReadonlySignal } from '@preact/signals-react';
import type { ConnectionState } from '../connection/model';
import type { RotationClock } from '../views/rotationClock';

type HoldReason = 'outage' | 'alert';

/**
 * What holds the rotation, one arbiter for every reason: the first hold pauses a running rotation, and only the last
 * one to go starts it again. Each hold on its own would restart the rotation when it ends while the other still holds
 * (a card whose time ran out during an outage went on rotating with the server gone).
 */
export interface Holds {
  /** Holds for `reason`; `resume`: the rotation is to start once nothing holds it, even if it is not running now. */
  add(reason: HoldReason, resume?: boolean): void;
  remove(reason: HoldReason): void;
}

export function createHolds(rotation: Pick<RotationClock, 'running' | 'pause' | 'start'>): Holds {
  const reasons = new Set<HoldReason>();
  // Whether a hold paused the rotation: a rotation the viewer paused stays paused when the holds go.
  let owed = false;
  return {
    add(reason, resume = false) {
      if (reasons.size === 0 && rotation.running.peek()) {
        rotation.pause();
        owed = true;
      }
      owed ||= resume;
      reasons.add(reason);
    },
    remove(reason) {
      if (!reasons.delete(reason) || reasons.size > 0 || !owed) return;
      owed = false;
      rotation.start();
    },
  };
}

export interface Hold {
  /** The rotation waits because the server cannot be reached or the session is gone. */
  readonly held: ReadonlySignal<boolean>;
  /** Starts held (the list arrived while not online): the rotation starts once the connection is back. */
  hold(): void;
  stop(): void;
}

/**
 * Not online: the item on screen stays and nothing new loads (the rotation goes back to it if the next one never
 * showed); on recovery it loads again and the rotation goes on from there, unless a card still holds it.
 */
export function holdWhileNotOnline(
  state: ReadonlySignal<ConnectionState>,
  rotation: RotationClock,
  holds: Holds,
  onScreenIndex: () => number | undefined,
  hasItems: () => boolean,
): Hold {
  const held = signal(false);
  const stop = effect(() => {
    const online = state.value === 'online';
    if (!hasItems()) return;
    if (!online && !held.peek()) {
      const wasRunning = rotation.running.peek();
      holds.add('outage');
      const index = onScreenIndex();
      if (wasRunning && index !== undefined) rotation.jump(index);
      held.value = true;
    } else if (online && held.peek()) {
      held.value = false;
      holds.remove('outage');
    }
  });
  return {
    held,
    hold: () => {
      held.value = true;
      holds.add('outage', true);
    },
    stop,
  };
}

/** Issue 10: while an alert card shows, the rotation waits, then goes on where it was (unless something else holds it). */
export function waitForAlerts(current: ReadonlySignal<unknown> | undefined, holds: Holds): () => void {
  let showing = false;
  return effect(() => {
    const alert = Boolean(current?.value);
    if (alert === showing) return;
    showing = alert;
    if (alert) holds.add('alert');
    else holds.remove('alert');
  });
}
