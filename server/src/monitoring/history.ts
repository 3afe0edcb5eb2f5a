import type { HistoryRow, StateRow, StoredHistoryRow } from '../db/history.js';
import {
  gapsFor, historyAfter, historyMarks, insertGap, insertHistory, lastHistoryId, latestPerObject, NO_DATA_STATE, setHistoryMarks,
  SILENT_AFTER_SECONDS, stateEntries, stateSpans, withGaps, type Gap,
} from '../db/history.js';
import { DAY_SECONDS, dayOf, daySums, lastBeforeDay, OBJECTS_PER_STATEMENT } from '../db/historyDays.js';
import type { EngineLog, EngineLogEntry } from './engineLog.js';
import { log } from '../log.js';
import type { Storage, Store } from '../db/store.js';
import { nextTurn, runSliced, SLICE_ROWS, type Slices } from './slices.js';
import type { HostStatus, MonitoringSnapshot, ServiceStatus } from './source.js';

/** What a state is called in the history, the API and the pages. */
export const HOST_STATES = ['UP', 'DOWN', 'UNREACHABLE'] as const;
export const SERVICE_STATES = ['OK', 'WARNING', 'CRITICAL', 'UNKNOWN'] as const;
/** Recorded while an object's engine is not answering (its rows are stale): counted as no data, never as OK. */
export const NO_DATA = NO_DATA_STATE;
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

/** The last recorded facts of one object: a new entry is written only where the snapshot or the log says otherwise. */
interface Known {
  state: number; stateType: number; time: number; acknowledgement: boolean; downtime: boolean; flapping: boolean;
  /** The newest time of any entry: an engine log's entry older than this is known already. */
  last: number;
}
type KnownMap = Map<string, Known>;

const objectKey = (engine: string, host: string, service: string) => `${engine}\u0001${host}\u0001${service}`;
const FLAGS = ['acknowledgement', 'downtime', 'flapping'] as const;

/** What `rows` say of their objects, over what `map` knew (a new map without). */
function knownFrom(rows: readonly StoredHistoryRow[], map: KnownMap = new Map()): KnownMap {
  // Oldest first, so a state entry's time is the newest one.
  for (const r of [...rows].sort((a, b) => a.id - b.id)) {
    const key = objectKey(r.engine, r.host, r.service);
    const time = Number(r.time);
    // Known from a downtime, flapping or acknowledgement alone: no state from any time (STATELESS below).
    const k = map.get(key) ?? { state: r.state, stateType: r.state_type, time: r.type === 'state' ? time : 0, acknowledgement: false, downtime: false, flapping: false, last: time };
    if (r.type === 'state') Object.assign(k, { state: r.state, stateType: r.state_type, time });
    else if ((FLAGS as readonly string[]).includes(r.type)) k[r.type as typeof FLAGS[number]] = r.phase === 'start';
    k.last = Math.max(k.last, time);
    map.set(key, k);
  }
  return map;
}

const STALE_OUTPUT = 'The engine is not answering.';

/** One engine's data in a snapshot: its time (the last data's, for an engine not answering). */
interface EngineTime { time: number; stale: boolean }

/** The engines whose objects a snapshot holds, with the time of each one's data. */
function* engineTimes(snap: MonitoringSnapshot, engineName: string): Slices<Map<string, EngineTime>> {
  const times = new Map<string, EngineTime>();
  let n = 0;
  for (const list of [snap.hosts, snap.services] as (HostStatus | ServiceStatus)[][]) {
    for (const o of list) {
      if (++n % SLICE_ROWS === 0) yield;
      const engine = o.engine ?? engineName;
      if (times.has(engine)) continue;
      times.set(engine, o.stale !== undefined ? { time: o.stale, stale: true } : { time: snap.updated, stale: false });
    }
  }
  return times;
}

interface Compared {
  /** Engines whose rows are older than what was recorded (another process is ahead): left alone. */
  skip: ReadonlySet<string>;
  /** Engines whose log was read up to this snapshot: their silence is accounted for by the log. */
  covered: ReadonlySet<string>;
  times: ReadonlyMap<string, EngineTime>;
}

