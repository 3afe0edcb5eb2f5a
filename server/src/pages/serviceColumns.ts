import { hostKey, type MonitoringSnapshot, type ServiceStatus } from '../monitoring/source.js';
import { isUnhandledServiceProblem } from '../monitoring/problems.js';
import { memoSliced, SLICE_ROWS, type Slices } from '../monitoring/slices.js';
import { partsOf, positionsByPart, type SnapshotParts } from '../monitoring/snapshotParts.js';

type Records = Pick<MonitoringSnapshot, 'hosts' | 'services'>;
import { compareNames, hostsByName } from './snapshotIndex.js';

export const ACKNOWLEDGED = 1;
export const IN_DOWNTIME = 2;
export const UNHANDLED = 4;
/** The row's engine is not answering (`stale`). */
export const STALE = 8;
/** Not checked yet: its state 0 is no state yet. */
export const PENDING = 16;

/** Row `i`'s place in `listStates('service')`: its state, or pending's (4, after the four states). */
export function listStateAt(c: Pick<ServiceColumns, 'state' | 'flags'>, i: number): number {
  return c.flags[i]! & PENDING ? 4 : c.state[i]!;
}

/**
 * The services of one snapshot in name order, with the fields every list request filters on copied into compact
 * typed arrays. Walking 100,000 service objects touches tens of megabytes; walking these touches a few hundred
 * kilobytes, so a status page request stays fast even on a busy machine. Built in one pass per snapshot.
 */
export interface ServiceColumns {
  ordered: ServiceStatus[];
  state: Uint8Array;
  flags: Uint8Array;
  /** Position of each service's host in `hostsByName(snap)`, -1 when the host is unknown. */
  host: Int32Array;
  /**
   * Services of a host are contiguous in name order: [first, end) of the host with this hostKey (host name, plus engine
   * with several), or undefined for a host without services.
   */
  hostRange: (key: string) => readonly [number, number] | undefined;
  /**
   * Rows of engines that answer; `stale` counts the others (their engine not answering), which count under nothing
   * else.
   */
  /** `states`: checked rows by state; `pending`: rows never checked yet, which are no state yet (not OK). */
  totals: {
    states: number[]; pending: number; acknowledged: number; downtime: number; unhandled: number; stale: number;
  };
}

const numberCache = new WeakMap<MonitoringSnapshot, Map<string, Float64Array>>();
const searchCache = new WeakMap<MonitoringSnapshot, string[]>();

const byDescription = (a: ServiceStatus, b: ServiceStatus): number =>
  compareNames(a.service_description, b.service_description);

/**
 * Host name, then description: hosts are sorted once and each host's few services on their own, far cheaper than one
 * big sort.
 */
function nameOrder(services: ServiceStatus[]): ServiceStatus[] {
  const byHost = new Map<string, ServiceStatus[]>();
  for (const s of services) {
    const key = hostKey(s);
    const list = byHost.get(key);
    if (list) list.push(s);
    else byHost.set(key, [s]);
  }
  const ordered: ServiceStatus[] = [];
  for (const name of [...byHost.keys()].sort(compareNames)) {
    const list = byHost.get(name)!;
    if (list.length > 1) list.sort(byDescription);
    for (const s of list) ordered.push(s);
  }
  return ordered;
}

