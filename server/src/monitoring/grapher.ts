import fs from 'node:fs';
import path from 'node:path';
import { isProcessRunning } from './hostStats.js';
import { capabilitiesOf, type MonitoringSource } from './source.js';

/** A daemon of the system status; `absent`: not installed on this machine, which is not a fault of anything running. */
export type DaemonState = 'running' | 'stopped' | 'absent';

/** Where PNP4Nagios puts npcd: Debian's package, and its own installer's prefix. */
const NPCD_DIRS = ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin', '/usr/local/pnp4nagios/bin'];

/** Scanning /proc costs a few milliseconds; the system status is asked for every 30 s by every screen. */
const CACHE_MS = 10_000;

export interface GrapherOptions {
  procDir?: string;
  /** Where to look for npcd: by default PNP4Nagios's places and PATH. */
  dirs?: readonly string[];
  now?: () => number;
}

/** Whether an executable file `name` is in one of `dirs`. */
export function isInstalled(name: string, dirs: readonly string[]): boolean {
  return dirs.some((dir) => {
    try {
      fs.accessSync(path.join(dir, name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The performance grapher as the system status reports it. A real engine's grapher is PNP4Nagios's npcd on this
 * machine: running, installed but stopped (a fault), or not installed at all. Reported stopped when it was never
 * installed, every installation without PNP4Nagios read "System degraded" in red on every screen, for nothing an
 * operator could fix. The demo fleet simulates one that runs while the fleet does.
 */
export function createGrapherWatch(source: MonitoringSource, opts: GrapherOptions = {}): () => DaemonState {
  const now = opts.now ?? Date.now;
  const dirs = opts.dirs ?? [...NPCD_DIRS, ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  let cached: { at: number; state: DaemonState } | undefined;
  return () => {
    if (capabilitiesOf(source).simulatedGrapher) return source.engineRunning() ? 'running' : 'stopped';
    if (!cached || now() - cached.at > CACHE_MS) {
      const state: DaemonState = isProcessRunning('npcd', opts.procDir)
        ? 'running'
        : isInstalled('npcd', dirs) ? 'stopped' : 'absent';
      cached = { at: now(), state };
    }
    return cached.state;
  };
}
