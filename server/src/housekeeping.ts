import type { AppContext } from './http/context.js';
import { deleteIdleSessions } from './db/sessions.js';

/** Periodic chores that must not depend on traffic: dropping idle sessions. The feedback outbox adds itself here. */
export function startHousekeeping(ctx: AppContext): () => void {
  const idleMs = ctx.config.sessionIdleSeconds * 1000;
  const timer = setInterval(() => deleteIdleSessions(ctx.db, idleMs), Math.min(idleMs, 60_000));
  timer.unref();
  return () => clearInterval(timer);
}
