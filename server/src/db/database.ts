import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { adoptLegacySchema } from './sqliteLegacy.js';
import { migrate, NewerDatabaseError } from './migrate.js';
import { localExclusive, type Storage } from './store.js';
import type { Tables } from './tables.js';
import { databaseStartupError, newerDatabase, prepareDataDir, readOnly, StartupError } from './startupError.js';

export type Db = Database.Database;

/** How long a statement waits for another process's lock before SQLite gives up. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * The embedded engine: one SQLite file in `dataDir`, opened and brought up to date. A problem with the dir or the
 * file throws a StartupError.
 */
export async function openSqliteStorage(dataDir: string): Promise<Storage> {
  const deadline = Date.now() + 2 * BUSY_TIMEOUT_MS;
  for (;;) {
    const started = Date.now();
    try {
      return await openOnce(dataDir);
    } catch (err) {
      // SQLite answers BUSY at once, without waiting out the busy timeout, where waiting could deadlock: two processes
      // creating one file together (CI saw it once). Such a start tries again; a lock held for the whole timeout does not.
      const atOnce = Date.now() - started < BUSY_TIMEOUT_MS / 2;
      if (!(err instanceof StartupError && err.problem === 'locked-database' && atOnce && Date.now() < deadline)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}

async function openOnce(dataDir: string): Promise<Storage> {
  const raw = openDatabase(dataDir);
  const file = raw.name;
  const store = new Kysely<Tables>({ dialect: new SqliteDialect({ database: raw }) });
  try {
    await migrate(store, 'sqlite');
  } catch (err) {
    raw.close();
    throw err instanceof NewerDatabaseError ? newerDatabase(file, err) : databaseStartupError(err, file);
  }
  return { store, dialect: 'sqlite', location: file, exclusive: localExclusive(), close: () => store.destroy() };
}

/** Opens (creating if needed) the SQLite file in `dataDir`, without the shared migrations; problems throw a StartupError. */
export function openDatabase(dataDir: string): Db {
  prepareDataDir(dataDir);
  const file = path.join(dataDir, 'pharos.sqlite');
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    // SQLite would quietly open a read-only file read-only, and every later write would fail instead of the start.
    if (!fs.existsSync(f)) continue;
    try {
      fs.accessSync(f, fs.constants.R_OK | fs.constants.W_OK);
    } catch (err) {
      throw readOnly(f, err, 'the database file');
    }
  }
  let db: Db | undefined;
  try {
    db = cachingStatements(new Database(file));
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    // A damaged page is found now, with a clear message, rather than by some later request (the database is small).
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw Object.assign(new Error(String(check)), { code: 'SQLITE_CORRUPT' });
    adoptLegacySchema(db);
    return db;
  } catch (err) {
    db?.close();
    throw databaseStartupError(err, file);
  }
}

const MAX_CACHED_STATEMENTS = 500;

/**
 * Reuses prepared statements by SQL text: preparing is a large part of a small query's cost, and every request runs the
 * same session and user lookups. Safe here because no caller changes a statement's mode (pluck, raw, expand) or iterates.
 */
function cachingStatements(db: Db): Db {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, ReturnType<Db['prepare']>>();
  db.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = prepare(sql);
      if (cache.size < MAX_CACHED_STATEMENTS) cache.set(sql, statement);
    }
    return statement;
  }) as Db['prepare'];
  return db;
}
