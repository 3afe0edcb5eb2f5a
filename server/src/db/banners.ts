import type { Db } from './database.js';

export const BANNER_COLORS = ['info', 'success', 'warning', 'critical'] as const;
export type BannerColor = (typeof BANNER_COLORS)[number];

export interface BannerRow {
  id: number;
  message: string;
  color: BannerColor;
  acknowledgeable: number;
  active: number;
  created_at: number;
}

export function listBanners(db: Db): BannerRow[] {
  return db.prepare('SELECT * FROM banners ORDER BY id').all() as BannerRow[];
}

/** Active banners the user has not dismissed yet, oldest first. */
export function listActiveBannersFor(db: Db, userId: number): BannerRow[] {
  return db.prepare(`SELECT b.* FROM banners b WHERE b.active = 1
      AND NOT EXISTS (SELECT 1 FROM banner_acks a WHERE a.banner_id = b.id AND a.user_id = ?) ORDER BY b.id`).all(userId) as BannerRow[];
}

export function findBanner(db: Db, id: number): BannerRow | undefined {
  return db.prepare('SELECT * FROM banners WHERE id = ?').get(id) as BannerRow | undefined;
}

export function addBanner(db: Db, message: string, color: BannerColor, acknowledgeable: boolean, now = Date.now()): BannerRow {
  const info = db.prepare('INSERT INTO banners (message, color, acknowledgeable, active, created_at) VALUES (?, ?, ?, 1, ?)')
    .run(message, color, +acknowledgeable, now);
  return findBanner(db, Number(info.lastInsertRowid))!;
}

export function removeBanner(db: Db, id: number): boolean {
  return db.prepare('DELETE FROM banners WHERE id = ?').run(id).changes > 0;
}

export function acknowledgeBanner(db: Db, bannerId: number, userId: number, now = Date.now()): void {
  db.prepare('INSERT OR IGNORE INTO banner_acks (banner_id, user_id, acked_at) VALUES (?, ?, ?)').run(bannerId, userId, now);
}
