import type { Db } from './database.js';
import { randomToken } from '../auth/password.js';

export interface SessionRow {
  id: string;
  user_id: number;
  nsp: string;
  xsrf: string;
  vars: string;
  created_at: number;
  last_seen: number;
}

export function createSession(db: Db, userId: number, now = Date.now()): SessionRow {
  const row: SessionRow = { id: randomToken(), user_id: userId, nsp: randomToken(16), xsrf: randomToken(16), vars: '{}', created_at: now, last_seen: now };
  db.prepare('INSERT INTO sessions (id, user_id, nsp, xsrf, vars, created_at, last_seen) VALUES (@id, @user_id, @nsp, @xsrf, @vars, @created_at, @last_seen)').run(row);
  return row;
}

/** The session if it exists and has not been idle longer than `idleMs`; expired ones are deleted on sight. */
export function findLiveSession(db: Db, id: string, idleMs: number, now = Date.now()): SessionRow | undefined {
  const row = db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined;
  if (!row) return undefined;
  if (now - row.last_seen > idleMs) {
    deleteSession(db, id);
    return undefined;
  }
  return row;
}

export function touchSession(db: Db, id: string, now = Date.now()): void {
  db.prepare('UPDATE sessions SET last_seen = ? WHERE id = ?').run(now, id);
}

export function deleteSession(db: Db, id: string): void {
  db.prepare('DELETE FROM sessions WHERE id = ?').run(id);
}

/** Ends every session of a user (password or permission change), except optionally the one making the change. */
export function deleteUserSessions(db: Db, userId: number, exceptId?: string): number {
  return db.prepare('DELETE FROM sessions WHERE user_id = ? AND id IS NOT ?').run(userId, exceptId ?? null).changes;
}

export function deleteIdleSessions(db: Db, idleMs: number, now = Date.now()): number {
  return db.prepare('DELETE FROM sessions WHERE last_seen < ?').run(now - idleMs).changes;
}

export function sessionVars(row: SessionRow): Record<string, unknown> {
  const parsed: unknown = JSON.parse(row.vars);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

export function setSessionVars(db: Db, id: string, vars: Record<string, unknown>): void {
  db.prepare('UPDATE sessions SET vars = ? WHERE id = ?').run(JSON.stringify(vars), id);
}
