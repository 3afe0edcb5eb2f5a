import type { Db } from './db/database.js';
import { dueFeedback, markFeedbackDelivered, markFeedbackFailed } from './db/feedback.js';

const RETRY_BASE_MS = 60_000;
const RETRY_CAP_MS = 6 * 3600_000;

/** 1 min, 2 min, 4 min … capped at 6 h: an offline vendor is not hammered, and a long outage still recovers. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_CAP_MS);
}

export interface DeliveryOptions {
  now?: () => number;
  timeoutMs?: number;
  batch?: number;
  /** Aborts requests in flight when the server shuts down. */
  signal?: AbortSignal;
}

/** Sends every due entry once; returns how many were delivered and how many failed. */
export async function deliverFeedback(db: Db, opts: DeliveryOptions = {}): Promise<{ delivered: number; failed: number }> {
  const now = opts.now ?? Date.now;
  const result = { delivered: 0, failed: 0 };
  for (const row of dueFeedback(db, now(), opts.batch ?? 20)) {
    if (opts.signal?.aborted) break;
    let error: string | undefined;
    try {
      const timeout = AbortSignal.timeout(opts.timeoutMs ?? 15_000);
      const res = await fetch(row.target_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ name: row.name, email: row.email, feedback: row.feedback }).toString(),
        signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout,
        redirect: 'error',
      });
      await res.body?.cancel();
      if (!res.ok) error = `HTTP ${res.status}`;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (opts.signal?.aborted) break;
    if (error === undefined) {
      markFeedbackDelivered(db, row.id, now());
      result.delivered++;
    } else {
      markFeedbackFailed(db, row.id, error, now() + retryDelayMs(row.attempts + 1));
      result.failed++;
    }
  }
  return result;
}

/** Runs `deliverFeedback` every `intervalMs`, never two runs at once; the returned function stops it. */
export function startFeedbackOutbox(db: Db, intervalMs: number): () => void {
  const controller = new AbortController();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverFeedback(db, { signal: controller.signal })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) console.error('Feedback delivery failed:', e);
      })
      .finally(() => { running = false; });
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    controller.abort();
  };
}
