import { signal } from '@preact/signals-react';
import { forgetPersisted } from '../../lib/resource';

/** Set by the first 401: the whole app is replaced by the session-timeout screen (spec 4). */
export const sessionExpired = signal(false);

export function expireSession(): void {
  if (sessionExpired.peek()) return;
  sessionExpired.value = true;
  forgetPersisted().catch(() => undefined);
}
