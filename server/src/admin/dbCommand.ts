import { copyStorage } from '../db/copy.js';
import { describeDatabaseUrl, openPostgresStorage } from '../db/postgres.js';
import type { Storage } from '../db/store.js';

interface Out { log(line: string): void; error(line: string): void }

/** `db migrate`: opening the storage ran the migrations; say where and at which version it now is. */
export async function showMigrated(storage: Storage, out: Out): Promise<void> {
  const row = await storage.store.selectFrom('pharos_migrations').select((eb) => eb.fn.max('version').as('v')).executeTakeFirst();
  out.log(`The ${storage.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} database at ${storage.location} is at schema version ${Number(row?.v ?? 0)}.`);
}

const engine = (s: Storage) => `${s.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} ${s.location}`;

/** `db copy --to URL`: every row of `source` into the (migrated, empty) PostgreSQL at `url`; throws if anything is off. */
export async function copyToPostgres(source: Storage, url: string, out: Out): Promise<void> {
  out.log(`Copying ${engine(source)} to PostgreSQL ${describeDatabaseUrl(url)} …`);
  const target = await openPostgresStorage(url);
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
