import crypto from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrate, NewerDatabaseError } from './migrate.js';
import { newerDatabase, StartupError } from './startupError.js';
import type { Storage, Store } from './store.js';
import type { Tables } from './tables.js';
import { isConnectionLoss, StorageUnavailableError } from './unavailable.js';
import { createDatabaseHealth, type DatabaseHealth } from './health.js';
import { log } from '../log.js';

/** Times are bigint columns (int8): read them as numbers, as SQLite does; counts are int8 too. */
const INT8 = 20;
const types = { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8 ? Number : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser };

/**
 * Where a PostgreSQL URL is set, for messages: the server's PHAROS_DATABASE_URL, or `db copy`'s --to (issue 36: its
 * errors sent the operator to check PHAROS_DATABASE_URL).
 */
export type DatabaseUrlSetting = 'PHAROS_DATABASE_URL' | 'the --to URL';

/** host:port/database from a PostgreSQL URL, never its password; a socket directory counts as the host. */
export function describeDatabaseUrl(url: string, setting: DatabaseUrlSetting = 'PHAROS_DATABASE_URL'): string {
  try {
    const u = new URL(url);
    const host = decodeURIComponent(u.hostname) || u.searchParams.get('host') || 'localhost';
    return `${host}:${u.port || '5432'}${u.pathname || '/'}`;
  } catch {
    return `an unreadable ${setting === 'PHAROS_DATABASE_URL' ? setting : '--to URL'}`;
  }
}

const codeOf = (err: unknown): string => String((err as { code?: unknown }).code ?? '');
/** SQLSTATE 53300: PostgreSQL has no connection to spare (its max_connections, or the role's CONNECTION LIMIT). */
const TOO_MANY_CONNECTIONS = '53300';

/** A refused login or a missing database is the operator's setting; anything else at connect time is "cannot reach". */
function connectError(err: unknown, where: string, setting: DatabaseUrlSetting): StartupError {
  const code = codeOf(err);
  const lead = setting === 'PHAROS_DATABASE_URL' ? 'Pharos cannot start' : 'Cannot copy';
  if (['28P01', '28000', '3D000', '42501'].includes(code)) {
    return new StartupError('database-refused', where,
      `${lead}: PostgreSQL at ${where} refused the connection (${code}: ${(err as Error).message}). Check the user, password and database name in ${setting}.`,
      { cause: err });
  }
  if (code === TOO_MANY_CONNECTIONS) {
    return new StartupError('database-unreachable', where,
      `${lead}: PostgreSQL at ${where} has no connection to spare (${code}: ${(err as Error).message}). Raise its max_connections, or run fewer processes (docs/scaling.md).`,
      { cause: err });
  }
  return new StartupError('database-unreachable', where,
    `${lead}: PostgreSQL at ${where} cannot be reached (${code || (err as Error).message}). Check the host and port in ${setting} and that PostgreSQL is running.`,
    { cause: err });
}

/** An advisory lock key per job name, the same in every process. */
const jobKey = (job: string): number => crypto.createHash('sha256').update(`pharos-job:${job}`).digest().readInt32BE(0);

