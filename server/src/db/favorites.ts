import crypto from 'node:crypto';
import type { Db } from './database.js';

export interface FavoriteRow {
  user_id: number;
  item_key: string;
  title: string;
  path: string;
  target: string;
  position: number;
}

/** Same order as dashboards (200) and tools (500): far more than a menu can usefully show, small enough to keep the menu fast. */
export const MAX_FAVORITES_PER_USER = 200;

export function countFavorites(db: Db, userId: number): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM favorites WHERE user_id = ?').get(userId) as { n: number }).n;
}

export function listFavorites(db: Db, userId: number): FavoriteRow[] {
  return db.prepare('SELECT * FROM favorites WHERE user_id = ? ORDER BY position, item_key').all(userId) as FavoriteRow[];
}

export function findFavorite(db: Db, userId: number, key: string): FavoriteRow | undefined {
  return db.prepare('SELECT * FROM favorites WHERE user_id = ? AND item_key = ?').get(userId, key) as FavoriteRow | undefined;
}

/** Keys carry no dashes: the menu entry id is `menu-favorites-KEY` and the app takes the last dash-separated part. */
export function addFavorite(db: Db, userId: number, title: string, path: string, target: string): FavoriteRow {
  const key = crypto.randomBytes(6).toString('hex');
  const { next } = db.prepare('SELECT COALESCE(MAX(position), -1) + 1 AS next FROM favorites WHERE user_id = ?').get(userId) as { next: number };
  db.prepare('INSERT INTO favorites (user_id, item_key, title, path, target, position) VALUES (?, ?, ?, ?, ?, ?)')
    .run(userId, key, title, path, target, next);
  return findFavorite(db, userId, key)!;
}

export function renameFavorite(db: Db, userId: number, key: string, title: string): void {
  db.prepare('UPDATE favorites SET title = ? WHERE user_id = ? AND item_key = ?').run(title, userId, key);
}

export function deleteFavorite(db: Db, userId: number, key: string): void {
  db.prepare('DELETE FROM favorites WHERE user_id = ? AND item_key = ?').run(userId, key);
}
