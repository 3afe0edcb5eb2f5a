import { QueryError } from './errors.js';
import { hostKey, type HostStatus, type ServiceStatus } from './source.js';
import { finish, SLICE_ROWS, type Slices } from './slices.js';

/** Every HostStatus field, checked by the compiler, so filters on a field no record happens to have still validate. */
const HOST_FIELD_SET: Record<keyof HostStatus, true> = {
  host_name: true, alias: true, address: true, current_state: true, hostgroups: true, display_name: true, state_type: true,
  has_been_checked: true, output: true, long_output: true, perfdata: true, last_check: true, next_check: true, last_state_change: true,
  current_check_attempt: true, max_check_attempts: true, problem_acknowledged: true, acknowledgement_type: true,
  scheduled_downtime_depth: true, active_checks_enabled: true, passive_checks_enabled: true, notifications_enabled: true,
  is_flapping: true, check_command: true, check_interval: true, engine: true, stale: true,
};

const SERVICE_FIELD_SET: Record<keyof ServiceStatus, true> = {
  host_name: true, service_description: true, current_state: true, servicegroups: true, display_name: true, state_type: true,
  has_been_checked: true, output: true, long_output: true, perfdata: true, last_check: true, next_check: true, last_state_change: true,
  current_check_attempt: true, max_check_attempts: true, problem_acknowledged: true, acknowledgement_type: true,
  scheduled_downtime_depth: true, active_checks_enabled: true, passive_checks_enabled: true, notifications_enabled: true,
  is_flapping: true, check_command: true, check_interval: true, engine: true, stale: true,
};

export const HOST_FIELDS: readonly string[] = Object.keys(HOST_FIELD_SET);
export const SERVICE_FIELDS: readonly string[] = Object.keys(SERVICE_FIELD_SET);

/** Query parameters that steer the listing instead of filtering it. */
export const RESERVED_PARAMS: ReadonlySet<string> = new Set(['totals', 'limitrecords', 'records', 'start', 'combinedhost', 'orderby', 'nsp', '_']);

export interface FilterOptions {
  /** Fields the records may be filtered on; defaults to the keys of the first record. */
  fields?: readonly string[];
  /** With combinedhost=1: `host_`-prefixed fields are read from the record's host (hostKey → HostStatus). */
  combinedHost?: ReadonlyMap<string, HostStatus>;
}

type Query = Readonly<Record<string, unknown>>;
type Getter = (record: object) => unknown;
type Test = (value: unknown) => boolean;

/** Exact match against `wanted`, with its number parsed once: a filter runs over 100,000 records. */
function equalsTest(wanted: string): Test {
  const asNumber = wanted.trim() !== '' ? Number(wanted) : NaN;
  const test = (value: unknown): boolean => {
    if (typeof value === 'number') return asNumber === value;
    if (typeof value === 'string') return value === wanted;
    if (Array.isArray(value)) return value.some(test);
    if (value === null || value === undefined) return wanted === '';
    return String(value) === wanted;
  };
  return test;
}

function compare(op: string, wanted: string): Test {
  const n = Number(wanted);
  if (wanted.trim() === '' || !Number.isFinite(n)) throw new QueryError(`The filter value '${op}:${wanted}' needs a number.`);
  if (op === 'lt') return (v) => typeof v === 'number' && v < n;
  if (op === 'lte') return (v) => typeof v === 'number' && v <= n;
  if (op === 'gt') return (v) => typeof v === 'number' && v > n;
  return (v) => typeof v === 'number' && v >= n;
}

/**
 * `value` is an exact match (numbers compared as numbers, list fields match any member); prefixes: `in:a,b`, `nin:a,b`,
 * `ne:x`, `lk:x` (case-insensitive substring), `lt:`/`lte:`/`gt:`/`gte:` (numbers).
 */
function condition(raw: string): Test {
  const m = /^(in|nin|ne|lk|lt|lte|gt|gte):(.*)$/s.exec(raw);
  if (!m) return equalsTest(raw);
  const [, op, arg] = m as unknown as [string, string, string];
  if (op === 'in' || op === 'nin') {
    const options = arg.split(',').map(equalsTest);
    const any: Test = (v) => options.some((matches) => matches(v));
    return op === 'in' ? any : (v) => !any(v);
  }
  if (op === 'ne') {
    const matches = equalsTest(arg);
    return (v) => !matches(v);
  }
  if (op === 'lk') {
    const needle = arg.toLowerCase();
    return (v) => (Array.isArray(v) ? v : [v]).some((x) => String(x ?? '').toLowerCase().includes(needle));
  }
  return compare(op, arg);
}

function getterFor(field: string, fields: ReadonlySet<string>, combinedHost: ReadonlyMap<string, HostStatus> | undefined): Getter | undefined {
  if (fields.has(field)) return (r) => (r as Record<string, unknown>)[field];
  if (combinedHost && field.startsWith('host_')) {
    const hostField = field.slice(5);
    if (HOST_FIELD_SET[hostField as keyof HostStatus]) {
      return (r) => {
        const host = combinedHost.get(hostKey(r as { host_name: string; engine?: string }));
        return host ? (host as unknown as Record<string, unknown>)[hostField] : undefined;
      };
    }
  }
  return undefined;
}

function valuesOf(raw: unknown): string[] {
  return (Array.isArray(raw) ? raw : [raw]).map((v) => (typeof v === 'string' ? v : String(v ?? '')));
}