/** A transaction-scoped advisory lock: released by itself when the transaction ends, even if this process dies. */
function advisoryExclusive(store: Store): Storage['exclusive'] {
  return (job, run) => store.transaction().execute(async (trx) => {
    const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${jobKey(job)}) AS ok`.execute(trx);
    return rows[0]?.ok ? run() : undefined;
  });
}

const GUARDED = Symbol('pharos.guarded');
type Guarded = pg.PoolClient & { [GUARDED]?: true };

/** How long a pool stays at the size PostgreSQL allowed before it tries its full size again. */
const POOL_REGROW_MS = 60_000;
/** How long a request waits for a connection before the database counts as not answering (a 503). */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * The pool as the query layer sees it, with a lost or refused connection turned into StorageUnavailableError, so a
 * PostgreSQL restart is a 503 the app retries, never a 500, and nothing else's ECONNREFUSED is mistaken for it.
 */
function guarded(pool: pg.Pool, size: number, where: string, health: DatabaseHealth): pg.Pool {
  const translate = (err: unknown): unknown => {
    if (!isConnectionLoss(err)) return err;
    health.failed(err);
    return new StorageUnavailableError(err);
  };
  let regrow: ReturnType<typeof setTimeout> | undefined;
  // Connections PostgreSQL accepted and the pool still holds: its own count includes those still being refused.
  let open = 0;
  pool.on('connect', () => { open += 1; });
  pool.on('remove', () => { open -= 1; });
  /**
   * PostgreSQL refused one more connection while this process holds some: more processes (or other applications)
   * than its max_connections allows. The request waits for one of those instead of failing, and the pool stays at
   * what PostgreSQL allowed for a while, so every request does not first knock on a full server.
   */
  const shrink = (): void => {
    const held = Math.max(1, open);
    if (pool.options.max! <= held) return;
    if (!regrow) {
      log().warn(`Database: PostgreSQL at ${where} refused more connections (too many clients): this process now shares ${held} of its ${size}. Raise max_connections, or run fewer processes (docs/scaling.md).`);
      regrow = setTimeout(() => { regrow = undefined; pool.options.max = size; }, POOL_REGROW_MS);
      regrow.unref();
    }
    pool.options.max = held;
  };
  const checkOut = async (): Promise<Guarded> => {
    const deadline = Date.now() + CONNECT_TIMEOUT_MS;
    for (;;) {
      try {
        return await pool.connect();
      } catch (err) {
        // Several requests may knock at once, each counting the others' attempts as held: so again, until one is free.
        if (codeOf(err) !== TOO_MANY_CONNECTIONS || open === 0 || Date.now() >= deadline) throw translate(err);
        shrink();
      }
    }
  };
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await checkOut();
    if (!client[GUARDED]) {
      // Checked out, a client has no error listener of the pool's: a connection that ends mid-query (a server restart)
      // would also end this process, with an unhandled 'error' event. The query fails by itself (translated below),
      // and the pool drops the broken client when it comes back.
      client.on('error', () => undefined);
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      (client as { query: unknown }).query = (...args: unknown[]) => query(...args).then((result) => {
        health.answered();
        return result;
      }, (err: unknown) => { throw translate(err); });
      client[GUARDED] = true;
    }
    return client;
  };
  return Object.assign(Object.create(pool) as pg.Pool, { connect, end: () => { clearTimeout(regrow); return pool.end(); } });
}

/**
 * Connections per process (docs/scaling.md): on PostgreSQL each query holds one for about an event-loop turn, so on a
 * busy process node-postgres's default of 10 queued requests for a connection before the CPU was the limit.
 */
const POOL_SIZE = 20;

/** Opens a pool on `url`, checks that it answers, and brings the schema up to date. */
export async function openPostgresStorage(url: string, setting: DatabaseUrlSetting = 'PHAROS_DATABASE_URL'): Promise<Storage> {
  const where = describeDatabaseUrl(url, setting);
  const pool = new pg.Pool({ connectionString: url, types, max: POOL_SIZE, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, idleTimeoutMillis: 30_000 });
  // A server restart ends idle clients with an error event; the pool replaces them, and an unhandled one would end the process.
  pool.on('error', () => undefined);
  const health = createDatabaseHealth(`PostgreSQL at ${where}`);
  const store = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: guarded(pool, POOL_SIZE, where, health) }) });
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await store.destroy();
    throw connectError(err, where, setting);
  }
  try {
    await migrate(store, 'postgres');
  } catch (err) {
    await store.destroy();
    throw err instanceof NewerDatabaseError ? newerDatabase(where, err) : err;
  }
  return { store, dialect: 'postgres', location: where, exclusive: advisoryExclusive(store), close: () => store.destroy(), health };
}