/** The records a comparison applied to what is known: the lists of the snapshot it compared. */
type ComparedLists = Pick<MonitoringSnapshot, 'hosts' | 'services'>;

/**
 * Compares a snapshot with what was recorded (updating `known`), and returns the entries to add. `before`, the snapshot
 * compared last when `known` has changed only by that comparison since: a record that is the very same object as the
 * one at its place then says what it said then, and is passed over. The sources keep unchanged records as they are
 * (the demo fleet, Livestatus polls, the merged engines' rows: snapshotParts.ts), so a fleet changing 1 % of its
 * states a minute costs a pointer comparison per record instead of a key, a lookup and a copy (for each update of the
 * 110,000-object demo fleet, 95 ms of CPU instead of 350, and no 110,000 objects for the garbage collector).
 */
function* compare(snap: MonitoringSnapshot, engineName: string, known: KnownMap, c: Compared, before?: ComparedLists): Slices<HistoryRow[]> {
  const out: HistoryRow[] = [];
  const objects: (HostStatus | ServiceStatus)[][] = [snap.hosts, snap.services];
  const previous: readonly (HostStatus | ServiceStatus)[][] = before ? [before.hosts, before.services] : [[], []];
  let n = 0;
  for (let l = 0; l < objects.length; l++) {
    const list = objects[l]!;
    const was = previous[l]!;
    for (let i = 0; i < list.length; i++) {
      const o = list[i]!;
      if (++n % SLICE_ROWS === 0) yield;
      if (was[i] === o) continue;
      const stale = o.stale !== undefined;
      // Never checked: no state yet, which availability counts as no data.
      if (!stale && o.has_been_checked !== 1) continue;
      const engine = o.engine ?? engineName;
      if (c.skip.has(engine)) continue;
      const service = 'service_description' in o ? o.service_description : '';
      const key = objectKey(engine, o.host_name, service);
      const prev = known.get(key);
      const state = stale ? NO_DATA : o.current_state;
      const stateType = stale ? 1 : o.state_type;
      const base = { engine, host: o.host_name, service, state, state_type: stateType };
      const next: Known = prev ? { ...prev } : { state, stateType, time: 0, acknowledgement: false, downtime: false, flapping: false, last: 0 };
      if (!prev || prev.state !== state || prev.stateType !== stateType) {
        // The engine's own time of the change; a soft state turning hard changes at its check.
        let engineTime = stale ? o.stale! : !prev || prev.state !== state ? o.last_state_change : o.last_check;
        // Back from no data with no change the engine can date after it: known again from now, unless the engine's
        // log covered the silence (its times stand).
        if (prev?.state === NO_DATA && engineTime <= prev.time && !c.covered.has(engine)) engineTime = c.times.get(engine)?.time ?? snap.updated;
        const time = Math.max(engineTime || snap.updated, prev?.time ?? 0);
        out.push({ ...base, time, type: 'state', phase: '', output: stale ? STALE_OUTPUT : o.output });
        Object.assign(next, { state, stateType, time });
        next.last = Math.max(next.last, time);
      }
      if (!stale) {
        const flags = { acknowledgement: o.problem_acknowledged === 1, downtime: o.scheduled_downtime_depth > 0, flapping: o.is_flapping === 1 };
        for (const type of FLAGS) {
          if (flags[type] === next[type]) continue;
          const time = Math.max(snap.updated, next.time);
          out.push({ ...base, time, type, phase: flags[type] ? 'start' : 'end', output: o.output });
          next[type] = flags[type];
          next.last = Math.max(next.last, time);
        }
      }
      known.set(key, next);
    }
  }
  return out;
}

/**
 * What is known of an object whose log tells a downtime, flapping or acknowledgement before any state of it (Nagios
 * Core logs no state for an object that never changed since it started): its state is no data, from no time, so the
 * first state the log or a snapshot gives stands at the engine's own time.
 */
const STATELESS: Known = { state: NO_DATA, stateType: 1, time: 0, acknowledgement: false, downtime: false, flapping: false, last: 0 };
const knowsState = (k: Known | undefined): k is Known => k !== undefined && !(k.state === NO_DATA && k.time === 0);