function knownFields<T extends object>(records: readonly T[], opts: FilterOptions): ReadonlySet<string> {
  return new Set(opts.fields ?? (records[0] ? Object.keys(records[0]) : []));
}

/** filterRecords in slices (slices.ts): a bad query throws on the first step, before any row is looked at. */
export function* filterSlices<T extends object>(records: readonly T[], query: Query, opts: FilterOptions = {}): Slices<T[]> {
  const fields = knownFields(records, opts);
  const own: { get: Getter; test: Test }[] = [];
  const viaHost: { get: Getter; test: Test }[] = [];
  for (const [name, raw] of Object.entries(query)) {
    if (RESERVED_PARAMS.has(name)) continue;
    const get = getterFor(name, fields, opts.combinedHost);
    if (!get) throw new QueryError(`Unknown filter field '${name}'.`);
    for (const value of valuesOf(raw)) (fields.has(name) ? own : viaHost).push({ get, test: condition(value) });
  }
  // All conditions must hold, so their order does not change the answer: the record's own fields first, since a host_
  // condition costs a host lookup per record and most records fail an own condition (a problem query skips OK services).
  const tests = [...own, ...viaHost];
  if (tests.length === 0) return records.slice();
  const out: T[] = [];
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    if (tests.every(({ get, test }) => test(get(r)))) out.push(r);
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  return out;
}

/** Spec 7 filters: every non-reserved parameter is a condition on a field; all must hold. Unknown fields are a 400. */
export function filterRecords<T extends object>(records: readonly T[], query: Query, opts: FilterOptions = {}): T[] {
  return finish(filterSlices(records, query, opts));
}

function orderValue(v: unknown): number | string {
  if (typeof v === 'number') return v;
  if (Array.isArray(v)) return v.join(',');
  return String(v ?? '');
}

/** `orderby=field[:a|d][,field2[:a|d]]`; stable, so equal keys keep the source order. */
export function sortRecords<T extends object>(records: T[], orderby: string, opts: FilterOptions = {}): T[] {
  const fields = knownFields(records, opts);
  const keys = orderby.split(',').map((part) => {
    const [field = '', dir = 'a'] = part.split(':');
    const get = getterFor(field, fields, opts.combinedHost);
    if (!get) throw new QueryError(`Unknown orderby field '${field}'.`);
    if (dir !== 'a' && dir !== 'd') throw new QueryError(`The orderby direction must be 'a' or 'd', not '${dir}'.`);
    return { get, sign: dir === 'a' ? 1 : -1 };
  });
  return records.sort((x, y) => {
    for (const { get, sign } of keys) {
      const a = orderValue(get(x));
      const b = orderValue(get(y));
      if (a < b) return -sign;
      if (a > b) return sign;
    }
    return 0;
  });
}

export interface ListParams {
  totals: boolean;
  combinedHost: boolean;
  /** Undefined: all records. */
  records?: number;
  start: number;
  orderby?: string;
}

function flag(query: Query, name: string, fallback: boolean): boolean {
  const raw = Array.isArray(query[name]) ? (query[name] as unknown[])[0] : query[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new QueryError(`The parameter '${name}' must be 1 or 0.`);
}

function count(query: Query, name: string, min: number): number | undefined {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < min) throw new QueryError(`The parameter '${name}' must be a whole number of at least ${min}.`);
  return Number(raw);
}

/** The reserved parameters of a status listing: totals, combinedhost, paging (`records`, `start`, `limitrecords=false`) and `orderby`. */
export function listParams(query: Query): ListParams {
  const limit = flag(query, 'limitrecords', true);
  const records = count(query, 'records', 1);
  const start = count(query, 'start', 0) ?? 0;
  const orderby = query.orderby;
  if (orderby !== undefined && typeof orderby !== 'string') throw new QueryError("The parameter 'orderby' must be given once.");
  return {
    totals: flag(query, 'totals', false),
    combinedHost: flag(query, 'combinedhost', false),
    records: limit ? records : undefined,
    start: limit ? start : 0,
    orderby: orderby || undefined,
  };
}

export interface ListResult<T> { recordcount: number; records?: T[] }

/** Filter, order and page. `recordcount` counts every match, not just the page. With `totals` no records are returned. */
export function queryRecords<T extends object>(records: readonly T[], query: Query, opts: FilterOptions = {}): ListResult<T> {
  return finish(querySlices(records, query, opts));
}

/** queryRecords with its filtering in slices (slices.ts). */
export function* querySlices<T extends object>(records: readonly T[], query: Query, opts: FilterOptions = {}): Slices<ListResult<T>> {
  const params = listParams(query);
  const matched = yield* filterSlices(records, query, opts);
  if (params.totals) return { recordcount: matched.length };
  const ordered = params.orderby ? sortRecords(matched, params.orderby, opts) : matched;
  const page = params.records === undefined ? ordered.slice(params.start) : ordered.slice(params.start, params.start + params.records);
  return { recordcount: matched.length, records: page };
}

/** A service with its host's fields added under `host_` names, as combinedhost=1 answers carry them. */
export function combineWithHost(service: ServiceStatus, host: HostStatus | undefined): ServiceStatus & Record<string, unknown> {
  const combined: Record<string, unknown> = { ...service };
  if (host) for (const f of HOST_FIELDS) if (f !== 'host_name') combined[`host_${f}`] = (host as unknown as Record<string, unknown>)[f];
  return combined as ServiceStatus & Record<string, unknown>;
}
