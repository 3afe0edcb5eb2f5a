import { sql } from 'kysely';
import { byObjects, MAX_HOSTS, pruneDays, rollUpTouched, type ObjectList } from './historyDays.js';
import type { Store } from './store.js';
import type { Tables } from './tables.js';

export type HistoryRow = Omit<Tables['state_history'], 'id'>;
export type StoredHistoryRow = HistoryRow & { id: number };

/** Rows per INSERT: well under SQLite's 32,766 bound parameters at 9 columns a row. */
const BATCH = 500;

/**
 * Appends entries; one already recorded (same object, type, time, state and phase) is left as it is. A batch at a
 * time, with `pause` between batches (the first recording of a large fleet is a hundred thousand rows): no
 * transaction, which would hold the connection, and every request's query, for all of them. A recording cut short
 * is completed by the next, which compares with what the database holds. Each batch's days are summed again in the
 * daily rollups (db/historyDays.ts), whatever their age: a log read back over days already summed included.
 */
export async function insertHistory(store: Store, rows: readonly HistoryRow[], pause?: () => Promise<void>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    if (i) await pause?.();
    const batch = rows.slice(i, i + BATCH);
    await store.insertInto('state_history').values(batch)
      .onConflict((oc) => oc.columns(['engine', 'host', 'service', 'type', 'time', 'state', 'state_type', 'phase']).doNothing()).execute();
    await rollUpTouched(store, batch);
  }
}

