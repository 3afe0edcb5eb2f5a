import type { Group, HostStatus, MonitoringSnapshot, ServiceStatus } from '../monitoring/source.js';

export interface SnapshotIndex {
  hosts: Map<string, HostStatus>;
  servicesByHost: Map<string, ServiceStatus[]>;
  hostgroups: Map<string, Group>;
  servicegroups: Map<string, Group>;
}

const cache = new WeakMap<MonitoringSnapshot, SnapshotIndex>();

/** Lookup maps, built once per snapshot object so detail pages never scan 100,000 services twice. */
export function indexOf(snap: MonitoringSnapshot): SnapshotIndex {
  const hit = cache.get(snap);
  if (hit) return hit;
  const servicesByHost = new Map<string, ServiceStatus[]>();
  for (const s of snap.services) {
    const list = servicesByHost.get(s.host_name);
    if (list) list.push(s);
    else servicesByHost.set(s.host_name, [s]);
  }
  const index: SnapshotIndex = {
    hosts: new Map(snap.hosts.map((h) => [h.host_name, h])),
    servicesByHost,
    hostgroups: new Map(snap.hostgroups.map((g) => [g.name, g])),
    servicegroups: new Map(snap.servicegroups.map((g) => [g.name, g])),
  };
  cache.set(snap, index);
  return index;
}

/** Not acknowledged and not in scheduled downtime: what operators still have to look at. */
export function isUnhandledHost(h: HostStatus): boolean {
  return h.current_state !== 0 && h.problem_acknowledged === 0 && h.scheduled_downtime_depth === 0;
}

/** A service problem counts only while its host is UP and itself not handled (spec section 7, service problem totals). */
export function isUnhandledService(s: ServiceStatus, host: HostStatus | undefined): boolean {
  return s.current_state !== 0 && s.problem_acknowledged === 0 && s.scheduled_downtime_depth === 0
    && host !== undefined && host.current_state === 0 && host.problem_acknowledged === 0 && host.scheduled_downtime_depth === 0;
}

const serviceOrder = new WeakMap<MonitoringSnapshot, ServiceStatus[]>();
const hostOrder = new WeakMap<MonitoringSnapshot, HostStatus[]>();

function inOrder<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  for (let i = 1; i < items.length; i++) if (compare(items[i - 1]!, items[i]!) > 0) return [...items].sort(compare);
  return items;
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Services by host name then description, once per snapshot (sources usually deliver them in that order already,
 * which costs one check). List pages walk this order, so the default sort needs no sorting at all and every other
 * sort breaks ties by position instead of comparing strings.
 */
export function servicesByName(snap: MonitoringSnapshot): ServiceStatus[] {
  let ordered = serviceOrder.get(snap);
  if (!ordered) {
    ordered = inOrder(snap.services, (a, b) => byText(a.host_name, b.host_name) || byText(a.service_description, b.service_description));
    serviceOrder.set(snap, ordered);
  }
  return ordered;
}

export function hostsByName(snap: MonitoringSnapshot): HostStatus[] {
  let ordered = hostOrder.get(snap);
  if (!ordered) {
    ordered = inOrder(snap.hosts, (a, b) => byText(a.host_name, b.host_name));
    hostOrder.set(snap, ordered);
  }
  return ordered;
}
