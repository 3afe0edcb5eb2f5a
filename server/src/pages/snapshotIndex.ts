import type { Group, HostStatus, MonitoringSnapshot, ServiceStatus } from '../monitoring/source.js';

export interface SnapshotIndex {
  hosts: Map<string, HostStatus>;
  hostgroups: Map<string, Group>;
  servicegroups: Map<string, Group>;
}

const cache = new WeakMap<MonitoringSnapshot, SnapshotIndex>();
const hostOrder = new WeakMap<MonitoringSnapshot, HostStatus[]>();

/** Lookup maps by name, built once per snapshot object. Services are indexed in serviceColumns.ts. */
export function indexOf(snap: MonitoringSnapshot): SnapshotIndex {
  const hit = cache.get(snap);
  if (hit) return hit;
  const index: SnapshotIndex = {
    hosts: new Map(snap.hosts.map((h) => [h.host_name, h])),
    hostgroups: new Map(snap.hostgroups.map((g) => [g.name, g])),
    servicegroups: new Map(snap.servicegroups.map((g) => [g.name, g])),
  };
  cache.set(snap, index);
  return index;
}

export const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Hosts by name, once per snapshot; sources usually deliver them sorted already, which costs one check. */
export function hostsByName(snap: MonitoringSnapshot): HostStatus[] {
  let ordered = hostOrder.get(snap);
  if (!ordered) {
    const hosts = snap.hosts;
    const sorted = hosts.every((h, i) => i === 0 || compareNames(hosts[i - 1]!.host_name, h.host_name) <= 0);
    ordered = sorted ? hosts : [...hosts].sort((a, b) => compareNames(a.host_name, b.host_name));
    hostOrder.set(snap, ordered);
  }
  return ordered;
}

/** A host that is UP and neither acknowledged nor in downtime: its service problems still need someone. */
export function isQuietHost(h: HostStatus | undefined): boolean {
  return h !== undefined && h.current_state === 0 && h.problem_acknowledged === 0 && h.scheduled_downtime_depth === 0;
}

/** Not acknowledged and not in scheduled downtime: what operators still have to look at. */
export function isUnhandledHost(h: HostStatus): boolean {
  return h.current_state !== 0 && h.problem_acknowledged === 0 && h.scheduled_downtime_depth === 0;
}

/** A service problem counts only while its host is UP and itself not handled (spec section 7, service problem totals). */
export function isUnhandledService(s: ServiceStatus, host: HostStatus | undefined): boolean {
  return s.current_state !== 0 && s.problem_acknowledged === 0 && s.scheduled_downtime_depth === 0 && isQuietHost(host);
}
