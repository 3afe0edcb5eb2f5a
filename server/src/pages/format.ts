import { formatNumber, mark, t, translate } from '../http/language.js';
import { html, type SafeHtml } from './html.js';

/** The state names as the engine and query values spell them; shown through `translate`. */
export const HOST_STATES = [mark('UP'), mark('DOWN'), mark('UNREACHABLE')] as const;
export const SERVICE_STATES = [mark('OK'), mark('WARNING'), mark('CRITICAL'), mark('UNKNOWN')] as const;
const PENDING = mark('PENDING');

/**
 * The states a status list counts and filters by: the engine's, then PENDING for objects not checked yet, which an
 * engine reports as state 0 but which are not Up or Ok.
 */
export function listStates(kind: 'host' | 'service'): readonly string[] {
  return [...(kind === 'host' ? HOST_STATES : SERVICE_STATES), PENDING];
}

/** A row's place in `listStates`: PENDING's (after the engine's states) until it has been checked. */
export function listState(o: { current_state: number; has_been_checked: number }, kind: 'host' | 'service'): number {
  return o.has_been_checked ? o.current_state : (kind === 'host' ? HOST_STATES : SERVICE_STATES).length;
}

/** CSS class per label; the label text itself always carries the state, never the colour alone. */
const STATE_CLASS: Record<string, string> = {
  UP: 'ok', OK: 'ok', DOWN: 'critical', CRITICAL: 'critical', UNREACHABLE: 'unknown', WARNING: 'warning',
  UNKNOWN: 'unknown', PENDING: 'pending',
};

export function hostStateLabel(code: number): string {
  return HOST_STATES[code] ?? 'UNKNOWN';
}

export function serviceStateLabel(code: number): string {
  return SERVICE_STATES[code] ?? 'UNKNOWN';
}

/** The CSS class of a state name (`state-…`), for badges, counts and tables alike. */
export function stateClass(label: string): string {
  return STATE_CLASS[label] ?? 'unknown';
}

function badge(label: string): SafeHtml {
  return html`<span class="badge state-${stateClass(label)}">${translate(label)}</span>`;
}

/**
 * A row of an engine that is not answering: its last state, in the neutral colour and labelled STALE, so it is never
 * read as OK (or as a current problem).
 */
function staleBadge(label: string, since: number): SafeHtml {
  const title = t`The engine is not answering; last data ${dateTimeText(since)}`;
  return html`<span class="badge state-pending stale" title="${title}">${t`STALE: ${translate(label)}`}</span>`;
}

export function hostBadge(h: { current_state: number; has_been_checked: number; stale?: number }): SafeHtml {
  const label = h.has_been_checked ? hostStateLabel(h.current_state) : PENDING;
  return h.stale === undefined ? badge(label) : staleBadge(label, h.stale);
}

export function serviceBadge(s: { current_state: number; has_been_checked: number; stale?: number }): SafeHtml {
  const label = s.has_been_checked ? serviceStateLabel(s.current_state) : PENDING;
  return s.stale === undefined ? badge(label) : staleBadge(label, s.stale);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** Server-local date and time, `YYYY-MM-DD HH:MM:SS`. */
export function dateTimeText(seconds: number): string {
  const d = new Date(seconds * 1000);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Value for an `<input type="datetime-local">`, server-local. */
export function dateTimeInput(seconds: number): string {
  return dateTimeText(seconds).slice(0, 16).replace(' ', 'T');
}

export function timeCell(seconds: number, never?: string): SafeHtml | string {
  if (!seconds) return never ?? t`Never`;
  return html`<time datetime="${new Date(seconds * 1000).toISOString()}">${dateTimeText(seconds)}</time>`;
}

export function durationText(totalSeconds: number): string {
  let s = Math.max(0, Math.floor(totalSeconds));
  const d = Math.floor(s / 86400);
  s -= d * 86400;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  return d ? `${d}d ${h}h ${m}m ${s}s` : h ? `${h}h ${m}m ${s}s` : m ? `${m}m ${s}s` : `${s}s`;
}

/** A check interval given in minutes: whole minutes as configured ("5 min"), anything shorter or between in seconds. */
export function intervalText(minutes: number): string | undefined {
  const seconds = Math.round(minutes * 60);
  if (seconds <= 0) return undefined;
  return seconds % 60 === 0 ? t`${formatNumber(seconds / 60)} min` : t`${formatNumber(seconds)} s`;
}

/** How long ago, from a UNIX time; "N/A" when the engine never recorded it. */
export function sinceText(seconds: number, now: number): string {
  return seconds ? durationText(now - seconds) : t`N/A`;
}

export function yesNo(flag: number | boolean): string {
  return flag ? t`Yes` : t`No`;
}

export function enabledBadge(flag: number | boolean): SafeHtml {
  return flag
    ? html`<span class="badge state-ok">${t`Enabled`}</span>`
    : html`<span class="badge state-warning">${t`Disabled`}</span>`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}
