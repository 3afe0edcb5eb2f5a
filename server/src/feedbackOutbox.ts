import type { Storage, Store } from './db/store.js';
import { dueFeedback, markFeedbackDelivered, markFeedbackFailed } from './db/feedback.js';
import { log } from './log.js';

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
export async function deliverFeedback(store: Store, opts: DeliveryOptions = {}): Promise<{ delivered: number; failed: number }> {
  const now = opts.now ?? Date.now;
  const result = { delivered: 0, failed: 0 };
  for (const row of await dueFeedback(store, now(), opts.batch ?? 20)) {
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
      await markFeedbackDelivered(store, row.id, now());
      result.delivered++;
    } else {
      await markFeedbackFailed(store, row.id, error, now() + retryDelayMs(row.attempts + 1));
      result.failed++;
    }
  }
  return result;
}

/** Runs `deliverFeedback` every `intervalMs`, never two runs at once; the returned function stops it. */
/** Delivers queued feedback every `intervalMs`, in one process of a cluster at a time. */
export function startFeedbackOutbox(storage: Pick<Storage, 'store' | 'exclusive'>, intervalMs: number): () => void {
  const controller = new AbortController();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    storage.exclusive('feedback outbox', () => deliverFeedback(storage.store, { signal: controller.signal }))
      .catch((e: unknown) => {
        if (!controller.signal.aborted) log().error({ err: e }, 'Feedback delivery failed');
      })
      .finally(() => { running = false; });
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    controller.abort();
  };
}
