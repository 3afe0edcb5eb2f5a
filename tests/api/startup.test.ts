import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { STARTUP_EXIT_CODES } from '../../server/src/db/startupError.js';

/**
 * Issue 11 "Start-up": each broken data dir gives one line naming the path, the problem and what to do, and its own exit code.
 * The server runs as a real child process (`tsx server/src/main.ts`), as an operator would start it.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

interface Outcome { code: number | null; stdout: string; stderr: string }

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-startup-'));
  // The unprivileged child (below) must reach paths inside it.
  fs.chmodSync(dir, 0o755);
  return dir;
}

/**
 * Starts the server on `dataDir` and waits for it to exit. `unprivileged`: as root, permissions do not stop anything,
 * so the child runs as `nobody` (with its own temp dir for tsx) and a read-only directory is read-only for it too.
 */
function startServer(dataDir: string, opts: { env?: Record<string, string>; unprivileged?: boolean } = {}): Promise<Outcome> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: '0', PHAROS_DATA_DIR: dataDir, PHAROS_ADMIN_PASSWORD: 'startup-test', PHAROS_EXIT_WITH_PARENT: '1', DEBUG: '', ...opts.env };
  const ids: { uid?: number; gid?: number } = {};
  if (opts.unprivileged && isRoot) {
    const tmp = tempDir();
    fs.chownSync(tmp, NOBODY, NOBODY);
    env.TMPDIR = tmp;
    ids.uid = NOBODY;
    ids.gid = NOBODY;
  }
  const child = spawn(tsx, ['server/src/main.ts'], { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'], ...ids });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
    // Started after all: stop it so the test reports the wrong outcome instead of hanging.
    if (stdout.includes('Pharos is running at')) child.kill('SIGTERM');
  });
  child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/** One line, no stack trace, naming the path and saying what to do. */
function expectOneClearLine(out: Outcome, problem: keyof typeof STARTUP_EXIT_CODES, named: string, says: RegExp): void {
  expect(out.stdout).not.toContain('Pharos is running at');
  const text = out.stderr.trim();
  expect(text.split('\n')).toHaveLength(1);
  expect(text).not.toMatch(/\n\s+at |Error:/);
  expect(text).toContain(named);
  expect(text).toMatch(says);
  expect(out.code).toBe(STARTUP_EXIT_CODES[problem]);
}

