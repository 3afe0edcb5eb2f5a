import type { AppContext } from './http/context.js';
import { pruneAudit } from './db/auditLog.js';
import { pruneHistory } from './db/history.js';
import { recordDueDeliveries } from './db/schedules.js';
import { deleteIdleSessions } from './db/sessions.js';
import { forgetFailures, forgetRateEvents } from './db/limits.js';
import { FORGET_MS } from './auth/loginThrottle.js';
import { PAIRING_MS } from './db/displays.js';
import { startFeedbackOutbox } from './feedbackOutbox.js';
import { log } from './log.js';

const HOUR = 3600_000;

/** Keeps the audit log within its retention (days and rows). */
export function pruneAuditLog(ctx: AppContext, now = Date.now()): Promise<number> {
  return pruneAudit(ctx.store, now - ctx.config.auditDays * 24 * HOUR, ctx.config.auditMaxRows);
}

/**
 * Periodic chores that must not depend on traffic: dropping idle sessions and old rate-limit counts, delivering queued
 * feedback, recording scheduled pages that are due, and the audit log's and the state history's retention (also once at start, after a long
 * downtime). Each process has the timers; a chore runs in one process at a time (Storage.exclusive), and reads its
 * work from the database, so a cluster does it once.
 */
export function startHousekeeping(ctx: AppContext): () => void {
  const idleMs = ctx.config.sessionIdleSeconds * 1000;
  const chore = (name: string, run: () => Promise<unknown>) => () => {
    ctx.storage.exclusive(name, run).catch((e: unknown) => log().error({ err: e }, `Housekeeping (${name}) failed`));
  };
  const keepAuditRetention = chore('audit retention', () => pruneAuditLog(ctx));
  const forgetLimits = chore('rate limits', async () => {
    const now = Date.now();
    await forgetFailures(ctx.store, now, FORGET_MS);
    await forgetRateEvents(ctx.store, now - PAIRING_MS);
  });
  const keepHistoryRetention = chore('history retention', () => pruneHistory(ctx.store, Math.floor(Date.now() / 1000) - ctx.config.historyDays * 24 * 3600));
  keepAuditRetention();
  keepHistoryRetention();
  const timers = [
    setInterval(chore('idle sessions', () => deleteIdleSessions(ctx.store, idleMs)), Math.min(idleMs, 60_000)),
    setInterval(chore('scheduled pages', () => recordDueDeliveries(ctx.store)), ctx.config.outboxSeconds * 1000),
    setInterval(keepAuditRetention, HOUR),
    setInterval(keepHistoryRetention, HOUR),
    setInterval(forgetLimits, HOUR),
  ];
  for (const timer of timers) timer.unref();
  const stopOutbox = startFeedbackOutbox(ctx.storage, ctx.config.outboxSeconds * 1000);
  return () => {
    for (const timer of timers) clearInterval(timer);
    stopOutbox();
  };
}
