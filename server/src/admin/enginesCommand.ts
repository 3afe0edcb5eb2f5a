/**
 * `npm run admin -- engines`: each configured engine with its kind, address, state and the age of its data. It opens
 * the engines itself (a first read each, as the server does at start), so it answers whether or not a server runs.
 */
import type { Config } from '../config.js';
import { createMonitoringSource } from '../monitoring/create.js';
import type { EngineStatus, MonitoringSource } from '../monitoring/source.js';

/** One engine without PHAROS_ENGINES: described from the source itself. */
function single(source: MonitoringSource, config: Config): EngineStatus {
  const problem = source.dataProblem?.() ?? null;
  const running = source.engineRunning();
  const address = config.nagiosCfg ?? config.livestatus ?? 'simulated';
  return { name: source.kind, kind: source.kind, address, state: running ? (problem ? 'failing' : 'ok') : 'stale', updated: source.snapshot().updated, reason: running ? problem : `The engine is not running${problem ? `: ${problem}` : ''}` };
}

export function engineLines(statuses: EngineStatus[], now: number): string[] {
  const rows = statuses.map((e) => [e.name, e.kind, e.address, e.state === 'stale' ? 'not answering' : e.state, e.updated ? `${Math.max(0, now - e.updated)} s` : 'no data', e.reason ?? '']);
  const head = ['NAME', 'KIND', 'ADDRESS', 'STATE', 'DATA AGE', 'REASON'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [head, ...rows].map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd());
}

/** Exit code 0 when every engine answers, 3 when one or more do not (for scripts and monitoring checks). */
export async function runEnginesCommand(config: Config, print: (line: string) => void = console.log): Promise<number> {
  const source = createMonitoringSource(config);
  try {
    await source.start();
    const statuses = source.engines?.() ?? [single(source, config)];
    for (const line of engineLines(statuses, Math.floor(Date.now() / 1000))) print(line);
    return statuses.some((s) => s.state === 'stale') ? 3 : 0;
  } finally {
    await source.stop();
  }
}
