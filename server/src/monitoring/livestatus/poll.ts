/** One poll: every table the snapshot needs, read in one session, and turned into snapshot data. */
import type { CheckCounts, CheckPerformance, EngineStats, Group, HostStatus, MonitoringSnapshot, ProgramStatus, ServiceStatus } from '../source.js';
import { emptyProgramStatus } from '../empty.js';
import type { LivestatusRows, ReadAnswer, RunQuery } from './client.js';
import {
  COMMENT_COLUMNS, DOWNTIME_COLUMNS, GROUP_COLUMNS, HOST_COLUMNS, SERVICE_COLUMNS, STATUS, STATUS_COLUMNS,
  checkWidth, commentOf, downtimeOf, hostOf, hostgroupOf, sameRecord, serviceOf, servicegroupOf, type CheckFacts,
} from './tables.js';
import { bit, num, time } from './values.js';
import { finish, SLICE_ROWS, type Slices } from '../slices.js';

export interface PolledTables {
  status: LivestatusRows;
  /** Object counts from `Stats:` queries, to check the lists against (snapshotCheck.ts). */
  counted: { hosts: number; services: number };
  /** Hosts and services as records already (null for a row without a name), read as their answers were parsed. */
  hosts: ReturnType<typeof hostOf>[];
  services: ReturnType<typeof serviceOf>[];
  hostgroups: LivestatusRows;
  servicegroups: LivestatusRows;
  comments: LivestatusRows;
  downtimes: LivestatusRows;
  /** The large answers as read, for the next poll. */
  answers: ReadAnswers;
}

const countOf = (rows: LivestatusRows): number => Math.max(0, Math.trunc(num(rows[0]?.[0])));

/** The host and service answers of a poll as they were read, for the next poll (RowReader.previous). */
export interface ReadAnswers {
  hosts?: ReadAnswer<ReturnType<typeof hostOf>>;
  services?: ReadAnswer<ReturnType<typeof serviceOf>>;
}

/** What the last poll left for this one: its records, and its large answers as read. */
export interface PreviousPoll {
  hosts: readonly HostStatus[];
  services: readonly ServiceStatus[];
  answers?: ReadAnswers;
}

/**
 * Sends every query at once on one connection (answers come in order); a failure anywhere fails the whole poll.
 * `engine`: the name to tag every host and service with (several engines), or undefined. `previous`: the last poll's
 * records and answers. Most objects do not change from poll to poll: a row that comes back byte for byte is taken
 * as it was read last time, without parsing it, and a record that reads the same again keeps its object.
 */
export async function pollTables(run: RunQuery, engine?: string, previous?: PreviousPoll): Promise<PolledTables> {
  const get = async (table: string, columns: readonly string[]) => {
    const rows = await run({ table, columns });
    checkWidth(rows, columns, table);
    return rows;
  };
  const answers: ReadAnswers = {};
  /** The previous poll's object when a row reads the same again, so unchanged records keep their identity. */
  const unchanged = <R extends object>(was: R | undefined, got: R): R => (was && sameRecord(was, got) ? was : got);
  const records = <T>(table: string, columns: readonly string[], read: (row: unknown[], index: number) => T, last: ReadAnswer<T> | undefined, keep: (answer: ReadAnswer<T>) => void) =>
    run({ table, columns }, { check: (rows) => checkWidth(rows, columns, table), read, previous: last, keep });
  const [status, hostCount, serviceCount, hosts, services, hostgroups, servicegroups, comments, downtimes] = await Promise.all([
    get('status', STATUS_COLUMNS),
    run({ table: 'hosts', stats: ['state >= 0'] }),
    run({ table: 'services', stats: ['state >= 0'] }),
    records('hosts', HOST_COLUMNS, (row, i) => {
      const got = hostOf(row, engine);
      if (got) got.host = unchanged(previous?.hosts[i], got.host);
      return got;
    }, previous?.answers?.hosts, (answer) => { answers.hosts = answer; }),
    records('services', SERVICE_COLUMNS, (row, i) => {
      const got = serviceOf(row, engine);
      if (got) got.service = unchanged(previous?.services[i], got.service);
      return got;
    }, previous?.answers?.services, (answer) => { answers.services = answer; }),
    get('hostgroups', GROUP_COLUMNS),
    get('servicegroups', GROUP_COLUMNS),
    get('comments', COMMENT_COLUMNS),
    get('downtimes', DOWNTIME_COLUMNS),
  ]);
  return { status, counted: { hosts: countOf(hostCount), services: countOf(serviceCount) }, hosts, services, hostgroups, servicegroups, comments, downtimes, answers };
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
function* sortedBy<T>(items: T[], key: (item: T) => string, key2: (item: T) => string = () => ''): Slices<T[]> {
  const compare = (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : key2(a) < key2(b) ? -1 : key2(a) > key2(b) ? 1 : 0);
  for (let i = 1; i < items.length; i++) {
    if (compare(items[i - 1]!, items[i]!) > 0) return items.sort(compare);
    if (i % SLICE_ROWS === 0) yield;
  }
  return items;
}

/** Keeps the first of each key: a peer listing an object twice must not show it twice. */
function* unique<T>(items: (T | null)[], key: (item: T) => string): Slices<T[]> {
  const seen = new Set<string>();
  const out: T[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
    if (item === null) continue;
    const k = key(item);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(item);
  }
  return out;
}

/**
 * unique() by name (and description), for items that usually come in that order already (Livestatus servers list them
 * so): then a duplicate is the item right before it, and no set of 100,000 keys needs building. Out of order, or with
 * a line break in a name (where two different pairs could make one key), it is unique() itself.
 */
function* uniqueInOrder<T>(items: (T | null)[], key: (item: T) => string, key2: (item: T) => string = () => ''): Slices<T[]> {
  let plain = true;
  // Nulls and duplicates: with none (the usual answer), the list itself is the result, and nothing is copied.
  let dropped = 0;
  let last: T | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
    if (item === null) {
      dropped++;
      continue;
    }
    if (plain && last !== undefined) {
      const a = key(last);
      const b = key(item);
      if (a === b) {
        const a2 = key2(last);
        const b2 = key2(item);
        if (a2 === b2) dropped++;
        else plain = a2 < b2;
      } else plain = a < b;
    }
    if (plain && (key(item).includes('\n') || key2(item).includes('\n'))) plain = false;
    last = item;
  }
  if (!plain) return yield* unique(items, (item) => `${key(item)}\n${key2(item)}`);
  if (dropped === 0) return items as T[];
  const out: T[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
    if (item === null) continue;
    const prev = out[out.length - 1];
    if (prev === undefined || key(prev) !== key(item) || key2(prev) !== key2(item)) out.push(item);
  }
  return out;
}

