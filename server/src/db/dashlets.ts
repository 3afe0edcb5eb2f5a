import crypto from 'node:crypto';
import { badRequest, HttpError } from '../http/errors.js';
import { intField, str, type Fields } from '../http/input.js';

/** The catalogue (issue 9): every dashlet a dashboard can hold. */
export const DASHLET_TYPES = ['hoststatus', 'servicestatus', 'problems', 'hostgroups', 'servicegroups', 'engine', 'tactical', 'clock', 'note', 'page'] as const;
export type DashletType = (typeof DASHLET_TYPES)[number];

export interface DashletOptions { hostgroup?: string; servicegroup?: string; rows?: number; text?: string; url?: string; timezone?: string }
type OptionName = keyof DashletOptions;

/** One dashlet as stored in the dashboard record and exported: sizes in grid units (12 columns), refresh in seconds. */
export interface Dashlet { id: string; type: DashletType; title: string; width: number; height: number; refresh: number; options: DashletOptions }

interface CatalogueEntry { type: DashletType; name: string; description: string; icon: string; width: number; height: number; options: OptionName[] }

export const CATALOGUE: readonly CatalogueEntry[] = [
  { type: 'hoststatus', name: 'Host status summary', description: 'Hosts up, down, unreachable and pending, each count a link to the matching hosts.', icon: 'status', width: 4, height: 2, options: ['hostgroup'] },
  { type: 'servicestatus', name: 'Service status summary', description: 'Services OK, warning, critical, unknown and pending, each count a link to the matching services.', icon: 'status', width: 4, height: 2, options: ['hostgroup', 'servicegroup'] },
  { type: 'problems', name: 'Unhandled problems', description: 'Host and service problems nobody has acknowledged or scheduled downtime for, worst and oldest first.', icon: 'warning', width: 8, height: 4, options: ['hostgroup', 'rows'] },
  { type: 'hostgroups', name: 'Host group grid', description: 'A tile per host group with its worst state and its host and service counts.', icon: 'dashboards', width: 6, height: 3, options: [] },
  { type: 'servicegroups', name: 'Service group grid', description: 'A tile per service group with its worst state and its service counts.', icon: 'dashboards', width: 6, height: 3, options: [] },
  { type: 'engine', name: 'Monitoring engine status', description: 'Whether the engine runs, when its data was last updated, and its check and notification switches.', icon: 'info', width: 4, height: 3, options: [] },
  { type: 'tactical', name: 'Tactical overview', description: 'Host and service states, unhandled problems and what is acknowledged or in downtime, at a glance.', icon: 'status', width: 6, height: 3, options: [] },
  { type: 'clock', name: 'Clock', description: 'The current date and time, in the time zone you choose.', icon: 'about', width: 3, height: 2, options: ['timezone'] },
  { type: 'note', name: 'Text note', description: 'A note of your own, shown as plain text.', icon: 'changelog', width: 4, height: 2, options: ['text'] },
  { type: 'page', name: 'Embedded page', description: 'Another page of this server, such as a status list or a report, in a frame.', icon: 'link', width: 6, height: 4, options: ['url'] },
];

export const catalogueEntry = (type: string): CatalogueEntry | undefined => CATALOGUE.find((c) => c.type === type);

export const GRID_COLUMNS = 12;
export const MAX_HEIGHT = 12;
export const DEFAULT_REFRESH = 30;
export const MIN_REFRESH = 10;
export const MAX_REFRESH = 3600;
export const MAX_DASHLETS = 200;
export const MAX_TITLE = 100;
export const MAX_NOTE = 2000;
export const MAX_ROWS = 50;
const DEFAULT_ROWS = 10;
const ID = /^[a-z0-9]{1,16}$/;

export const newDashletId = (taken: ReadonlySet<string>): string => {
  for (;;) {
    const id = crypto.randomBytes(4).toString('hex');
    if (!taken.has(id)) return id;
  }
};

function groupName(f: Fields, name: 'hostgroup' | 'servicegroup'): string | undefined {
  const v = str(f, name, { max: 255 });
  if (v === undefined || v.trim() === '') return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(v)) throw badRequest(`The field '${name}' must not contain control characters.`);
  return v.trim();
}

function timezone(f: Fields): string | undefined {
  const v = str(f, 'timezone', { max: 64 });
  if (v === undefined || v.trim() === '') return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v.trim() });
  } catch {
    throw badRequest(`The field 'timezone' must be a time zone such as Europe/Berlin or UTC, not '${v}'.`);
  }
  return v.trim();
}

/** Paths the app itself answers: embedding one would put the whole shell, and so this dashboard, inside a dashlet. */
const SHELL_PATHS = /^(|index\.php|(views|dashboards|reports|config|help|admin|tools|account|enterprise|about)(\/|\/index\.php)?|wallboard\/?|dashboards\/manage\.php|config\/main\.php|tools\/(main|mytools|commontools)\.php|enterprise\/enterprise\.php|includes\/components\/ccm\/xi-index\.php)$/;

