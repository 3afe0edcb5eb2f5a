import type { ExternalCommand, Group, HostStatus, MonitoringSnapshot, MonitoringSource, ServiceStatus } from '../../server/src/monitoring/source.js';
import { emptyProgramStatus, emptyStats } from '../../server/src/monitoring/empty.js';

export const NOW = Math.floor(Date.now() / 1000);

/**
 * Records are written out as literals and patched with Object.assign, like the real sources build them: objects made
 * with object spread end up far slower for V8 to read in a loop, which would make the bench measure the fixture.
 */
function checked(name: string) {
  return {
    display_name: name, state_type: 1 as 0 | 1, has_been_checked: 1 as 0 | 1, output: 'OK', long_output: '', perfdata: '',
    last_check: NOW - 60, next_check: NOW + 240, last_state_change: NOW - 3600, current_check_attempt: 1, max_check_attempts: 3,
    problem_acknowledged: 0 as 0 | 1, acknowledgement_type: 0 as 0 | 1 | 2, scheduled_downtime_depth: 0, active_checks_enabled: 1 as 0 | 1,
    passive_checks_enabled: 1 as 0 | 1, notifications_enabled: 1 as 0 | 1, is_flapping: 0 as 0 | 1, check_command: 'check_ping!100,20%!500,60%', check_interval: 5,
  };
}

export function host(name: string, patch: Partial<HostStatus> = {}): HostStatus {
  const c = checked(name);
  const h: HostStatus = {
    host_name: name, alias: `${name} alias`, address: `10.0.0.${name.length}`, current_state: 0, hostgroups: [],
    display_name: c.display_name, state_type: c.state_type, has_been_checked: c.has_been_checked, output: c.output, long_output: c.long_output,
    perfdata: c.perfdata, last_check: c.last_check, next_check: c.next_check, last_state_change: c.last_state_change,
    current_check_attempt: c.current_check_attempt, max_check_attempts: c.max_check_attempts, problem_acknowledged: c.problem_acknowledged,
    acknowledgement_type: c.acknowledgement_type, scheduled_downtime_depth: c.scheduled_downtime_depth, active_checks_enabled: c.active_checks_enabled,
    passive_checks_enabled: c.passive_checks_enabled, notifications_enabled: c.notifications_enabled, is_flapping: c.is_flapping,
    check_command: c.check_command, check_interval: c.check_interval,
  };
  return Object.assign(h, patch);
}

export function service(hostName: string, description: string, patch: Partial<ServiceStatus> = {}): ServiceStatus {
  const c = checked(description);
  const s: ServiceStatus = {
    host_name: hostName, service_description: description, current_state: 0, servicegroups: [],
    display_name: c.display_name, state_type: c.state_type, has_been_checked: c.has_been_checked, output: c.output, long_output: c.long_output,
    perfdata: c.perfdata, last_check: c.last_check, next_check: c.next_check, last_state_change: c.last_state_change,
    current_check_attempt: c.current_check_attempt, max_check_attempts: c.max_check_attempts, problem_acknowledged: c.problem_acknowledged,
    acknowledgement_type: c.acknowledgement_type, scheduled_downtime_depth: c.scheduled_downtime_depth, active_checks_enabled: c.active_checks_enabled,
    passive_checks_enabled: c.passive_checks_enabled, notifications_enabled: c.notifications_enabled, is_flapping: c.is_flapping,
    check_command: 'check_nrpe!check_load', check_interval: c.check_interval,
  };
  return Object.assign(s, patch);
}

export const XSS = '<script>alert("x")</script>';

/**
 * A small fleet covering every case the pages distinguish: an unhandled host problem (db01), an acknowledged one
 * (router1), a host in downtime (mail01), an unhandled service problem with hostile output, an acknowledged one, and
 * a critical service on a DOWN host that must not count as unhandled.
 */
