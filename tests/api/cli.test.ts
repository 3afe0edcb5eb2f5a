import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer } from './harness.js';
import { openSqliteStorage } from '../../server/src/db/database.js';
import type { Store } from '../../server/src/db/store.js';
import { SCHEMA_VERSION } from '../../server/src/db/migrate.js';
import { MIGRATIONS } from '../../server/src/db/migrations.js';
import { STARTUP_EXIT_CODES } from '../../server/src/db/startupError.js';
import { findUserByName } from '../../server/src/db/users.js';
import { getLicense } from '../../server/src/db/license.js';
import { getBranding } from '../../server/src/db/branding.js';
import { listBanners } from '../../server/src/db/banners.js';
import { getUpdateSettings } from '../../server/src/db/productUpdate.js';
import { runCli } from '../../server/src/admin/runCli.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
let dataDir: string;

interface Run { code: number; stdout: string; stderr: string }

/** `npm run admin -- …` as a real process: the tsx entry point on a throwaway data dir. */
function spawnCli(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(tsx, ['server/src/cli.ts', ...args], { cwd: root, env: { ...process.env, PHAROS_DATA_DIR: dataDir } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** The same commands in-process (one process start costs about a second on a busy machine). */
async function cli(...args: string[]): Promise<Run> {
  const run = { code: 0, stdout: '', stderr: '' };
  run.code = await runCli(args, { log: (l) => { run.stdout += `${l}\n`; }, error: (l) => { run.stderr += `${l}\n`; } }, { PHAROS_DATA_DIR: dataDir });
  return run;
}

/** Reads what the CLI wrote, the way the server would, then lets go of the file. */
async function inspect<T>(read: (store: Store) => T | Promise<T>): Promise<T> {
  const storage = await openSqliteStorage(dataDir);
  try {
    return await read(storage.store);
  } finally {
    await storage.close();
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-cli-'));
  // Create the schema once up front: the processes below start in parallel.
  await inspect(() => undefined);
});
afterAll(() => { fs.rmSync(dataDir, { recursive: true, force: true }); });

describe('the npm run admin entry point', () => {
  it('creates a user, and exits 1 with a message when a command is refused and 2 for an unknown command', async () => {
    const [created, refused, unknown, help] = await Promise.all([
      spawnCli('create-user', 'ops', 'ops-password', '--monitoring', '--ccm'),
      spawnCli('set-license', 'colour=blue'),
      spawnCli('frobnicate'),
      spawnCli('help'),
    ]);
    expect(created).toMatchObject({ code: 0, stdout: expect.stringContaining("Created user 'ops'") });
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('Unknown licence field: colour.') });
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining("Unknown command 'frobnicate'") });
    expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining('create-user NAME PASSWORD') });
    expect(await inspect((store) => findUserByName(store, 'ops'))).toMatchObject({ is_authorized_for_monitoring_system: 1, can_access_ccm: 1, is_admin: 0 });
  });
});

