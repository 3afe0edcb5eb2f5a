import type { AppContext } from './http/context.js';
import { deleteIdleSessions } from './db/sessions.js';
import { startFeedbackOutbox } from './feedbackOutbox.js';

/** Periodic chores that must not depend on traffic: dropping idle sessions, delivering queued feedback. */
export function startHousekeeping(ctx: AppContext): () => void {
  const idleMs = ctx.config.sessionIdleSeconds * 1000;
  const timer = setInterval(() => deleteIdleSessions(ctx.db, idleMs), Math.min(idleMs, 60_000));
  timer.unref();
  const stopOutbox = startFeedbackOutbox(ctx.db, ctx.config.outboxSeconds * 1000);
  return () => {
    clearInterval(timer);
    stopOutbox();
  };
}
