import type { MonitoringSnapshot, ServiceStatus } from '../monitoring/source.js';
import { hostsByName, indexOf, isUnhandledService, servicesByName } from './snapshotIndex.js';

export const ACKNOWLEDGED = 1;
export const IN_DOWNTIME = 2;
export const UNHANDLED = 4;

/**
 * The services of one snapshot in name order, with the fields every list request filters on copied into compact
 * typed arrays. Walking 100,000 service objects touches tens of megabytes; walking these touches a few hundred
 * kilobytes, so a status page request stays fast even on a busy machine. Built once per snapshot.
 */
export interface ServiceColumns {
  ordered: ServiceStatus[];
  state: Uint8Array;
  flags: Uint8Array;
  /** Position of each service's host in `hostsByName(snap)`. */
  host: Int32Array;
  /** Services of a host are contiguous in name order: [first, end) per host name. */
  hostRange: Map<string, [number, number]>;
  totals: { states: number[]; acknowledged: number; downtime: number; unhandled: number };
}

const cache = new WeakMap<MonitoringSnapshot, ServiceColumns>();
const numberCache = new WeakMap<MonitoringSnapshot, Map<string, Float64Array>>();
const searchCache = new WeakMap<MonitoringSnapshot, string[]>();

export function serviceColumns(snap: MonitoringSnapshot): ServiceColumns {
  const hit = cache.get(snap);
  if (hit) return hit;
  const ordered = servicesByName(snap);
  const hosts = indexOf(snap).hosts;
  const hostPosition = new Map(hostsByName(snap).map((h, i) => [h.host_name, i]));
  const n = ordered.length;
  const state = new Uint8Array(n);
  const flags = new Uint8Array(n);
  const host = new Int32Array(n);
  const hostRange = new Map<string, [number, number]>();
  const totals = { states: [0, 0, 0, 0], acknowledged: 0, downtime: 0, unhandled: 0 };
  for (let i = 0; i < n; i++) {
    const s = ordered[i]!;
    state[i] = s.current_state;
    totals.states[s.current_state] = (totals.states[s.current_state] ?? 0) + 1;
    let f = 0;
    if (s.problem_acknowledged) { f |= ACKNOWLEDGED; totals.acknowledged++; }
    if (s.scheduled_downtime_depth > 0) { f |= IN_DOWNTIME; totals.downtime++; }
    if (isUnhandledService(s, hosts.get(s.host_name))) { f |= UNHANDLED; totals.unhandled++; }
    flags[i] = f;
    host[i] = hostPosition.get(s.host_name) ?? -1;
    const range = hostRange.get(s.host_name);
    if (range) range[1] = i + 1;
    else hostRange.set(s.host_name, [i, i + 1]);
  }
  const columns = { ordered, state, flags, host, hostRange, totals };
  cache.set(snap, columns);
  return columns;
}

export type NumericField = 'last_check' | 'last_state_change' | 'current_check_attempt';

/** One numeric field for every service in name order, for sorting without touching the objects. */
export function numericColumn(snap: MonitoringSnapshot, field: NumericField): Float64Array {
  let byField = numberCache.get(snap);
  if (!byField) numberCache.set(snap, (byField = new Map()));
  let column = byField.get(field);
  if (!column) {
    const ordered = servicesByName(snap);
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
    column = servicesByName(snap).map((s) => `${s.service_description}\n${s.output}`.toLowerCase());
    searchCache.set(snap, column);
  }
  return column;
}
