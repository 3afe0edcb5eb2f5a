import { sql, type Kysely } from 'kysely';
import { MIGRATIONS } from './migrations.js';
import type { Dialect } from './store.js';
import type { Tables } from './tables.js';

/** Any number that no other Pharos lock uses: the migration lock of PostgreSQL (one migrator at a time per database). */
const MIGRATION_LOCK = 7_201_001;

/** The database was migrated by a newer Pharos: running older code on it could lose what the newer one wrote. */
export class NewerDatabaseError extends Error {
  constructor(readonly version: number, readonly known: number) {
    super(`the database is at schema version ${version}, newer than this Pharos knows (${known})`);
  }
}

async function pending(db: Kysely<Tables>, dialect: Dialect): Promise<void> {
  await db.schema.createTable('pharos_migrations').ifNotExists()
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .execute();
  const row = await db.selectFrom('pharos_migrations').select((eb) => eb.fn.max('version').as('v')).executeTakeFirst();
  const current = Number(row?.v ?? 0);
  if (current > MIGRATIONS.length) throw new NewerDatabaseError(current, MIGRATIONS.length);
  for (let version = current + 1; version <= MIGRATIONS.length; version++) {
    const step = MIGRATIONS[version - 1]!;
    await step.up(db, dialect);
    await db.insertInto('pharos_migrations').values({ version, name: step.name, applied_at: Date.now() }).execute();
  }
}

/**
 * Brings the schema up to date in one transaction. Processes starting together take turns: SQLite's write lock
 * (BEGIN IMMEDIATE) or a PostgreSQL advisory lock, so one waits and then finds nothing left to do.
 */
export async function migrate(db: Kysely<Tables>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      await pending(trx, dialect);
    });
    return;
  }
  await db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      await pending(conn, dialect);
      await sql`COMMIT`.execute(conn);
    } catch (err) {
      await sql`ROLLBACK`.execute(conn);
      throw err;
    }
  });
}

/** The newest schema version this code knows. */
export const SCHEMA_VERSION = MIGRATIONS.length;