/** `rows` turned into records by `of`, in slices. */
function* mapped<R, T>(rows: R[], of: (row: R) => T): Slices<T[]> {
  const out = new Array<T>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    out[i] = of(rows[i]!);
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  return out;
}

/** `previous` when `next` holds the very same objects in the same order: answers kept per host and service list stay valid. */
function* keptIfSame<T>(previous: T[] | undefined, next: T[]): Slices<T[]> {
  if (!previous || previous.length !== next.length) return next;
  for (let i = 0; i < next.length; i++) {
    if (previous[i] !== next[i]) return next;
    if (i % (8 * SLICE_ROWS) === 0) yield;
  }
  return previous;
}

const sameGroup = (a: Group, b: Group): boolean => a.name === b.name && a.alias === b.alias
  && a.members.length === b.members.length && a.members.every((m, i) => m === b.members[i]);

/**
 * `previous` when `next` holds the same groups: a new list each poll made every merge of several engines merge their
 * groups again, tens of thousands of members each time.
 */
function keptIfEqual(previous: Group[] | undefined, next: Group[]): Group[] {
  return previous && previous.length === next.length && next.every((g, i) => sameGroup(previous[i]!, g)) ? previous : next;
}

/**
 * The snapshot data of one poll at `now`, in slices (100,000 services take a while); `program` is completed by the
 * source, which knows whether the engine answers. `previous`: the last poll's data, whose host and service lists are
 * kept when they come back the same (pollTables keeps unchanged records), as are its groups.
 */
export function* snapshotSlices(tables: PolledTables, now: number, previous?: Pick<MonitoringSnapshot, 'hosts' | 'services' | 'hostgroups' | 'servicegroups'>): Slices<{ data: Omit<MonitoringSnapshot, 'program'>; status: unknown[] }> {
  const hostStats = new StatsCollector(now);
  const serviceStats = new StatsCollector(now);
  const hosts: HostStatus[] = yield* uniqueInOrder(yield* mapped(tables.hosts, (got) => {
    if (got) hostStats.add(got);
    return got?.host ?? null;
  }), (h) => h.host_name);
  const services: ServiceStatus[] = yield* uniqueInOrder(yield* mapped(tables.services, (got) => {
    if (got) serviceStats.add(got);
    return got?.service ?? null;
  }), (s) => s.host_name, (s) => s.service_description);
  const stats: EngineStats = {
    activehostchecks: hostStats.result('active'), passivehostchecks: hostStats.result('passive'),
    activeservicechecks: serviceStats.result('active'), passiveservicechecks: serviceStats.result('passive'),
    activehostcheckperf: hostStats.performance(), activeservicecheckperf: serviceStats.performance(),
  };
  return {
    data: {
      updated: now,
      hosts: yield* keptIfSame(previous?.hosts, yield* sortedBy(hosts, (h) => h.host_name)),
      services: yield* keptIfSame(previous?.services, yield* sortedBy(services, (s) => s.host_name, (s) => s.service_description)),
      hostgroups: keptIfEqual(previous?.hostgroups, finish(unique(tables.hostgroups.map(hostgroupOf), (g) => g.name))),
      servicegroups: keptIfEqual(previous?.servicegroups, finish(unique(tables.servicegroups.map(servicegroupOf), (g) => g.name))),
      comments: finish(unique(tables.comments.map(commentOf), (c) => String(c.id))),
      downtimes: finish(unique(tables.downtimes.map(downtimeOf), (d) => String(d.id))),
      stats,
    },
    status: tables.status[0] ?? [],
  };
}

/** The snapshot data of one poll at `now`, in one go. */
export function snapshotOf(tables: PolledTables, now: number): { data: Omit<MonitoringSnapshot, 'program'>; status: unknown[] } {
  return finish(snapshotSlices(tables, now));
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
