import { mark, translate } from '../http/language.js';
import type { Store } from './store.js';

export interface ViewRow { id: number; user_id: number; title: string; url: string; position: number }

/** Same order as dashboards (200): a rotation of more views than this is not something anyone watches. */
export const MAX_VIEWS_PER_USER = 200;

export async function countViews(store: Store, userId: number): Promise<number> {
  const row = await store.selectFrom('views').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a new user finds under My Views, so a wallboard started on a fresh install has something to rotate. */
export const DEFAULT_VIEWS = [
  { title: mark('Problems board'), url: 'includes/components/pharos/problemsboard.php' },
  { title: mark('Tactical overview'), url: 'includes/page-home-main.php' },
  { title: mark('Host groups'), url: 'includes/components/xicore/status.php?show=hostgroups' },
] as const;

/**
 * A view's title as its reader sees it: one still as seeded (its default title and address) in the reader's language,
 * since the seed is stored in English whatever language the user later picks; any other as its user wrote it.
 */
export function shownTitle(view: Pick<ViewRow, 'title' | 'url'>): string {
  return DEFAULT_VIEWS.some((d) => d.title === view.title && d.url === view.url) ? translate(view.title) : view.title;
}

export async function addDefaultViews(store: Store, userId: number): Promise<void> {
  for (const v of DEFAULT_VIEWS) await addView(store, userId, v.title, v.url);
}

export function listViews(store: Store, userId: number): Promise<ViewRow[]> {
  return store.selectFrom('views').selectAll().where('user_id', '=', userId).orderBy('position').orderBy('id').execute();
}

export async function addView(store: Store, userId: number, title: string, url: string): Promise<ViewRow> {
  const { next } = await store.selectFrom('views')
    .select((eb) => eb(eb.fn.coalesce(eb.fn.max('position'), eb.lit(-1)), '+', 1).as('next'))
    .where('user_id', '=', userId).executeTakeFirstOrThrow();
  return store.insertInto('views').values({ user_id: userId, title, url, position: Number(next) }).returningAll().executeTakeFirstOrThrow();
}

/** The view at `index` in the user's rotation order, wrapping around in both directions. */
export async function viewByIndex(store: Store, userId: number, index: number): Promise<ViewRow | undefined> {
  const views = await listViews(store, userId);
  if (!views.length) return undefined;
  return views[((index % views.length) + views.length) % views.length];
}

export async function renameView(store: Store, userId: number, id: number, title: string): Promise<boolean> {
  const result = await store.updateTable('views').set({ title }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteView(store: Store, userId: number, id: number): Promise<boolean> {
  const result = await store.deleteFrom('views').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Moves a view one place up (-1) or down (+1) in the user's rotation order; false when it is not theirs or already at
 * that end. Every position is written afresh, so views that shared a position (older data) get an order of their own.
 */
export async function moveView(store: Store, userId: number, id: number, by: -1 | 1): Promise<boolean> {
  const views = await listViews(store, userId);
  const from = views.findIndex((v) => v.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= views.length) return false;
  return placeView(store, views, from, to);
}

/**
 * Puts a view at `index` of the user's rotation order (where it was dropped after a drag), the others keeping their
 * order around it; an index past the end means last. False when the view is not theirs.
 */
export async function moveViewTo(store: Store, userId: number, id: number, index: number): Promise<boolean> {
  const views = await listViews(store, userId);
  const from = views.findIndex((v) => v.id === id);
  if (from < 0) return false;
  return placeView(store, views, from, Math.min(Math.max(0, index), views.length - 1));
}

async function placeView(store: Store, views: ViewRow[], from: number, to: number): Promise<boolean> {
  const [moved] = views.splice(from, 1);
  views.splice(to, 0, moved!);
  await store.transaction().execute(async (trx) => {
    for (const [position, view] of views.entries()) {
      if (view.position !== position) await trx.updateTable('views').set({ position }).where('id', '=', view.id).execute();
    }
  });
  return true;
}
