import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** A throwaway PostgreSQL cluster: its own temp dir, reachable only through a unix socket in that dir. */
export interface PostgresCluster {
  /** postgres://pharos:…@%2F<socket dir>/<dbName>; the password is ignored (trust) and there to prove it is never printed. */
  url(dbName?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown: sessions are cut), runs `meanwhile`, and starts it again on the same data. */
  restart(meanwhile?: () => Promise<void>): Promise<void>;
  /** Stops the server by its PID (fast shutdown, immediate if that hangs) and removes the temp dir. Safe to call twice. */
  stop(): Promise<void>;
}

/** Debian's binaries: PHAROS_PG_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
function binDir(): string {
  if (process.env.PHAROS_PG_BIN) return process.env.PHAROS_PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions.length) throw new Error(`No PostgreSQL under ${root}: install Debian's postgresql package (or set PHAROS_PG_BIN).`);
  return path.join(root, versions[0]!, 'bin');
}

/** initdb refuses to run as root: then the cluster belongs to nobody (docs: ../shared/recipes/postgresql.md). */
const asRoot = process.getuid?.() === 0;
const AS_NOBODY = ['--reuid=nobody', '--regid=nogroup', '--clear-groups'];

function runAsOwner(file: string, args: string[]) {
  return asRoot ? run('setpriv', [...AS_NOBODY, file, ...args]) : run(file, args);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Starts a cluster (about a second, mostly initdb). Stop it in afterAll. */
export async function startPostgres(): Promise<PostgresCluster> {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-pg-'));
  const data = path.join(dir, 'data');
  let pid = 0;
  let stopped = false;
  // If the test process ends without afterAll (a crash, a timeout), do not leave the server behind.
  const onExit = () => { if (pid && alive(pid)) process.kill(pid, 'SIGQUIT'); };

  const pidFile = path.join(data, 'postmaster.pid');
  /** PostgreSQL removes its PID file as the last step of a shutdown: wait for that (a zombie still answers kill 0). */
  const exited = async (ms: number) => {
    for (let waited = 0; fs.existsSync(pidFile) && alive(pid); waited += 20) {
      if (waited >= ms) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  };
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', onExit);
    try {
      // SIGINT is a fast shutdown (sessions ended, no waiting for clients); SIGQUIT, immediate, if that hangs.
      if (pid && alive(pid)) {
        process.kill(pid, 'SIGINT');
        if (!(await exited(10_000)) && alive(pid)) {
          process.kill(pid, 'SIGQUIT');
          await exited(5_000);
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  const startServer = async () => {
    await runAsOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'pg.log'), '-w', '-t', '30', '-o', `-k ${dir} -p 5432 -c listen_addresses='' -c fsync=off -c max_connections=300`, 'start']);
    pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  };

  try {
    if (asRoot) await run('chown', ['nobody:nogroup', dir]);
    await runAsOwner(path.join(bin, 'initdb'), ['-D', data, '-U', 'pharos', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    // pg_ctl hands -o to a shell, so '' reaches PostgreSQL as an empty value: no TCP at all, only the socket in `dir`.
    await startServer();
    process.on('exit', onExit);
  } catch (err) {
    const log = fs.existsSync(path.join(dir, 'pg.log')) ? fs.readFileSync(path.join(dir, 'pg.log'), 'utf8') : '';
    await stop();
    throw new Error(`The test PostgreSQL did not start: ${(err as Error).message}\n${log}`, { cause: err });
  }

  const url = (dbName = 'postgres') => `postgres://pharos:not-printed@${encodeURIComponent(dir)}/${dbName}`;
  return {
    url,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async restart(meanwhile) {
      process.kill(pid, 'SIGINT');
      if (!(await exited(10_000))) throw new Error('The test PostgreSQL did not stop for its restart.');
      // Started again even when an assertion meanwhile fails, so one failing test does not fail every later one.
      try {
        await meanwhile?.();
      } finally {
        await startServer();
      }
    },
    stop,
  };
}
