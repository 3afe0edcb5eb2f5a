import type { HistoryRow, StateRow, StoredHistoryRow } from '../db/history.js';
import { insertHistory, lastHistoryId, latestPerObject } from '../db/history.js';
import type { Storage } from '../db/store.js';
import { nextTurn, runSliced, SLICE_ROWS, type Slices } from './slices.js';
import type { HostStatus, MonitoringSnapshot, ServiceStatus } from './source.js';

/** What a state is called in the history, the API and the pages. */
export const HOST_STATES = ['UP', 'DOWN', 'UNREACHABLE'] as const;
export const SERVICE_STATES = ['OK', 'WARNING', 'CRITICAL', 'UNKNOWN'] as const;
/** Recorded while an object's engine is not answering (its rows are stale): counted as no data, never as OK. */
export const NO_DATA = -1;
export const NO_DATA_WORD = 'NODATA';
export const HISTORY_TYPES = ['state', 'acknowledgement', 'downtime', 'flapping'] as const;
export type HistoryType = typeof HISTORY_TYPES[number];

export function stateWord(state: number, isService: boolean): string {
  if (state === NO_DATA) return NO_DATA_WORD;
  return (isService ? SERVICE_STATES : HOST_STATES)[state] ?? String(state);
}

/** The state code of a word, for hosts or services; undefined for a word neither knows. */
export function stateCodes(word: string): { host?: number; service?: number } | undefined {
  const w = word.toUpperCase();
  if (w === NO_DATA_WORD) return { host: NO_DATA, service: NO_DATA };
  const host = (HOST_STATES as readonly string[]).indexOf(w);
  const service = (SERVICE_STATES as readonly string[]).indexOf(w);
  if (host < 0 && service < 0) return undefined;
  return { ...(host >= 0 ? { host } : {}), ...(service >= 0 ? { service } : {}) };
}

/** The last recorded facts of one object: a new entry is written only where the snapshot says otherwise. */
interface Known { state: number; stateType: number; time: number; acknowledgement: boolean; downtime: boolean; flapping: boolean }
type KnownMap = Map<string, Known>;

const objectKey = (engine: string, host: string, service: string) => `${engine}\u0001${host}\u0001${service}`;
const FLAGS = ['acknowledgement', 'downtime', 'flapping'] as const;

function knownFrom(rows: readonly StoredHistoryRow[]): KnownMap {
  const map: KnownMap = new Map();
  // Oldest first, so a state entry's time is the newest one.
  for (const r of [...rows].sort((a, b) => a.id - b.id)) {
    const key = objectKey(r.engine, r.host, r.service);
    const k = map.get(key) ?? { state: r.state, stateType: r.state_type, time: Number(r.time), acknowledgement: false, downtime: false, flapping: false };
    if (r.type === 'state') Object.assign(k, { state: r.state, stateType: r.state_type, time: Number(r.time) });
    else if ((FLAGS as readonly string[]).includes(r.type)) k[r.type as typeof FLAGS[number]] = r.phase === 'start';
    map.set(key, k);
  }
  return map;
}

const STALE_OUTPUT = 'The engine is not answering.';

/** Compares a snapshot with what was recorded (updating `known`), and returns the entries to add. */
function* compare(snap: MonitoringSnapshot, engineName: string, known: KnownMap): Slices<HistoryRow[]> {
  const out: HistoryRow[] = [];
  const objects: (HostStatus | ServiceStatus)[][] = [snap.hosts, snap.services];
  let n = 0;
  for (const list of objects) {
    for (const o of list) {
      if (++n % SLICE_ROWS === 0) yield;
      const stale = o.stale !== undefined;
      // Never checked: no state yet, which availability counts as no data.
      if (!stale && o.has_been_checked !== 1) continue;
      const engine = o.engine ?? engineName;
      const service = 'service_description' in o ? o.service_description : '';
      const key = objectKey(engine, o.host_name, service);
      const prev = known.get(key);
      const state = stale ? NO_DATA : o.current_state;
      const stateType = stale ? 1 : o.state_type;
      const base = { engine, host: o.host_name, service, state, state_type: stateType };
      const next: Known = prev ? { ...prev } : { state, stateType, time: 0, acknowledgement: false, downtime: false, flapping: false };
      if (!prev || prev.state !== state || prev.stateType !== stateType) {
        // The engine's own time of the change; a soft state turning hard changes at its check.
        const engineTime = stale ? o.stale! : !prev || prev.state !== state ? o.last_state_change : o.last_check;
        const time = Math.max(engineTime || snap.updated, prev?.time ?? 0);
        out.push({ ...base, time, type: 'state', phase: '', output: stale ? STALE_OUTPUT : o.output });
        Object.assign(next, { state, stateType, time });
      }
      if (!stale) {
        const flags = { acknowledgement: o.problem_acknowledged === 1, downtime: o.scheduled_downtime_depth > 0, flapping: o.is_flapping === 1 };
        for (const type of FLAGS) {
          if (flags[type] === next[type]) continue;
          out.push({ ...base, time: Math.max(snap.updated, next.time), type, phase: flags[type] ? 'start' : 'end', output: o.output });
          next[type] = flags[type];
        }
      }
      known.set(key, next);
    }
  }
  return out;
}

