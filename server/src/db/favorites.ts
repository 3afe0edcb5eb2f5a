import crypto from 'node:crypto';
import type { Store } from './store.js';

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

export async function countFavorites(store: Store, userId: number): Promise<number> {
  const row = await store.selectFrom('favorites').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listFavorites(store: Store, userId: number): Promise<FavoriteRow[]> {
  return store.selectFrom('favorites').selectAll().where('user_id', '=', userId).orderBy('position').orderBy('item_key').execute();
}

export function findFavorite(store: Store, userId: number, key: string): Promise<FavoriteRow | undefined> {
  return store.selectFrom('favorites').selectAll().where('user_id', '=', userId).where('item_key', '=', key).executeTakeFirst();
}

/** Keys carry no dashes: the menu entry id is `menu-favorites-KEY` and the app takes the last dash-separated part. */
export async function addFavorite(store: Store, userId: number, title: string, path: string, target: string): Promise<FavoriteRow> {
  const key = crypto.randomBytes(6).toString('hex');
  const { next } = await store.selectFrom('favorites')
    .select((eb) => eb(eb.fn.coalesce(eb.fn.max('position'), eb.lit(-1)), '+', 1).as('next'))
    .where('user_id', '=', userId).executeTakeFirstOrThrow();
  return store.insertInto('favorites').values({ user_id: userId, item_key: key, title, path, target, position: Number(next) })
    .returningAll().executeTakeFirstOrThrow();
}

export async function renameFavorite(store: Store, userId: number, key: string, title: string): Promise<void> {
  await store.updateTable('favorites').set({ title }).where('user_id', '=', userId).where('item_key', '=', key).execute();
}

export async function deleteFavorite(store: Store, userId: number, key: string): Promise<void> {
  await store.deleteFrom('favorites').where('user_id', '=', userId).where('item_key', '=', key).execute();
}
