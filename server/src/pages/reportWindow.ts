import { badRequest } from '../http/errors.js';
import type { Fields } from '../http/input.js';
import { t } from '../http/language.js';
import { html, type SafeHtml } from './html.js';
import { dateTimeInput } from './format.js';

const DAY = 86400;
/** The windows a reader picks from: the last 24 hours, 7 days, 30 days, a calendar month, or from and to. */
export const WINDOWS = ['24h', '7d', '30d', 'month', 'custom'] as const;
export type WindowName = typeof WINDOWS[number];
const SPANS: Partial<Record<WindowName, number>> = { '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY };

export interface ReportWindow {
  window: WindowName; since: number; until: number;
  /** YYYY-MM of the month window, or of the month before now. */
  month: string;
  /** The custom window's ends as typed (datetime-local), or the window's own. */
  from: string; to: string;
}

const field = (fields: Fields, name: string): string => {
  const v = fields[name];
  return typeof v === 'string' ? v.trim().slice(0, 40) : '';
};
const pad = (n: number) => String(n).padStart(2, '0');
export const CURRENT_MONTH = 'current';

/**
 * `YYYY-MM` to the month's first second and the next month's, server-local; `current`, the month now (so far); by
 * default the month before now (a scheduled report names a month this way, not by its number).
 */
export function monthWindow(value: string, now: number): { month: string; since: number; until: number } {
  const d = new Date(now * 1000);
  if (value === CURRENT_MONTH) value = `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  if (value && (!m || Number(m[2]) < 1 || Number(m[2]) > 12)) throw badRequest(t`The month must be given as YYYY-MM.`);
  const [year, month] = m ? [Number(m[1]), Number(m[2]) - 1] : [d.getFullYear(), d.getMonth() - 1];
  const start = new Date(year, month, 1);
  return {
    month: `${start.getFullYear()}-${pad(start.getMonth() + 1)}`,
    since: start.getTime() / 1000, until: new Date(year, month + 1, 1).getTime() / 1000,
  };
}

/** A datetime-local value (`YYYY-MM-DDTHH:MM`, server-local) in UNIX seconds. */
function localTime(value: string, name: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/.exec(value);
  const at = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])) : undefined;
  if (!m || !at || at.getMonth() !== Number(m[2]) - 1 || Number(m[4]) > 23 || Number(m[5]) > 59) {
    throw badRequest(t`${name} must be a date and time, as YYYY-MM-DD HH:MM.`);
  }
  return at.getTime() / 1000;
}

/** The window a report page's fields name (`window`, with `month` or `from` and `to`); by default the last 24 hours. */
export function reportWindow(fields: Fields, now: number): ReportWindow {
  const asked = field(fields, 'window');
  const window = (WINDOWS as readonly string[]).includes(asked) ? asked as WindowName : '24h';
  const month = monthWindow(window === 'month' ? field(fields, 'month') : '', now);
  let since: number;
  let until: number;
  if (window === 'month') ({ since, until } = month);
  else if (window === 'custom') {
    since = localTime(field(fields, 'from'), t`From`);
    until = localTime(field(fields, 'to'), t`To`);
    if (since >= until) throw badRequest(t`From must be before To.`);
  } else {
    until = now;
    since = now - SPANS[window]!;
  }
  return { window, since, until, month: month.month, from: dateTimeInput(since), to: dateTimeInput(until) };
}

/** The window's fields for a report page's filter form. */
export function windowFields(w: ReportWindow): SafeHtml {
  const labels: Record<WindowName, string> = {
    '24h': t`Last 24 hours`, '7d': t`Last 7 days`, '30d': t`Last 30 days`, month: t`A month`, custom: t`From … to …`,
  };
  return html`<label>${t`Window`} <select name="window">${WINDOWS.map((w2) =>
    html`<option value="${w2}"${w2 === w.window ? html` selected` : ''}>${labels[w2]}</option>`)}</select></label>
<label>${t`Month (for A month)`} <input type="month" name="month" value="${w.month}"></label>
<label>${t`From (for From … to …)`} <input type="datetime-local" name="from" value="${w.from}"></label>
<label>${t`To`} <input type="datetime-local" name="to" value="${w.to}"></label>`;
}
