/**
 * The sites the capacity bench loads (issue 22): one server process on SQLite (the default), one on a fresh PostgreSQL
 * database, or three processes on one PostgreSQL database behind nginx, as docs/scaling.md sets them up. Each site also
 * says which processes are its parts, so the bench can tell where the CPU went during a load step (/proc, Linux).
 */
import fs from 'node:fs';
import os from 'node:os';
import { startServer, type RunningServer } from '../e2e/server.js';
import { startNginx, type Nginx } from '../support/nginx.js';
import { startPostgres, type PostgresCluster } from '../support/postgres.js';

export type Target = 'sqlite' | 'postgres' | 'cluster';

/** A group of processes whose CPU is counted together: the given roots and everything below them. */
export interface Part { name: string; roots: number[] }

export interface Site {
  /** Where displays send their requests: origin + base (nginx's origin for the three-process site). */
  url: string;
  /** Where the sessions live: the server's data dir, and the PostgreSQL database when there is one. */
  storage: { dataDir: string; databaseUrl?: string };
  /** The Pharos processes (one each), then nginx and PostgreSQL when the site has them. */
  parts: Part[];
  stop(): Promise<void>;
}

/** A process's own CPU, in clock ticks, and its parent. */
interface Proc { pid: number; ppid: number; ticks: number }

function readProcs(): Map<number, Proc> {
  const procs = new Map<number, Proc>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let text: string;
    try {
      text = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // The command name is in parentheses and may hold spaces: the fields counted from after its closing one.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    procs.set(Number(name), { pid: Number(name), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  return procs;
}

/** Processes whose environment holds `entry` (e.g. PHAROS_DATA_DIR=…): a server's tsx and the node process it runs. */
function pidsWithEnv(entry: string): number[] {
  const found: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(entry)) found.push(Number(name));
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** This process's children named `comm`: nginx's master (setpriv execs it), whose workers are below it. */
function childrenNamed(comm: string): number[] {
  const found: number[] = [];
  for (const proc of readProcs().values()) {
    if (proc.ppid !== process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${proc.pid}/comm`, 'utf8').trim() === comm) found.push(proc.pid);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

export function serverPart(name: string, server: RunningServer): Part {
  return { name, roots: pidsWithEnv(`PHAROS_DATA_DIR=${server.dataDir}`) };
}

/** The postmaster of a throwaway cluster: its PID file sits in the data dir beside the socket dir the URL names. */
function postgresPart(url: string): Part {
  const socketDir = decodeURIComponent(new URL(url).hostname);
  const pid = Number(fs.readFileSync(`${socketDir}/data/postmaster.pid`, 'utf8').split('\n')[0]);
  return { name: 'PostgreSQL', roots: [pid] };
}

/** Starts the site; `env` is every server's monitoring settings (the three processes get the same). */
export async function startSite(target: Target, env: Record<string, string>): Promise<Site> {
  if (target === 'sqlite') {
    const server = await startServer(env);
    return { url: server.url, storage: { dataDir: server.dataDir }, parts: [serverPart('Pharos', server)], stop: () => server.stop() };
  }
  let pg: PostgresCluster | undefined;
  let nginx: Nginx | undefined;
  const servers: RunningServer[] = [];
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await pg?.stop();
  };
  try {
    pg = await startPostgres();
    const databaseUrl = await pg.createDatabase('pharos');
    const count = target === 'cluster' ? 3 : 1;
    // Started together, as in the cluster e2e spec: they run the migrations and create the administrator at once.
    const started = await Promise.allSettled(Array.from({ length: count }, () => startServer({
      ...env, PHAROS_DATABASE_URL: databaseUrl, ...(target === 'cluster' ? { PHAROS_TRUST_PROXY: '127.0.0.1' } : {}),
    })));
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const parts = servers.map((s, i) => serverPart(count > 1 ? `Pharos ${i + 1}` : 'Pharos', s));
    let url = servers[0]!.url;
    if (target === 'cluster') {
      const before = new Set(childrenNamed('nginx'));
      nginx = await startNginx(servers.map((s) => new URL(s.url).host));
      url = `${nginx.origin}${servers[0]!.base}`;
      parts.push({ name: 'nginx', roots: childrenNamed('nginx').filter((pid) => !before.has(pid)) });
    }
    parts.push(postgresPart(databaseUrl));
    return { url, storage: { dataDir: servers[0]!.dataDir, databaseUrl }, parts, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** What the machine and each part did between two samples. */
export interface CpuUse {
  /** Cores busy on the whole machine (everything, not only this bench), from /proc/stat. */
  machine: number;
  /** This process: the load generator. */
  generator: number;
  /** Cores each part used, by part name, in the site's order. */
  parts: [string, number][];
  /** Busy cores not accounted for by the parts or the generator: other work on the machine. */
  other: number;
}

export interface CpuSample { at: number; machineBusy: number; machineTotal: number; generator: number; parts: [string, number][] }

const CLOCK_TICKS = 100; // USER_HZ: 100 on every Linux build that Node supports

function machineTicks(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, total: busy + idle! + iowait! };
}

function treeTicks(procs: Map<number, Proc>, roots: number[]): number {
  const children = new Map<number, number[]>();
  for (const p of procs.values()) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const seen = new Set<number>();
  const stack = [...roots];
  let ticks = 0;
  while (stack.length) {
    const pid = stack.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    ticks += procs.get(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return ticks;
}

/** CPU counters now, for `cpuBetween`. */
export function sampleCpu(site: Site): CpuSample {
  const procs = readProcs();
  const { busy, total } = machineTicks();
  return {
    at: performance.now(),
    machineBusy: busy,
    machineTotal: total,
    generator: procs.get(process.pid)?.ticks ?? 0,
    parts: site.parts.map((p) => [p.name, treeTicks(procs, p.roots)]),
  };
}

export function cpuBetween(a: CpuSample, b: CpuSample): CpuUse {
  const seconds = (b.at - a.at) / 1000;
  const cores = (ticks: number) => ticks / CLOCK_TICKS / seconds;
  // The machine's counters are summed over all cores: busy share of all ticks, times the cores.
  const machine = ((b.machineBusy - a.machineBusy) / Math.max(1, b.machineTotal - a.machineTotal)) * os.cpus().length;
  const generator = cores(b.generator - a.generator);
  const parts = b.parts.map(([name, ticks], i): [string, number] => [name, cores(ticks - (a.parts[i]?.[1] ?? 0))]);
  const ours = generator + parts.reduce((sum, [, c]) => sum + c, 0);
  return { machine, generator, parts, other: Math.max(0, machine - ours) };
}
