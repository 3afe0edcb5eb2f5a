import type { Db } from './database.js';

export interface ViewRow { id: number; user_id: number; title: string; url: string; position: number }

/** Same order as dashboards (200): a rotation of more views than this is not something anyone watches. */
export const MAX_VIEWS_PER_USER = 200;

export function countViews(db: Db, userId: number): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM views WHERE user_id = ?').get(userId) as { n: number }).n;
}

/** What a new user finds under My Views, so a wallboard started on a fresh install has something to rotate. */
export const DEFAULT_VIEWS = [
  { title: 'Problems board', url: 'includes/components/pharos/problemsboard.php' },
  { title: 'Tactical overview', url: 'includes/page-home-main.php' },
  { title: 'Host groups', url: 'includes/components/xicore/status.php?show=hostgroups' },
] as const;

export function addDefaultViews(db: Db, userId: number): void {
  for (const v of DEFAULT_VIEWS) addView(db, userId, v.title, v.url);
}

export function listViews(db: Db, userId: number): ViewRow[] {
  return db.prepare('SELECT * FROM views WHERE user_id = ? ORDER BY position, id').all(userId) as ViewRow[];
}

export function addView(db: Db, userId: number, title: string, url: string): ViewRow {
  const { next } = db.prepare('SELECT COALESCE(MAX(position), -1) + 1 AS next FROM views WHERE user_id = ?').get(userId) as { next: number };
  const info = db.prepare('INSERT INTO views (user_id, title, url, position) VALUES (?, ?, ?, ?)').run(userId, title, url, next);
  return db.prepare('SELECT * FROM views WHERE id = ?').get(Number(info.lastInsertRowid)) as ViewRow;
}

/** The view at `index` in the user's rotation order, wrapping around in both directions. */
export function viewByIndex(db: Db, userId: number, index: number): ViewRow | undefined {
  const views = listViews(db, userId);
  if (!views.length) return undefined;
  return views[((index % views.length) + views.length) % views.length];
}

export function renameView(db: Db, userId: number, id: number, title: string): boolean {
  return db.prepare('UPDATE views SET title = ? WHERE id = ? AND user_id = ?').run(title, id, userId).changes > 0;
}

export function deleteView(db: Db, userId: number, id: number): boolean {
  return db.prepare('DELETE FROM views WHERE id = ? AND user_id = ?').run(id, userId).changes > 0;
}