/**
 * An engine log's entries as history entries, where they say something `known` does not (updating it): an entry older
 * than what is known of its object, or saying what is known already, is left out, so a log read over a stretch the
 * snapshots recorded adds nothing twice. The same goes for downtimes, flapping and acknowledgements: a start while one
 * is known to be on (an engine restarted in a downtime logs its start again) or an end while none is adds nothing.
 */
export function fromEngineLog(entries: readonly EngineLogEntry[], engine: string, known: KnownMap): HistoryRow[] {
  const out: HistoryRow[] = [];
  for (const e of entries) {
    const key = objectKey(engine, e.host, e.service);
    const prev = known.get(key);
    if (prev && e.time < prev.last) continue;
    if (e.type === 'state') {
      // A state written down at a rotation only starts an object's history.
      if (knowsState(prev) && (e.snapshot || (prev.state === e.state && prev.stateType === e.stateType))) continue;
      out.push({ engine, host: e.host, service: e.service, time: e.time, type: 'state', phase: '', state: e.state!, state_type: e.stateType!, output: e.output });
      known.set(key, { ...(prev ?? STATELESS), state: e.state!, stateType: e.stateType!, time: e.time, last: e.time });
    } else {
      const on = e.phase === 'start';
      // An end of one that started before anything is known of the object says nothing.
      if (prev ? prev[e.type] === on : !on) continue;
      const base = prev ?? STATELESS;
      out.push({ engine, host: e.host, service: e.service, time: e.time, type: e.type, phase: e.phase, state: base.state, state_type: base.stateType, output: e.output });
      known.set(key, { ...base, [e.type]: on, last: e.time });
    }
  }
  return out;
}

/** One engine as the recorder sees it: its name and, when it keeps one Pharos can read, its own log. */
export interface HistoryEngine { name: string; log?: EngineLog | undefined }

export interface HistoryRecorderOptions {
  /** The engines being watched (default: one, named by engineName, without a log). */
  engines?: () => readonly HistoryEngine[];
  /** How far back an engine's log is read the first time (PHAROS_HISTORY_DAYS). */
  retentionDays?: number;
}

export interface HistoryRecorder {
  /** Records what changed since the last snapshot recorded (called for every new snapshot). */
  observe(snapshot: MonitoringSnapshot): Promise<void>;
  /** Records no more, once the recording under way (if any) is done: the database closes next. */
  stop(): Promise<void>;
}

const DAY = 24 * 3600;

/** The engine's log could not be read (as opposed to the database failing while its entries were written). */
class LogUnreadable extends Error {}

/**
 * A log is read up to this many seconds before the snapshot's time: what the engine logged just before writing its
 * data may be in the snapshot or not (a Livestatus engine's clock is not Pharos's), and the snapshot records it anyway.
 */
const LOG_MARGIN_SECONDS = 2;

/**
 * Records every state change of every host and service, and acknowledgements, downtimes and flapping starting and
 * ending, by comparing each snapshot with the last recorded facts of each object. One process of a cluster records at
 * a time (Storage.exclusive); a process picks up where the database stands whenever another one has recorded, and at
 * start, so a restart or a failover records nothing twice (the table's unique key backs this up).
 *
 * Where nobody recorded an engine (before Pharos first watched it, while Pharos was not running, an engine silent for
 * longer than SILENT_AFTER_SECONDS), the engine's own log tells what happened, at its own times: read from the
 * engine's mark (history_engines) up to the snapshot, before the snapshot is compared, by whichever process records.
 * An engine without a readable log gets a gap instead, which availability counts as no data.
 */
