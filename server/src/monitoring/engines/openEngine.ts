/**
 * One configured engine: its source, where it is read from, and how its health is judged. The only place that maps an
 * engine file's `type` to a source, so a new kind is added here and in its own folder.
 */
import type { Config } from '../../config.js';
import type { EngineStatus, MonitoringSource } from '../source.js';
import { createDemoSource } from '../demo/demoSource.js';
import { createNagiosSource } from '../nagios/nagiosSource.js';
import { createLivestatusSource, type LivestatusSource } from '../livestatus/livestatusSource.js';
import type { EngineSpec } from './enginesFile.js';

export interface Engine {
  readonly name: string;
  readonly source: MonitoringSource;
  /** Its state now; `stale` means not answering: its rows are kept, marked stale, and left out of totals. */
  status(): EngineStatus;
}

/** Nagios rewrites status.dat every few seconds (status_update_interval, 10 s by default): two minutes of silence is a frozen engine. */
const NAGIOS_STALE_SECONDS = 120;

type DemoSettings = Pick<Config, 'demoHosts' | 'demoServicesPerHost' | 'demoTickSeconds'>;

/** Health from what every source offers: the engine process, refused data, and the age of the data. */
function genericStatus(name: string, kind: string, address: string, source: MonitoringSource, staleAfterSeconds: number): EngineStatus {
  const updated = source.snapshot().updated;
  const now = Math.floor(Date.now() / 1000);
  const problem = source.dataProblem?.() ?? null;
  let state: EngineStatus['state'] = problem ? 'failing' : 'ok';
  let reason = problem;
  if (!source.engineRunning()) {
    state = 'stale';
    reason = `The engine is not running${problem ? `: ${problem}` : ''}`;
  } else if (updated === 0 || now - updated > staleAfterSeconds) {
    state = 'stale';
    reason = updated === 0 ? 'No data yet' : `No new data for ${now - updated} s (limit ${staleAfterSeconds} s)`;
  }
  return { name, kind, address, state, updated, reason };
}

/** A Livestatus source as an engine: its own health (failing, then stale) is its state. */
export function livestatusEngine(name: string, source: LivestatusSource): Engine {
  return {
    name, source,
    status() {
      const h = source.health();
      return { name, kind: 'livestatus', address: source.address, state: h.state, updated: h.lastSuccess, reason: h.state === 'ok' ? null : (h.reason ?? 'Not answering within its staleness limit') };
    },
  };
}

export function openEngine(spec: EngineSpec, demo: DemoSettings): Engine {
  const { name } = spec;
  if (spec.type === 'livestatus') {
    const staleAfterMs = spec.staleAfterSeconds === undefined ? undefined : spec.staleAfterSeconds * 1000;
    // Polling several times within the staleness limit, so one lost poll does not mark the engine stale.
    const pollMs = staleAfterMs === undefined ? undefined : Math.max(250, Math.min(5000, Math.floor(staleAfterMs / 3)));
    return livestatusEngine(name, createLivestatusSource(spec.address, { name, tagRows: true, ...(staleAfterMs ? { staleAfterMs } : {}), ...(pollMs ? { pollMs, retryMs: Math.min(1000, pollMs), maxRetryMs: Math.max(pollMs, Math.min(30_000, staleAfterMs ?? 30_000)) } : {}) }));
  }
  if (spec.type === 'nagios') {
    const source = createNagiosSource(spec.config, { engine: name });
    const limit = spec.staleAfterSeconds ?? NAGIOS_STALE_SECONDS;
    return { name, source, status: () => genericStatus(name, 'nagios', spec.config, source, limit) };
  }
  const source = createDemoSource({ hosts: demo.demoHosts, servicesPerHost: demo.demoServicesPerHost, tickSeconds: demo.demoTickSeconds, engine: name });
  // The simulation's data is as old as its last tick: never stale unless a limit is set.
  const limit = spec.staleAfterSeconds ?? Number.POSITIVE_INFINITY;
  return { name, source, status: () => genericStatus(name, 'demo', 'simulated', source, limit) };
}
