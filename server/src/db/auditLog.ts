import type { Db } from './database.js';

export const AUDIT_ACTIONS = ['login', 'logout', 'failed login', 'write'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditRow { id: number; at: number; username: string; address: string; action: AuditAction; object: string }

export interface AuditFilter { username?: string; action?: AuditAction; object?: string }

export function recordAudit(db: Db, entry: Omit<AuditRow, 'id' | 'at'>, now = Date.now()): void {
  db.prepare('INSERT INTO audit_log (at, username, address, action, object) VALUES (?, ?, ?, ?, ?)')
    .run(now, entry.username.slice(0, 200), entry.address.slice(0, 100), entry.action, entry.object.slice(0, 500));
}

function where(f: AuditFilter): { sql: string; args: string[] } {
  const parts: string[] = [];
  const args: string[] = [];
  if (f.username) { parts.push('username = ?'); args.push(f.username); }
  if (f.action) { parts.push('action = ?'); args.push(f.action); }
  if (f.object) { parts.push("instr(lower(object), lower(?)) > 0"); args.push(f.object); }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', args };
}

/** Newest first, `limit` rows from `offset`, with the number of matching rows. */
export function listAudit(db: Db, f: AuditFilter, offset: number, limit: number): { rows: AuditRow[]; total: number } {
  const w = where(f);
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM audit_log ${w.sql}`).get(...w.args) as { n: number }).n;
  const rows = db.prepare(`SELECT * FROM audit_log ${w.sql} ORDER BY id DESC LIMIT ? OFFSET ?`).all(...w.args, limit, offset) as AuditRow[];
  return { rows, total };
}

/** Retention: entries older than `before` (epoch ms) go, and beyond the newest `maxRows` the oldest go. */
export function pruneAudit(db: Db, before: number, maxRows: number): number {
  const old = db.prepare('DELETE FROM audit_log WHERE at < ?').run(before).changes;
  const excess = db.prepare('DELETE FROM audit_log WHERE id <= (SELECT id FROM audit_log ORDER BY id DESC LIMIT 1 OFFSET ?)').run(maxRows).changes;
  return old + excess;
}
