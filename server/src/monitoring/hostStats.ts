import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** System status figures of the machine the server runs on (spec 3 "System status data"). Memory in MB, as `free -m`. */
export interface LoadStats { load1: number; load5: number; load15: number }
export interface MemoryStats { total: number; used: number; free: number; shared: number; buffers: number; cached: number }
export interface SwapStats { total: number; used: number; free: number }
/** Percentages of CPU time, as `iostat -c`. */
export interface IoStats { user: number; nice: number; system: number; iowait: number; steal: number; idle: number }
export interface HostStats { load: LoadStats; memory: MemoryStats; swap: SwapStats; iostat: IoStats }

/** Cumulative CPU time counters (any unit; only differences matter). */
export interface CpuTimes { user: number; nice: number; system: number; idle: number; iowait: number; irq: number; softirq: number; steal: number }

const round2 = (n: number): number => Math.round(n * 100) / 100;
const mb = (kb: number): number => Math.round(kb / 1024);

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

export function parseLoadavg(text: string): LoadStats | undefined {
  const [a, b, c] = text.trim().split(/\s+/).map(Number);
  if (![a, b, c].every((n) => typeof n === 'number' && Number.isFinite(n))) return undefined;
  return { load1: a!, load5: b!, load15: c! };
}

/** kB values by key from /proc/meminfo. */
export function parseMeminfo(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^([\w()]+):\s+(\d+)/.exec(line);
    if (m) out.set(m[1]!, Number(m[2]));
  }
  return out;
}

/** The aggregate `cpu` line of /proc/stat. */
export function parseCpuTimes(text: string): CpuTimes | undefined {
  const line = text.split('\n').find((l) => /^cpu\s/.test(l));
  if (!line) return undefined;
  const n = line.trim().split(/\s+/).slice(1).map(Number);
  if (n.length < 4 || n.some((x) => !Number.isFinite(x))) return undefined;
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = n;
  return { user, nice, system, idle, iowait, irq, softirq, steal };
}

/** Percentages between two samples; like iostat, %system includes interrupt time. */
export function cpuPercentages(prev: CpuTimes, cur: CpuTimes): IoStats | undefined {
  const d = (k: keyof CpuTimes): number => Math.max(0, cur[k] - prev[k]);
  const parts = { user: d('user'), nice: d('nice'), system: d('system') + d('irq') + d('softirq'), iowait: d('iowait'), steal: d('steal'), idle: d('idle') };
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  if (total <= 0) return undefined;
  const pct = (v: number): number => round2((v * 100) / total);
  return { user: pct(parts.user), nice: pct(parts.nice), system: pct(parts.system), iowait: pct(parts.iowait), steal: pct(parts.steal), idle: pct(parts.idle) };
}

const ZERO_TIMES: CpuTimes = { user: 0, nice: 0, system: 0, idle: 0, iowait: 0, irq: 0, softirq: 0, steal: 0 };

/** Where /proc is unreadable (not Linux), node's own counters stand in. */
function osCpuTimes(): CpuTimes {
  const t = { ...ZERO_TIMES };
  for (const cpu of os.cpus()) {
    t.user += cpu.times.user;
    t.nice += cpu.times.nice;
    t.system += cpu.times.sys;
    t.idle += cpu.times.idle;
    t.irq += cpu.times.irq;
  }
  return t;
}

export interface HostStatsReader {
  read(): HostStats;
}

/**
 * Reads load, memory, swap and CPU figures from `procDir` (default /proc), falling back to node's `os` module for what is
 * missing. CPU percentages cover the time since the previous read; the first read covers the time since boot, like
 * iostat's first report.
 */
export function createHostStatsReader(procDir = '/proc'): HostStatsReader {
  let previous: CpuTimes = ZERO_TIMES;
  let lastIostat: IoStats = { user: 0, nice: 0, system: 0, iowait: 0, steal: 0, idle: 100 };

  const load = (): LoadStats => {
    const parsed = parseLoadavg(readText(path.join(procDir, 'loadavg')) ?? '');
    if (parsed) return parsed;
    const [load1 = 0, load5 = 0, load15 = 0] = os.loadavg();
    return { load1: round2(load1), load5: round2(load5), load15: round2(load15) };
  };

  const memory = (): { memory: MemoryStats; swap: SwapStats } => {
    const info = parseMeminfo(readText(path.join(procDir, 'meminfo')) ?? '');
    const total = info.get('MemTotal');
    const free = info.get('MemFree');
    if (total === undefined || free === undefined) {
      const t = mb(os.totalmem() / 1024);
      const f = mb(os.freemem() / 1024);
      return { memory: { total: t, used: t - f, free: f, shared: 0, buffers: 0, cached: 0 }, swap: { total: 0, used: 0, free: 0 } };
    }
    const buffers = info.get('Buffers') ?? 0;
    // free(1) counts reclaimable slab as cache.
    const cached = (info.get('Cached') ?? 0) + (info.get('SReclaimable') ?? 0);
    const used = Math.max(0, total - free - buffers - cached);
    const swapTotal = info.get('SwapTotal') ?? 0;
    const swapFree = info.get('SwapFree') ?? 0;
    return {
      memory: { total: mb(total), used: mb(used), free: mb(free), shared: mb(info.get('Shmem') ?? 0), buffers: mb(buffers), cached: mb(cached) },
      swap: { total: mb(swapTotal), used: mb(swapTotal - swapFree), free: mb(swapFree) },
    };
  };

  const iostat = (): IoStats => {
    const current = parseCpuTimes(readText(path.join(procDir, 'stat')) ?? '') ?? osCpuTimes();
    // Two reads within one clock tick show no difference: keep the last figures rather than report nothing.
    const pct = cpuPercentages(previous, current);
    previous = current;
    if (pct) lastIostat = pct;
    return lastIostat;
  };

  return {
    read() {
      return { load: load(), ...memory(), iostat: iostat() };
    },
  };
}

/** Whether a process with this command name (as in /proc/PID/comm) runs on this machine; false where /proc is unreadable. */
export function isProcessRunning(name: string, procDir = '/proc'): boolean {
  let entries: string[];
  try {
    entries = fs.readdirSync(procDir);
  } catch {
    return false;
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    if (readText(path.join(procDir, pid, 'comm'))?.trim() === name) return true;
  }
  return false;
}
