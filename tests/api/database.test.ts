import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openSqliteStorage } from '../../server/src/db/database.js';
import { openPostgresStorage } from '../../server/src/db/postgres.js';
import { MIGRATIONS } from '../../server/src/db/migrations.js';
import { STARTUP_EXIT_CODES } from '../../server/src/db/startupError.js';
import { STORAGE_UNAVAILABLE } from '../../server/src/db/unavailable.js';
import { usePostgres } from '../support/usePostgres.js';
import { Client, startTestServer } from './harness.js';
import { Writable } from 'node:stream';
import { createLogger, setLog } from '../../server/src/log.js';

/** Issue 22: PostgreSQL as users run it, with its faults: restarts, wrong settings, processes starting together. */
const cluster = usePostgres();
const root = path.resolve(import.meta.dirname, '..', '..');

describe('PostgreSQL faults (issue 22)', () => {
  it('a restart of PostgreSQL: requests meanwhile get a clear 503, then the server reconnects by itself, nobody logged out', async () => {
    const ts = await startTestServer({ databaseUrl: await cluster().createDatabase('restart') });
    try {
      const user = new Client(ts.url);
      await user.login();
      expect((await new Client(ts.url).get('health')).body).toEqual({ status: 'ok', database: 'postgres' });
      await cluster().restart(async () => {
        const down = await user.get<{ message: string }>('api/v2/account/auth');
        expect(down.status).toBe(503);
        expect(down.body.message).toBe(STORAGE_UNAVAILABLE);
        expect(down.headers.get('retry-after')).toBe('2');
        expect(down.text).not.toMatch(/at .+\.ts|ECONNREFUSED|stack/i);
        // A page in a frame gets a page, never JSON or a stack.
        const page = await user.get('includes/page-home-main.php', { headers: { accept: 'text/html' } });
        expect(page.status).toBe(503);
        expect(page.headers.get('content-type')).toContain('text/html');
        // Marked as a stand-in, so a frame counts it as a failed load and a wall keeps what it showed.
        expect(page.text).toContain('<meta name="pharos-unavailable" content="database">');
        expect(page.text).toContain(STORAGE_UNAVAILABLE);
        // In a frame the app loads it again; as the whole window (no worker) it loads itself again until the database is back.
        expect(page.text).not.toContain('http-equiv="refresh"');
        const window = await user.get('includes/page-home-main.php', { headers: { accept: 'text/html', 'sec-fetch-dest': 'document' } });
        expect(window.status).toBe(503);
        expect(window.text).toContain('<meta http-equiv="refresh" content="5">');
        expect((await new Client(ts.url).get('health')).status).toBe(503);
      });
      await expect.poll(async () => (await user.get('api/v2/account/auth')).status, { timeout: 15_000 }).toBe(200);
      expect((await user.get<{ username: string }>('api/v2/account/auth')).body.username).toBe('nagiosadmin');
    } finally {
      await ts.close();
    }
  });

  it('a connection the server ends while a transaction holds it fails that transaction and leaves the process running', async () => {
    const storage = await openPostgresStorage(await cluster().createDatabase('terminated'));
    const killer = await openPostgresStorage(await cluster().createDatabase('terminator'));
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => { uncaught.push(err); };
    process.on('uncaughtException', onUncaught);
    try {
      const held = storage.store.transaction().execute(async (trx) => {
        const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid;
        // Ended between two statements: no query of its own is running to receive the error.
        await sql`select pg_terminate_backend(${pid})`.execute(killer.store);
        await expect.poll(async () => (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where pid = ${pid}`.execute(killer.store)).rows[0]!.n).toBe(0);
        await sql`select 1`.execute(trx);
      }).then(() => 'committed', (err: Error) => err.name);
      expect(await held).toBe('StorageUnavailableError');
      // The pool replaces the ended connection: queries are answered again.
      await expect.poll(() => sql<{ one: number }>`select 1 as one`.execute(storage.store).then((r) => r.rows[0]!.one, () => 0)).toBe(1);
      expect(uncaught.map(String)).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await storage.close();
      await killer.close();
    }
  });

  it('a PostgreSQL with no connection to spare: requests wait for the ones this process holds instead of failing, and the log says why', async () => {
    const url = await cluster().createDatabase('few');
    // A role limited to 3 connections stands for a max_connections that more processes share than it allows.
    const admin = await openPostgresStorage(url);
    await sql`CREATE ROLE few LOGIN CONNECTION LIMIT 3`.execute(admin.store);
    await sql`ALTER DATABASE few OWNER TO few`.execute(admin.store);
    await sql`ALTER TABLE pharos_migrations OWNER TO few`.execute(admin.store);
    await admin.close();
    const warnings: string[] = [];
    const stream = new Writable({ write(chunk: Buffer, _enc, done) { warnings.push(...chunk.toString().split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { msg: string }).msg)); done(); } });
    setLog(createLogger({ stream, level: 'warn' }));
    const storage = await openPostgresStorage(url.replace('//pharos:', '//few:'));
    try {
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) =>
        sql<{ n: number }>`select ${i}::int as n from pg_sleep(0.02)`.execute(storage.store).then((r) => r.rows[0]!.n, (err: Error) => err.message)));
      expect(answers).toEqual(Array.from({ length: 40 }, (_, i) => i));
      expect(warnings).toEqual([expect.stringMatching(/^Database: PostgreSQL at \S+\/few refused more connections \(too many clients\): this process now shares [1-3] of its 20\. Raise max_connections/)]);
      expect(warnings.join()).not.toContain('not-printed');
    } finally {
      setLog(createLogger({ level: 'silent' }));
      await storage.close();
    }
  });

  it('processes starting together on an empty database migrate it once: one waits for the other', async () => {
    const url = await cluster().createDatabase('together');
    const storages = await Promise.all([1, 2, 3].map(() => openPostgresStorage(url)));
    try {
      const rows = await storages[0]!.store.selectFrom('pharos_migrations').select(['version', 'name']).orderBy('version').execute();
      expect(rows).toEqual(MIGRATIONS.map((m, i) => ({ version: i + 1, name: m.name })));
    } finally {
      await Promise.all(storages.map((s) => s.close()));
    }
    // The same on one SQLite file, from two processes (the admin CLI's `db migrate`).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-together-'));
    const migrateIn = () => new Promise<number | null>((resolve) => {
      execFile(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/src/cli.ts', 'db', 'migrate'], { cwd: root, env: { ...process.env, PHAROS_DATA_DIR: dir } },
        (error) => resolve(error ? (typeof error.code === 'number' ? error.code : 1) : 0));
    });
    expect(await Promise.all([migrateIn(), migrateIn()])).toEqual([0, 0]);
    const file = await openSqliteStorage(dir);
    expect(await file.store.selectFrom('pharos_migrations').select('version').execute()).toHaveLength(MIGRATIONS.length);
    await file.close();
  });

  it('a job runs in one process at a time: while one runs it, the others skip their turn', async () => {
    const url = await cluster().createDatabase('jobs');
    const [one, two] = await Promise.all([openPostgresStorage(url), openPostgresStorage(url)]);
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => { release = resolve; });
      let running = false;
      const first = one.exclusive('scheduled pages', () => { running = true; return held.then(() => 'first'); });
      await expect.poll(() => running).toBe(true);
      expect(await two.exclusive('scheduled pages', async () => 'second')).toBeUndefined();
      // Another job is not held up by it.
      expect(await two.exclusive('idle sessions', async () => 'other')).toBe('other');
      release();
      expect(await first).toBe('first');
      expect(await two.exclusive('scheduled pages', async () => 'second')).toBe('second');
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  // Three starts of the server, each allowed 30 s.
  it('an unreachable, refused or full database stops the start with one line naming the host, never the password, and its own exit code', { timeout: 100_000 }, async () => {
    const start = (url: string) => spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/src/main.ts'], {
      cwd: root, encoding: 'utf8', timeout: 30_000,
      env: { ...process.env, PORT: '0', PHAROS_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-badurl-')), PHAROS_DATABASE_URL: url },
    });
    const unreachable = start('postgres://pharos:s3cret-pw@127.0.0.1:1/pharos');
    expect(unreachable.status).toBe(STARTUP_EXIT_CODES['database-unreachable']);
    expect(unreachable.stderr.trim().split('\n')).toEqual([expect.stringContaining('PostgreSQL at 127.0.0.1:1/pharos cannot be reached')]);
    const refused = start(cluster().url('no_such_database'));
    // No connection to spare at all (here: a role allowed none; in life, a max_connections other processes use up).
    const none = new pg.Client({ connectionString: cluster().url() });
    await none.connect();
    await none.query('CREATE ROLE nobody_left LOGIN CONNECTION LIMIT 0');
    await none.end();
    const full = start(cluster().url().replace('//pharos:', '//nobody_left:'));
    expect(full.status).toBe(STARTUP_EXIT_CODES['database-unreachable']);
    expect(full.stderr.trim().split('\n')).toEqual([expect.stringMatching(/PostgreSQL at \S+\/postgres has no connection to spare \(53300: .*\)\. Raise its max_connections/)]);
    expect(refused.status).toBe(STARTUP_EXIT_CODES['database-refused']);
    expect(refused.stderr.trim().split('\n')).toEqual([expect.stringMatching(/PostgreSQL at \S+\/no_such_database refused the connection/)]);
    for (const run of [unreachable, refused, full]) expect(run.stderr + run.stdout).not.toMatch(/s3cret-pw|not-printed/);
  });
});
