import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import postgresClient from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer } from './harness.js';
import { runCli } from '../../server/src/admin/runCli.js';
import { COPIED_TABLES, copyStorage, CopyRefused } from '../../server/src/db/copy.js';
import { openSqliteStorage } from '../../server/src/db/database.js';
import { describeDatabaseUrl, openPostgresStorage } from '../../server/src/db/postgres.js';
import type { Storage, Store } from '../../server/src/db/store.js';
import { findUserByName } from '../../server/src/db/users.js';
import { addView, listViews } from '../../server/src/db/views.js';
import { usePostgres } from '../support/usePostgres.js';

const pg = usePostgres();
const PASSWORD = 'copier-password-1';
let dataDir: string;

interface Run { code: number; stdout: string; stderr: string }

async function cli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<Run> {
  const run = { code: 0, stdout: '', stderr: '' };
  run.code = await runCli(args, { log: (l) => { run.stdout += `${l}\n`; }, error: (l) => { run.stderr += `${l}\n`; } }, env);
  return run;
}
const sqliteCli = (...args: string[]) => cli({ PHAROS_DATA_DIR: dataDir }, ...args);

async function withStorage<T>(open: () => Promise<Storage>, read: (store: Store) => Promise<T>): Promise<T> {
  const storage = await open();
  try {
    return await read(storage.store);
  } finally {
    await storage.close();
  }
}
const sqlite = <T>(read: (store: Store) => Promise<T>) => withStorage(() => openSqliteStorage(dataDir), read);
const postgres = <T>(url: string, read: (store: Store) => Promise<T>) => withStorage(() => openPostgresStorage(url), read);

/** Every copied table's rows, in an order that does not depend on the engine. */
async function contents(store: Store): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const table of COPIED_TABLES) all[table] = (await store.selectFrom(table).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
  return all;
}

const counts = async (store: Store) => Object.fromEntries(Object.entries(await contents(store)).map(([t, rows]) => [t, rows.length]));

