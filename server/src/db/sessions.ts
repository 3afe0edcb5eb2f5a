import type { Store } from './store.js';
import { randomToken } from './tokens.js';
import type { UserRow } from './users.js';

export interface SessionRow {
  id: string;
  user_id: number;
  nsp: string;
  xsrf: string;
  vars: string;
  created_at: number;
  last_seen: number;
}

export async function createSession(store: Store, userId: number, now = Date.now()): Promise<SessionRow> {
  const row: SessionRow = { id: randomToken(), user_id: userId, nsp: randomToken(16), xsrf: randomToken(16), vars: '{}', created_at: now, last_seen: now };
  await store.insertInto('sessions').values(row).execute();
  return row;
}

/**
 * The session with its user if it exists and has not been idle longer than `idleMs`; expired ones are deleted on
 * sight. One query: every request asks for both, and on PostgreSQL each query is a round trip holding a pooled
 * connection; two in a row made the pool the limit on a busy event loop.
 */
export async function findLiveSessionWithUser(store: Store, id: string, idleMs: number, now = Date.now()): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const row = await store.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.nsp as session_nsp', 'sessions.xsrf as session_xsrf', 'sessions.vars as session_vars',
      'sessions.created_at as session_created_at', 'sessions.last_seen as session_last_seen'])
    .where('sessions.id', '=', id)
    // Disabling a user ends their sessions; this keeps one that a login racing the change made from working.
    .where('users.disabled', '=', 0)
    .executeTakeFirst();
  if (!row) return undefined;
  if (now - row.session_last_seen > idleMs) {
    await deleteSession(store, id);
    return undefined;
  }
  const { session_id, session_nsp, session_xsrf, session_vars, session_created_at, session_last_seen, created_at: _userCreatedAt, ...user } = row;
  return {
    session: { id: session_id, user_id: user.id, nsp: session_nsp, xsrf: session_xsrf, vars: session_vars, created_at: session_created_at, last_seen: session_last_seen },
    user,
  };
}

export async function touchSession(store: Store, id: string, now = Date.now()): Promise<void> {
  await store.updateTable('sessions').set({ last_seen: now }).where('id', '=', id).execute();
}

export async function deleteSession(store: Store, id: string): Promise<void> {
  await store.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends every session of a user (password or permission change), except optionally the one making the change. */
export async function deleteUserSessions(store: Store, userId: number, exceptId?: string): Promise<number> {
  let q = store.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return Number((await q.executeTakeFirst()).numDeletedRows);
}

export async function deleteIdleSessions(store: Store, idleMs: number, now = Date.now()): Promise<number> {
  const result = await store.deleteFrom('sessions').where('last_seen', '<', now - idleMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function sessionVars(row: SessionRow): Record<string, unknown> {
  const parsed: unknown = JSON.parse(row.vars);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

export async function setSessionVars(store: Store, id: string, vars: Record<string, unknown>): Promise<void> {
  await store.updateTable('sessions').set({ vars: JSON.stringify(vars) }).where('id', '=', id).execute();
}
