import { sql } from 'kysely';
import type { Store } from './store.js';

/**
 * Daily rollups of the state history (issue 37's availability over a year or a group's month): per object and UTC day
 * with state entries, the seconds from the day's first entry to its end in each state, and the day's last entry. A row
 * depends only on its own day's entries (the time before the day's first entry is the previous row's end state), so
 * an entry written into any day, in any order, needs only that object's day summed again.
 */
export const DAY_SECONDS = 86400;

/** The start of the UTC day holding `t` (UNIX seconds). */
export const dayOf = (t: number): number => t - (((t % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS);

/** The rollup's seconds columns by state code (NO_DATA is -1). */
export const STATE_COLUMNS = [[-1, 's_nodata'], [0, 's0'], [1, 's1'], [2, 's2'], [3, 's3']] as const;

/** Hosts per statement: well under SQLite's and PostgreSQL's bound parameter limits. */
const HOSTS_PER_STATEMENT = 500;

/** Which objects a rollup sums again: all, those of some hosts, or some objects (host and service). */
type Which = { hosts: readonly string[] } | { objects: readonly (readonly [string, string])[] } | undefined;

/**
 * Sums again the days in [from, to) (day starts) of some objects (all without), from their entries: each entry lasts
 * to the next one of its object (in time, then id order) or to its day's end, whichever comes first.
 */
export async function rollUpDays(store: Store, from: number, to: number, which?: Which): Promise<void> {
  const list: readonly unknown[] | undefined = which && ('hosts' in which ? which.hosts : which.objects);
  if (list && !list.length) return;
  if (which && list!.length > HOSTS_PER_STATEMENT) {
    for (let i = 0; i < list!.length; i += HOSTS_PER_STATEMENT) {
      await rollUpDays(store, from, to, 'hosts' in which
        ? { hosts: which.hosts.slice(i, i + HOSTS_PER_STATEMENT) } : { objects: which.objects.slice(i, i + HOSTS_PER_STATEMENT) });
    }
    return;
  }
  const byHost = !which ? sql``
    : 'hosts' in which ? sql`AND host IN (${sql.join([...new Set(which.hosts)])})`
    : sql`AND (host, service) IN (VALUES ${sql.join(which.objects.map(([host, service]) => sql`(${host}, ${service})`))})`;
  const end = sql`(day + ${DAY_SECONDS})`;
  const lasts = sql`(next IS NULL OR next >= ${end})`;
  const seconds = STATE_COLUMNS.map(([code]) => sql`SUM(CASE WHEN state = ${sql.lit(code)} THEN (CASE WHEN ${lasts} THEN ${end} ELSE next END) - time ELSE 0 END)`);
  // `WHERE true`: SQLite's upsert after a SELECT needs a WHERE to parse.
  await sql`INSERT INTO state_history_days (host, service, engine, day, first_time, last_time, end_state, s_nodata, s0, s1, s2, s3)
    SELECT host, service, engine, day, MIN(time), MAX(time), MAX(CASE WHEN ${lasts} THEN state END), ${sql.join(seconds)}
    FROM (
      SELECT host, service, engine, time, state, time - time % ${DAY_SECONDS} AS day,
        LEAD(time) OVER (PARTITION BY host, service, engine ORDER BY time, id) AS next
      FROM state_history WHERE type = 'state' AND time >= ${from} AND time < ${to} ${byHost}
    ) e WHERE true GROUP BY host, service, engine, day
    ON CONFLICT (host, service, engine, day) DO UPDATE SET first_time = excluded.first_time, last_time = excluded.last_time,
      end_state = excluded.end_state, s_nodata = excluded.s_nodata, s0 = excluded.s0, s1 = excluded.s1, s2 = excluded.s2,
      s3 = excluded.s3`.execute(store);
}

/** Every object's every day, from all entries (a new rollup table, a bench's entries written around the server). */
export async function rollUpAllDays(store: Store): Promise<void> {
  await rollUpDays(store, 0, Number.MAX_SAFE_INTEGER);
}

/** Sums again each day the entries `rows` fell in (insertHistory, after writing them). */
export async function rollUpTouched(store: Store, rows: readonly { type: string; host: string; service: string; time: number }[]): Promise<void> {
  // Only the objects written to: a busy host's other services' days stay as they are.
  const byDay = new Map<number, Map<string, readonly [string, string]>>();
  for (const r of rows) {
    if (r.type !== 'state') continue;
    const day = dayOf(Number(r.time));
    const objects = byDay.get(day) ?? new Map<string, readonly [string, string]>();
    objects.set(`${r.host}\u0001${r.service}`, [r.host, r.service]);
    byDay.set(day, objects);
  }
  for (const [day, objects] of byDay) await rollUpDays(store, day, day + DAY_SECONDS, { objects: [...objects.values()] });
}

/**
 * After the entries before `before` were pruned: days wholly before it go, and the day it cuts is summed again from
 * the entries left (a row of it whose entries are all gone goes too).
 */
export async function pruneDays(store: Store, before: number): Promise<void> {
  const cut = dayOf(before);
  await store.deleteFrom('state_history_days').where('day', '<', cut).execute();
  const touched = await store.selectFrom('state_history_days').select('host').distinct()
    .where('day', '=', cut).where('first_time', '<', before).execute();
  if (!touched.length) return;
  await rollUpDays(store, cut, cut + DAY_SECONDS, { hosts: touched.map((r) => r.host) });
  await store.deleteFrom('state_history_days').where('day', '=', cut).where('first_time', '<', before).execute();
}

/** An object's last entry before some time: the state it is in from then on. */
export interface LastEntry { time: number; state: number }

/** Hosts a read narrows to by name; more are read whole (a list that long costs more than it saves). */
export const MAX_HOSTS = 2000;

/** One object's key in the maps by object. */
export const objectKey = (o: { engine: string; host: string; service: string }): string => `${o.engine}\u0001${o.host}\u0001${o.service}`;

/** Objects a read narrows to: read by host and service, the index's first two columns, straight to their rows. */
export type ObjectList = readonly { host: string; service: string }[];

/** Objects per statement: 2 bound parameters each, well under SQLite's 32,766 and PostgreSQL's 65,535. */
export const OBJECTS_PER_STATEMENT = 5000;

export const byObjects = (objects: ObjectList | undefined) => (objects
  ? sql`AND (host, service) IN (VALUES ${sql.join(objects.map((o) => sql`(${o.host}, ${o.service})`))})` : sql``);

/** Per object (objectKey), its last entry before day `day` (a day start), from the rollups (of `objects`, or all). */
export async function lastBeforeDay(store: Store, day: number, objects?: ObjectList): Promise<Map<string, LastEntry>> {
  const out = new Map<string, LastEntry>();
  if (objects && !objects.length) return out;
  const { rows } = await sql<{ engine: string; host: string; service: string; last_time: number; end_state: number }>`
    SELECT d.engine, d.host, d.service, d.last_time, d.end_state FROM state_history_days d JOIN (
      SELECT host, service, engine, MAX(day) AS day FROM state_history_days WHERE day < ${day} ${byObjects(objects)}
      GROUP BY host, service, engine
    ) l ON d.host = l.host AND d.service = l.service AND d.engine = l.engine AND d.day = l.day`.execute(store);
  for (const r of rows) out.set(objectKey(r), { time: Number(r.last_time), state: Number(r.end_state) });
  return out;
}

/** What the rollups of whole days say of one object: seconds per state code, and its last entry in them. */
export interface DaySums {
  /** Seconds by state code, but for those before the object's first entry in the days (`entering`). */
  seconds: Map<number, number>;
  /** Seconds before the first entry in the days: in the state the object entered them in. */
  entering: number;
  /** The last entry in the days, and the end of its day (from there to the days' end it is in its state). */
  last: LastEntry;
  lastDayEnd: number;
}

/**
 * The whole days [from, to) (day starts) summed by the database from the rollups, per object (objectKey) with
 * entries in them: each day's seconds from its first entry on, and the time before each day's first entry in the
 * previous day's last state.
 */
export async function daySums(store: Store, from: number, to: number, objects?: ObjectList): Promise<Map<string, DaySums>> {
  const out = new Map<string, DaySums>();
  if (objects && !objects.length) return out;
  const w = sql`OVER (PARTITION BY host, service, engine ORDER BY day)`;
  const isLast = sql`next_day IS NULL`;
  const { rows } = await sql<Record<string, string | number | null>>`
    SELECT engine, host, service, prev_state, SUM(first_time - COALESCE(prev_day + ${DAY_SECONDS}, ${from})) AS carried,
      ${sql.join(STATE_COLUMNS.map(([, column]) => sql`SUM(${sql.ref(column)}) AS ${sql.ref(column)}`))},
      MAX(CASE WHEN ${isLast} THEN day END) AS last_day, MAX(CASE WHEN ${isLast} THEN last_time END) AS last_time,
      MAX(CASE WHEN ${isLast} THEN end_state END) AS last_state
    FROM (
      SELECT host, service, engine, day, first_time, last_time, end_state, s_nodata, s0, s1, s2, s3,
        LAG(end_state) ${w} AS prev_state, LAG(day) ${w} AS prev_day, LEAD(day) ${w} AS next_day
      FROM state_history_days WHERE day >= ${from} AND day < ${to} ${byObjects(objects)}
    ) r GROUP BY engine, host, service, prev_state`.execute(store);
  for (const r of rows) {
    const key = objectKey({ engine: String(r.engine), host: String(r.host), service: String(r.service) });
    let sums = out.get(key);
    if (!sums) out.set(key, sums = { seconds: new Map(), entering: 0, last: { time: 0, state: 0 }, lastDayEnd: from });
    const add = (code: number, seconds: number) => { if (seconds) sums.seconds.set(code, (sums.seconds.get(code) ?? 0) + seconds); };
    if (r.prev_state === null) sums.entering += Number(r.carried);
    else add(Number(r.prev_state), Number(r.carried));
    for (const [code, column] of STATE_COLUMNS) add(code, Number(r[column]));
    if (r.last_day !== null) {
      sums.last = { time: Number(r.last_time), state: Number(r.last_state) };
      sums.lastDayEnd = Number(r.last_day) + DAY_SECONDS;
    }
  }
  return out;
}

