import crypto from 'node:crypto';
import { mergeOrdered, perSnapshotSliced, runSliced, SLICE_ROWS, type Slices } from './slices.js';
import { hostKey, type HostStatus, type MonitoringSnapshot, type ServiceStatus } from './source.js';
import type { AlertChange, AlertChanges, AlertProblem } from '../../../src/lib/apiTypes.js';
import { changesSince, readFeedHead, readFeedState, recordFeed } from '../db/alertFeed.js';
import type { Storage } from '../db/store.js';

const unhandled = (o: HostStatus | ServiceStatus) => o.state_type === 1 && o.problem_acknowledged === 0 && o.scheduled_downtime_depth === 0;

/**
 * The current alert problems, hosts first; computed once per snapshot. Rows of an engine that is not answering stay
 * (marked `stale`): dropping them would emit `cleared`, and their return a replayed `problem`.
 */
export const alertProblems = perSnapshotSliced(function* (snap: Pick<MonitoringSnapshot, 'hosts' | 'services'>): Slices<AlertProblem[]> {
  const upHosts = new Set<string>();
  const tags = (o: HostStatus | ServiceStatus) => ({ ...(o.engine !== undefined ? { engine: o.engine } : {}), ...(o.stale !== undefined ? { stale: o.stale } : {}) });
  const out: AlertProblem[] = [];
  for (let i = 0; i < snap.hosts.length; i++) {
    const h = snap.hosts[i]!;
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
    if (h.current_state === 0) {
      // The status query's host_problem_acknowledged=0 and host_scheduled_downtime_depth=0 (spec 7).
      if (h.problem_acknowledged === 0 && h.scheduled_downtime_depth === 0) upHosts.add(hostKey(h));
    } else if (unhandled(h)) {
      out.push({ host_name: h.host_name, current_state: h.current_state, output: h.output, last_state_change: h.last_state_change, ...tags(h) });
    }
  }
  for (let i = 0; i < snap.services.length; i++) {
    const s = snap.services[i]!;
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
    if (s.current_state !== 2 || !unhandled(s) || !upHosts.has(hostKey(s))) continue;
    out.push({ host_name: s.host_name, service_description: s.service_description, current_state: 2, output: s.output, last_state_change: s.last_state_change, ...tags(s) });
  }
  return out;
}, (parts) => {
  // Several engines: each engine's list holds its hosts, then its services, each in merged order; so does the whole.
  const isHost = (p: AlertProblem) => p.service_description === undefined;
  return [
    ...mergeOrdered(parts.map((list) => list.filter(isHost)), byObject),
    ...mergeOrdered(parts.map((list) => list.filter((p) => !isHost(p))), byObject),
  ];
});

const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
/** Merged order: host name, engine, service. */
const byObject = (a: AlertProblem, b: AlertProblem): number => compareNames(a.host_name, b.host_name) || compareNames(a.engine ?? '', b.engine ?? '')
  || compareNames(a.service_description ?? '', b.service_description ?? '');

/** `<run>.<sequence>`: anything else is refused by the route. */
export const CURSOR = /^([0-9a-f]{8})\.(\d{1,15})$/;

const objectKey = (p: { host_name: string; service_description?: string | undefined; engine?: string | undefined }) => `${hostKey(p)}\u0001${p.service_description ?? ''}`;

export interface ChangeFeed {
  /** Records what changed since the list last recorded (called for every new snapshot, and before each read). */
  observe(snapshot: MonitoringSnapshot): Promise<void>;
  read(since: string | undefined, snapshot: MonitoringSnapshot): Promise<AlertChanges>;
}

type ProblemMap = Map<string, AlertProblem>;

/*
 * A recording walks tens of thousands of problems three times (keyed, compared, written out): each walk in slices, as
 * the snapshot's own work is, since in one go each held every request for 10 to 60 ms.
 */

