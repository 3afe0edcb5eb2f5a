import type { Store } from './store.js';

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

export function listBanners(store: Store): Promise<BannerRow[]> {
  return store.selectFrom('banners').selectAll().orderBy('id').execute();
}

/** Active banners the user has not dismissed yet, oldest first. */
export function listActiveBannersFor(store: Store, userId: number): Promise<BannerRow[]> {
  return store.selectFrom('banners as b').selectAll('b').where('b.active', '=', 1)
    .where(({ not, exists, selectFrom }) => not(exists(
      selectFrom('banner_acks as a').select('a.banner_id').whereRef('a.banner_id', '=', 'b.id').where('a.user_id', '=', userId),
    )))
    .orderBy('b.id').execute();
}

export function findBanner(store: Store, id: number): Promise<BannerRow | undefined> {
  return store.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
}

export function addBanner(store: Store, message: string, color: BannerColor, acknowledgeable: boolean, now = Date.now()): Promise<BannerRow> {
  return store.insertInto('banners').values({ message, color, acknowledgeable: +acknowledgeable, active: 1, created_at: now })
    .returningAll().executeTakeFirstOrThrow();
}

export async function removeBanner(store: Store, id: number): Promise<boolean> {
  const result = await store.deleteFrom('banners').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Dismissing twice keeps the first time. */
export async function acknowledgeBanner(store: Store, bannerId: number, userId: number, now = Date.now()): Promise<void> {
  await store.insertInto('banner_acks').values({ banner_id: bannerId, user_id: userId, acked_at: now })
    .onConflict((oc) => oc.columns(['banner_id', 'user_id']).doNothing()).execute();
}
