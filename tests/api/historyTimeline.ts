/** An engine whose states a history test sets (issue 37): each change is a new snapshot, as a real engine's next read. */
import { emptySnapshot } from '../../server/src/monitoring/empty.js';
import type { HostStatus, MonitoringSnapshot, MonitoringSource, ServiceStatus } from '../../server/src/monitoring/source.js';

export class Timeline {
  snap: MonitoringSnapshot;
  readonly source: MonitoringSource = {
    kind: 'nagios', start: async () => {}, stop: async () => {}, snapshot: () => this.snap, engineRunning: () => true, submit: async () => {},
  };
  constructor(updated: number) {
    this.snap = { ...emptySnapshot(), updated };
  }
  set(at: number, hosts: HostStatus[], services: ServiceStatus[]): void {
    const empty = emptySnapshot();
    this.snap = { ...empty, program: { ...empty.program, is_currently_running: 1 }, updated: at, hosts, services, hostgroups: [{ name: 'web', alias: 'Web', members: ['web1'] }] };
  }
}

/** An object whose state changed (and was last checked) at `changed`. */
export const at = <T extends HostStatus | ServiceStatus>(o: T, changed: number, extra: Partial<T> = {}): T => ({ ...o, last_state_change: changed, last_check: changed, ...extra });
