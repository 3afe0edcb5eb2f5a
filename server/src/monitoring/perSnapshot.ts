import type { HostStatus, MonitoringSnapshot, ServiceStatus } from './source.js';

type Records = Pick<MonitoringSnapshot, 'hosts' | 'services'>;

/**
 * Memoises `compute` once per snapshot of monitoring data, so answers that only depend on the snapshot (the system
 * status, problem totals, the tray alert) cost a lookup until the data changes. Snapshots are immutable: sources hand out
 * new host and service arrays when anything changes (the demo per tick, Nagios per accepted status.dat), so the pair of
 * arrays identifies the data; a WeakMap lets old snapshots go.
 */
export function perSnapshot<T>(compute: (snapshot: Records) => T): (snapshot: Records) => T {
  const cache = new WeakMap<readonly ServiceStatus[], { hosts: readonly HostStatus[]; value: T }>();
  return (snapshot) => {
    const hit = cache.get(snapshot.services);
    if (hit && hit.hosts === snapshot.hosts) return hit.value;
    const value = compute(snapshot);
    cache.set(snapshot.services, { hosts: snapshot.hosts, value });
    return value;
  };
}