describe('start-up with a broken data dir', () => {
  it('gives every kind of problem its own exit code', () => {
    expect(new Set(Object.values(STARTUP_EXIT_CODES)).size).toBe(Object.keys(STARTUP_EXIT_CODES).length);
    for (const code of Object.values(STARTUP_EXIT_CODES)) expect(code).toBeGreaterThan(2);
  });

  it('a PHAROS_DATABASE_URL of another database system (issue 36: mysql:// was tried as PostgreSQL)', async () => {
    const dir = tempDir();
    const out = await startServer(path.join(dir, 'data'), { env: { PHAROS_DATABASE_URL: 'mysql://pharos:hunter2-secret@127.0.0.1:1/pharos' } });
    expectOneClearLine(out, 'database-url-invalid', 'PHAROS_DATABASE_URL', /must be a PostgreSQL URL \(postgres:\/\/USER:PASSWORD@HOST:PORT\/DB\), not mysql:/);
    expect(out.stderr).not.toContain('hunter2-secret');
    expect(fs.existsSync(path.join(dir, 'data'))).toBe(false);
  });

  it('a Nagios main config file that cannot be read: one line naming it, its own exit code, nothing served', async () => {
    const cfg = path.join(tempDir(), 'nagois.cfg');
    expectOneClearLine(await startServer(path.join(tempDir(), 'data'), { env: { PHAROS_NAGIOS_CFG: cfg } }), 'engine-config-unreadable', cfg,
      /Cannot read the Nagios main config file \S+: ENOENT: no such file or directory.*\. Check the path in PHAROS_NAGIOS_CFG/);
  });

  it('a data dir that is a file', async () => {
    const file = path.join(tempDir(), 'data');
    fs.writeFileSync(file, 'not a directory');
    expectOneClearLine(await startServer(file), 'not-a-directory', file, /is a file, not a directory\. Move the file away or set PHAROS_DATA_DIR/);
    expect(fs.readFileSync(file, 'utf8')).toBe('not a directory');
  });

  it('a data dir whose parent is a file', async () => {
    const parent = path.join(tempDir(), 'parent');
    fs.writeFileSync(parent, '');
    const dir = path.join(parent, 'data');
    expectOneClearLine(await startServer(dir), 'missing-parent', dir, new RegExp(`${parent} is a file, not a directory.*Create the parent directory first`));
  });

  it('a data dir whose missing parent cannot be created', async () => {
    // Nothing can be created under /proc/self, not even by root.
    const dir = '/proc/self/pharos-missing/data';
    expectOneClearLine(await startServer(dir), 'missing-parent', dir, /its parent does not exist and cannot be created.*Create the parent directory first/);
  });

  it('a read-only data dir', async () => {
    const dir = path.join(tempDir(), 'data');
    fs.mkdirSync(dir, { mode: 0o555 });
    fs.chmodSync(dir, 0o555);
    expectOneClearLine(await startServer(dir, { unprivileged: true }), 'read-only', dir, /is not writable \(EACCES\)\. Give the user running Pharos write access/);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('a database file the server may not write', async () => {
    const dir = path.join(tempDir(), 'data');
    fs.mkdirSync(dir);
    new Database(path.join(dir, 'pharos.sqlite')).close();
    fs.chmodSync(path.join(dir, 'pharos.sqlite'), 0o444);
    if (isRoot) fs.chownSync(dir, NOBODY, NOBODY);
    expectOneClearLine(await startServer(dir, { unprivileged: true }), 'read-only', path.join(dir, 'pharos.sqlite'), /is not writable.*write access/);
  });

  it('a corrupt database file, with the stack trace only under DEBUG', async () => {
    const dir = path.join(tempDir(), 'data');
    fs.mkdirSync(dir);
    const file = path.join(dir, 'pharos.sqlite');
    fs.writeFileSync(file, Buffer.alloc(8192, 'this is not an SQLite database '));
    expectOneClearLine(await startServer(dir), 'corrupt-database', file, /is damaged or not an SQLite database.*Restore it from a backup/);
    const debug = await startServer(dir, { env: { DEBUG: '1' } });
    expect(debug.code).toBe(STARTUP_EXIT_CODES['corrupt-database']);
    expect(debug.stderr).toMatch(/\n\s+at /);
    expect(fs.readFileSync(file).subarray(0, 31).toString()).toBe('this is not an SQLite database ');
  });

  it('a database whose pages are damaged', async () => {
    const dir = path.join(tempDir(), 'data');
    const first = await startServer(dir, { env: { PHAROS_EXIT_WITH_PARENT: '0' } });
    expect(first.stdout).toContain('Pharos is running at');
    const file = path.join(dir, 'pharos.sqlite');
    // Every page in the file itself: a first run stopped before its checkpoint leaves them in the write-ahead log,
    // where SQLite would still find good copies of the pages damaged below.
    const db = new Database(file);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const bytes = fs.readFileSync(file);
    expect(bytes.length).toBeGreaterThan(4096);
    // Keep the header page, overwrite the rest: the file still opens as SQLite but its tables are garbage.
    bytes.fill(0x5a, 4096);
    fs.writeFileSync(file, bytes);
    expectOneClearLine(await startServer(dir), 'corrupt-database', file, /is damaged or not an SQLite database/);
  });

  it('a database locked by another process', async () => {
    const dir = path.join(tempDir(), 'data');
    fs.mkdirSync(dir);
    const file = path.join(dir, 'pharos.sqlite');
    const holder = new Database(file);
    holder.pragma('journal_mode = WAL');
    holder.exec('CREATE TABLE held (x); BEGIN EXCLUSIVE; INSERT INTO held VALUES (1);');
    try {
      expectOneClearLine(await startServer(dir), 'locked-database', file, /is locked by another process.*Stop the other Pharos server/);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });
});