export function fixtureSnapshot(): MonitoringSnapshot {
  const groups = (name: string, alias: string, members: string[]): Group => ({ name, alias, members });
  return {
    updated: NOW,
    hosts: [
      host('web01', { hostgroups: ['web-servers'], alias: 'Frontend Web', address: '192.0.2.10' }),
      host('db01', { current_state: 1, output: 'CRITICAL - Host Unreachable', hostgroups: ['databases'] }),
      host('router1', { current_state: 2, problem_acknowledged: 1, acknowledgement_type: 2, output: 'UNREACHABLE' }),
      host('mail01', { scheduled_downtime_depth: 1 }),
    ],
    services: [
      service('web01', 'HTTP', { output: 'HTTP OK: 200', perfdata: "time=0.05s;1;2;0 'page size'=512B;;;0", servicegroups: ['http'] }),
      service('web01', 'Disk Usage', { current_state: 2, output: `DISK CRITICAL ${XSS}`, long_output: `line one\n${XSS}` }),
      service('web01', 'Load', { current_state: 1, output: 'LOAD WARNING', problem_acknowledged: 1, acknowledgement_type: 1 }),
      service('db01', 'MySQL', { current_state: 2, output: 'Connection refused' }),
      service('mail01', 'SMTP', { output: 'SMTP OK' }),
    ],
    hostgroups: [groups('web-servers', 'Web Servers', ['web01']), groups('databases', 'Databases', ['db01'])],
    servicegroups: [groups('http', 'HTTP services', ['web01;HTTP'])],
    comments: [{ id: 3, host_name: 'web01', service_description: null, author: 'nagiosadmin', text: `Rebooted ${XSS}`, entry_time: NOW - 600, persistent: 1, entry_type: 1 }],
    downtimes: [{ id: 7, host_name: 'mail01', service_description: null, author: 'nagiosadmin', comment: 'Patching', start_time: NOW - 300, end_time: NOW + 3300, fixed: 1, duration: 3600 }],
    program: { ...emptyProgramStatus(), is_currently_running: 1, program_start_time: NOW - 86400, status_update_time: NOW, process_id: 4242 },
    stats: emptyStats(),
  };
}

/** A source the test controls: it serves `snap` and records every submitted command. */
export class FakeSource implements MonitoringSource {
  readonly kind = 'nagios' as const;
  submitted: ExternalCommand[] = [];
  /** False: the engine's process is gone (its last data stays). */
  running = true;
  constructor(public snap: MonitoringSnapshot = fixtureSnapshot()) {}
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  snapshot(): MonitoringSnapshot {
    return this.snap;
  }
  async submit(command: ExternalCommand): Promise<void> {
    this.submitted.push(command);
  }
  engineRunning(): boolean {
    return this.running;
  }
}

const SERVICE_NAMES = ['Ping', 'CPU Load', 'Memory Usage', 'Disk Usage /', 'Swap Usage', 'SSH', 'HTTP', 'Total Processes', 'Current Users', 'NTP Time'];

/** A large in-memory fleet (for the status page bench): a few percent of services in each problem state. */
export function generateFleet(hostCount: number, servicesPerHost: number): MonitoringSnapshot {
  const hosts: HostStatus[] = [];
  const services: ServiceStatus[] = [];
  for (let i = 0; i < hostCount; i++) {
    const name = `host-${String(i).padStart(5, '0')}`;
    hosts.push(host(name, { current_state: i % 97 === 0 ? 1 : 0, address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, hostgroups: [`group-${i % 20}`] }));
    for (let j = 0; j < servicesPerHost; j++) {
      const n = i * servicesPerHost + j;
      const state = (n % 53 === 0 ? 2 : n % 31 === 0 ? 1 : n % 89 === 0 ? 3 : 0) as ServiceStatus['current_state'];
      services.push(service(name, SERVICE_NAMES[j % SERVICE_NAMES.length]! + (j >= SERVICE_NAMES.length ? ` ${j}` : ''), {
        current_state: state, output: state ? `PROBLEM ${n}` : `OK - value ${n}`, last_check: NOW - (n % 300), last_state_change: NOW - (n % 86400),
      }));
    }
  }
  const hostgroups = Array.from({ length: 20 }, (_, g) => ({ name: `group-${g}`, alias: `Group ${g}`, members: hosts.filter((_h, i) => i % 20 === g).map((h) => h.host_name) }));
  return { ...fixtureSnapshot(), hosts, services, hostgroups, servicegroups: [], comments: [], downtimes: [] };
}
