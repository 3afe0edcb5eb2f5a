/** One poll: every table the snapshot needs, read in one session, and turned into snapshot data. */
import type { CheckCounts, CheckPerformance, EngineStats, HostStatus, MonitoringSnapshot, ProgramStatus, ServiceStatus } from '../source.js';
import { emptyProgramStatus } from '../empty.js';
import type { LivestatusRows, RunQuery } from './client.js';
import {
  COMMENT_COLUMNS, DOWNTIME_COLUMNS, GROUP_COLUMNS, HOST_COLUMNS, SERVICE_COLUMNS, STATUS, STATUS_COLUMNS,
  checkWidth, commentOf, downtimeOf, hostOf, hostgroupOf, serviceOf, servicegroupOf, type CheckFacts,
} from './tables.js';
import { bit, num, time } from './values.js';

export interface PolledTables {
  status: LivestatusRows;
  /** Object counts from `Stats:` queries, to check the lists against (snapshotCheck.ts). */
  counted: { hosts: number; services: number };
  hosts: LivestatusRows;
  services: LivestatusRows;
  hostgroups: LivestatusRows;
  servicegroups: LivestatusRows;
  comments: LivestatusRows;
  downtimes: LivestatusRows;
}

const countOf = (rows: LivestatusRows): number => Math.max(0, Math.trunc(num(rows[0]?.[0])));

/** Sends every query at once on one connection (answers come in order); a failure anywhere fails the whole poll. */
export async function pollTables(run: RunQuery): Promise<PolledTables> {
  const get = async (table: string, columns: readonly string[]) => {
    const rows = await run({ table, columns });
    checkWidth(rows, columns, table);
    return rows;
  };
  const [status, hostCount, serviceCount, hosts, services, hostgroups, servicegroups, comments, downtimes] = await Promise.all([
    get('status', STATUS_COLUMNS),
    run({ table: 'hosts', stats: ['state >= 0'] }),
    run({ table: 'services', stats: ['state >= 0'] }),
    get('hosts', HOST_COLUMNS),
    get('services', SERVICE_COLUMNS),
    get('hostgroups', GROUP_COLUMNS),
    get('servicegroups', GROUP_COLUMNS),
    get('comments', COMMENT_COLUMNS),
    get('downtimes', DOWNTIME_COLUMNS),
  ]);
  return { status, counted: { hosts: countOf(hostCount), services: countOf(serviceCount) }, hosts, services, hostgroups, servicegroups, comments, downtimes };
}

/** Checks in the last 1, 5 and 15 minutes, counted from each object's last check (Livestatus keeps no check history). */
class StatsCollector {
  private readonly counts = { active: [0, 0, 0], passive: [0, 0, 0] };
  private n = 0;
  private latency = { min: Infinity, max: 0, sum: 0 };
  private exec = { min: Infinity, max: 0, sum: 0 };

  constructor(private readonly now: number) {}

  add(f: CheckFacts): void {
    if (!f.checked) return;
    const age = this.now - f.lastCheck;
    const bucket = f.active ? this.counts.active : this.counts.passive;
    if (age <= 60) bucket[0]!++;
    if (age <= 300) bucket[1]!++;
    if (age <= 900) bucket[2]!++;
    if (!f.active) return;
    this.n++;
    StatsCollector.track(this.latency, f.latency);
    StatsCollector.track(this.exec, f.executionTime);
  }

  private static track(acc: { min: number; max: number; sum: number }, v: number): void {
    if (v < acc.min) acc.min = v;
    if (v > acc.max) acc.max = v;
    acc.sum += v;
  }

  result(kind: 'active' | 'passive'): CheckCounts {
    const [val1, val5, val15] = this.counts[kind] as [number, number, number];
    return { val1, val5, val15 };
  }

  performance(): CheckPerformance {
    if (this.n === 0) return { min_latency: 0, max_latency: 0, avg_latency: 0, min_execution_time: 0, max_execution_time: 0, avg_execution_time: 0 };
    return {
      min_latency: this.latency.min, max_latency: this.latency.max, avg_latency: this.latency.sum / this.n,
      min_execution_time: this.exec.min, max_execution_time: this.exec.max, avg_execution_time: this.exec.sum / this.n,
    };
  }
}

