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
 * is completed by the next, which compares with what the database holds.
 */
export async function insertHistory(store: Store, rows: readonly HistoryRow[], pause?: () => Promise<void>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    if (i) await pause?.();
    await store.insertInto('state_history').values(rows.slice(i, i + BATCH))
      .onConflict((oc) => oc.columns(['engine', 'host', 'service', 'type', 'time', 'state', 'state_type', 'phase']).doNothing()).execute();
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
  return query.orderBy('time', 'desc').orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute();
}

export interface StateRow { time: number; engine: string; host: string; service: string; state: number }

/**
 * The state entries an availability over [since, until) needs: those inside it and, per object, the last one before
 * it (the state the window starts in). `host` narrows to one host's objects.
 */
export async function statesForWindow(store: Store, since: number, until: number, host?: string): Promise<StateRow[]> {
  const cols = ['time', 'engine', 'host', 'service', 'state'] as const;
  let inside = store.selectFrom('state_history').select(cols).where('type', '=', 'state').where('time', '>=', since).where('time', '<', until);
  let before = store.selectFrom('state_history').select(cols).where('type', '=', 'state')
    .where('id', 'in', (eb) => {
      let last = eb.selectFrom('state_history').select((e) => e.fn.max('id').as('id')).where('type', '=', 'state').where('time', '<', since);
      if (host !== undefined) last = last.where('host', '=', host);
      return last.groupBy(['engine', 'host', 'service']);
    });
  if (host !== undefined) {
    inside = inside.where('host', '=', host);
    before = before.where('host', '=', host);
  }
  const rows = [...await before.execute(), ...await inside.execute()];
  return rows.map((r) => ({ ...r, time: Number(r.time) })).sort((a, b) => a.time - b.time);
}

/** Drops entries older than `before` (UNIX seconds); returns how many. */
export async function pruneHistory(store: Store, before: number): Promise<number> {
  const result = await store.deleteFrom('state_history').where('time', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
