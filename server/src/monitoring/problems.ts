import { hostKey, type HostStateCode, type HostStatus, type MonitoringSnapshot, type ServiceStateCode, type ServiceStatus } from './source.js';
import { memoSliced, perSnapshotSliced, SLICE_ROWS, type Slices } from './slices.js';

const HOST_STATE_NAMES = ['UP', 'DOWN', 'UNREACHABLE'] as const;
const SERVICE_STATE_NAMES = ['OK', 'WARNING', 'CRITICAL', 'UNKNOWN'] as const;

export type HostStateName = (typeof HOST_STATE_NAMES)[number] | 'PENDING';
export type ServiceStateName = (typeof SERVICE_STATE_NAMES)[number] | 'PENDING';

/** PENDING until the first check, as the classic pages show it. */
export function hostStateName(h: Pick<HostStatus, 'current_state' | 'has_been_checked'>): HostStateName {
  return h.has_been_checked ? HOST_STATE_NAMES[h.current_state as HostStateCode] : 'PENDING';
}

export function serviceStateName(s: Pick<ServiceStatus, 'current_state' | 'has_been_checked'>): ServiceStateName {
  return s.has_been_checked ? SERVICE_STATE_NAMES[s.current_state as ServiceStateCode] : 'PENDING';
}

/**
 * hostKey → host (the host name, plus the engine with several engines), built once per snapshot (snapshots are
 * immutable, so the map is cached on the hosts array; in slices by the snapshot warmer). Look a service's host up
 * with `hostKey(service)`.
 */
export const hostsByName = memoSliced((snapshot: Pick<MonitoringSnapshot, 'hosts'>) => snapshot.hosts as readonly HostStatus[], function* (snapshot): Slices<ReadonlyMap<string, HostStatus>> {
  const map = new Map<string, HostStatus>();
  for (let i = 0; i < snapshot.hosts.length; i++) {
    const h = snapshot.hosts[i]!;
    map.set(hostKey(h), h);
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  return map;
});

export const isHostProblem = (h: HostStatus): boolean => h.current_state !== 0;
export const isServiceProblem = (s: ServiceStatus): boolean => s.current_state !== 0;

/** The shell's host problem query: DOWN or UNREACHABLE, not acknowledged, not in downtime. */
export function isUnhandledHostProblem(h: HostStatus): boolean {
  return (h.current_state === 1 || h.current_state === 2) && h.problem_acknowledged === 0 && h.scheduled_downtime_depth === 0;
}

/**
 * The shell's service problem query: WARNING, CRITICAL or UNKNOWN, not acknowledged, not in downtime, on a host that is UP,
 * not acknowledged and not in downtime (problems on a failed host are that host's problem).
 */
export function isUnhandledServiceProblem(s: ServiceStatus, host: HostStatus | undefined): boolean {
  return s.current_state !== 0 && s.problem_acknowledged === 0 && s.scheduled_downtime_depth === 0 && host !== undefined
    && host.current_state === 0 && host.problem_acknowledged === 0 && host.scheduled_downtime_depth === 0;
}

export interface ProblemCounts { hosts: number; services: number; total: number }

/**
 * Totals add up the engines that answer: a stale row (its engine not answering) is never counted, as a problem or as
 * OK. Once per snapshot (in slices by the snapshot warmer): the problems board shows them on every refresh.
 */
export const countUnhandledProblems = perSnapshotSliced(function* (snapshot): Slices<ProblemCounts> {
  const hosts = yield* hostsByName.slices(snapshot);
  let h = 0;
  let s = 0;
  for (const host of snapshot.hosts) if (host.stale === undefined && isUnhandledHostProblem(host)) h++;
  for (let i = 0; i < snapshot.services.length; i++) {
    const svc = snapshot.services[i]!;
    // The host is looked up for service problems only: building its key for every OK service cost more than the rest.
    if (svc.stale === undefined && svc.current_state !== 0 && isUnhandledServiceProblem(svc, hosts.get(hostKey(svc)))) s++;
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  return { hosts: h, services: s, total: h + s };
}, (parts) => {
  const hosts = parts.reduce((n, p) => n + p.hosts, 0);
  const services = parts.reduce((n, p) => n + p.services, 0);
  return { hosts, services, total: hosts + services };
});

/** Text of the footer tray alert: "No Problems Detected", "1 Unhandled Problem", "3 Unhandled Problems". */
export function unhandledProblemsTitle(counts: ProblemCounts): string {
  if (counts.total === 0) return 'No Problems Detected';
  return `${counts.total} Unhandled Problem${counts.total === 1 ? '' : 's'}`;
}

/** `stale`: rows of engines that are not answering, counted apart and in no other tally (`total` leaves them out). */
export interface StateTally { problems: number; unhandled: number; acknowledged: number; scheduled: number; pending: number; stale?: number }
export interface HostTally extends StateTally { total: number; up: number; down: number; unreachable: number }
export interface ServiceTally extends StateTally { total: number; ok: number; warning: number; critical: number; unknown: number }

/** Counts for tactical overviews and status summaries. Acknowledged and scheduled count only problems. */
export function tacticalCounts(snapshot: Pick<MonitoringSnapshot, 'hosts' | 'services'>): { hosts: HostTally; services: ServiceTally } {
  const byHost = hostsByName(snapshot);
  const hosts: HostTally = { total: 0, up: 0, down: 0, unreachable: 0, problems: 0, unhandled: 0, acknowledged: 0, scheduled: 0, pending: 0 };
  for (const h of snapshot.hosts) {
    if (h.stale !== undefined) {
      hosts.stale = (hosts.stale ?? 0) + 1;
      continue;
    }
    hosts.total++;
    if (!h.has_been_checked) {
      hosts.pending++;
      continue;
    }
    if (h.current_state === 0) hosts.up++;
    else if (h.current_state === 1) hosts.down++;
    else hosts.unreachable++;
    if (h.current_state === 0) continue;
    hosts.problems++;
    if (h.problem_acknowledged) hosts.acknowledged++;
    if (h.scheduled_downtime_depth > 0) hosts.scheduled++;
    if (isUnhandledHostProblem(h)) hosts.unhandled++;
  }
  const services: ServiceTally = { total: 0, ok: 0, warning: 0, critical: 0, unknown: 0, problems: 0, unhandled: 0, acknowledged: 0, scheduled: 0, pending: 0 };
  const keys = ['ok', 'warning', 'critical', 'unknown'] as const;
  for (const s of snapshot.services) {
    if (s.stale !== undefined) {
      services.stale = (services.stale ?? 0) + 1;
      continue;
    }
    services.total++;
    if (!s.has_been_checked) {
      services.pending++;
      continue;
    }
    services[keys[s.current_state]]++;
    if (s.current_state === 0) continue;
    services.problems++;
    if (s.problem_acknowledged) services.acknowledged++;
    if (s.scheduled_downtime_depth > 0) services.scheduled++;
    if (isUnhandledServiceProblem(s, byHost.get(hostKey(s)))) services.unhandled++;
  }
  return { hosts, services };
}
