import type { Store } from './store.js';

export interface FeedbackRow {
  id: number;
  user_id: number | null;
  name: string;
  email: string;
  feedback: string;
  target_url: string;
  created_at: number;
  attempts: number;
  delivered_at: number | null;
  last_error: string | null;
  next_attempt_at: number;
}

export async function enqueueFeedback(store: Store, entry: { userId: number; name: string; email: string; feedback: string; targetUrl: string }, now = Date.now()): Promise<number> {
  const row = await store.insertInto('feedback_outbox').values({
    user_id: entry.userId, name: entry.name, email: entry.email, feedback: entry.feedback, target_url: entry.targetUrl,
    created_at: now, next_attempt_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findFeedback(store: Store, id: number): Promise<FeedbackRow | undefined> {
  return store.selectFrom('feedback_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listFeedback(store: Store): Promise<FeedbackRow[]> {
  return store.selectFrom('feedback_outbox').selectAll().orderBy('id').execute();
}

/** Undelivered entries whose backoff has run out, oldest first. */
export function dueFeedback(store: Store, now: number, limit: number): Promise<FeedbackRow[]> {
  return store.selectFrom('feedback_outbox').selectAll().where('delivered_at', 'is', null).where('next_attempt_at', '<=', now)
    .orderBy('id').limit(limit).execute();
}

export async function markFeedbackDelivered(store: Store, id: number, now: number): Promise<void> {
  await store.updateTable('feedback_outbox').set((eb) => ({ attempts: eb('attempts', '+', 1), delivered_at: now, last_error: null }))
    .where('id', '=', id).execute();
}

export async function markFeedbackFailed(store: Store, id: number, error: string, nextAttemptAt: number): Promise<void> {
  await store.updateTable('feedback_outbox').set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 500), next_attempt_at: nextAttemptAt }))
    .where('id', '=', id).execute();
}
