/** Engines under a test's control for the several-engines tests (issue 21): their rows, whether they answer, their commands. */
import { emptySnapshot } from '../../server/src/monitoring/empty.js';
import type { Engine } from '../../server/src/monitoring/engines/openEngine.js';
import type { EngineStatus, ExternalCommand, HostStatus, MonitoringSnapshot, MonitoringSource, ServiceStatus } from '../../server/src/monitoring/source.js';

const checked = { display_name: '', state_type: 1 as const, has_been_checked: 1 as const, output: 'out', long_output: '', perfdata: '', last_check: 1000, next_check: 2000,
  last_state_change: 900, current_check_attempt: 1, max_check_attempts: 1, problem_acknowledged: 0 as const, acknowledgement_type: 0 as const, scheduled_downtime_depth: 0,
  active_checks_enabled: 1 as const, passive_checks_enabled: 1 as const, notifications_enabled: 1 as const, is_flapping: 0 as const, check_command: 'c', check_interval: 1 };
export const host = (name: string, state: 0 | 1 = 0): HostStatus => ({ ...checked, host_name: name, alias: name, address: '127.0.0.1', current_state: state, hostgroups: [] });
export const service = (h: string, d: string, state: 0 | 1 | 2 | 3 = 0): ServiceStatus => ({ ...checked, host_name: h, service_description: d, current_state: state, servicegroups: [] });

/** An engine under the test's control: its rows, whether it answers, and the commands it got. */
export class FakeEngine implements Engine {
  answering = true;
  /** Where the engine is read from, as the system status lists it. */
  address = 'here';
  sent: ExternalCommand[] = [];
  snap: MonitoringSnapshot;
  readonly source: MonitoringSource;
  constructor(readonly name: string, hosts: HostStatus[], services: ServiceStatus[]) {
    this.snap = { ...emptySnapshot(), updated: Math.floor(Date.now() / 1000), hosts, services };
    this.source = {
      kind: 'demo', start: async () => {}, stop: async () => {}, snapshot: () => this.snap, engineRunning: () => this.answering,
      submit: async (c) => { this.sent.push(c); },
    };
  }
  status(): EngineStatus {
    return { name: this.name, kind: 'fake', address: this.address, state: this.answering ? 'ok' : 'stale', updated: this.snap.updated, reason: this.answering ? null : 'stopped' };
  }
}
