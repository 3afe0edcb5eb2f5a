import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './schema.js';

export type Db = Database.Database;

export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'pharos.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
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
