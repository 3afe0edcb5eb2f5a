import type { AppContext } from '../http/context.js';
import { badRequest } from '../http/errors.js';
import type { Fields } from '../http/input.js';
import { t } from '../http/language.js';
import { listHistory, statesForWindow, type HistoryQuery } from '../db/history.js';
import {
  availabilityFor, HISTORY_TYPES, NO_DATA, stateCodes, stateWord, type Availability, type AvailabilityObject,
} from '../monitoring/history.js';

/** One entry as the API and the pages give it. */
export interface HistoryEntry {
  time: number;
  engine: string;
  host: string;
  service?: string;
  state: string;
  stateType: 'hard' | 'soft';
  output: string;
  type: string;
  /** For acknowledgements, downtimes and flapping: whether it started or ended. */
  phase?: 'start' | 'end';
}

const DAY = 24 * 3600;
const MAX_LIMIT = 1000;

function text(fields: Fields, name: string): string | undefined {
  const v = fields[name];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string' || v.length > 1024) throw badRequest(t`The parameter ${name} must be given once, as text.`);
  return v;
}

function integer(fields: Fields, name: string, min: number, max: number): number | undefined {
  const v = text(fields, name);
  if (v === undefined) return undefined;
  if (!/^\d{1,15}$/.test(v) || Number(v) < min || Number(v) > max) {
    throw badRequest(t`The parameter ${name} must be a whole number from ${min} to ${max}.`);
  }
  return Number(v);
}

/** `since` and `until` (UNIX seconds), by default the last 24 hours up to now. */
export function windowOf(fields: Fields, now: number): { since: number; until: number } {
  const until = integer(fields, 'until', 0, 1e12) ?? now;
  const since = integer(fields, 'since', 0, 1e12) ?? until - DAY;
  if (since >= until) throw badRequest(t`The parameter since must be before until.`);
  return { since, until };
}

export function historyFilter(fields: Fields, now: number): HistoryQuery {
  const { since, until } = windowOf(fields, now);
  const type = text(fields, 'type');
  if (type !== undefined && !(HISTORY_TYPES as readonly string[]).includes(type)) {
    throw badRequest(t`The parameter type must be one of ${HISTORY_TYPES.join(', ')}.`);
  }
  const word = text(fields, 'state');
  const codes = word === undefined ? undefined : stateCodes(word);
  if (word !== undefined && !codes) {
    throw badRequest(t`The parameter state must be a state: UP, DOWN, UNREACHABLE, OK, WARNING, CRITICAL, \
UNKNOWN or NODATA.`);
  }
  // A host word selects hosts, a service word services (their codes overlap: DOWN and WARNING are both 1).
  const kind = !codes || (codes.host !== undefined && codes.service !== undefined) ? undefined
    : codes.host !== undefined ? 'host' as const : 'service' as const;
  return {
    since, until, type, engine: text(fields, 'engine'), host: text(fields, 'host'), service: text(fields, 'service'),
    state: codes?.host ?? codes?.service, kind,
    limit: integer(fields, 'limit', 1, MAX_LIMIT) ?? 100,
    offset: integer(fields, 'offset', 0, 1e9) ?? 0,
  };
}

/** Entries newest first. */
export async function historyEntries(ctx: AppContext, filter: HistoryQuery): Promise<HistoryEntry[]> {
  const rows = await listHistory(ctx.store, filter);
  return rows.map((r) => ({
    time: Number(r.time), engine: r.engine, host: r.host, ...(r.service !== '' ? { service: r.service } : {}),
    state: stateWord(r.state, r.service !== ''), stateType: r.state_type === 1 ? 'hard' : 'soft', output: r.output,
    type: r.type, ...(r.phase === 'start' || r.phase === 'end' ? { phase: r.phase } : {}),
  }));
}

export interface AvailabilityFilter {
  since: number; until: number;
  engine?: string | undefined; host?: string | undefined; service?: string | undefined;
  hostgroup?: string | undefined; servicegroup?: string | undefined;
}

export function availabilityFilter(fields: Fields, now: number): AvailabilityFilter {
  return {
    ...windowOf(fields, now),
    engine: text(fields, 'engine'), host: text(fields, 'host'), service: text(fields, 'service'),
    hostgroup: text(fields, 'hostgroup'), servicegroup: text(fields, 'servicegroup'),
  };
}

