import { sql, type SelectQueryBuilder } from 'kysely';
import type { Store } from './store.js';
import type { Tables } from './tables.js';

export const AUDIT_ACTIONS = ['login', 'logout', 'failed login', 'write'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditRow { id: number; at: number; username: string; address: string; action: AuditAction; object: string }

export interface AuditFilter { username?: string; action?: AuditAction; object?: string }

export async function recordAudit(store: Store, entry: Omit<AuditRow, 'id' | 'at'>, now = Date.now()): Promise<void> {
  await store.insertInto('audit_log')
    .values({ at: now, username: entry.username.slice(0, 200), address: entry.address.slice(0, 100), action: entry.action, object: entry.object.slice(0, 500) })
    .execute();
}

/** `object` is matched as a substring without regard to case; LIKE's own wildcards in it are taken literally. */
function filtered<O>(q: SelectQueryBuilder<Tables, 'audit_log', O>, f: AuditFilter): SelectQueryBuilder<Tables, 'audit_log', O> {
  if (f.username) q = q.where('username', '=', f.username);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.object) {
    const pattern = `%${f.object.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    q = q.where(sql<boolean>`lower(object) like ${pattern} escape '\\'`);
  }
  return q;
}

/** Newest first, `limit` rows from `offset`, with the number of matching rows. */
export async function listAudit(store: Store, f: AuditFilter, offset: number, limit: number): Promise<{ rows: AuditRow[]; total: number }> {
  const { n } = await filtered(store.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')), f).executeTakeFirstOrThrow();
  const rows = await filtered(store.selectFrom('audit_log').selectAll(), f).orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { rows: rows as AuditRow[], total: Number(n) };
}

/** Retention: entries older than `before` (epoch ms) go, and beyond the newest `maxRows` the oldest go. */
export async function pruneAudit(store: Store, before: number, maxRows: number): Promise<number> {
  const old = await store.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
  // Everything up to the first id past the newest `maxRows` (none when there are no more rows than that).
  const excess = await store.deleteFrom('audit_log')
    .where('id', '<=', (eb) => eb.selectFrom('audit_log').select('id').orderBy('id', 'desc').limit(1).offset(maxRows))
    .executeTakeFirst();
  return Number(old.numDeletedRows + excess.numDeletedRows);
}
