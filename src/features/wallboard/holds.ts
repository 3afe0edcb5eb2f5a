import { effect, signal, type ReadonlySignal } from '@preact/signals-react';
import type { ConnectionState } from '../connection/model';
import type { RotationClock } from '../views/rotationClock';

export interface Hold {
  /** The rotation waits because the server cannot be reached or the session is gone. */
  readonly held: ReadonlySignal<boolean>;
  /** Starts held (the list arrived while not online): the rotation starts once the connection is back. */
  hold(): void;
  stop(): void;
}

/**
 * Not online: the item on screen stays and nothing new loads (the rotation goes back to it if the next one never
 * showed); on recovery it loads again and the rotation goes on from there.
 */
export function holdWhileNotOnline(
  state: ReadonlySignal<ConnectionState>,
  rotation: RotationClock,
  onScreenIndex: () => number | undefined,
  hasItems: () => boolean,
): Hold {
  const held = signal(false);
  const stop = effect(() => {
    const online = state.value === 'online';
    if (!hasItems()) return;
    if (!online && rotation.running.peek()) {
      rotation.pause();
      const index = onScreenIndex();
      if (index !== undefined) rotation.jump(index);
      held.value = true;
    } else if (online && held.peek()) {
      held.value = false;
      rotation.start();
    }
  });
  return { held, hold: () => { held.value = true; }, stop };
}

/** Issue 10: while an alert card shows, the rotation waits, then goes on where it was (unless it is held). */
export function waitForAlerts(current: ReadonlySignal<unknown> | undefined, rotation: RotationClock, held: ReadonlySignal<boolean>): () => void {
  let interrupted = false;
  return effect(() => {
    const alert = current?.value;
    if (alert && !interrupted && rotation.running.peek()) {
      interrupted = true;
      rotation.pause();
    } else if (!alert && interrupted) {
      interrupted = false;
      if (!held.peek()) rotation.start();
    }
  });
}
