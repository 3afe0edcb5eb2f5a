/** A dashboard's dashlets where the dashboard rows (db/dashboards.ts) meet the catalogue: defaults and import files. */
import type { Db } from '../db/database.js';
import {
  EXPORT_FORMAT, insertDefaultDashboards, isBackground, MAX_DASHBOARD_TITLE, MAX_IMPORT_CHARS, type DashboardFields,
} from '../db/dashboards.js';
import { findControl } from '../http/input.js';
import { defaultHomeDashlets, MAX_DASHLETS } from './catalogue.js';
import { checkDashlets } from './validation.js';

/** Every user owns the Home and Screen Dashboards, made the first time anything looks at the user's dashboards. */
export function ensureDefaultDashboards(db: Db, userId: number, now = Date.now()): void {
  insertDefaultDashboards(db, userId, defaultHomeDashlets(), now);
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