/** An install with at least one row in every table, and gaps in the ids (deleted rows) that the copy must keep. */
async function seed(): Promise<void> {
  expect((await sqliteCli('create-user', 'leaver', 'leaver-password-1')).code).toBe(0);
  expect((await sqliteCli('create-user', 'copier', PASSWORD, '--monitoring')).code).toBe(0);
  expect((await sqliteCli('delete-user', 'leaver')).code).toBe(0);
  await sqlite(async (s) => {
    const user = (await findUserByName(s, 'copier'))!;
    const uid = user.id;
    const t = 1_700_000_000_000;
    await addView(s, uid, 'Copied view', 'https://example.com/copied');
    await addView(s, uid, 'Second copied view', 'includes/page-home-main.php');
    await s.insertInto('sessions').values({ id: 'sess-1', user_id: uid, nsp: 'nsp-1', xsrf: 'xsrf-1', created_at: t, last_seen: t }).execute();
    await s.insertInto('settings').values({ key: 'copy_test', value: 'kept' }).execute();
    await s.insertInto('user_meta').values([{ user_id: uid, key: 'note', value: 'ünïcødé ✓' }, { user_id: uid, key: 'b-note', value: "it's" }]).execute();
    const banner = await s.insertInto('banners').values({ message: 'Copied banner', color: 'warning', created_at: t }).returning('id').executeTakeFirstOrThrow();
    await s.insertInto('banner_acks').values({ banner_id: banner.id, user_id: uid, acked_at: t }).execute();
    await s.insertInto('favorites').values([{ user_id: uid, item_key: 'fav', title: 'Fav', path: '/nagiosxi/fav' }, { user_id: uid, item_key: 'another', title: 'A', path: '/a' }]).execute();
    await s.insertInto('dashboards').values({ id: 'dash-1', user_id: uid, title: 'Copied dashboard', dashlets: '[{"id":"a"}]', created_at: t }).execute();
    await s.insertInto('tools').values([{ scope: 'personal', owner_id: uid, name: 'Mine', url: 'https://example.com/t', created_at: t }, { scope: 'common', owner_id: null, name: 'Ours', url: 'https://example.com/c', created_at: t }]).execute();
    await s.insertInto('feedback_outbox').values({ user_id: uid, feedback: 'Nice', target_url: 'https://example.com/f', created_at: t, last_error: null, delivered_at: null }).execute();
    const display = await s.insertInto('displays').values({ name: 'Wall 1', user_id: uid, token_hash: 'hash-1', nsp: 'dn', xsrf: 'dx', created_at: t, last_seen: t + 1 }).returning('id').executeTakeFirstOrThrow();
    await s.insertInto('display_pairings').values({ code: 'ABCD-1234', secret_hash: 'sh', created_at: t, expires_at: t + 600_000, display_id: display.id }).execute();
    for (const action of ['login', 'gone', 'copy']) await s.insertInto('audit_log').values({ at: t, username: 'copier', address: '127.0.0.1', action, object: 'x' }).execute();
    await s.deleteFrom('audit_log').where('action', '=', 'gone').execute();
    const schedule = await s.insertInto('page_schedules').values({ user_id: uid, url: 'p', frequency: 'daily', at_time: '08:00', weekday: null, monthday: null, recipients: 'a@example.com', format: 'pdf', created_at: t, next_run_at: t + 1 }).returning('id').executeTakeFirstOrThrow();
    await s.insertInto('schedule_outbox').values({ schedule_id: schedule.id, user_id: uid, url: 'p', recipients: 'a@example.com', format: 'pdf', due_at: t, created_at: t, delivered_at: null }).execute();
    await s.insertInto('login_failures').values([{ kind: 'account', key: 'copier', failures: 2, locked_until: 0, last_failure: t }, { kind: 'address', key: '10.0.0.1', failures: 1, locked_until: t, last_failure: t }]).execute();
    await s.insertInto('rate_events').values({ kind: 'pairing', key: '127.0.0.1', at: t }).execute();
    await s.insertInto('alert_feed').values({ id: 1, run: 'run-1', seq: 2, updated: t, problems: '[]' }).execute();
    await s.insertInto('alert_changes').values([{ body: '{"a":1}' }, { body: '{"a":2}' }]).execute();
    await s.insertInto('state_history').values([{ time: 1000, engine: 'nagios', host: 'h', service: '', type: 'state', phase: '', state: 0, state_type: 1, output: 'UP' },
      { time: 1060, engine: 'nagios', host: 'h', service: 'svc', type: 'acknowledgement', phase: 'start', state: 2, state_type: 1, output: 'bad' }]).execute();
    // The daily rollup of the first entry's day (db/historyDays.ts), as insertHistory writes it.
    await s.insertInto('state_history_days').values({ host: 'h', service: '', engine: 'nagios', day: 0, first_time: 1000, last_time: 1000, end_state: 0, s_nodata: 0, s0: 86400 - 1000, s1: 0, s2: 0, s3: 0 }).execute();
    await s.insertInto('history_engines').values({ engine: 'nagios', recorded_to: 1060 }).execute();
    await s.insertInto('history_gaps').values({ engine: 'nagios', start_time: 1010, end_time: 1050 }).execute();
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-dbcopy-'));
  await seed();
});
afterAll(() => { fs.rmSync(dataDir, { recursive: true, force: true }); });

describe('db copy from SQLite to PostgreSQL', () => {
  let target = '';

  it('copies every table with its ids, prints the counts of both sides and never the password', async () => {
    target = await pg().createDatabase('pharos_copy');
    const source = await sqlite(contents);
    for (const table of COPIED_TABLES) expect(source[table]!.length, table).toBeGreaterThan(0);

    const run = await sqliteCli('db', 'copy', '--to', target);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    for (const [table, rows] of Object.entries(source)) expect(run.stdout).toMatch(new RegExp(`^${table} +${rows.length} +${rows.length}$`, 'm'));
    expect(run.stdout).toContain('every count matches');
    expect(run.stdout).not.toContain('not-printed');

    expect(await postgres(target, contents)).toEqual(source);
    // The sequences moved past the copied ids: a new row takes the next id, not one a copied row holds.
    const next = await postgres(target, async (s) => {
      const uid = (await findUserByName(s, 'copier'))!.id;
      return (await addView(s, uid, 'After the copy', 'https://example.com/after')).id;
    });
    const views = await sqlite(async (s) => s.selectFrom('views').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow());
    expect(next).toBe(Number(views.m) + 1);
  });

  it('a server on the copy lets the copied user log in and shows their views', async () => {
    const ts = await startTestServer({ databaseUrl: target });
    try {
      const c = new Client(ts.url);
      await c.login('copier', PASSWORD);
      const expected = await postgres(target, async (s) => listViews(s, (await findUserByName(s, 'copier'))!.id));
      expect(expected.map((v) => v.title)).toEqual(expect.arrayContaining(['Copied view', 'Second copied view', 'After the copy']));
      for (const [i, view] of expected.entries()) {
        expect((await c.get(`ajaxhelper.php?${new URLSearchParams({ cmd: 'getviewbynum', opts: String(i) })}`)).body).toEqual({ title: view.title, url: view.url });
      }
    } finally {
      await ts.close();
      fs.rmSync(ts.dataDir, { recursive: true, force: true });
    }
  });

  it('a server started on the copy names that database in its start line, not the SQLite data dir it no longer uses', { timeout: 60_000 }, async () => {
    const unused = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-unused-data-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..', '..'), stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', PHAROS_DATA_DIR: unused, PHAROS_DATABASE_URL: target, PHAROS_EXIT_WITH_PARENT: '1' },
    });
    let output = '';
    const exited = new Promise((r) => child.once('exit', r));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (c: Buffer) => {
          output += c.toString();
          // The start lines are written together, the monitoring source with the database.
          if (/Pharos is running at/.test(output) && /monitoring source: .*$/im.test(output)) resolve();
        });
        child.stderr.on('data', (c: Buffer) => { output += c.toString(); });
        void exited.then(() => reject(new Error(`exited before listening:\n${output}`)));
      });
      expect(output).toContain(describeDatabaseUrl(target));
      expect(output).not.toContain(unused);
      expect(output).not.toContain('not-printed');
    } finally {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(unused, { recursive: true, force: true });
    }
  });

  it('refuses a target that already holds data, and leaves it as it was', async () => {
    const before = await postgres(target, counts);
    const run = await sqliteCli('db', 'copy', '--to', target);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/already holds data \(users: \d+, /);
    expect(run.stderr).toContain('Nothing was written.');
    expect(await postgres(target, counts)).toEqual(before);
  });

  it('fails loudly and rolls back when a count differs', async () => {
    const url = await pg().createDatabase('pharos_lossy');
    // A target that quietly drops one row on insert: the copy must notice, not report success.
    await postgres(url, async (s) => {
      await sql`CREATE FUNCTION drop_one() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.action = 'copy' THEN RETURN NULL; END IF; RETURN NEW; END $$`.execute(s);
      await sql`CREATE TRIGGER drop_one BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION drop_one()`.execute(s);
    });
    const run = await sqliteCli('db', 'copy', '--to', url);
    expect(run.code).toBe(1);
    // The source's audit rows: the fixture's own and those of the CLI's user changes, which the audit log records too.
    const counted = /^audit_log +(\d+) +(\d+) {2}! differs$/m.exec(run.stderr);
    expect(counted, run.stderr).not.toBeNull();
    expect(Number(counted![2])).toBe(Number(counted![1]) - 1);
    expect(run.stderr).toContain('the copy was rolled back');
    expect(Object.values(await postgres(url, counts)).every((n) => n === 0)).toBe(true);

    await postgres(url, async (s) => { await sql`DROP TRIGGER drop_one ON audit_log`.execute(s); });
    expect((await sqliteCli('db', 'copy', '--to', url)).code).toBe(0);
    expect(await postgres(url, contents)).toEqual(await sqlite(contents));
  });

  it('refuses a mistyped data dir instead of copying an empty database it made: names the path, creates nothing, writes nothing', async () => {
    const url = await pg().createDatabase('pharos_from_nowhere');
    const mistyped = `${dataDir}-typo`;
    const run = await cli({ PHAROS_DATA_DIR: mistyped }, 'db', 'copy', '--to', url);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Nothing to copy: the data directory ${mistyped} does not exist.`);
    expect(run.stdout).not.toContain('every count matches');
    expect(fs.existsSync(mistyped)).toBe(false);
    // The target was not even opened: no schema, no rows.
    const client = new postgresClient.Client({ connectionString: url });
    await client.connect();
    try {
      expect((await client.query(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`)).rows[0]).toEqual({ n: 0 });
    } finally {
      await client.end();
    }
  });

  it('copies in batches, composite keys included, and refuses to copy a database onto itself', async () => {
    const url = await pg().createDatabase('pharos_batches');
    const source = await openSqliteStorage(dataDir);
    const target = await openPostgresStorage(url);
    try {
      const result = await copyStorage(source, target, 1);
      expect(result.ok).toBe(true);
      expect(result.tables.map((t) => t.table)).toEqual(COPIED_TABLES);
      expect(await contents(target.store)).toEqual(await contents(source.store));
      await expect(copyStorage(target, target)).rejects.toThrow(CopyRefused);
    } finally {
      await source.close();
      await target.close();
    }
  });
});
