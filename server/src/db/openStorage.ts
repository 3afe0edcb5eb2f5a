import type { Config } from '../config.js';
import { openSqliteStorage } from './database.js';
import { openPostgresStorage } from './postgres.js';
import type { Storage } from './store.js';

/** PostgreSQL when PHAROS_DATABASE_URL is set, else the SQLite file in the data dir (the default, nothing to install). */
export function openStorage(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<Storage> {
  return config.databaseUrl ? openPostgresStorage(config.databaseUrl) : openSqliteStorage(config.dataDir);
}