/** Columns for services already in name order, or undefined as soon as one is out of order. */
function* build(services: ServiceStatus[], snap: Records, checkOrder: boolean): Slices<ServiceColumns | undefined> {
  const hosts = yield* hostsByName.slices(snap);
  const hostPosition = new Map<string, number>();
  for (let i = 0; i < hosts.length; i++) {
    hostPosition.set(hostKey(hosts[i]!), i);
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  const n = services.length;
  const state = new Uint8Array(n);
  const flags = new Uint8Array(n);
  const host = new Int32Array(n);
  const hostRange = new Map<string, [number, number]>();
  const totals = { states: [0, 0, 0, 0], pending: 0, acknowledged: 0, downtime: 0, unhandled: 0, stale: 0 };
  let range: [number, number] = [0, 0];
  let position = -1;
  let previous: ServiceStatus | undefined;
  for (let i = 0; i < n; i++) {
    const s = services[i]!;
    if (s.host_name !== previous?.host_name || s.engine !== previous.engine) {
      if (checkOrder && previous && compareNames(hostKey(previous), hostKey(s)) > 0) return undefined;
      position = hostPosition.get(hostKey(s)) ?? -1;
      range = [i, i];
      hostRange.set(hostKey(s), range);
    } else if (checkOrder && compareNames(previous.service_description, s.service_description) > 0) {
      return undefined;
    }
    range[1] = i + 1;
    previous = s;
    state[i] = s.current_state;
    // A stale row's last state is never counted as current: not as OK, not as a problem.
    const live = s.stale === undefined ? 1 : 0;
    if (!live) totals.stale++;
    else if (s.has_been_checked) totals.states[s.current_state]!++;
    else totals.pending++;
    let f = live ? 0 : STALE;
    if (s.problem_acknowledged) { f |= ACKNOWLEDGED; totals.acknowledged += live; }
    if (s.scheduled_downtime_depth > 0) { f |= IN_DOWNTIME; totals.downtime += live; }
    if (!s.has_been_checked) f |= PENDING;
    if (isUnhandledServiceProblem(s, position >= 0 ? hosts[position] : undefined)) {
      f |= UNHANDLED;
      totals.unhandled += live;
    }
    flags[i] = f;
    host[i] = position;
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  return { ordered: services, state, flags, host, hostRange: (key) => hostRange.get(key), totals };
}

/**
 * Built once per snapshot, in slices when the snapshot warmer builds it (300,000 services took 0.1 to 0.4 s in one go).
 * Already in name order costs one pass; otherwise they are ordered (reusing the last order when the names are
 * unchanged).
 */
export const serviceColumns = memoSliced((snap: Records) => snap.services, function* (snap): Slices<ServiceColumns> {
  const parts = partsOf(snap);
  if (parts) return yield* combined(snap, parts);
  return (yield* build(snap.services, snap, true)) ?? (yield* build(yield* reorder(snap.services), snap, false))!;
  // Kept per host and service lists, which is all it reads: a new snapshot of the same rows (only the clock moved)
  // costs nothing.
}, (snap) => snap.hosts);

/**
 * Several engines (snapshotParts.ts): each engine's columns, kept with its rows while they do not change, put in the
 * merged order. The services of one host (and engine) come from one engine and stay together in the merged order.
 */
function* combined(snap: Records, parts: SnapshotParts): Slices<ServiceColumns> {
  const columns: ServiceColumns[] = [];
  for (const part of parts.parts) columns.push(yield* serviceColumns.slices(part));
  // hostsByName(snap) is snap.hosts, in order by construction: a part's host positions map to the merged ones.
  const hostAt = positionsByPart(parts.hostFrom, parts.parts.map((p) => p.hosts.length));
  const serviceAt = positionsByPart(parts.serviceFrom, parts.parts.map((p) => p.services.length));
  yield;
  const n = snap.services.length;
  const state = new Uint8Array(n);
  const flags = new Uint8Array(n);
  const host = new Int32Array(n);
  const next = new Int32Array(columns.length);
  for (let i = 0; i < n; i++) {
    const p = parts.serviceFrom[i]!;
    const j = next[p]!++;
    const c = columns[p]!;
    state[i] = c.state[j]!;
    flags[i] = c.flags[j]!;
    const h = c.host[j]!;
    host[i] = h < 0 ? -1 : hostAt[p]![h]!;
    if (i % (8 * SLICE_ROWS) === 0) yield;
  }
  const totals = { states: [0, 0, 0, 0], pending: 0, acknowledged: 0, downtime: 0, unhandled: 0, stale: 0 };
  for (let p = 0; p < columns.length; p++) {
    const c = columns[p]!;
    c.totals.states.forEach((count, s) => { totals.states[s] = (totals.states[s] ?? 0) + count; });
    totals.pending += c.totals.pending;
    totals.acknowledged += c.totals.acknowledged;
    totals.downtime += c.totals.downtime;
    totals.unhandled += c.totals.unhandled;
    totals.stale += c.totals.stale;
    yield;
  }
  // Asked of the engines' own columns, which are kept while their rows do not change: a map of every host's range, made
  // anew for each merged snapshot, was tens of thousands of entries of garbage every few seconds.
  const hostRange = (key: string): readonly [number, number] | undefined => {
    for (let p = 0; p < columns.length; p++) {
      const range = columns[p]!.hostRange(key);
      if (!range) continue;
      const at = serviceAt[p]![range[0]]!;
      return [at, at + range[1] - range[0]];
    }
    return undefined;
  };
  return { ordered: snap.services, state, flags, host, hostRange, totals };
}

/** The last ordering: positions in name order of a services array, and the names it was made for. */
let lastOrder: { names: ServiceStatus[]; positions: Int32Array } | undefined;

/**
 * A source that is not in name order usually keeps its services where they are from one snapshot to the next (only
 * states change), so the order found for the previous snapshot is checked in one pass and reused instead of sorting
 * again.
 */
function* reorder(services: ServiceStatus[]): Slices<ServiceStatus[]> {
  const last = lastOrder;
  let same = last !== undefined && last.names.length === services.length;
  for (let i = 0; same && i < services.length; i++) {
    const s = services[i]!;
    const was = last!.names[i]!;
    same = s === was || (s.host_name === was.host_name && s.engine === was.engine
      && s.service_description === was.service_description);
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  if (same) {
    const ordered = new Array<ServiceStatus>(services.length);
    for (let i = 0; i < services.length; i++) {
      ordered[i] = services[last!.positions[i]!]!;
      if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
    }
    return ordered;
  }
  const position = new Map<ServiceStatus, number>(services.map((s, i) => [s, i]));
  const ordered = nameOrder(services);
  lastOrder = { names: services, positions: Int32Array.from(ordered, (s) => position.get(s)!) };
  return ordered;
}

/** The services of one host (its name, or its hostKey with several engines), from its contiguous range. */
export function servicesOf(snap: MonitoringSnapshot, key: string): ServiceStatus[] {
  const { ordered, hostRange } = serviceColumns(snap);
  const range = hostRange(key);
  return range ? ordered.slice(range[0], range[1]) : [];
}

export type NumericField = 'last_check' | 'last_state_change' | 'current_check_attempt';

/** One numeric field for every service in name order, for sorting without touching the objects. */
export function numericColumn(snap: MonitoringSnapshot, field: NumericField): Float64Array {
  let byField = numberCache.get(snap);
  if (!byField) numberCache.set(snap, (byField = new Map()));
  let column = byField.get(field);
  if (!column) {
    const { ordered } = serviceColumns(snap);
    column = new Float64Array(ordered.length);
    for (let i = 0; i < ordered.length; i++) column[i] = ordered[i]![field];
    byField.set(field, column);
  }
  return column;
}

/** Lower-cased description and output per service, built on the first search of a snapshot and reused after. */
export function searchColumn(snap: MonitoringSnapshot): string[] {
  let column = searchCache.get(snap);
  if (!column) {
    column = serviceColumns(snap).ordered.map((s) => `${s.service_description}\n${s.output}`.toLowerCase());
    searchCache.set(snap, column);
  }
  return column;
}