/**
 * The objects of the current configuration the filter names: a host group's hosts, a service group's services, a
 * host with its services, a service description on every host; with none, every host and service.
 */
export function availabilityObjects(ctx: AppContext, f: AvailabilityFilter): AvailabilityObject[] {
  const snap = ctx.monitoring.snapshot();
  const kind = ctx.monitoring.kind;
  const groupHosts = f.hostgroup === undefined ? undefined
    : new Set(snap.hostgroups.filter((g) => g.name === f.hostgroup).flatMap((g) => g.members));
  const groupServices = f.servicegroup === undefined ? undefined
    : new Set(snap.servicegroups.filter((g) => g.name === f.servicegroup).flatMap((g) => g.members));
  if (groupHosts && !groupHosts.size) throw badRequest(t`There is no host group named ${f.hostgroup!}.`);
  if (groupServices && !groupServices.size) throw badRequest(t`There is no service group named ${f.servicegroup!}.`);
  const wanted = (o: { engine?: string | undefined; host_name: string }) => (
    f.engine === undefined || (o.engine ?? kind) === f.engine)
    && (f.host === undefined || o.host_name === f.host) && (!groupHosts || groupHosts.has(o.host_name));
  const hosts = f.service !== undefined || groupServices ? [] : snap.hosts.filter(wanted)
    .map((h) => ({ engine: h.engine ?? kind, host: h.host_name, service: '' }));
  // A host group alone means its hosts; with a service named, their services of that name.
  const services = groupHosts && f.service === undefined ? [] : snap.services
    .filter((s) => wanted(s) && (f.service === undefined || s.service_description === f.service)
      && (!groupServices || groupServices.has(`${s.host_name};${s.service_description}`)))
    .map((s) => ({ engine: s.engine ?? kind, host: s.host_name, service: s.service_description }));
  return [...hosts, ...services];
}

export interface AvailabilityReport { since: number; until: number; end: number; objects: Availability[] }

/** Availability up to now at most: time to come is not counted. */
export async function availabilityReport(
  ctx: AppContext, f: AvailabilityFilter, now: number,
): Promise<AvailabilityReport> {
  const objects = availabilityObjects(ctx, f);
  const end = Math.max(f.since, Math.min(f.until, now));
  // Read by the objects' hosts, summed by the database where nothing lacks data (monitoring/history.ts).
  const shares = await availabilityFor(ctx.store, objects, f.since, end, f.host);
  return { since: f.since, until: f.until, end, objects: shares };
}

export interface ProblemSummary { since: number; until: number; started: number; ended: number }

/** Host DOWN or UNREACHABLE, service WARNING, CRITICAL or UNKNOWN. */
const isProblem = (state: number) => state > 0;
/** Entries a summary reads at most; a fleet of 100,000 services changing 1 % a minute fills it in about 100 minutes. */
const SUMMARY_ROWS = 100_000;

/**
 * How many problems started and how many ended in [since, until) (issue 37, the wall's "while you were away"), in hard
 * states as the alerts count them: an object going from UP or OK (or from nothing recorded) into a hard problem state
 * starts one, going back to UP or OK ends one; moving between problem states (WARNING to CRITICAL) does neither, and
 * a soft problem that recovers before it turns hard is neither. A stretch without data (its engine silent) changes
 * nothing: an object CRITICAL before it and after it had one problem, not two.
 */
export async function problemSummary(ctx: AppContext, since: number, until: number): Promise<ProblemSummary> {
  const key = (r: { engine: string; host: string; service: string }) => `${r.engine}\u0001${r.host}\u0001${r.service}`;
  const [before, inside] = await Promise.all([
    statesForWindow(ctx.store, since, since),
    listHistory(ctx.store, { since, until, type: 'state', limit: SUMMARY_ROWS, offset: 0 }),
  ]);
  const last = new Map<string, number>();
  for (const r of before) if (r.state !== NO_DATA) last.set(key(r), r.state);
  let started = 0;
  let ended = 0;
  for (const r of inside.reverse()) {
    if (r.state === NO_DATA || r.state_type !== 1) continue;
    const k = key(r);
    const was = last.get(k);
    last.set(k, r.state);
    if (isProblem(r.state) && (was === undefined || !isProblem(was))) started += 1;
    else if (!isProblem(r.state) && was !== undefined && isProblem(was)) ended += 1;
  }
  return { since, until, started, ended };
}
