import { hostKey, type Group, type HostStatus, type MonitoringSnapshot } from '../monitoring/source.js';
import { memoSliced, SLICE_ROWS, type Slices } from '../monitoring/slices.js';
import { partsOf } from '../monitoring/snapshotParts.js';

export interface SnapshotIndex {
  /** By hostKey: the host name, plus the engine's name when several engines are configured. */
  hosts: Map<string, HostStatus>;
  hostgroups: Map<string, Group>;
  servicegroups: Map<string, Group>;
}

/** Hosts by hostKey, kept per host list (in slices by the snapshot warmer). */
const hostMap = memoSliced((hosts: readonly HostStatus[]) => hosts, function* (list): Slices<Map<string, HostStatus>> {
  const hosts = new Map<string, HostStatus>();
  for (let i = 0; i < list.length; i++) {
    const h = list[i]!;
    hosts.set(hostKey(h), h);
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  return hosts;
});

/**
 * Lookup maps by name, built once per snapshot object (in slices by the snapshot warmer). Services are indexed in
 * serviceColumns.ts.
 */
export const indexOf = memoSliced((snap: MonitoringSnapshot) => snap, function* (snap): Slices<SnapshotIndex> {
  return {
    hosts: yield* hostMap.slices(snap.hosts),
    hostgroups: new Map(snap.hostgroups.map((g) => [g.name, g])),
    servicegroups: new Map(snap.servicegroups.map((g) => [g.name, g])),
  };
});

export const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

type Records = Pick<MonitoringSnapshot, 'hosts' | 'services'>;

/**
 * Hosts by name (then engine), once per snapshot; sources usually deliver them sorted already, which costs one check.
 */
export const hostsByName = memoSliced((snap: Records) => snap.hosts, function* (snap): Slices<HostStatus[]> {
  const hosts = snap.hosts;
  // Several engines: merged in this order (snapshotParts.ts).
  if (partsOf(snap)) return hosts;
  let sorted = true;
  for (let i = 1; sorted && i < hosts.length; i++) {
    // hostKey order without building the keys ('\u0000' sorts first, so name then engine is the same order).
    const a = hosts[i - 1]!;
    const b = hosts[i]!;
    sorted = (compareNames(a.host_name, b.host_name) || compareNames(a.engine ?? '', b.engine ?? '')) <= 0;
    if (i % SLICE_ROWS === 0) yield;
  }
  return sorted ? hosts : [...hosts].sort((a, b) => compareNames(hostKey(a), hostKey(b)));
});