/**
 * The embedded page's address, relative to the base, under the same rules as the shell's frame targets: a path on this
 * server under the base only (no scheme, no other host, no backslashes, control characters or encoded slashes, nothing
 * climbing out of the base), and not the app shell itself.
 */
export function embedPath(base: string, raw: string): string {
  const refuse = (): never => {
    throw badRequest(`The field 'url' must be a page of this server under ${base}, such as includes/components/xicore/status.php?show=hosts.`);
  };
  const value = raw.trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!value || /[\s\u0000-\u001f\u007f\\]/.test(value.split(/[?#]/, 1)[0]!) || /[\u0000-\u001f\u007f]/.test(value)) return refuse();
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) return refuse();
  let decoded = value;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return refuse();
    }
    if (/%(2f|5c)/i.test(decoded.split(/[?#]/, 1)[0]!) || next.includes('\\')) return refuse();
    if (next === decoded) break;
    decoded = next;
  }
  const absolute = value.startsWith('/') ? value : base + value;
  let url: URL;
  try {
    url = new URL(absolute, 'http://pharos.invalid');
  } catch {
    return refuse();
  }
  if (url.origin !== 'http://pharos.invalid' || !url.pathname.startsWith(base)) return refuse();
  const relative = url.pathname.slice(base.length);
  if (SHELL_PATHS.test(relative)) {
    throw badRequest("The field 'url' names the app itself; embed a page shown inside it instead, such as a status list.");
  }
  return relative + url.search + url.hash;
}

function option(base: string, f: Fields, name: OptionName, current: DashletOptions): DashletOptions {
  if (f[name] === undefined) return current[name] === undefined ? {} : { [name]: current[name] };
  switch (name) {
    case 'hostgroup':
    case 'servicegroup': {
      const v = groupName(f, name);
      return v === undefined ? {} : { [name]: v };
    }
    case 'rows':
      return { rows: intField(f, 'rows', { min: 1, max: MAX_ROWS }) ?? DEFAULT_ROWS };
    case 'timezone': {
      const v = timezone(f);
      return v === undefined ? {} : { timezone: v };
    }
    case 'text': {
      // A note is multi-line (its form is a text area): line breaks and tabs are kept, stored as \n whatever the browser
      // sent (forms send \r\n), so a line break counts as one character, as the text area's maxlength counts it.
      const text = str(f, 'text', { required: true, max: MAX_NOTE * 2, multiline: true }).replace(/\r\n?/g, '\n');
      if (text.length > MAX_NOTE) throw badRequest(`The field 'text' must be at most ${MAX_NOTE} characters.`);
      return { text };
    }
    case 'url':
      return { url: embedPath(base, str(f, 'url', { required: true, max: 2000 })) };
  }
}

/**
 * A dashlet from form or JSON fields (`type`, `title`, `width`, `height`, `refresh` and the type's options at the top
 * level), over `current` when editing one. Bad values throw a 400 naming the field; nothing is half-applied.
 */
export function dashletFromFields(base: string, f: Fields, current?: Dashlet, taken: ReadonlySet<string> = new Set()): Dashlet {
  const type = current?.type ?? str(f, 'type', { required: true, max: 40 });
  const entry = catalogueEntry(type);
  if (!entry) throw badRequest(`Unknown dashlet type '${type}'. Known types: ${DASHLET_TYPES.join(', ')}.`);
  const rawTitle = str(f, 'title', { max: MAX_TITLE });
  const title = rawTitle === undefined || rawTitle.trim() === '' ? (current?.title ?? entry.name) : rawTitle.trim();
  let options: DashletOptions = {};
  for (const name of entry.options) options = { ...options, ...option(base, f, name, current?.options ?? {}) };
  if (entry.options.includes('rows') && options.rows === undefined) options.rows = DEFAULT_ROWS;
  if (entry.options.includes('text') && options.text === undefined) throw badRequest("The field 'text' is required.");
  if (entry.options.includes('url') && options.url === undefined) throw badRequest("The field 'url' is required.");
  return {
    id: current?.id ?? newDashletId(taken),
    type: entry.type,
    title,
    width: intField(f, 'width', { min: 1, max: GRID_COLUMNS }) ?? current?.width ?? entry.width,
    height: intField(f, 'height', { min: 1, max: MAX_HEIGHT }) ?? current?.height ?? entry.height,
    refresh: intField(f, 'refresh', { min: MIN_REFRESH, max: MAX_REFRESH }) ?? current?.refresh ?? DEFAULT_REFRESH,
    options,
  };
}

const RECORD_KEYS = new Set(['id', 'type', 'title', 'width', 'height', 'refresh', 'options']);

/** One dashlet of an import file or of the stored record, checked strictly: unknown keys and options are errors too. */
function dashletFromRecord(base: string, value: unknown, taken: Set<string>): Dashlet {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest('it is not an object.');
  const o = value as Record<string, unknown>;
  if (typeof o.type !== 'string' || !catalogueEntry(o.type)) throw badRequest(`unknown type '${String(o.type)}'.`);
  const unknown = Object.keys(o).filter((k) => !RECORD_KEYS.has(k));
  if (unknown.length) throw badRequest(`unknown field '${unknown[0]}'.`);
  const entry = catalogueEntry(o.type)!;
  const options = o.options ?? {};
  if (!options || typeof options !== 'object' || Array.isArray(options)) throw badRequest("'options' is not an object.");
  const extra = Object.keys(options).filter((k) => !(entry.options as string[]).includes(k));
  if (extra.length) throw badRequest(`the option '${extra[0]}' does not apply to the type '${entry.type}'.`);
  if (o.id !== undefined && (typeof o.id !== 'string' || !ID.test(o.id) || taken.has(o.id))) throw badRequest(`the id '${String(o.id)}' is not valid or not unique.`);
  for (const k of ['title', 'width', 'height', 'refresh'] as const) {
    if (o[k] !== undefined && typeof o[k] !== (k === 'title' ? 'string' : 'number')) throw badRequest(`'${k}' must be ${k === 'title' ? 'text' : 'a number'}.`);
  }
  const fields: Fields = { ...(options as Fields), type: o.type, title: o.title, width: o.width, height: o.height, refresh: o.refresh };
  for (const [k, v] of Object.entries(options as Fields)) if (k !== 'rows' && typeof v !== 'string') throw badRequest(`the option '${k}' must be text.`);
  const dashlet = dashletFromFields(base, fields, undefined, taken);
  if (typeof o.id === 'string') dashlet.id = o.id;
  taken.add(dashlet.id);
  return dashlet;
}

/** The dashlets of an import file, or the list of what is wrong with which ones (nothing is imported then). */
export function checkDashlets(base: string, list: unknown[]): { dashlets: Dashlet[] } | { errors: string[] } {
  const taken = new Set<string>();
  const dashlets: Dashlet[] = [];
  const errors: string[] = [];
  list.forEach((value, i) => {
    try {
      dashlets.push(dashletFromRecord(base, value, taken));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const type = value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string' ? ` (${(value as { type: string }).type})` : '';
      errors.push(`Dashlet ${i + 1}${type}: ${error.message}`);
    }
  });
  return errors.length ? { errors } : { dashlets };
}

/** A stored entry the page cannot show (written by an older version or by hand): it keeps its place and can be removed. */
export interface BrokenDashlet { id: string; broken: string; title: string }

/** The stored list, each entry checked; ids are given to entries without one so they can be edited or removed. */
export function readDashlets(base: string, text: string): (Dashlet | BrokenDashlet)[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const taken = new Set<string>();
  return parsed.map((value, i) => {
    try {
      return dashletFromRecord(base, value, taken);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const o = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
      const id = typeof o.id === 'string' && ID.test(o.id) && !taken.has(o.id) ? o.id : `n${i}`;
      taken.add(id);
      return { id, broken: error.message, title: typeof o.title === 'string' && o.title ? o.title : `Dashlet ${i + 1}` };
    }
  });
}

export const isBroken = (d: Dashlet | BrokenDashlet): d is BrokenDashlet => 'broken' in d;

/** Broken entries are stored as they were found, so an edit elsewhere never loses them. */
export function storedForm(base: string, text: string, list: (Dashlet | BrokenDashlet)[]): unknown[] {
  let raw: unknown[] = [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) raw = parsed;
  } catch {
    raw = [];
  }
  const original = new Map(readDashlets(base, text).map((d, i) => [d.id, raw[i]]));
  return list.map((d) => (isBroken(d) ? original.get(d.id) : d));
}

/** The Home Dashboard of a new user: enough to be useful at once. */
export function defaultHomeDashlets(): Dashlet[] {
  const d = (id: string, type: DashletType, width: number, height: number, options: DashletOptions = {}): Dashlet =>
    ({ id, type, title: catalogueEntry(type)!.name, width, height, refresh: DEFAULT_REFRESH, options });
  return [
    d('home1', 'hoststatus', 4, 2),
    d('home2', 'servicestatus', 5, 2),
    d('home3', 'clock', 3, 2),
    d('home4', 'problems', 8, 5, { rows: 10 }),
    d('home5', 'engine', 4, 5),
    d('home6', 'hostgroups', 12, 3),
  ];
}
