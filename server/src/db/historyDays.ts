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

/**
 * Sums again the days in [from, to) (day starts) of `hosts`' objects (all objects without), from their entries: each
 * entry lasts to the next one of its object (in time, then id order) or to its day's end, whichever comes first.
 */
export async function rollUpDays(store: Store, from: number, to: number, hosts?: readonly string[]): Promise<void> {
  if (hosts && !hosts.length) return;
  if (hosts && hosts.length > HOSTS_PER_STATEMENT) {
    for (let i = 0; i < hosts.length; i += HOSTS_PER_STATEMENT) await rollUpDays(store, from, to, hosts.slice(i, i + HOSTS_PER_STATEMENT));
    return;
  }
  const byHost = hosts ? sql`AND host IN (${sql.join([...new Set(hosts)])})` : sql``;
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
export async function rollUpTouched(store: Store, rows: readonly { type: string; host: string; time: number }[]): Promise<void> {
  const hostsByDay = new Map<number, Set<string>>();
  for (const r of rows) {
    if (r.type !== 'state') continue;
    const day = dayOf(Number(r.time));
    const hosts = hostsByDay.get(day);
    if (hosts) hosts.add(r.host);
    else hostsByDay.set(day, new Set([r.host]));
  }
  for (const [day, hosts] of hostsByDay) await rollUpDays(store, day, day + DAY_SECONDS, [...hosts]);
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
  await rollUpDays(store, cut, cut + DAY_SECONDS, touched.map((r) => r.host));
  await store.deleteFrom('state_history_days').where('day', '=', cut).where('first_time', '<', before).execute();
}

export interface DayRow {
  engine: string; host: string; service: string; day: number; first: number; last: number; endState: number;
  /** Seconds from `first` to the day's end, by state code. */
  seconds: Map<number, number>;
}

type Raw = Record<string, unknown>;
const dayRow = (r: Raw): DayRow => ({
  engine: String(r.engine), host: String(r.host), service: String(r.service), day: Number(r.day),
  first: Number(r.first_time), last: Number(r.last_time), endState: Number(r.end_state),
  seconds: new Map(STATE_COLUMNS.map(([code, column]) => [code, Number(r[column])])),
});

/** Hosts a read narrows to by name; more are read whole (a list that long costs more than it saves). */
export const MAX_HOSTS = 2000;

const narrowed = (hosts: readonly string[] | undefined) => (hosts && hosts.length <= MAX_HOSTS ? [...new Set(hosts)] : undefined);

/** One object's key in the maps of rows by object. */
export const objectKey = (o: { engine: string; host: string; service: string }): string => `${o.engine}\u0001${o.host}\u0001${o.service}`;

/**
 * The rollup rows a window needs, by object (objectKey): its last row before day `from` (the state it enters the
 * window in), then its rows of the days in [from, to), in day order.
 */
export async function daysFor(store: Store, from: number, to: number, hosts?: readonly string[]): Promise<Map<string, DayRow[]>> {
  const only = narrowed(hosts);
  const out = new Map<string, DayRow[]>();
  if (only && !only.length) return out;
  const byHost = only ? sql`AND host IN (${sql.join(only)})` : sql``;
  const before = await sql<Raw>`SELECT d.* FROM state_history_days d JOIN (
      SELECT host, service, engine, MAX(day) AS day FROM state_history_days WHERE day < ${from} ${byHost}
      GROUP BY host, service, engine
    ) l ON d.host = l.host AND d.service = l.service AND d.engine = l.engine AND d.day = l.day`.execute(store);
  let inside = store.selectFrom('state_history_days').selectAll().where('day', '>=', from).where('day', '<', to);
  if (only) inside = inside.where('host', 'in', only);
  const add = (r: Raw) => {
    const row = dayRow(r);
    const key = objectKey(row);
    const list = out.get(key);
    if (list) list.push(row);
    else out.set(key, [row]);
  };
  for (const r of before.rows) add(r);
  for (const r of await inside.execute()) add(r as unknown as Raw);
  for (const list of out.values()) list.sort((a, b) => a.day - b.day);
  return out;
}
