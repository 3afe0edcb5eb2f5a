import { hostKey, type Group, type HostStatus, type MonitoringSnapshot } from '../monitoring/source.js';

export interface SnapshotIndex {
  /** By hostKey: the host name, plus the engine's name when several engines are configured. */
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
    hosts: new Map(snap.hosts.map((h) => [hostKey(h), h])),
    hostgroups: new Map(snap.hostgroups.map((g) => [g.name, g])),
    servicegroups: new Map(snap.servicegroups.map((g) => [g.name, g])),
  };
  cache.set(snap, index);
  return index;
}

export const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Hosts by name (then engine), once per snapshot; sources usually deliver them sorted already, which costs one check. */
export function hostsByName(snap: MonitoringSnapshot): HostStatus[] {
  let ordered = hostOrder.get(snap);
  if (!ordered) {
    const hosts = snap.hosts;
    const sorted = hosts.every((h, i) => i === 0 || compareNames(hostKey(hosts[i - 1]!), hostKey(h)) <= 0);
    ordered = sorted ? hosts : [...hosts].sort((a, b) => compareNames(hostKey(a), hostKey(b)));
    hostOrder.set(snap, ordered);
  }
  return ordered;
}
