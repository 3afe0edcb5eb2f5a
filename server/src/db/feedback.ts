import type { Db } from './database.js';

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

export function enqueueFeedback(db: Db, entry: { userId: number; name: string; email: string; feedback: string; targetUrl: string }, now = Date.now()): number {
  const info = db.prepare(`INSERT INTO feedback_outbox (user_id, name, email, feedback, target_url, created_at, next_attempt_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)`).run(entry.userId, entry.name, entry.email, entry.feedback, entry.targetUrl, now, now);
  return Number(info.lastInsertRowid);
}

export function findFeedback(db: Db, id: number): FeedbackRow | undefined {
  return db.prepare('SELECT * FROM feedback_outbox WHERE id = ?').get(id) as FeedbackRow | undefined;
}

export function listFeedback(db: Db): FeedbackRow[] {
  return db.prepare('SELECT * FROM feedback_outbox ORDER BY id').all() as FeedbackRow[];
}

/** Undelivered entries whose backoff has run out, oldest first. */
export function dueFeedback(db: Db, now: number, limit: number): FeedbackRow[] {
  return db.prepare('SELECT * FROM feedback_outbox WHERE delivered_at IS NULL AND next_attempt_at <= ? ORDER BY id LIMIT ?')
    .all(now, limit) as FeedbackRow[];
}

export function markFeedbackDelivered(db: Db, id: number, now: number): void {
  db.prepare('UPDATE feedback_outbox SET attempts = attempts + 1, delivered_at = ?, last_error = NULL WHERE id = ?').run(now, id);
}

export function markFeedbackFailed(db: Db, id: number, error: string, nextAttemptAt: number): void {
  db.prepare('UPDATE feedback_outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ?')
    .run(error.slice(0, 500), nextAttemptAt, id);
}
