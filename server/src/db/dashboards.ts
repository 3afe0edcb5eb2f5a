import crypto from 'node:crypto';
import type { Db } from './database.js';

export interface DashboardRow {
  id: string;
  user_id: number;
  title: string;
  background: string;
  transparent: number;
  dashlets: string;
  created_at: number;
}

/** Every user owns these two; they are created the first time anything looks at the user's dashboards. */
export const DEFAULT_DASHBOARDS = [
  { id: 'home', title: 'Home Dashboard' },
  { id: 'screen', title: 'Screen Dashboard' },
] as const;

/** Creates the default dashboards the user lacks: the Home Dashboard with `homeDashlets`, the Screen Dashboard empty. */
export function insertDefaultDashboards(db: Db, userId: number, homeDashlets: readonly unknown[], now = Date.now()): void {
  const insert = db.prepare('INSERT OR IGNORE INTO dashboards (id, user_id, title, dashlets, created_at) VALUES (?, ?, ?, ?, ?)');
  db.transaction(() => {
    DEFAULT_DASHBOARDS.forEach((d, i) => insert.run(d.id, userId, d.title, d.id === 'home' ? JSON.stringify(homeDashlets) : '[]', now + i));
  })();
}

export function saveDashlets(db: Db, userId: number, id: string, dashlets: readonly unknown[]): void {
  db.prepare('UPDATE dashboards SET dashlets = ? WHERE user_id = ? AND id = ?').run(JSON.stringify(dashlets), userId, id);
}

/** The user's dashboards: home, then screen, then the rest in creation order. */
export function listUserDashboards(db: Db, userId: number): DashboardRow[] {
  return db.prepare(`SELECT * FROM dashboards WHERE user_id = ?
      ORDER BY CASE id WHEN 'home' THEN 0 WHEN 'screen' THEN 1 ELSE 2 END, created_at, id`).all(userId) as DashboardRow[];
}

export const DEFAULT_BACKGROUND = '131b25';
export const MAX_DASHBOARDS_PER_USER = 200;
export const MAX_DASHBOARD_TITLE = 255;
/** Largest import file, in characters: dashlet settings are small, anything bigger is not a dashboard export. */
export const MAX_IMPORT_CHARS = 256 * 1024;
/** Marks the text of an export, so any other JSON file is refused on import. */
export const EXPORT_FORMAT = 'pharos-dashboard';

/** The API's view of a dashboard (spec 3). */
export interface Dashboard { id: string; title: string; opts: { background: string; transparent: 0 | 1 } }

export interface DashboardFields { title: string; background: string; transparent: boolean }

export function toDashboard(row: DashboardRow): Dashboard {
  return { id: row.id, title: row.title, opts: { background: row.background, transparent: row.transparent ? 1 : 0 } };
}

export function findDashboard(db: Db, userId: number, id: string): DashboardRow | undefined {
  return db.prepare('SELECT * FROM dashboards WHERE user_id = ? AND id = ?').get(userId, id) as DashboardRow | undefined;
}

export function countDashboards(db: Db, userId: number): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM dashboards WHERE user_id = ?').get(userId) as { n: number }).n;
}

/** 'd' and 12 hex digits: unguessable ids keep one user's links from naming another's dashboards by accident. */
function newId(db: Db, userId: number): string {
  for (;;) {
    const id = `d${crypto.randomBytes(6).toString('hex')}`;
    if (!findDashboard(db, userId, id)) return id;
  }
}

export function createDashboard(db: Db, userId: number, fields: DashboardFields, dashlets = '[]', now = Date.now()): DashboardRow {
  const id = newId(db, userId);
  db.prepare('INSERT INTO dashboards (id, user_id, title, background, transparent, dashlets, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(id, userId, fields.title, fields.background, fields.transparent ? 1 : 0, dashlets, now);
  return findDashboard(db, userId, id)!;
}

export function updateDashboard(db: Db, userId: number, id: string, fields: DashboardFields): DashboardRow | undefined {
  db.prepare('UPDATE dashboards SET title = ?, background = ?, transparent = ? WHERE user_id = ? AND id = ?')
    .run(fields.title, fields.background, fields.transparent ? 1 : 0, userId, id);
  return findDashboard(db, userId, id);
}

export function deleteDashboard(db: Db, userId: number, id: string): boolean {
  return db.prepare('DELETE FROM dashboards WHERE user_id = ? AND id = ?').run(userId, id).changes > 0;
}

function dashletList(text: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** The text `raw` returns and `import` accepts: title, opts and dashlets, tagged with the format name. */
export function exportDashboard(row: DashboardRow): string {
  const d = toDashboard(row);
  return JSON.stringify({ format: EXPORT_FORMAT, version: 1, title: d.title, opts: d.opts, dashlets: dashletList(row.dashlets) }, null, 2);
}

export const isBackground = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{6}$/i.test(v);
