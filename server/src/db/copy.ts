import { sql, type Kysely } from 'kysely';
import type { Storage } from './store.js';
import type { Tables } from './tables.js';

type Copied = Exclude<keyof Tables, 'pharos_migrations'>;

/**
 * Every table but pharos_migrations (the target has its own), parents before the rows that reference them (the order of
 * the migrations), each with its primary key, which orders the batches.
 */
const TABLES = [
  ['users', ['id']], ['sessions', ['id']], ['settings', ['key']], ['user_meta', ['user_id', 'key']],
  ['banners', ['id']], ['banner_acks', ['banner_id', 'user_id']], ['favorites', ['user_id', 'item_key']],
  ['views', ['id']], ['dashboards', ['user_id', 'id']], ['tools', ['id']], ['feedback_outbox', ['id']],
  ['displays', ['id']], ['display_pairings', ['code']], ['audit_log', ['id']], ['page_schedules', ['id']],
  ['schedule_outbox', ['id']], ['login_failures', ['kind', 'key']], ['rate_events', ['id']], ['alert_feed', ['id']],
  ['alert_changes', ['seq']], ['state_history', ['id']],
  ['history_engines', ['engine']], ['history_gaps', ['engine', 'start_time']],
  ['state_history_days', ['host', 'service', 'engine', 'day']],
] as const satisfies readonly (readonly [Copied, readonly string[]])[];

// A table added to Tables but not above would silently stay behind: make that a compile error.
type Missing = Exclude<Copied, (typeof TABLES)[number][0]>;
const allTablesListed: [Missing] extends [never] ? true : never = true;
void allTablesListed;

/** Every table `db copy` copies, in its order. */
export const COPIED_TABLES: readonly Copied[] = TABLES.map(([table]) => table);

/** Rows go over in batches well under PostgreSQL's 65,535 parameters per statement (at most 11 columns here). */
const BATCH = 500;

export interface TableCount { table: string; source: number; target: number }

/** ok: every count matched and the copy is committed; otherwise the target was rolled back and holds nothing new. */
export interface CopyResult { ok: boolean; tables: TableCount[] }

/** The target cannot take the copy (it holds data, or is the source); nothing was written. */
export class CopyRefused extends Error {}

/** The copy loops over tables by name: this view of a store takes any table and column name. */
type Loose = Kysely<Record<string, Record<string, unknown>>>;
type Row = Record<string, unknown>;

const countOf = async (db: Loose, table: string): Promise<number> =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

/** One batch after `after` (the last key of the previous batch), in key order. */
function batchAfter(db: Loose, table: string, key: readonly string[], after: Row | undefined, limit: number) {
  let q = db.selectFrom(table).selectAll();
  // A row value comparison, as long as the key (both engines have them).
  if (after) q = q.where(sql<boolean>`(${sql.join(key.map((k) => sql.ref(k)))}) > (${sql.join(key.map((k) => after[k]))})`);
  for (const k of key) q = q.orderBy(k);
  return q.limit(limit).execute();
}

class CountsDiffer extends Error {}

/** Rows kept their ids, so each sequence (of a `serial` column) still stands at 1: move it past the copied ids. */
async function resetSequences(db: Kysely<Tables>): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND (column_default LIKE 'nextval(%' OR is_identity = 'YES')`.execute(db);
  for (const { table_name: table, column_name: column } of rows) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), COALESCE(MAX(${sql.ref(column)}), 1)) FROM ${sql.table(table)}`.execute(db);
  }
}

/**
 * Copies every row of `source` into `target`, keeping ids, in one transaction on the target: on any error or a row count
 * that differs afterwards, nothing stays in the target. The source is read in one snapshot (a running server may keep
 * writing), so the counts compared are of one moment. The target must hold no data: its own migrations are enough.
 */
export async function copyStorage(source: Storage, target: Storage, batchSize = BATCH): Promise<CopyResult> {
  if (source.dialect === target.dialect && source.location === target.location) {
    throw new CopyRefused(`The target ${target.location} is the database being copied.`);
  }
  const counts: TableCount[] = TABLES.map(([table]) => ({ table, source: 0, target: 0 }));
  const read = source.dialect === 'postgres'
    ? source.store.transaction().setIsolationLevel('repeatable read').setAccessMode('read only')
    : source.store.transaction();
  try {
    // Both transactions stay open for the whole copy: that is what makes it all-or-nothing and consistent.
    await read.execute(async (srcTrx) => {
      const src = srcTrx as unknown as Loose;
      await target.store.transaction().execute(async (dstTrx) => {
        const dst = dstTrx as unknown as Loose;
        const filled: string[] = [];
        for (const [table] of TABLES) {
          const n = await countOf(dst, table);
          if (n) filled.push(`${table}: ${n}`);
        }
        if (filled.length) {
          throw new CopyRefused(`The target ${target.location} already holds data (${filled.join(', ')}): db copy only fills a new, empty database. Nothing was written.`);
        }
        for (const [i, [table, key]] of TABLES.entries()) {
          counts[i]!.source = await countOf(src, table);
          let last: Row | undefined;
          for (;;) {
            const rows = await batchAfter(src, table, key, last, batchSize);
            if (!rows.length) break;
            await dst.insertInto(table).values(rows).execute();
            last = rows[rows.length - 1];
          }
          counts[i]!.target = await countOf(dst, table);
        }
        if (target.dialect === 'postgres') await resetSequences(dstTrx);
        if (counts.some((c) => c.source !== c.target)) throw new CountsDiffer();
      });
    });
  } catch (err) {
    if (err instanceof CountsDiffer) return { ok: false, tables: counts };
    throw err;
  }
  return { ok: true, tables: counts };
}
