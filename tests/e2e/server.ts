import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { runCli } from '../../server/src/admin/runCli.js';

export const ADMIN = { username: 'nagiosadmin', password: 'e2e-admin-password' };
const root = path.resolve(import.meta.dirname, '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

export interface RunningServer {
  /** Origin + base, e.g. http://127.0.0.1:41234/nagiosxi/ */
  url: string;
  origin: string;
  base: string;
  dataDir: string;
  /**
   * Runs an admin CLI command (`npm run admin -- ...`) against this server's data, in this process: the CLI's own
   * code, without the 2 s of starting tsx for each call. Resolves to what it printed; a non-zero exit rejects.
   */
  admin(...args: string[]): Promise<string>;
  /** The same through the real CLI, `tsx server/src/cli.ts`, in a process of its own. */
  cli(...args: string[]): Promise<string>;
  stop(): Promise<void>;
  /** Starts it again on the same port and data (after stop), optionally with other settings (a new build). */
  start(env?: Record<string, string>): Promise<void>;
  /** Ends it the hard way (SIGKILL to its whole group): no shutdown, connections cut mid-answer. */
  kill(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections are accepted by the kernel but nothing answers. */
  pause(): void;
  resume(): void;
}

interface Spawned { child: ChildProcess; url: string }

function spawnServer(env: Record<string, string>): Promise<Spawned> {
  // One Node process, as `npm start` runs it (the tsx command would add a second process per server, and its CPU).
  // Its own process group, so pause() and kill() reach whatever it starts too.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PHAROS_EXIT_WITH_PARENT: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  return new Promise<Spawned>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Pharos is running at (\S+)/.exec(output);
      if (!m) return;
      // Listening: the rest of its log (a line per request) is not kept, and the stream goes on flowing unread.
      child.stdout!.off('data', onData);
      resolve({ child, url: m[1]! });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => { output += c.toString(); });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}

/** Starts the reference server as a child on a free loopback port; it exits by itself when this process goes away. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-e2e-'));
  const baseEnv: Record<string, string> = { PORT: '0', PHAROS_DATA_DIR: dataDir, PHAROS_ADMIN_PASSWORD: ADMIN.password, ...env };
  let current = await spawnServer(baseEnv);
  const parsed = new URL(current.url);
  const run = promisify(execFile);
  const signal = (name: NodeJS.Signals) => {
    if (current.child.exitCode === null && current.child.signalCode === null && current.child.pid) process.kill(-current.child.pid, name);
  };
  // The same data as the server: its data dir, or its PostgreSQL database.
  const database = baseEnv.PHAROS_DATABASE_URL ? { PHAROS_DATABASE_URL: baseEnv.PHAROS_DATABASE_URL } : {};
  const cliEnv = { ...process.env, ...database, PHAROS_DATA_DIR: dataDir };
  return {
    url: current.url, origin: parsed.origin, base: parsed.pathname, dataDir,
    async admin(...args: string[]) {
      const printed: string[] = [];
      const errors: string[] = [];
      const code = await runCli(args, { log: (line) => printed.push(`${line}\n`), error: (line) => errors.push(line) }, cliEnv);
      if (code !== 0) throw new Error(`admin ${args.join(' ')} exited with ${code}: ${errors.join('\n')}`);
      return printed.join('');
    },
    async cli(...args: string[]) {
      const { stdout } = await run(tsx, ['server/src/cli.ts', ...args], { cwd: root, env: cliEnv });
      return stdout;
    },
    async stop() {
      const { child } = current;
      if (child.exitCode !== null || child.signalCode !== null) return;
      signal('SIGCONT');
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
    async start(extra: Record<string, string> = {}) {
      current = await spawnServer({ ...baseEnv, ...extra, PORT: parsed.port });
    },
    async kill() {
      const { child } = current;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      signal('SIGKILL');
      await exited;
    },
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
  };
}

/** Signs a user in through the login form, as a person would (benches and doc screenshots; specs use fixtures' login). */
export async function signIn(page: import('@playwright/test').Page, server: RunningServer, username = ADMIN.username, password = ADMIN.password): Promise<void> {
  await page.goto(`${server.url}login.php`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('login.php'));
}
