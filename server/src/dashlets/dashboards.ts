/** A dashboard's dashlets where the dashboard rows (db/dashboards.ts) meet the catalogue: defaults and import files. */
import type { Store } from '../db/store.js';
import {
  EXPORT_FORMAT, findDashboard, insertDefaultDashboards, isBackground, listUserDashboards, MAX_DASHBOARD_TITLE, MAX_IMPORT_CHARS,
  saveDashlets,
  type DashboardFields, type DashboardRow,
} from '../db/dashboards.js';
import { HttpError, notFound } from '../http/errors.js';
import { findControl } from '../http/input.js';
import { t } from '../http/language.js';
import { defaultHomeDashlets, MAX_DASHLETS } from './catalogue.js';
import { checkDashlets } from './validation.js';

/** Every user owns the Home and Screen Dashboards, made the first time anything looks at the user's dashboards. */
export function ensureDefaultDashboards(store: Store, userId: number, now = Date.now()): Promise<void> {
  return insertDefaultDashboards(store, userId, defaultHomeDashlets(), now);
}

/** The user's dashboards, the defaults made first: a user who has looked at none yet still has Home and Screen. */
export async function ownDashboards(store: Store, userId: number): Promise<DashboardRow[]> {
  await ensureDefaultDashboards(store, userId);
  return listUserDashboards(store, userId);
}

/** The user's own dashboard (the defaults made first), or a 404. */
export async function ownDashboard(store: Store, userId: number, id: string): Promise<DashboardRow> {
  await ensureDefaultDashboards(store, userId);
  const row = await findDashboard(store, userId, id);
  if (!row) throw notFound(t`You have no dashboard with the id '${id}'.`);
  return row;
}

/**
 * Applies `edit` to the dashboard as read and saves its dashlets; when another request saved in between, reads and
 * applies it again, so two edits at the same time (on any process) both land instead of one overwriting the other.
 */
export async function editDashlets<T>(store: Store, userId: number, id: string, edit: (row: DashboardRow) => { dashlets: readonly unknown[]; result: T }): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const row = await ownDashboard(store, userId, id);
    const { dashlets, result } = edit(row);
    if (await saveDashlets(store, userId, row.id, dashlets, row.dashlets)) return result;
    if (attempt === 10) throw new HttpError(409, t`The dashboard was being changed by another request; try again.`);
  }
}

/**
 * The fields and dashlets of an export; undefined when the text is not one at all, or the list of dashlets that are
 * unknown or malformed (the import is refused as a whole then).
 */
export function parseDashboardExport(text: string, base: string): { fields: DashboardFields; dashlets: string } | { dashletErrors: string[] } | undefined {
  if (text.length > MAX_IMPORT_CHARS) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  // JSON escapes can spell control characters the request-wide check never saw; the title must also be one line.
  if (findControl(parsed, 'import') !== undefined || findControl((parsed as Record<string, unknown>).title, 'title', false) !== undefined) return undefined;
  const o = parsed as Record<string, unknown>;
  const opts = (o.opts && typeof o.opts === 'object' ? o.opts : {}) as Record<string, unknown>;
  const title = typeof o.title === 'string' ? o.title.trim() : '';
  const dashlets = o.dashlets ?? [];
  if (o.format !== EXPORT_FORMAT || title === '' || title.length > MAX_DASHBOARD_TITLE) return undefined;
  if (!isBackground(opts.background) || ![0, 1].includes(opts.transparent as number)) return undefined;
  if (!Array.isArray(dashlets) || dashlets.length > MAX_DASHLETS) return undefined;
  const checked = checkDashlets(base, dashlets);
  if ('errors' in checked) return { dashletErrors: checked.errors };
  return { fields: { title, background: opts.background.toLowerCase(), transparent: opts.transparent === 1 }, dashlets: JSON.stringify(checked.dashlets) };
}
