import { signal, type ReadonlySignal } from '@preact/signals-react';
import { createModelContext } from '../../lib/modelContext';

export interface SessionModel {
  /** Set by the first 401: the framed app is replaced by the session-timeout screen (spec 4). */
  readonly expired: ReadonlySignal<boolean>;
  expire(): void;
}

/** The session's end as the app sees it; `forget` drops every stored copy, so the next user never sees them. */
export function createSessionModel({ forget }: { forget: () => Promise<void> }): SessionModel {
  const expired = signal(false);
  return {
    expired,
    expire() {
      if (expired.peek()) return;
      expired.value = true;
      forget().catch(() => undefined);
    },
  };
}

export const SessionContext = createModelContext<SessionModel>('SessionModel');
export const useSession = SessionContext.use;
