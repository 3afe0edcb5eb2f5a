import crypto from 'node:crypto';
import { mark, translate } from '../http/language.js';
import type { Store } from './store.js';

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
  { id: 'home', title: mark('Home Dashboard') },
  { id: 'screen', title: mark('Screen Dashboard') },
] as const;

/**
 * A dashboard's title as its reader sees it: a default one still under its seeded title in the reader's language (the
 * seed is stored in English whatever language the user picks later), any other as its user wrote it.
 */
export function shownDashboardTitle(row: Pick<DashboardRow, 'id' | 'title'>): string {
  return DEFAULT_DASHBOARDS.some((d) => d.id === row.id && d.title === row.title) ? translate(row.title) : row.title;
}

/** Creates the default dashboards the user lacks: the Home Dashboard with `homeDashlets`, the Screen Dashboard empty. */
export async function insertDefaultDashboards(store: Store, userId: number, homeDashlets: readonly unknown[], now = Date.now()): Promise<void> {
  // One statement for both rows, so it is all-or-nothing without a transaction and callers may pass one of their own.
  await store.insertInto('dashboards')
    .values(DEFAULT_DASHBOARDS.map((d, i) => ({
      id: d.id, user_id: userId, title: d.title, dashlets: d.id === 'home' ? JSON.stringify(homeDashlets) : '[]', created_at: now + i,
    })))
    .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
    .execute();
}

/**
 * Saves the dashlets only if the stored text is still `previous` (what the edit started from); false when another
 * request saved in between, since with several processes nothing else keeps two edits from overwriting each other.
 */
export async function saveDashlets(store: Store, userId: number, id: string, dashlets: readonly unknown[], previous: string): Promise<boolean> {
  const result = await store.updateTable('dashboards').set({ dashlets: JSON.stringify(dashlets) })
    .where('user_id', '=', userId).where('id', '=', id).where('dashlets', '=', previous).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The user's dashboards: home, then screen, then the rest in creation order. */
export function listUserDashboards(store: Store, userId: number): Promise<DashboardRow[]> {
  return store.selectFrom('dashboards').selectAll().where('user_id', '=', userId)
    .orderBy((eb) => eb.case().when('id', '=', 'home').then(0).when('id', '=', 'screen').then(1).else(2).end())
    .orderBy('created_at').orderBy('id')
    .execute();
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
  return { id: row.id, title: shownDashboardTitle(row), opts: { background: row.background, transparent: row.transparent ? 1 : 0 } };
}

export function findDashboard(store: Store, userId: number, id: string): Promise<DashboardRow | undefined> {
  return store.selectFrom('dashboards').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function countDashboards(store: Store, userId: number): Promise<number> {
  const row = await store.selectFrom('dashboards').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** 'd' and 12 hex digits: unguessable ids keep one user's links from naming another's dashboards by accident. */
async function newId(store: Store, userId: number): Promise<string> {
  for (;;) {
    const id = `d${crypto.randomBytes(6).toString('hex')}`;
    if (!await findDashboard(store, userId, id)) return id;
  }
}

export async function createDashboard(store: Store, userId: number, fields: DashboardFields, dashlets = '[]', now = Date.now()): Promise<DashboardRow> {
  const id = await newId(store, userId);
  return store.insertInto('dashboards')
    .values({ id, user_id: userId, title: fields.title, background: fields.background, transparent: fields.transparent ? 1 : 0, dashlets, created_at: now })
    .returningAll().executeTakeFirstOrThrow();
}

export function updateDashboard(store: Store, userId: number, id: string, fields: DashboardFields): Promise<DashboardRow | undefined> {
  return store.updateTable('dashboards')
    .set({ title: fields.title, background: fields.background, transparent: fields.transparent ? 1 : 0 })
    .where('user_id', '=', userId).where('id', '=', id)
    .returningAll().executeTakeFirst();
}

export async function deleteDashboard(store: Store, userId: number, id: string): Promise<boolean> {
  const result = await store.deleteFrom('dashboards').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
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
