import fs from 'node:fs';
import os from 'node:os';

export interface MachineStats {
  load: { load1: number; load5: number; load15: number };
  /** Kibibytes, like `free`. */
  memory: { total: number; used: number; free: number; shared: number; buffers: number; cached: number };
  swap: { total: number; used: number; free: number };
}

function meminfo(): Map<string, number> {
  const values = new Map<string, number>();
  try {
    for (const line of fs.readFileSync('/proc/meminfo', 'utf8').split('\n')) {
      const m = /^(\w+):\s+(\d+)/.exec(line);
      if (m) values.set(m[1]!, Number(m[2]));
    }
  } catch {
    // Not Linux: fall back to what os reports, without buffers, cache or swap.
  }
  return values;
}

/** Load, memory and swap of the machine this server runs on (the monitoring host in a typical install). */
export function machineStats(): MachineStats {
  const [load1 = 0, load5 = 0, load15 = 0] = os.loadavg();
  const info = meminfo();
  const total = info.get('MemTotal') ?? Math.round(os.totalmem() / 1024);
  const free = info.get('MemFree') ?? Math.round(os.freemem() / 1024);
  const buffers = info.get('Buffers') ?? 0;
  const cached = info.get('Cached') ?? 0;
  const swapTotal = info.get('SwapTotal') ?? 0;
  const swapFree = info.get('SwapFree') ?? 0;
  return {
    load: { load1, load5, load15 },
    memory: { total, used: Math.max(0, total - free - buffers - cached), free, shared: info.get('Shmem') ?? 0, buffers, cached },
    swap: { total: swapTotal, used: swapTotal - swapFree, free: swapFree },
  };
}
