import type { Config } from '../config.js';
import { openSqliteStorage } from './database.js';
import { describeDatabaseUrl, openPostgresStorage } from './postgres.js';
import { StartupError } from './startupError.js';
import type { Storage } from './store.js';

/** The schemes node-postgres reads; anything else (mysql://, a typo) is not tried as PostgreSQL (issue 36). */
export const POSTGRES_URL = /^postgres(ql)?:\/\//i;

/** PostgreSQL when PHAROS_DATABASE_URL is set, else the SQLite file in the data dir (the default, nothing to install). */
export function openStorage(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<Storage> {
  const url = config.databaseUrl;
  if (!url) return openSqliteStorage(config.dataDir);
  if (!POSTGRES_URL.test(url)) {
    // The scheme only: the rest of the URL may hold a password.
    const scheme = /^([a-z][a-z0-9+.-]*:)\/\//i.exec(url)?.[1] ?? 'an address without a scheme';
    throw new StartupError('database-url-invalid', describeDatabaseUrl(url),
      `Pharos cannot start: PHAROS_DATABASE_URL must be a PostgreSQL URL (postgres://USER:PASSWORD@HOST:PORT/DB), not ${scheme}. Pharos stores its data in PostgreSQL or, without PHAROS_DATABASE_URL, in SQLite under PHAROS_DATA_DIR.`);
  }
  return openPostgresStorage(url);
}