export function createHistoryRecorder(
  storage: Pick<Storage, 'store' | 'exclusive'>, engineName: () => string, options: HistoryRecorderOptions = {},
): HistoryRecorder {
  const { store } = storage;
  const engines = options.engines ?? ((): HistoryEngine[] => [{ name: engineName() }]);
  const retention = (options.retentionDays ?? 400) * DAY;
  let known: KnownMap | undefined;
  /** The newest entry when this process last recorded: any other means another process recorded meanwhile. */
  let seen = -1;
  /** Engines this process has recorded: the first time, their log is read from their mark whatever its age. */
  const watched = new Set<string>();
  /** Engines whose log failed to read, said once. */
  const warned = new Set<string>();
  let lastSnapshot: MonitoringSnapshot | undefined;
  let recording: Promise<void> | undefined;
  /** The newest snapshot that came while recording: the next turn compares it, skipping any in between. */
  let pending: MonitoringSnapshot | undefined;
  let stopped = false;
  /** The snapshot compared last, while only comparisons have changed `known` since (compare's `before`). */
  let compared: ComparedLists | undefined;
  /** Set when an engine's log changed `known` in the turn under way. */
  let logChanged = false;

  const backfill = async (engine: HistoryEngine & { log: EngineLog }, from: number, to: number, map: KnownMap): Promise<void> => {
    const batches = engine.log.read(from, to)[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<EngineLogEntry[]>;
      try {
        next = await batches.next();
      } catch (err) {
        throw new LogUnreadable((err as Error).message, { cause: err });
      }
      if (next.done) return;
      if (stopped) throw new Error('the recorder was stopped');
      const rows = fromEngineLog(next.value, engine.name, map);
      // What is known changed other than by comparing snapshots: the next comparison passes over nothing.
      if (rows.length) logChanged = true;
      await insertHistory(store, rows, nextTurn);
      await nextTurn();
    }
  };

  /** Fills what nobody recorded of each engine from its log, or records a gap; returns what compare() needs. */
  const catchUp = async (snapshot: MonitoringSnapshot, map: KnownMap): Promise<Compared> => {
    const times = await runSliced(engineTimes(snapshot, engineName()));
    const marks = await historyMarks(store);
    const byName = new Map(engines().map((e) => [e.name, e]));
    const skip = new Set<string>();
    const covered = new Set<string>();
    for (const [name, t] of times) {
      const mark = marks.get(name);
      if (t.time <= 0 || (mark !== undefined && t.time < mark)) {
        skip.add(name);
        continue;
      }
      const silent = mark === undefined || t.time - mark > SILENT_AFTER_SECONDS;
      if (t.stale || (!silent && watched.has(name))) continue;
      const engine = byName.get(name);
      if (engine?.log) {
        try {
          await backfill({ ...engine, log: engine.log }, mark ?? t.time - retention, t.time - LOG_MARGIN_SECONDS, map);
          covered.add(name);
          watched.add(name);
          warned.delete(name);
          continue;
        } catch (err) {
          // Stopped, or the database failing: the next turn reads the log again (the mark has not moved).
          if (!(err instanceof LogUnreadable)) throw err;
          if (!warned.has(name)) log().warn({ err }, `State history: cannot read the log of engine '${name}' (${engine.log.where}): ${(err as Error).message}; the time nobody watched it counts as no data.`);
          warned.add(name);
        }
      }
      watched.add(name);
      if (mark !== undefined && silent) await insertGap(store, name, mark, t.time);
    }
    return { skip, covered, times };
  };

  const record = async (snapshot: MonitoringSnapshot): Promise<void> => {
    try {
      const top = await lastHistoryId(store);
      let before = known && top === seen ? compared : undefined;
      compared = undefined;
      // Another process recorded meanwhile: only what it added is read (a cluster's turns would otherwise read every
      // object's latest entry, seconds on millions of rows, whenever the recording process changes).
      if (!known || top < seen) known = knownFrom(await latestPerObject(store));
      else if (top > seen) known = knownFrom(await historyAfter(store, seen), known);
      logChanged = false;
      const c = await catchUp(snapshot, known);
      if (logChanged) before = undefined;
      const rows = await runSliced(compare(snapshot, engineName(), known, c, before));
      await insertHistory(store, rows, nextTurn);
      await setHistoryMarks(store, new Map([...c.times].filter(([name]) => !c.skip.has(name)).map(([name, t]) => [name, t.time])));
      seen = await lastHistoryId(store);
      // An engine left alone (another process ahead) was not compared: the next comparison passes over nothing.
      if (!c.skip.size) compared = snapshot;
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

type Seconds = Map<number, number>;
const addTo = (seconds: Seconds, code: number, s: number) => { if (s > 0) seconds.set(code, (seconds.get(code) ?? 0) + s); };

/** Groups rows by object; rows of one object mostly come one after another: a key only where the object changes. */
function byObjectOf(rows: readonly StateRow[]): Map<string, StateRow[]> {
  const byObject = new Map<string, StateRow[]>();
  let list: StateRow[] | undefined;
  let prev: StateRow | undefined;
  for (const r of rows) {
    if (!prev || r.service !== prev.service || r.host !== prev.host || r.engine !== prev.engine) {
      const key = objectKey(r.engine, r.host, r.service);
      list = byObject.get(key);
      if (!list) byObject.set(key, list = []);
    }
    list!.push(r);
    prev = r;
  }
  return byObject;
}

/** Adds each object's seconds per state code within [since, end) from its entries (each object's in time order). */
function addStates(totals: readonly Seconds[], objects: readonly AvailabilityObject[], rows: readonly StateRow[], since: number, end: number): void {
  const byObject = byObjectOf(rows);
  objects.forEach((o, i) => {
    let at = since;
    let state = NO_DATA;
    for (const r of byObject.get(objectKey(o.engine, o.host, o.service)) ?? []) {
      const from = Math.min(Math.max(r.time, since), end);
      addTo(totals[i]!, state, from - at);
      at = from;
      state = r.state;
    }
    addTo(totals[i]!, state, end - at);
  });
}

/** A share of a window in percent, to three decimals (0 for an empty window), as every availability figure gives it. */
export const percentOf = (seconds: number, span: number): number => (span ? Math.round((seconds / span) * 100_000) / 1000 : 0);

function availabilityFrom(objects: readonly AvailabilityObject[], totals: readonly Seconds[], span: number): Availability[] {
  return objects.map((o, i) => {
    const isService = o.service !== '';
    const seconds: Record<string, number> = Object.fromEntries([...(isService ? SERVICE_STATES : HOST_STATES), NO_DATA_WORD].map((w) => [w, 0]));
    for (const [code, s] of totals[i]!) {
      const w = stateWord(code, isService);
      seconds[w] = (seconds[w] ?? 0) + s;
    }
    const percent = Object.fromEntries(Object.entries(seconds).map(([w, s]) => [w, percentOf(s, span)]));
    return { ...o, seconds, percent };
  });
}

/**
 * The time each object spent in each state within [since, end): before its first entry, and while its engine was not
 * answering, it counts as no data. `rows` are state entries, each object's in time order, with each object's last one
 * before the window.
 */
export function availabilityOf(objects: readonly AvailabilityObject[], rows: readonly StateRow[], since: number, end: number): Availability[] {
  const totals = objects.map((): Seconds => new Map());
  addStates(totals, objects, rows, since, end);
  return availabilityFrom(objects, totals, Math.max(0, end - since));
}

/** A stretch of an availability window: whole UTC days no gap touches are summed from the rollups, the rest from entries. */
interface Stretch { from: number; to: number; whole: boolean }

function stretchesOf(since: number, end: number, gaps: readonly Gap[]): Stretch[] {
  const out: Stretch[] = [];
  const push = (from: number, to: number, whole: boolean) => {
    if (to <= from) return;
    const prev = out[out.length - 1];
    if (prev && prev.whole === whole && prev.to === from) prev.to = to;
    else out.push({ from, to, whole });
  };
  const firstWhole = dayOf(since) === since ? since : dayOf(since) + DAY_SECONDS;
  const lastWhole = dayOf(end);
  if (firstWhole >= lastWhole) return [{ from: since, to: end, whole: false }];
  push(since, firstWhole, false);
  for (let day = firstWhole; day < lastWhole; day += DAY_SECONDS) {
    push(day, day + DAY_SECONDS, !gaps.some((g) => g.start < day + DAY_SECONDS && g.end > day));
  }
  push(lastWhole, end, false);
  return out;
}

/**
 * The availability of `objects` over [since, end), as availabilityOf computes it from every entry and gap, read the
 * cheap way: whole UTC days that no gap of the objects' engines touches are summed from the daily rollups
 * (db/historyDays.ts) by the database; the partial first and last days, and days a gap touches, from their entries
 * (summed by the database where no gap touches them, else read and laid out with the gaps, withGaps). Each stretch
 * starts from each object's last entry before it (time and state) as the one before ends it, so a gap laid over it
 * counts as when every entry is read. `host` narrows to one host; by default to the objects' hosts.
 */
export async function availabilityFor(
  store: Store, objects: readonly AvailabilityObject[], since: number, end: number, host?: string,
): Promise<Availability[]> {
  // Read by host and service, so many objects a statement.
  if (objects.length > OBJECTS_PER_STATEMENT) {
    const parts: Availability[][] = [];
    for (let i = 0; i < objects.length; i += OBJECTS_PER_STATEMENT) {
      parts.push(await availabilityFor(store, objects.slice(i, i + OBJECTS_PER_STATEMENT), since, end));
    }
    return parts.flat();
  }
  const totals = objects.map((): Seconds => new Map());
  const span = Math.max(0, end - since);
  if (!objects.length || !span) return availabilityFrom(objects, totals, span);
  // The objects read (of `host` only, when given): by host and service, straight to their rows.
  const only = objects.filter((o) => host === undefined || o.host === host);
  const engines = new Set(objects.map((o) => o.engine));
  const gaps = (await gapsFor(store, since, end)).filter((g) => engines.has(g.engine));
  const keys = objects.map((o) => objectKey(o.engine, o.host, o.service));
  const index = new Map(keys.map((key, i) => [key, i]));
  // Each object's last entry before the stretch at hand; the first stretch reads its day's entries before `since`.
  const entering = await lastBeforeDay(store, dayOf(since), only);
  for (const s of stretchesOf(since, end, gaps)) {
    const from = s.from === since ? dayOf(since) : s.from;
    if (s.whole) {
      const sums = await daySums(store, s.from, s.to, only);
      keys.forEach((key, i) => {
        const state = entering.get(key)?.state ?? NO_DATA;
        const own = sums.get(key);
        if (!own) return addTo(totals[i]!, state, s.to - s.from);
        addTo(totals[i]!, state, own.entering);
        for (const [code, seconds] of own.seconds) addTo(totals[i]!, code, seconds);
        addTo(totals[i]!, own.last.state, s.to - own.lastDayEnd);
        entering.set(key, own.last);
      });
    } else if (!gaps.some((g) => g.start < s.to && g.end > s.from)) {
      // No gap: the database sums the entries; before an object's first one it is in its state entering the stretch.
      const spans = await stateSpans(store, from, s.from, s.to, only);
      const first = new Map<string, number>();
      for (const r of spans) {
        const key = objectKey(r.engine, r.host, r.service);
        first.set(key, Math.min(first.get(key) ?? r.first, r.first));
      }
      keys.forEach((key, i) => {
        addTo(totals[i]!, entering.get(key)?.state ?? NO_DATA, Math.min(first.get(key) ?? s.to, s.to) - s.from);
      });
      for (const r of spans) {
        const key = objectKey(r.engine, r.host, r.service);
        const i = index.get(key);
        if (i !== undefined) addTo(totals[i]!, r.state, r.seconds);
        if (r.lastTime !== null) entering.set(key, { time: r.lastTime, state: r.lastState! });
      }
    } else {
      const rows: StateRow[] = [];
      objects.forEach((o, i) => {
        const last = entering.get(keys[i]!);
        if (last) rows.push({ ...o, time: last.time, state: last.state });
      });
      const entries = await stateEntries(store, from, s.to, undefined, only);
      for (const r of entries) entering.set(objectKey(r.engine, r.host, r.service), { time: r.time, state: r.state });
      addStates(totals, objects, withGaps(rows.concat(entries), gaps), s.from, s.to);
    }
  }
  return availabilityFrom(objects, totals, span);
}
