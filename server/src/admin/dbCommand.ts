import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { copyStorage, CopyRefused } from '../db/copy.js';
import { describeDatabaseUrl, openPostgresStorage } from '../db/postgres.js';
import type { Storage } from '../db/store.js';

interface Out { log(line: string): void; error(line: string): void }

/** `db migrate`: opening the storage ran the migrations; say where and at which version it now is. */
export async function showMigrated(storage: Storage, out: Out): Promise<void> {
  const row = await storage.store.selectFrom('pharos_migrations').select((eb) => eb.fn.max('version').as('v')).executeTakeFirst();
  out.log(`The ${storage.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} database at ${storage.location} is at schema version ${Number(row?.v ?? 0)}.`);
}

const engine = (s: Storage) => `${s.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} ${s.location}`;

const SOURCE_SETTING = 'Set PHAROS_DATA_DIR to the directory that holds pharos.sqlite (or PHAROS_DATABASE_URL to copy from PostgreSQL)';

/**
 * Before `db copy` opens its source: the SQLite data dir must exist and hold a Pharos database. Opening would create
 * both (issue 36: a mistyped PHAROS_DATA_DIR got an empty database and "Copied 0 rows of 20 tables; every count
 * matches.", exit 0). Throws CopyRefused naming the path; creates nothing.
 */
export function existingSqliteSource(dataDir: string): void {
  const refuse = (why: string): never => {
    throw new CopyRefused(`Nothing to copy: ${why}. ${SOURCE_SETTING}. Nothing was created or copied.`);
  };
  const file = path.join(dataDir, 'pharos.sqlite');
  let dir: fs.Stats;
  try {
    dir = fs.statSync(dataDir);
  } catch {
    return refuse(`the data directory ${dataDir} does not exist`);
  }
  if (!dir.isDirectory()) refuse(`the data directory ${dataDir} is not a directory`);
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) refuse(`the data directory ${dataDir} holds no database (no pharos.sqlite)`);
  let tables: string[];
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      tables = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map((r) => r.name);
    } finally {
      db.close();
    }
  } catch {
    // Not readable as SQLite: opening it says what is wrong (damaged, locked, not writable), with its exit code.
    return;
  }
  if (!tables.includes('users')) refuse(`${file} holds no Pharos data (no users table)`);
}

/** `db copy --to URL`: every row of `source` into the (migrated, empty) PostgreSQL at `url`; throws if anything is off. */
export async function copyToPostgres(source: Storage, url: string, out: Out): Promise<void> {
  // Any source, PostgreSQL too: an installation without a single user is not one anybody ran.
  const users = await source.store.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(users.n) === 0) {
    throw new CopyRefused(`Nothing to copy: the ${engine(source)} database holds no Pharos data (no users). ${SOURCE_SETTING}. Nothing was copied.`);
  }
  out.log(`Copying ${engine(source)} to PostgreSQL ${describeDatabaseUrl(url, 'the --to URL')} …`);
  const target = await openPostgresStorage(url, 'the --to URL');
  try {
    const result = await copyStorage(source, target);
    const width = Math.max(5, ...result.tables.map((t) => t.table.length));
    const line = (a: string, b: string, c: string, mark = '') => `${a.padEnd(width)}  ${b.padStart(8)}  ${c.padStart(8)}${mark}`;
    const print = (l: string) => (result.ok ? out.log(l) : out.error(l));
    print(line('table', 'source', 'target'));
    for (const t of result.tables) print(line(t.table, String(t.source), String(t.target), t.source === t.target ? '' : '  ! differs'));
    const total = result.tables.reduce((n, t) => n + t.source, 0);
    print(line('total', String(total), String(result.tables.reduce((n, t) => n + t.target, 0))));
    if (!result.ok) throw new Error('The row counts differ (marked !): the copy was rolled back and the target holds nothing new.');
    out.log(`Copied ${total} rows of ${result.tables.length} tables; every count matches. Start Pharos with PHAROS_DATABASE_URL set to this database to use it.`);
  } finally {
    await target.close();
  }
}
