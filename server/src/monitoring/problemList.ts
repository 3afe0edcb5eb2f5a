import { hostsByName, isUnhandledHostProblem, isUnhandledServiceProblem } from './problems.js';
import { hostKey, type HostStatus, type MonitoringSnapshot, type ServiceStatus } from './source.js';
import { finish, mergeOrdered, perSnapshotSliced, SLICE_ROWS, sortedSlices, type Slices } from './slices.js';

export type ProblemState = 'DOWN' | 'UNREACHABLE' | 'CRITICAL' | 'UNKNOWN' | 'WARNING';

export interface ProblemItem {
  kind: 'host' | 'service';
  host: string;
  /** Empty for host problems. */
  service: string;
  state: ProblemState;
  output: string;
  /** UNIX seconds the object entered its current state (0 when the engine never recorded it). */
  since: number;
  /** Why a problem is not on the unhandled list; undefined for unhandled ones. */
  handled?: 'acknowledged' | 'downtime';
  /** The engine it is on, with several engines; `stale`: UNIX seconds of the data while that engine is not answering. */
  engine?: string;
  stale?: number;
}

/** Lower is worse: hosts before services, so the board leads with what takes services down with it. */
const SEVERITY: Record<ProblemState, number> = { DOWN: 0, UNREACHABLE: 1, CRITICAL: 2, UNKNOWN: 3, WARNING: 4 };
const HOST_STATE: ProblemState[] = ['DOWN', 'DOWN', 'UNREACHABLE'];
const SERVICE_STATE: ProblemState[] = ['WARNING', 'WARNING', 'CRITICAL', 'UNKNOWN'];

/** By severity, then the longest-standing first (older state change), then by name for a stable order. */
export function compareProblems(a: ProblemItem, b: ProblemItem): number {
  return SEVERITY[a.state] - SEVERITY[b.state] || (a.since || Infinity) - (b.since || Infinity)
    || (a.host < b.host ? -1 : a.host > b.host ? 1 : 0) || (a.service < b.service ? -1 : a.service > b.service ? 1 : 0);
}

function handledBy(o: HostStatus | ServiceStatus): ProblemItem['handled'] {
  return o.problem_acknowledged ? 'acknowledged' : o.scheduled_downtime_depth > 0 ? 'downtime' : undefined;
}

export interface ProblemLists { unhandled: ProblemItem[]; handled: ProblemItem[] }

export interface ProblemFilter { hostgroup?: ReadonlySet<string> }

/**
 * Current problems split as the shell counts them: unhandled ones (spec query: not acknowledged, not in downtime,
 * services only on healthy hosts) and acknowledged or in-downtime ones. Services of a failed host are that host's
 * problem and appear on neither list. Checked objects only: a PENDING object is not a problem yet.
 */
/** The engine a row is on, and whether that engine is not answering, when several engines are configured. */
const tags = (o: HostStatus | ServiceStatus): Pick<ProblemItem, 'engine' | 'stale'> => ({
  ...(o.engine !== undefined ? { engine: o.engine } : {}), ...(o.stale !== undefined ? { stale: o.stale } : {}),
});

export function problemLists(snap: Pick<MonitoringSnapshot, 'hosts' | 'services'>, filter: ProblemFilter = {}): ProblemLists {
  return filter.hostgroup ? finish(listSlices(snap, filter)) : allProblems(snap);
}

/**
 * Every problem, unfiltered: what the problems board shows on every refresh of every screen, so once per snapshot (in
 * slices by the snapshot warmer). Callers only read the lists.
 */
export const allProblems = perSnapshotSliced((snap) => listSlices(snap, {}), (parts) => ({
  // Several engines: each engine's lists, merged. Problems equal in every other way sort by engine, as the merged rows do.
  unhandled: mergeOrdered(parts.map((p) => p.unhandled), byProblemThenEngine),
  handled: mergeOrdered(parts.map((p) => p.handled), byProblemThenEngine),
}));

const byProblemThenEngine = (a: ProblemItem, b: ProblemItem): number => compareProblems(a, b) || ((a.engine ?? '') < (b.engine ?? '') ? -1 : (a.engine ?? '') > (b.engine ?? '') ? 1 : 0);

function* listSlices(snap: Pick<MonitoringSnapshot, 'hosts' | 'services'>, filter: ProblemFilter): Slices<ProblemLists> {
  const byName = yield* hostsByName.slices(snap);
  const unhandled: ProblemItem[] = [];
  const handled: ProblemItem[] = [];
  const wanted = (host: string) => !filter.hostgroup || filter.hostgroup.has(host);
  for (const h of snap.hosts) {
    if (h.current_state === 0 || !h.has_been_checked || !wanted(h.host_name)) continue;
    const item: ProblemItem = { kind: 'host', host: h.host_name, service: '', state: HOST_STATE[h.current_state]!, output: h.output, since: h.last_state_change, ...tags(h) };
    if (isUnhandledHostProblem(h)) unhandled.push(item);
    else handled.push({ ...item, handled: handledBy(h) });
  }
  for (let i = 0; i < snap.services.length; i++) {
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
    const s = snap.services[i]!;
    if (s.current_state === 0 || !s.has_been_checked || !wanted(s.host_name)) continue;
    const host = byName.get(hostKey(s));
    const item: ProblemItem = { kind: 'service', host: s.host_name, service: s.service_description, state: SERVICE_STATE[s.current_state]!, output: s.output, since: s.last_state_change, ...tags(s) };
    if (isUnhandledServiceProblem(s, host)) unhandled.push(item);
    else if (handledBy(s)) handled.push({ ...item, handled: handledBy(s) });
  }
  // Tens of thousands of problems with several large engines: sorted in slices too.
  return { unhandled: yield* sortedSlices(unhandled, compareProblems), handled: yield* sortedSlices(handled, compareProblems) };
}
