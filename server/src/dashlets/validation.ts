/** Dashlet validation: form and JSON fields, import files and stored entries, each checked against the catalogue. */
import crypto from 'node:crypto';
import { badRequest, HttpError } from '../http/errors.js';
import { fieldRequired, intField, str, type Fields } from '../http/input.js';
import { t, translate } from '../http/language.js';
import {
  catalogueEntry, DASHLET_TYPES, DEFAULT_REFRESH, GRID_COLUMNS, MAX_HEIGHT, MAX_NOTE, MAX_REFRESH, MAX_ROWS, MAX_TITLE, MIN_REFRESH,
  type Dashlet, type DashletOptions, type OptionName,
} from './catalogue.js';

const DEFAULT_ROWS = 10;
export const DASHLET_ID = /^[a-z0-9]{1,16}$/;

export const newDashletId = (taken: ReadonlySet<string>): string => {
  for (;;) {
    const id = crypto.randomBytes(4).toString('hex');
    if (!taken.has(id)) return id;
  }
};

/** The groups the monitoring data has now, by option: a dashlet's group is picked from these (issue 38). */
export interface KnownGroups { hostgroup: ReadonlySet<string>; servicegroup: ReadonlySet<string> }

export function knownGroups(snapshot: { hostgroups: { name: string }[]; servicegroups: { name: string }[] }): KnownGroups {
  return {
    hostgroup: new Set(snapshot.hostgroups.map((g) => g.name)),
    servicegroup: new Set(snapshot.servicegroups.map((g) => g.name)),
  };
}

function groupName(f: Fields, name: 'hostgroup' | 'servicegroup', current: string | undefined, known?: KnownGroups): string | undefined {
  const v = str(f, name, { max: 255 });
  if (v === undefined || v.trim() === '') return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(v)) throw badRequest(t`The field '${name}' must not contain control characters.`);
  const value = v.trim();
  // A typo would show an empty dashlet without a word: a new name must be a group that exists. The one already saved is
  // kept even while its engine is not answering, so changing another option never loses it.
  if (known && value !== current && !known[name].has(value)) {
    throw badRequest(name === 'hostgroup'
      ? t`The field 'hostgroup' must name an existing host group; there is no host group '${value}'.`
      : t`The field 'servicegroup' must name an existing service group; there is no service group '${value}'.`);
  }
  return value;
}

function timezone(f: Fields): string | undefined {
  const v = str(f, 'timezone', { max: 64 });
  if (v === undefined || v.trim() === '') return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v.trim() });
  } catch {
    throw badRequest(t`The field 'timezone' must be a time zone such as Europe/Berlin or UTC, not '${v}'.`);
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
    throw badRequest(t`The field 'url' must be a page of this server under ${base}, such as \
includes/components/xicore/status.php?show=hosts.`);
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
    throw badRequest(t`The field 'url' names the app itself; embed a page shown inside it instead, such as a status \
list.`);
  }
  return relative + url.search + url.hash;
}

function option(base: string, f: Fields, name: OptionName, current: DashletOptions, known?: KnownGroups): DashletOptions {
  if (f[name] === undefined) return current[name] === undefined ? {} : { [name]: current[name] };
  switch (name) {
    case 'hostgroup':
    case 'servicegroup': {
      const v = groupName(f, name, current[name], known);
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
      if (text.length > MAX_NOTE) throw badRequest(t`The field 'text' must be at most ${MAX_NOTE} characters.`);
      return { text };
    }
    case 'url':
      return { url: embedPath(base, str(f, 'url', { required: true, max: 2000 })) };
  }
}

/**
 * A dashlet from form or JSON fields (`type`, `title`, `width`, `height`, `refresh` and the type's options at the top
 * level), over `current` when editing one. Bad values throw a 400 naming the field; nothing is half-applied. With
 * `known`, a host or service group must be one of them (forms and the API; an import may name groups of elsewhere).
 */
export function dashletFromFields(
  base: string, f: Fields, current?: Dashlet, taken: ReadonlySet<string> = new Set(), known?: KnownGroups,
): Dashlet {
  const type = current?.type ?? str(f, 'type', { required: true, max: 40 });
  const entry = catalogueEntry(type);
  if (!entry) throw badRequest(t`Unknown dashlet type '${type}'. Known types: ${DASHLET_TYPES.join(', ')}.`);
  const rawTitle = str(f, 'title', { max: MAX_TITLE });
  const typed = rawTitle === undefined || rawTitle.trim() === '' ? undefined : rawTitle.trim();
  // The default name as the reader saw it (in their language) is stored as the catalogue's, so it follows the reader.
  const title = typed === undefined ? (current?.title ?? entry.name)
    : typed === translate(entry.name) ? entry.name : typed;
  let options: DashletOptions = {};
  for (const name of entry.options) options = { ...options, ...option(base, f, name, current?.options ?? {}, known) };
  if (entry.options.includes('rows') && options.rows === undefined) options.rows = DEFAULT_ROWS;
  if (entry.options.includes('text') && options.text === undefined) throw badRequest(fieldRequired('text'));
  if (entry.options.includes('url') && options.url === undefined) throw badRequest(fieldRequired('url'));
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
export function dashletFromRecord(base: string, value: unknown, taken: Set<string>): Dashlet {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest(t`it is not an object.`);
  const o = value as Record<string, unknown>;
  if (typeof o.type !== 'string' || !catalogueEntry(o.type)) throw badRequest(t`unknown type '${String(o.type)}'.`);
  const unknown = Object.keys(o).filter((k) => !RECORD_KEYS.has(k));
  if (unknown.length) throw badRequest(t`unknown field '${unknown[0]}'.`);
  const entry = catalogueEntry(o.type)!;
  const options = o.options ?? {};
  if (!options || typeof options !== 'object' || Array.isArray(options)) {
    throw badRequest(t`'options' is not an object.`);
  }
  const extra = Object.keys(options).filter((k) => !(entry.options as string[]).includes(k));
  if (extra.length) throw badRequest(t`the option '${extra[0]}' does not apply to the type '${entry.type}'.`);
  if (o.id !== undefined && (typeof o.id !== 'string' || !DASHLET_ID.test(o.id) || taken.has(o.id))) {
    throw badRequest(t`the id '${String(o.id)}' is not valid or not unique.`);
  }
  for (const k of ['title', 'width', 'height', 'refresh'] as const) {
    if (o[k] !== undefined && typeof o[k] !== (k === 'title' ? 'string' : 'number')) {
      throw badRequest(k === 'title' ? t`'${k}' must be text.` : t`'${k}' must be a number.`);
    }
  }
  const fields: Fields = { ...(options as Fields), type: o.type, title: o.title, width: o.width, height: o.height, refresh: o.refresh };
  for (const [k, v] of Object.entries(options as Fields)) {
    if (k !== 'rows' && typeof v !== 'string') throw badRequest(t`the option '${k}' must be text.`);
  }
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

