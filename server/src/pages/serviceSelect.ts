import { hostKey, type MonitoringSnapshot } from '../monitoring/source.js';
import { filtersOf, type ListFilters } from './listFilters.js';
import { finish, SLICE_ROWS, type Slices } from '../monitoring/slices.js';
import { Picks } from './listQuery.js';
import { hostgroupMembers } from './groupStats.js';
import {
  ACKNOWLEDGED, IN_DOWNTIME, listStateAt, serviceColumns, searchColumn, STALE, UNHANDLED,
} from './serviceColumns.js';
import { hostsByName } from './snapshotIndex.js';

export interface Selection {
  /** Positions in `serviceColumns(snap).ordered`, ascending. */
  picked: Int32Array;
  /**
   * Matches per state before the state filter, for the summary links; then, at index 4, rows of an engine that is
   * not answering (stale): they count under no state, and a state filter leaves them out.
   */
  counts: number[];
}

/** Marks hosts (by position in name order) that pass a test, so services check their host with one array read. */
function hostMarks(
  snap: MonitoringSnapshot, test: (name: string, alias: string, address: string) => boolean,
): Uint8Array {
  const hosts = hostsByName(snap);
  const marks = new Uint8Array(hosts.length);
  hosts.forEach((h, i) => { marks[i] = test(h.host_name, h.alias, h.address) ? 1 : 0; });
  return marks;
}

/**
 * One linear pass over the snapshot's service columns: flags, host, host group and state come from typed arrays;
 * only the service and service group filters read the objects themselves. A host filter narrows the pass to that
 * host's contiguous range.
 */
export function selectServices(snap: MonitoringSnapshot, f: ListFilters): Selection {
  let memo = selections.get(snap);
  if (!memo) selections.set(snap, (memo = new Map()));
  const key = selectionKey(f);
  let hit = memo.get(key);
  if (!hit) {
    hit = select(snap, f);
    if (memo.size < MAX_SELECTIONS_PER_SNAPSHOT) memo.set(key, hit);
  }
  return hit;
}

/**
 * Selections per snapshot and filters: wall displays rotating through the same few lists ask the same questions of
 * the same data, so each is answered by one pass per snapshot. Callers only read a Selection.
 */
const selections = new WeakMap<MonitoringSnapshot, Map<string, Selection>>();
const MAX_SELECTIONS_PER_SNAPSHOT = 64;

function selectionKey(f: ListFilters): string {
  return JSON.stringify([
    f.states ? [...f.states].sort() : null, f.host, f.engine, f.service, f.hostgroup?.name ?? null,
    f.servicegroup?.name ?? null, f.search, f.acknowledged, f.downtime, f.unhandled,
  ]);
}

function select(snap: MonitoringSnapshot, f: ListFilters): Selection {
  return finish(selectSlices(snap, f));
}

/**
 * The default selections of the two service lists wall displays rotate through (all services, service problems), for
 * the snapshot warmer: in slices, before the first display asks (at 300,000 services a selection is a pass of its own).
 */
export const serviceListSelections = Object.assign((snap: MonitoringSnapshot): void => {
  finish(serviceListSelections.slices(snap));
}, {
  *slices(snap: MonitoringSnapshot): Slices<void> {
    for (const unhandled of [false, true]) {
      const f = filtersOf({}, snap, 'service', unhandled);
      let memo = selections.get(snap);
      if (!memo) selections.set(snap, (memo = new Map()));
      const key = selectionKey(f);
      if (memo.has(key)) continue;
      const hit = yield* selectSlices(snap, f);
      if (memo.size < MAX_SELECTIONS_PER_SNAPSHOT) memo.set(key, hit);
    }
  },
});

function* selectSlices(snap: MonitoringSnapshot, f: ListFilters): Slices<Selection> {
  const c = yield* serviceColumns.slices(snap);
  // A host's range is found by its key; a host name without an engine, among several engines, may be on any of them.
  const tagged = c.ordered.length > 0 && c.ordered[0]!.engine !== undefined;
  const byRange = f.host && (f.engine || !tagged);
  const [lo, hi] = byRange
    ? c.hostRange(hostKey({ host_name: f.host, engine: f.engine || undefined })) ?? [0, 0]
    : [0, c.ordered.length];
  const mask = (f.acknowledged ? ACKNOWLEDGED : 0) | (f.downtime ? IN_DOWNTIME : 0) | (f.unhandled ? UNHANDLED : 0);
  const group = f.hostgroup;
  const inGroup = group ? hostgroupMembers(snap, group) : undefined;
  const hostOk = inGroup ? hostMarks(snap, (name) => inGroup.has(name)) : undefined;
  const term = f.search;
  const text = term ? searchColumn(snap) : undefined;
  const hostMatch = term
    ? hostMarks(snap, (...fields) => fields.some((v) => v.toLowerCase().includes(term)))
    : undefined;
  const sg = f.servicegroup;
  const sgMembers = sg ? new Set(sg.members) : undefined;
  // The four states, then pending (index 4); then, in counts only (index 5), rows of an engine that is not answering.
  const wanted = f.states ? [0, 1, 2, 3, 4].map((s) => f.states!.has(s)) : undefined;

  const counts = [0, 0, 0, 0, 0, 0];
  const picked = new Picks(hi - lo);
  for (let i = lo; i < hi; i++) {
    if ((i - lo) % (4 * SLICE_ROWS) === 4 * SLICE_ROWS - 1) yield;
    if ((c.flags[i]! & mask) !== mask) continue;
    const h = c.host[i]!;
    if (hostOk && hostOk[h] !== 1) continue;
    if (text && hostMatch![h] !== 1 && !text[i]!.includes(term)) continue;
    if (f.service || sgMembers || f.engine || (f.host && !byRange)) {
      const s = c.ordered[i]!;
      if (f.engine && s.engine !== f.engine) continue;
      if (f.host && s.host_name !== f.host) continue;
      if (f.service && s.service_description !== f.service) continue;
      if (sgMembers && !sgMembers.has(`${s.host_name};${s.service_description}`)
        && !s.servicegroups.includes(sg!.name)) continue;
    }
    // From the flags, not the row: a pass that touches no row object is several times faster at 300,000 services.
    const state = listStateAt(c, i);
    if (c.flags[i]! & STALE) {
      counts[5]!++;
      if (!wanted) picked.push(i);
      continue;
    }
    counts[state]!++;
    if (!wanted || wanted[state]) picked.push(i);
  }
  return { picked: picked.done(), counts };
}