/** Sorted like a Nagios status.dat (hosts by name, services by host then description); skips the work when already so. */
function sortedBy<T>(items: T[], key: (item: T) => string, key2: (item: T) => string = () => ''): T[] {
  const compare = (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : key2(a) < key2(b) ? -1 : key2(a) > key2(b) ? 1 : 0);
  for (let i = 1; i < items.length; i++) {
    if (compare(items[i - 1]!, items[i]!) > 0) return items.sort(compare);
  }
  return items;
}

/** Keeps the first of each key: a peer listing an object twice must not show it twice. */
function unique<T>(items: Iterable<T | null>, key: (item: T) => string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of items) {
    if (item === null) continue;
    const k = key(item);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(item);
  }
  return out;
}

/** The snapshot data of one poll at `now`; `program` is completed by the source, which knows whether the engine answers. */
export function snapshotOf(tables: PolledTables, now: number): { data: Omit<MonitoringSnapshot, 'program'>; status: unknown[] } {
  const hostStats = new StatsCollector(now);
  const serviceStats = new StatsCollector(now);
  const hosts: HostStatus[] = unique(tables.hosts.map((row) => {
    const got = hostOf(row);
    if (got) hostStats.add(got.facts);
    return got?.host ?? null;
  }), (h) => h.host_name);
  const services: ServiceStatus[] = unique(tables.services.map((row) => {
    const got = serviceOf(row);
    if (got) serviceStats.add(got.facts);
    return got?.service ?? null;
  }), (s) => `${s.host_name}\n${s.service_description}`);
  const stats: EngineStats = {
    activehostchecks: hostStats.result('active'), passivehostchecks: hostStats.result('passive'),
    activeservicechecks: serviceStats.result('active'), passiveservicechecks: serviceStats.result('passive'),
    activehostcheckperf: hostStats.performance(), activeservicecheckperf: serviceStats.performance(),
  };
  return {
    data: {
      updated: now,
      hosts: sortedBy(hosts, (h) => h.host_name),
      services: sortedBy(services, (s) => s.host_name, (s) => s.service_description),
      hostgroups: unique(tables.hostgroups.map(hostgroupOf), (g) => g.name),
      servicegroups: unique(tables.servicegroups.map(servicegroupOf), (g) => g.name),
      comments: unique(tables.comments.map(commentOf), (c) => String(c.id)),
      downtimes: unique(tables.downtimes.map(downtimeOf), (d) => String(d.id)),
      stats,
    },
    status: tables.status[0] ?? [],
  };
}

export interface Liveness {
  /** Whether the last poll was answered. */
  running: boolean;
  /** UNIX seconds the engine was first seen not answering (0 while it answers). */
  endTime: number;
  /** UNIX seconds of the last answered poll (0: none). */
  updated: number;
}

/** Program status from the `status` row (empty before the first answer) and what the source knows about the peer. */
export function programStatusOf(status: unknown[], live: Liveness, now: number): ProgramStatus {
  const start = time(status[STATUS.program_start]);
  const flag = (column: keyof typeof STATUS, fallback: 0 | 1) => (status.length > STATUS[column] ? bit(status[STATUS[column]]) : fallback);
  return {
    ...emptyProgramStatus(),
    active_host_checks_enabled: flag('execute_host_checks', 1),
    active_service_checks_enabled: flag('execute_service_checks', 1),
    passive_host_checks_enabled: flag('accept_passive_host_checks', 1),
    passive_service_checks_enabled: flag('accept_passive_service_checks', 1),
    notifications_enabled: flag('enable_notifications', 1),
    event_handlers_enabled: flag('enable_event_handlers', 1),
    flap_detection_enabled: flag('enable_flap_detection', 1),
    process_performance_data: flag('process_performance_data', 0),
    obsess_over_hosts: flag('obsess_over_hosts', 0),
    obsess_over_services: flag('obsess_over_services', 0),
    is_currently_running: live.running ? 1 : 0,
    process_id: Math.max(0, Math.trunc(num(status[STATUS.nagios_pid]))),
    last_command_check: time(status[STATUS.last_command_check]),
    last_log_rotation: time(status[STATUS.last_log_rotation]),
    program_start_time: start,
    program_end_time: live.running ? 0 : live.endTime,
    program_run_time: start > 0 ? Math.max(0, (live.running ? now : live.endTime || now) - start) : 0,
    status_update_time: live.updated,
  };
}