/** The number of the newest entry (0 with none): another process recorded when it moved. */
export async function lastHistoryId(store: Store): Promise<number> {
  const row = await store.selectFrom('state_history').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The newest entry of each object and type: where recording continues from. */
export function latestPerObject(store: Store): Promise<StoredHistoryRow[]> {
  return store.selectFrom('state_history').selectAll()
    .where('id', 'in', (eb) => eb.selectFrom('state_history').select((e) => e.fn.max('id').as('id')).groupBy(['engine', 'host', 'service', 'type']))
    .execute();
}

/** Entries numbered after `after`, in the order they were written: what another process recorded since. */
export function historyAfter(store: Store, after: number): Promise<StoredHistoryRow[]> {
  return store.selectFrom('state_history').selectAll().where('id', '>', after).orderBy('id').execute();
}

export interface HistoryQuery {
  since: number;
  until: number;
  engine?: string | undefined;
  host?: string | undefined;
  /** '' for hosts only. */
  service?: string | undefined;
  state?: number | undefined;
  /** Hosts or services only. */
  kind?: 'host' | 'service' | undefined;
  type?: string | undefined;
  limit: number;
  offset: number;
}

/** Entries in [since, until), newest first. */
export function listHistory(store: Store, q: HistoryQuery): Promise<StoredHistoryRow[]> {
  let query = store.selectFrom('state_history').selectAll().where('time', '>=', q.since).where('time', '<', q.until);
  if (q.engine !== undefined) query = query.where('engine', '=', q.engine);
  if (q.host !== undefined) query = query.where('host', '=', q.host);
  if (q.service !== undefined) query = query.where('service', '=', q.service);
  if (q.state !== undefined) query = query.where('state', '=', q.state);
  if (q.kind !== undefined) query = query.where('service', q.kind === 'host' ? '=' : '<>', '');
  if (q.type !== undefined) query = query.where('type', '=', q.type);
  // The same words as the partial index of acknowledgements, downtimes and flapping (migration state-history-days),
  // which SQLite takes only for a query that says them.
  if (q.type !== undefined && q.type !== 'state') query = query.where('type', '<>', 'state');
  return query.orderBy('time', 'desc').orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute();
}

export interface StateRow { time: number; engine: string; host: string; service: string; state: number }

/** The state of an object while nothing is known of it (monitoring/history.ts's NO_DATA). */
export const NO_DATA_STATE = -1;
/**
 * An engine whose data is older than this is silent: from its last data on, its objects count as no data (as the
 * Nagios engines' staleness limit, openEngine.ts).
 */
export const SILENT_AFTER_SECONDS = 120;

/** Per engine, UNIX seconds up to which its state history is complete. */
export async function historyMarks(store: Store): Promise<Map<string, number>> {
  const rows = await store.selectFrom('history_engines').selectAll().execute();
  return new Map(rows.map((r) => [r.engine, Number(r.recorded_to)]));
}

/** Moves each engine's mark forward to `to` (never back). */
export async function setHistoryMarks(store: Store, marks: ReadonlyMap<string, number>): Promise<void> {
  for (const [engine, to] of marks) {
    await store.insertInto('history_engines').values({ engine, recorded_to: to })
      .onConflict((oc) => oc.column('engine').doUpdateSet({ recorded_to: to }).where('history_engines.recorded_to', '<', to))
      .execute();
  }
}

/** A stretch nobody watched `engine` and no log told what happened: no data for each of its objects. */
export async function insertGap(store: Store, engine: string, start: number, end: number): Promise<void> {
  if (end <= start) return;
  await store.insertInto('history_gaps').values({ engine, start_time: start, end_time: end })
    .onConflict((oc) => oc.columns(['engine', 'start_time']).doNothing()).execute();
}

export interface Gap { engine: string; start: number; end: number }

/**
 * The stretches within [since, end) without data per engine: those recorded, and an engine silent since its mark
 * (its engine or Pharos not answering now) up to `end`.
 */
export async function gapsFor(store: Store, since: number, end: number): Promise<Gap[]> {
  const rows = await store.selectFrom('history_gaps').selectAll().where('end_time', '>', since).where('start_time', '<', end).execute();
  const gaps = rows.map((r) => ({ engine: r.engine, start: Number(r.start_time), end: Number(r.end_time) }));
  for (const [engine, to] of await historyMarks(store)) {
    if (end - to > SILENT_AFTER_SECONDS) gaps.push({ engine, start: Math.max(to, since), end });
  }
  return gaps;
}

/**
 * Each object's states, in time order and one object after another, with its engine's gaps laid over them: no data
 * from a gap's start, its state again at the gap's end unless the engine said it changed meanwhile (an entry inside
 * the gap, at the engine's own time, stands).
 */
export function withGaps(rows: readonly StateRow[], gaps: readonly Gap[]): StateRow[] {
  const byEngine = new Map<string, Gap[]>();
  for (const g of gaps) byEngine.set(g.engine, [...byEngine.get(g.engine) ?? [], g]);
  // Rows of one object mostly come one after another (read by host and service): a key only where the object changes.
  const byObject = new Map<string, StateRow[]>();
  let list: StateRow[] | undefined;
  let prev: StateRow | undefined;
  for (const r of rows) {
    if (!prev || r.service !== prev.service || r.host !== prev.host || r.engine !== prev.engine) {
      const key = `${r.engine}\u0001${r.host}\u0001${r.service}`;
      list = byObject.get(key);
      if (!list) byObject.set(key, list = []);
    }
    list!.push(r);
    prev = r;
  }
  const out: StateRow[] = [];
  for (const own of byObject.values()) {
    own.sort((a, b) => a.time - b.time);
    const engineGaps = byEngine.get(own[0]!.engine);
    if (!engineGaps) {
      for (const r of own) out.push(r);
      continue;
    }
    // At one time: a state restored at a gap's end comes before an entry, an entry before a gap's start. An entry at
    // the gap's start is restored at its end too: a gap's no data never reaches past it.
    const o = { engine: own[0]!.engine, host: own[0]!.host, service: own[0]!.service };
    const events: (StateRow & { rank: number })[] = own.map((r) => ({ ...r, rank: 1 }));
    for (const g of engineGaps) {
      events.push({ ...o, time: g.start, state: NO_DATA_STATE, rank: 2 });
      let before: StateRow | undefined;
      for (const r of own) if (r.time < g.end) before = r;
      if (before && before.time <= g.start) events.push({ ...o, time: g.end, state: before.state, rank: 0 });
    }
    events.sort((a, b) => a.time - b.time || a.rank - b.rank);
    for (const { rank: _, ...r } of events) out.push(r);
  }
  return out;
}

const narrowTo = (host: string | readonly string[] | undefined): string[] | undefined => (
  host === undefined ? undefined : typeof host === 'string' ? [host] : host.length <= MAX_HOSTS ? [...new Set(host)] : undefined);

/**
 * The state entries in [since, until), of `hosts`' objects (all without), each object's in time order (then in the
 * order written), one object after another.
 */
export async function stateEntries(
  store: Store, since: number, until: number, hosts?: readonly string[], objects?: ObjectList,
): Promise<StateRow[]> {
  if (objects && !objects.length) return [];
  const byHost = hosts ? sql`AND host IN (${sql.join(hosts)})` : sql``;
  const { rows } = await sql<StateRow>`SELECT time, engine, host, service, state FROM state_history
    WHERE type = 'state' AND time >= ${since} AND time < ${until} ${byHost} ${byObjects(objects)}
    ORDER BY host, service, engine, time, id`.execute(store);
  // PostgreSQL's bigint comes as text.
  if (rows.length && typeof rows[0]!.time !== 'number') for (const r of rows) r.time = Number(r.time);
  return rows;
}

/**
 * The state entries an availability over [since, until) needs: those inside it and, per object, the last one before
 * it (the state the window starts in: the latest in time, the last written of those at that time), with the stretches
 * nobody watched as no data; each object's in time order (withGaps). `host` narrows to one host's objects, or to
 * several hosts' (a group's: read by host, never the whole fleet's entries). The whole computation from the entries:
 * availability reads the daily rollups instead where it can (monitoring/history.ts, availabilityFor).
 */
export async function statesForWindow(store: Store, since: number, until: number, host?: string | readonly string[]): Promise<StateRow[]> {
  // Beyond a few thousand hosts, the window's entries by time are fewer to read than a list that long.
  const hosts = narrowTo(host);
  if (hosts && !hosts.length) return [];
  const byHost = hosts ? sql`AND host IN (${sql.join(hosts)})` : sql``;
  const last = await sql<StateRow & { id: number }>`SELECT s.id, s.time, s.engine, s.host, s.service, s.state FROM state_history s JOIN (
      SELECT host, service, engine, MAX(time) AS time FROM state_history WHERE type = 'state' AND time < ${since} ${byHost}
      GROUP BY host, service, engine
    ) l ON s.host = l.host AND s.service = l.service AND s.engine = l.engine AND s.time = l.time
    WHERE s.type = 'state' ORDER BY s.id`.execute(store);
  const before = new Map<string, StateRow>();
  for (const { id: _, ...r } of last.rows) before.set(`${r.engine}\u0001${r.host}\u0001${r.service}`, { ...r, time: Number(r.time) });
  const rows = [...before.values(), ...await stateEntries(store, since, until, hosts)];
  return withGaps(rows, await gapsFor(store, since, until));
}

/**
 * Per object and state, the seconds of a stretch its entries account for, and the first entry read; the object's last
 * entry read is on one of its spans (lastTime, else null).
 */
export interface StateSpan {
  engine: string; host: string; service: string; state: number; seconds: number; first: number;
  lastTime: number | null; lastState: number | null;
}

/**
 * The seconds within [since, until) of each object's entries from `from` (at most `since`) on, summed by the database:
 * each entry lasts to the object's next one (in time, then id order) or to `until`. The time before an object's first
 * entry read is not in them: it is the state the object had at `from`. For a stretch no gap touches (a gap changes
 * the states the entries say), where reading every entry would cost more (a group's day: 80,000 entries).
 */
export async function stateSpans(store: Store, from: number, since: number, until: number, objects?: ObjectList): Promise<StateSpan[]> {
  if (objects && !objects.length) return [];
  const byHost = byObjects(objects);
  const order = sql`OVER (PARTITION BY host, service, engine ORDER BY time, id)`;
  const { rows } = await sql<StateSpan>`SELECT engine, host, service, state, MIN(time) AS first,
      SUM(CASE WHEN next > ${since} THEN next - (CASE WHEN time > ${since} THEN time ELSE ${since} END) ELSE 0 END) AS seconds,
      MAX(CASE WHEN after IS NULL THEN time END) AS "lastTime", MAX(CASE WHEN after IS NULL THEN state END) AS "lastState"
    FROM (
      SELECT engine, host, service, state, time, LEAD(time, 1, CAST(${until} AS bigint)) ${order} AS next, LEAD(id) ${order} AS after
      FROM state_history WHERE type = 'state' AND time >= ${from} AND time < ${until} ${byHost}
    ) e GROUP BY engine, host, service, state`.execute(store);
  return rows.map((r) => ({
    ...r, state: Number(r.state), first: Number(r.first), seconds: Number(r.seconds),
    lastTime: r.lastTime === null ? null : Number(r.lastTime), lastState: r.lastState === null ? null : Number(r.lastState),
  }));
}

/** Drops entries (and gaps, and whole days of rollups) older than `before` (UNIX seconds); returns how many entries. */
export async function pruneHistory(store: Store, before: number): Promise<number> {
  const result = await store.deleteFrom('state_history').where('time', '<', before).executeTakeFirst();
  await pruneDays(store, before);
  await store.deleteFrom('history_gaps').where('end_time', '<', before).execute();
  return Number(result.numDeletedRows);
}
