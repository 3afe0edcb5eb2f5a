import { hostKey, type Group, type HostStatus, type MonitoringSnapshot } from '../monitoring/source.js';
import { memoSliced, SLICE_ROWS, type Slices } from '../monitoring/slices.js';
import { partsOf } from '../monitoring/snapshotParts.js';

/** Hosts by hostKey. */
export interface HostLookup {
  get(key: string): HostStatus | undefined;
}

export interface SnapshotIndex {
  /** By hostKey: the host name, plus the engine's name when several engines are configured. */
  hosts: HostLookup;
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
 * Several engines (snapshotParts.ts): each engine's map, kept while its hosts do not change, asked in turn (a hostKey
 * names its engine, so at most one has it). One map over every engine's hosts, made anew for each merged snapshot, was
 * tens of thousands of entries of garbage every few seconds.
 */
function* hostLookup(snap: MonitoringSnapshot): Slices<HostLookup> {
  const parts = partsOf(snap);
  if (!parts) return yield* hostMap.slices(snap.hosts);
  const maps: Map<string, HostStatus>[] = [];
  for (const part of parts.parts) maps.push(yield* hostMap.slices(part.hosts));
  return {
    get(key) {
      for (const map of maps) {
        const host = map.get(key);
        if (host) return host;
      }
      return undefined;
    },
  };
}

/**
 * Lookup maps by name, built once per snapshot object (in slices by the snapshot warmer). Services are indexed in
 * serviceColumns.ts.
 */
export const indexOf = memoSliced((snap: MonitoringSnapshot) => snap, function* (snap): Slices<SnapshotIndex> {
  return {
    hosts: yield* hostLookup(snap),
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
