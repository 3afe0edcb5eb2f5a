import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './schema.js';
import { databaseStartupError, prepareDataDir, readOnly } from './startupError.js';

export type Db = Database.Database;

/** Opens (creating if needed) the database in `dataDir`; a problem with the dir or the file throws a StartupError. */
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
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    // A damaged page is found now, with a clear message, rather than by some later request (the database is small).
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw Object.assign(new Error(String(check)), { code: 'SQLITE_CORRUPT' });
    migrate(db);
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

export function migrate(db: Db): void {
  // Server and CLI may open a fresh data dir at once: read the version under the write lock, one step at a time.
  for (;;) {
    const done = db.transaction(() => {
      const current = db.pragma('user_version', { simple: true }) as number;
      if (current >= migrations.length) return true;
      db.exec(migrations[current]!);
      db.pragma(`user_version = ${current + 1}`);
      return false;
    }).immediate();
    if (done) break;
  }
}