function* byKey(problems: AlertProblem[]): Slices<ProblemMap> {
  const map: ProblemMap = new Map();
  for (let i = 0; i < problems.length; i++) {
    map.set(objectKey(problems[i]!), problems[i]!);
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  return map;
}

function* diff(last: ProblemMap, now: ProblemMap): Slices<AlertChange[]> {
  const out: AlertChange[] = [];
  let n = 0;
  for (const [key, p] of now) {
    const before = last.get(key);
    if (!before || before.last_state_change !== p.last_state_change || before.current_state !== p.current_state) out.push({ kind: 'problem', problem: p });
    if (++n % SLICE_ROWS === 0) yield;
  }
  for (const [key, p] of last) {
    if (!now.has(key)) out.push({ kind: 'cleared', host_name: p.host_name, ...(p.service_description !== undefined ? { service_description: p.service_description } : {}), ...(p.engine !== undefined ? { engine: p.engine } : {}) });
    if (++n % SLICE_ROWS === 0) yield;
  }
  return out;
}

/** JSON.stringify(list), a chunk of rows at a time. */
function* jsonOf(list: readonly unknown[]): Slices<string> {
  const chunks: string[] = [];
  for (let i = 0; i < list.length; i += SLICE_ROWS) {
    chunks.push(JSON.stringify(list.slice(i, i + SLICE_ROWS)).slice(1, -1));
    yield;
  }
  return `[${chunks.join(',')}]`;
}

/**
 * `api/v2/status/changes`: the alert problems as a feed of changes, so a wall display polls a few bytes instead of
 * diffing full status lists. The log and the list it leads to live in the database, so every process of a cluster
 * gives a cursor the same meaning: a display whose polls land on different processes sees each change once. The
 * newest `capacity` changes are kept; the cursor names the feed (`run`), which starts with an empty database.
 */
export interface ChangeFeedOptions {
  capacity?: number;
  clock?: () => number;
  /**
   * Whether this process's data continues what an earlier start recorded (a real engine, MonitoringSource
   * capabilities.sharedData). A simulation starts afresh: its first list begins a new feed (a new `run`), so screens
   * get the whole list and tell standing problems from new ones themselves, rather than a replay of differences.
   */
  resumes?: boolean;
}

export function createChangeFeed(storage: Pick<Storage, 'store' | 'exclusive'>, { capacity = 5000, clock = Date.now, resumes = true }: ChangeFeedOptions = {}): ChangeFeed {
  const { store } = storage;
  let lastSnapshot: MonitoringSnapshot | undefined;
  let recording: Promise<void> = Promise.resolve();
  let recorded = false;
  /**
   * The list this process wrote last and where: while the stored feed is still at that place (no other process wrote
   * since), the next comparison needs neither a read nor a parse of it (megabytes at tens of thousands of problems).
   */
  let written: { problems: AlertProblem[]; byKey: ProblemMap; run: string; seq: number; updated: number } | undefined;

  /** One comparison and its recording; false when another writer moved the feed meanwhile (compare again). */
  const recordOnce = async (snapshot: MonitoringSnapshot): Promise<boolean> => {
    const stored = await readFeedHead(store);
    const state = !recorded && !resumes ? undefined : stored;
    // Another process has recorded newer data of the same engines: going back to this would replay changes.
    if (state && state.updated > snapshot.updated) return true;
    const problems = alertProblems(snapshot);
    const ours = state && written && written.run === state.run && written.seq === state.seq && written.updated === state.updated
      ? written : undefined;
    // The very list this process wrote last, still the stored one, at the same time: nothing to record.
    if (state && ours?.problems === problems && state.updated === snapshot.updated) return true;
    const current = await runSliced(byKey(problems));
    const last = state && (ours ? ours.byKey : await runSliced(byKey(JSON.parse((await readFeedState(store))?.problems ?? '[]') as AlertProblem[])));
    const changes = last ? await runSliced(diff(last, current)) : [];
    if (state && !changes.length && state.updated === snapshot.updated) return true;
    const run = state?.run ?? crypto.randomBytes(4).toString('hex');
    const text = await runSliced(jsonOf(problems));
    const seq = await recordFeed(store, { run, updated: snapshot.updated, problems: text }, changes.map((c) => JSON.stringify(c)), capacity, stored && { run: stored.run, seq: stored.seq });
    if (seq === undefined) return false;
    recorded = true;
    written = { problems, byKey: current, run, seq, updated: snapshot.updated };
    return true;
  };

  const record = (snapshot: MonitoringSnapshot) => storage.exclusive('alert-feed', async () => {
    // A few turns: each lost one means another writer recorded, so the next comparison starts from its newer list.
    for (let turn = 0; turn < 5 && !(await recordOnce(snapshot)); turn += 1);
  });

  const observe = (snapshot: MonitoringSnapshot): Promise<void> => {
    if (snapshot !== lastSnapshot) {
      lastSnapshot = snapshot;
      // One recording at a time, in snapshot order.
      recording = recording.catch(() => undefined).then(() => record(snapshot)).then(() => undefined);
    }
    return recording;
  };

  return {
    observe,
    async read(since, snapshot) {
      await observe(snapshot);
      // The server's time of this answer: a screen that gets the whole list again after a break tells a standing
      // problem from a new one by it (last_state_change well before its previous answer's `now`).
      const now = Math.floor(clock() / 1000);
      const state = await readFeedHead(store);
      // Nothing recorded yet (another process is writing the first list): this one's own list, under a cursor no
      // feed uses, so the next poll gets the recorded list.
      const own = (): AlertChanges => ({ cursor: '00000000.0', now, problems: alertProblems(snapshot) });
      if (!state) return own();
      // The whole list with the place it was read at, together: a cursor older than its list would replay changes.
      const whole = async (): Promise<AlertChanges> => {
        const full = await readFeedState(store);
        return full ? { cursor: `${full.run}.${full.seq}`, now, problems: JSON.parse(full.problems) as AlertProblem[] } : own();
      };
      const match = since === undefined ? null : CURSOR.exec(since);
      const from = match && match[1] === state.run ? Number(match[2]) : undefined;
      if (from === undefined || from > state.seq) return whole();
      if (from === state.seq) return { cursor: `${state.run}.${state.seq}`, now, changes: [] };
      const rows = await changesSince(store, from);
      // Changes older than the log keeps are gone: the whole list instead.
      if (!rows.length || rows[0]!.seq !== from + 1) return whole();
      return { cursor: `${state.run}.${rows.at(-1)!.seq}`, now, changes: rows.map((r) => JSON.parse(r.body) as AlertChange) };
    },
  };
}
