import crypto from 'node:crypto';
import { perSnapshot } from './perSnapshot.js';
import { hostKey, type HostStatus, type MonitoringSnapshot, type ServiceStatus } from './source.js';
import type { AlertChange, AlertChanges, AlertProblem } from '../../../src/lib/apiTypes.js';

const unhandled = (o: HostStatus | ServiceStatus) => o.state_type === 1 && o.problem_acknowledged === 0 && o.scheduled_downtime_depth === 0;

/**
 * The current alert problems, hosts first; computed once per snapshot. Rows of an engine that is not answering stay
 * (marked `stale`): dropping them would emit `cleared`, and their return a replayed `problem`.
 */
export const alertProblems = perSnapshot((snap: Pick<MonitoringSnapshot, 'hosts' | 'services'>): AlertProblem[] => {
  const upHosts = new Set<string>();
  const tags = (o: HostStatus | ServiceStatus) => ({ ...(o.engine !== undefined ? { engine: o.engine } : {}), ...(o.stale !== undefined ? { stale: o.stale } : {}) });
  const out: AlertProblem[] = [];
  for (const h of snap.hosts) {
    if (h.current_state === 0) {
      // The status query's host_problem_acknowledged=0 and host_scheduled_downtime_depth=0 (spec 7).
      if (h.problem_acknowledged === 0 && h.scheduled_downtime_depth === 0) upHosts.add(hostKey(h));
    } else if (unhandled(h)) {
      out.push({ host_name: h.host_name, current_state: h.current_state, output: h.output, last_state_change: h.last_state_change, ...tags(h) });
    }
  }
  for (const s of snap.services) {
    if (s.current_state !== 2 || !unhandled(s) || !upHosts.has(hostKey(s))) continue;
    out.push({ host_name: s.host_name, service_description: s.service_description, current_state: 2, output: s.output, last_state_change: s.last_state_change, ...tags(s) });
  }
  return out;
});

/** `<run>.<sequence>`: anything else is refused by the route. */
export const CURSOR = /^([0-9a-f]{8})\.(\d{1,15})$/;

const objectKey = (p: { host_name: string; service_description?: string | undefined; engine?: string | undefined }) => `${hostKey(p)}\u0001${p.service_description ?? ''}`;

export interface ChangeFeed {
  /** Records what changed since the last snapshot it saw (called for every new snapshot, and before each read). */
  observe(snapshot: MonitoringSnapshot): void;
  read(since: string | undefined, snapshot: MonitoringSnapshot): AlertChanges;
}

/**
 * `api/v2/status/changes`: the alert problems as a feed of changes, so a wall display polls a few bytes instead of
 * diffing full status lists. The server keeps the newest `capacity` changes; the cursor names this server run.
 */
export function createChangeFeed(capacity = 5000, clock: () => number = Date.now): ChangeFeed {
  const run = crypto.randomBytes(4).toString('hex');
  const log: { seq: number; change: AlertChange }[] = [];
  let seq = 0;
  let last: Map<string, AlertProblem> | undefined;
  let lastSnapshot: MonitoringSnapshot | undefined;

  const observe = (snapshot: MonitoringSnapshot) => {
    if (snapshot === lastSnapshot) return;
    lastSnapshot = snapshot;
    const now = new Map(alertProblems(snapshot).map((p) => [objectKey(p), p]));
    if (last) {
      for (const [key, p] of now) {
        const before = last.get(key);
        if (!before || before.last_state_change !== p.last_state_change || before.current_state !== p.current_state) log.push({ seq: ++seq, change: { kind: 'problem', problem: p } });
      }
      for (const [key, p] of last) {
        if (!now.has(key)) log.push({ seq: ++seq, change: { kind: 'cleared', host_name: p.host_name, ...(p.service_description !== undefined ? { service_description: p.service_description } : {}), ...(p.engine !== undefined ? { engine: p.engine } : {}) } });
      }
      if (log.length > capacity) log.splice(0, log.length - capacity);
    }
    last = now;
  };

  return {
    observe,
    read(since, snapshot) {
      observe(snapshot);
      const cursor = `${run}.${seq}`;
      // The server's time of this answer: a screen that gets the whole list again after a break tells a standing
      // problem from a new one by it (last_state_change well before its previous answer's `now`).
      const now = Math.floor(clock() / 1000);
      const match = since === undefined ? null : CURSOR.exec(since);
      const from = match && match[1] === run ? Number(match[2]) : undefined;
      // Still in the log (or nothing happened since): only the changes. Otherwise the whole list.
      const oldest = log.length ? log[0]!.seq - 1 : seq;
      if (from === undefined || from > seq || from < oldest) return { cursor, now, problems: alertProblems(snapshot) };
      return { cursor, now, changes: log.filter((e) => e.seq > from).map((e) => e.change) };
    },
  };
}
