import type { AppContext } from './http/context.js';
import { pruneAudit } from './db/auditLog.js';
import { recordDueDeliveries } from './db/schedules.js';
import { deleteIdleSessions } from './db/sessions.js';
import { startFeedbackOutbox } from './feedbackOutbox.js';

const HOUR = 3600_000;

/** Keeps the audit log within its retention (days and rows). */
export function pruneAuditLog(ctx: AppContext, now = Date.now()): number {
  return pruneAudit(ctx.db, now - ctx.config.auditDays * 24 * HOUR, ctx.config.auditMaxRows);
}

/**
 * Periodic chores that must not depend on traffic: dropping idle sessions, delivering queued feedback, recording
 * scheduled pages that are due, and the audit log's retention (also once at start, after a long downtime).
 */
export function startHousekeeping(ctx: AppContext): () => void {
  const idleMs = ctx.config.sessionIdleSeconds * 1000;
  pruneAuditLog(ctx);
  const timers = [
    setInterval(() => deleteIdleSessions(ctx.db, idleMs), Math.min(idleMs, 60_000)),
    setInterval(() => recordDueDeliveries(ctx.db), ctx.config.outboxSeconds * 1000),
    setInterval(() => pruneAuditLog(ctx), HOUR),
  ];
  for (const timer of timers) timer.unref();
  const stopOutbox = startFeedbackOutbox(ctx.db, ctx.config.outboxSeconds * 1000);
  return () => {
    for (const timer of timers) clearInterval(timer);
    stopOutbox();
  };
}