export interface HistoryRecorder {
  /** Records what changed since the last snapshot recorded (called for every new snapshot). */
  observe(snapshot: MonitoringSnapshot): Promise<void>;
  /** Records no more, once the recording under way (if any) is done: the database closes next. */
  stop(): Promise<void>;
}

/**
 * Records every state change of every host and service, and acknowledgements, downtimes and flapping starting and
 * ending, by comparing each snapshot with the last recorded facts of each object. One process of a cluster records at
 * a time (Storage.exclusive); a process picks up where the database stands whenever another one has recorded, and at
 * start, so a restart or a failover records nothing twice (the table's unique key backs this up).
 */
export function createHistoryRecorder(storage: Pick<Storage, 'store' | 'exclusive'>, engineName: () => string): HistoryRecorder {
  const { store } = storage;
  let known: KnownMap | undefined;
  /** The newest entry when this process last recorded: any other means another process recorded meanwhile. */
  let seen = -1;
  let lastSnapshot: MonitoringSnapshot | undefined;
  let recording: Promise<void> | undefined;
  /** The newest snapshot that came while recording: the next turn compares it, skipping any in between. */
  let pending: MonitoringSnapshot | undefined;
  let stopped = false;

  const record = async (snapshot: MonitoringSnapshot): Promise<void> => {
    try {
      const top = await lastHistoryId(store);
      if (!known || top !== seen) known = knownFrom(await latestPerObject(store));
      const rows = await runSliced(compare(snapshot, engineName(), known));
      await insertHistory(store, rows, nextTurn);
      seen = rows.length ? await lastHistoryId(store) : top;
    } catch (err) {
      // What is known no longer matches the database: read it again next time.
      known = undefined;
      throw err;
    }
  };

  return {
    async stop() {
      stopped = true;
      pending = undefined;
      await recording?.catch(() => undefined);
    },
    observe(snapshot) {
      if (stopped || snapshot === lastSnapshot) return recording ?? Promise.resolve();
      lastSnapshot = snapshot;
      if (recording) {
        pending = snapshot;
        return recording;
      }
      const turn = async (snap: MonitoringSnapshot): Promise<void> => {
        try {
          await storage.exclusive('state-history', () => record(snap));
        } finally {
          const next = pending;
          pending = undefined;
          // Its failure is its caller's no longer: the next snapshot tries again.
          recording = next ? turn(next).catch(() => undefined) : undefined;
        }
      };
      recording = turn(snapshot);
      return recording;
    },
  };
}

export interface AvailabilityObject { engine: string; host: string; service: string }
export interface Availability extends AvailabilityObject {
  /** Seconds in each state word (and NODATA) within the window. */
  seconds: Record<string, number>;
  /** The same as shares of the window, in percent (three decimals). */
  percent: Record<string, number>;
}

/**
 * The time each object spent in each state within [since, end): before its first entry, and while its engine was not
 * answering, it counts as no data. `rows` are state entries sorted by time, with each object's last one before the
 * window.
 */
export function availabilityOf(objects: readonly AvailabilityObject[], rows: readonly StateRow[], since: number, end: number): Availability[] {
  const byObject = new Map<string, StateRow[]>();
  for (const r of rows) {
    const key = objectKey(r.engine, r.host, r.service);
    const list = byObject.get(key);
    if (list) list.push(r);
    else byObject.set(key, [r]);
  }
  const span = Math.max(0, end - since);
  return objects.map((o) => {
    const isService = o.service !== '';
    const seconds: Record<string, number> = Object.fromEntries([...(isService ? SERVICE_STATES : HOST_STATES), NO_DATA_WORD].map((w) => [w, 0]));
    const add = (code: number, s: number) => { const w = stateWord(code, isService); seconds[w] = (seconds[w] ?? 0) + s; };
    let at = since;
    let state = NO_DATA;
    for (const r of byObject.get(objectKey(o.engine, o.host, o.service)) ?? []) {
      const from = Math.min(Math.max(r.time, since), end);
      add(state, from - at);
      at = from;
      state = r.state;
    }
    add(state, end - at);
    const percent = Object.fromEntries(Object.entries(seconds).map(([w, s]) => [w, span ? Math.round((s / span) * 100_000) / 1000 : 0]));
    return { ...o, seconds, percent };
  });
}