describe('users', () => {
  it('creates users with permission flags and lists them', async () => {
    expect((await cli('create-user', 'boss', 'boss-password', '--admin', '--configure', '--deploy')).code).toBe(0);
    const list = await cli('list-users');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/\tops\tmonitoring,ccm\n/);
    expect(list.stdout).toMatch(/\tboss\tadmin,configure,deploy\n/);
  });

  it('refuses duplicates, bad names, short passwords and unknown options with a message and a non-zero exit', async () => {
    const cases: [string[], number][] = [
      [['create-user', 'OPS', 'other-password'], 1], [['create-user', 'bad name', 'long-enough'], 1], [['create-user', 'shorty', 'short'], 1],
      [['create-user', 'flaggy', 'long-enough', '--root'], 2], [['create-user', 'lonely'], 2],
    ];
    for (const [args, code] of cases) {
      const run = await cli(...args);
      expect(run.code).toBe(code);
      expect(run.stderr).toMatch(/\S/);
    }
    expect(await inspect((store) => Promise.all(['shorty', 'flaggy', 'lonely', 'bad name'].map((n) => findUserByName(store, n))))).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('changes passwords and permissions; the server sees the change', async () => {
    expect((await cli('set-password', 'ops', 'new-ops-password')).code).toBe(0);
    const perms = await cli('set-permissions', 'ops', '--admin=1', '--ccm=0');
    expect(perms.code).toBe(0);
    expect(JSON.parse(perms.stdout)).toMatchObject({ username: 'ops', isAdmin: true, canAccessCCM: false, isAuthorizedForMonitoringSystem: true });
    expect((await cli('set-permissions', 'ops', '--admin=maybe')).code).toBe(1);
    expect((await cli('set-password', 'nobody', 'whatever-password')).stderr).toContain("There is no user named 'nobody'");
    // The CLI above wrote to the SQLite file of dataDir, in the server-pg project too.
    const ts = await startTestServer({ databaseUrl: undefined }, dataDir);
    try {
      const c = new Client(ts.url);
      await c.login('ops', 'new-ops-password');
      expect((await c.get('api/v2/account/auth')).body).toMatchObject({ username: 'ops', isAdmin: true, canAccessCCM: false });
    } finally {
      await ts.close();
    }
  });

  it('disables and enables users; each change is in the audit log as the system account that ran the CLI', async () => {
    expect((await cli('create-user', 'pausing', 'pausing-password')).code).toBe(0);
    expect(await cli('disable-user', 'pausing')).toMatchObject({ code: 0, stdout: expect.stringContaining("Disabled user 'pausing'") });
    expect((await cli('list-users')).stdout).toMatch(/\tpausing\t-\tdisabled\n/);
    expect(await inspect(async (store) => (await findUserByName(store, 'pausing'))?.disabled)).toBe(1);
    expect((await cli('enable-user', 'pausing')).code).toBe(0);
    expect((await cli('list-users')).stdout).toMatch(/\tpausing\t-\n/);
    const objects = await inspect(async (store) => (await store.selectFrom('audit_log').select(['username', 'object'])
      .where('object', 'like', "user 'pausing'%").orderBy('id').execute()));
    expect(objects.map((o) => o.object)).toEqual(["user 'pausing': created (no permissions; theme neptune, language en_US)",
      "user 'pausing': disabled", "user 'pausing': enabled"]);
    expect(objects.every((o) => o.username.startsWith('cli:'))).toBe(true);
  });

  it('deletes users but never the last administrator, who cannot be demoted or disabled either', async () => {
    expect((await cli('create-user', 'temp', 'temp-password')).code).toBe(0);
    expect((await cli('delete-user', 'temp')).code).toBe(0);
    expect(await inspect((store) => findUserByName(store, 'temp'))).toBeUndefined();
    expect((await cli('set-permissions', 'boss', '--admin=0')).code).toBe(0);
    const last = await cli('delete-user', 'ops');
    expect(last.code).toBe(1);
    expect(last.stderr).toContain('The last administrator cannot be deleted.');
    expect((await cli('set-permissions', 'ops', '--admin=0')).stderr).toContain('The last administrator must stay an administrator.');
    expect((await cli('disable-user', 'ops')).stderr).toContain('The last administrator cannot be disabled.');
    expect(await inspect(async (store) => (await findUserByName(store, 'ops'))?.is_admin)).toBe(1);
  });
});

describe('licence, banners, branding and update results', () => {
  it('sets and shows licence fields, refusing unknown ones without writing', async () => {
    expect((await cli('set-license', 'is_trial_license=1', 'trial_days_left=30', 'product_name=Pharos Trial')).code).toBe(0);
    expect(await inspect(getLicense)).toMatchObject({ is_trial_license: true, trial_days_left: 30, product_name: 'Pharos Trial' });
    expect((await cli('set-license', 'is_free_license=1', 'colour=blue')).code).toBe(1);
    expect((await cli('set-license', 'trial_days_left=soon')).code).toBe(1);
    expect((await cli('set-license', 'trial_days_left')).code).toBe(2);
    expect((await cli('set-license')).code).toBe(2);
    expect(await inspect(getLicense)).toMatchObject({ is_free_license: false, trial_days_left: 30 });
    expect(JSON.parse((await cli('show-license')).stdout)).toMatchObject({ is_trial_license: true, is_license_activated: true });
  });

  it('adds, lists and removes banners', async () => {
    expect((await cli('add-banner', '--message', 'Patch night', '--color', 'warning', '--no-ack')).code).toBe(0);
    expect((await cli('add-banner', '--message=Hello', '--color=info')).code).toBe(0);
    const [patch, hello] = await inspect(listBanners);
    expect(patch).toMatchObject({ message: 'Patch night', color: 'warning', acknowledgeable: 0 });
    expect(hello).toMatchObject({ message: 'Hello', color: 'info', acknowledgeable: 1 });
    expect((await cli('list-banners')).stdout).toContain(`${patch!.id}\twarning\tpermanent\tPatch night`);
    expect((await cli('add-banner', '--message', 'x', '--color', 'pink')).code).toBe(1);
    expect((await cli('add-banner', '--color', 'info')).code).toBe(1);
    expect((await cli('add-banner', '--message')).code).toBe(2);
    expect((await cli('remove-banner', 'abc')).code).toBe(1);
    expect((await cli('remove-banner', String(patch!.id))).code).toBe(0);
    expect((await cli('remove-banner', String(patch!.id))).stderr).toContain('There is no banner');
    expect((await inspect(listBanners)).map((b) => b.message)).toEqual(['Hello']);
  });

  it('sets branding and update results', async () => {
    expect((await cli('set-branding', 'copyright=ACME', 'hide_footer_left=1')).code).toBe(0);
    expect(await inspect(getBranding)).toEqual({ copyright: 'ACME', hide_about: false, hide_legal: false, hide_footer_left: true });
    expect((await cli('set-branding', 'logo=x')).code).toBe(1);
    expect((await cli('set-update', 'latest_version=2.0.0', 'last_check_succeeded=0')).code).toBe(0);
    expect(await inspect(getUpdateSettings)).toMatchObject({ latest_version: '2.0.0', last_check_succeeded: false });
    expect((await cli('set-update', 'latest_version=new')).code).toBe(1);
  });
});

describe('db migrate and db copy', () => {
  it('db migrate brings a new SQLite install up to date and names the file and the schema version', async () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-cli-migrate-'));
    const out = { stdout: '', stderr: '' };
    const io = { log: (l: string) => { out.stdout += `${l}\n`; }, error: (l: string) => { out.stderr += `${l}\n`; } };
    try {
      expect(await runCli(['db', 'migrate'], io, { PHAROS_DATA_DIR: fresh })).toBe(0);
      expect(out.stdout).toBe(`The SQLite database at ${path.join(fresh, 'pharos.sqlite')} is at schema version ${SCHEMA_VERSION}.\n`);
      const storage = await openSqliteStorage(fresh);
      try {
        const applied = await storage.store.selectFrom('pharos_migrations').select(['version', 'name']).orderBy('version').execute();
        expect(applied).toEqual(MIGRATIONS.map((m, i) => ({ version: i + 1, name: m.name })));
        // A database a newer Pharos has migrated is refused with its own exit code, not touched.
        await storage.store.insertInto('pharos_migrations').values({ version: SCHEMA_VERSION + 1, name: 'from-the-future', applied_at: Date.now() }).execute();
      } finally {
        await storage.close();
      }
      out.stderr = '';
      expect(await runCli(['db', 'migrate'], io, { PHAROS_DATA_DIR: fresh })).toBe(STARTUP_EXIT_CODES['database-newer']);
      expect(out.stderr).toContain(`schema version ${SCHEMA_VERSION + 1}`);
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('db migrate is a no-op on an up-to-date install; wrong usage of db exits 2', async () => {
    expect(await cli('db', 'migrate')).toMatchObject({ code: 0, stdout: expect.stringContaining(`is at schema version ${SCHEMA_VERSION}.`) });
    for (const args of [['db'], ['db', 'frobnicate'], ['db', 'migrate', 'extra'], ['db', 'copy'], ['db', 'copy', '--to', 'mysql://db.example/pharos'], ['db', 'copy', '--to']]) {
      const run = await cli(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^db: /);
    }
  });

  it('db copy to a PostgreSQL that cannot be reached names the host, never the password, and exits as the server would', async () => {
    // A source with a user: one without any is refused before the target is tried.
    await cli('create-user', 'copysource', 'copy-source-password-1');
    const run = await cli('db', 'copy', '--to', 'postgres://pharos:hunter2-secret@127.0.0.1:1/pharos');
    expect(run.code).toBe(STARTUP_EXIT_CODES['database-unreachable']);
    expect(run.stderr).toContain('127.0.0.1:1/pharos');
    expect(run.stdout + run.stderr).not.toContain('hunter2-secret');
    // The setting to check is the --to URL, not the server's PHAROS_DATABASE_URL, which this command did not use.
    expect(run.stderr).toContain('Check the host and port in the --to URL');
    expect(run.stderr).not.toContain('PHAROS_DATABASE_URL');
    expect(run.stderr).not.toContain('Pharos cannot start');
  });

  it('db copy refuses a source data dir that does not exist or holds no database, names it, and creates nothing', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-cli-nosource-'));
    const io = (out: { stdout: string; stderr: string }) => ({ log: (l: string) => { out.stdout += `${l}\n`; }, error: (l: string) => { out.stderr += `${l}\n`; } });
    const copy = async (dir: string) => {
      const out = { stdout: '', stderr: '' };
      const code = await runCli(['db', 'copy', '--to', 'postgres://pharos:secret@127.0.0.1:1/pharos'], io(out), { PHAROS_DATA_DIR: dir });
      return { code, ...out };
    };
    try {
      const mistyped = path.join(parent, 'pharos-dta');
      const missing = await copy(mistyped);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(`Nothing to copy: the data directory ${mistyped} does not exist.`);
      expect(missing.stdout).toBe('');
      expect(fs.existsSync(mistyped)).toBe(false);

      const empty = path.join(parent, 'empty');
      fs.mkdirSync(empty);
      const none = await copy(empty);
      expect(none.code).toBe(1);
      expect(none.stderr).toContain(`the data directory ${empty} holds no database (no pharos.sqlite)`);
      expect(fs.readdirSync(empty)).toEqual([]);

      // An SQLite file that is not a Pharos database is not migrated into one either.
      const other = path.join(parent, 'other');
      fs.mkdirSync(other);
      const foreign = new Database(path.join(other, 'pharos.sqlite'));
      foreign.exec('CREATE TABLE notes (body TEXT)');
      foreign.close();
      const notOurs = await copy(other);
      expect(notOurs.code).toBe(1);
      expect(notOurs.stderr).toContain(`${path.join(other, 'pharos.sqlite')} holds no Pharos data (no users table)`);
      expect(fs.readdirSync(other)).toEqual(['pharos.sqlite']);
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });

  it('a PHAROS_DATABASE_URL of another database system is refused with one line, not tried as PostgreSQL', async () => {
    const out = { stdout: '', stderr: '' };
    const code = await runCli(['list-users'], { log: (l) => { out.stdout += `${l}\n`; }, error: (l) => { out.stderr += `${l}\n`; } },
      { PHAROS_DATABASE_URL: 'mysql://pharos:hunter2-secret@127.0.0.1:1/pharos' });
    expect(code).toBe(STARTUP_EXIT_CODES['database-url-invalid']);
    expect(out.stderr).toBe('Pharos cannot start: PHAROS_DATABASE_URL must be a PostgreSQL URL (postgres://USER:PASSWORD@HOST:PORT/DB), not mysql:. Pharos stores its data in PostgreSQL or, without PHAROS_DATABASE_URL, in SQLite under PHAROS_DATA_DIR.\n');
    expect(out.stderr).not.toContain('cannot be reached');
    expect(out.stderr).not.toContain('hunter2-secret');
  });
});
