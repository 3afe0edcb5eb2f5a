import { sql } from 'kysely';
import type { Store } from '../../server/src/db/store.js';

/**
 * Written by the server on its own, whatever a request does: the change feed's list and log, the schema record, how
 * far the state history of each engine is complete (and where it is not), and the history's daily totals, summed
 * again as the recorder writes.
 */
const MOVING = ['alert_feed', 'alert_changes', 'pharos_migrations', 'history_engines', 'history_gaps', 'state_history_days'];

/**
 * Every row of every table except `skip` (and those the server writes by itself), as one string, on either engine:
 * what a refused request left unchanged compares equal. Rows are sorted as text, since an engine may return them in
 * any order.
 */
export async function storedRows(store: Store, ...skip: string[]): Promise<string> {
  const tables = (await store.introspection.getTables()).map((t) => t.name).filter((t) => !skip.includes(t) && !MOVING.includes(t)).sort();
  const rows = async (t: string) => (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(t)}`.execute(store)).rows.map((r) => JSON.stringify(r)).sort();
  return JSON.stringify(await Promise.all(tables.map(async (t) => [t, await rows(t)])));
}
