import { engineCurrentlyRunning, type MonitoringSource } from './source.js';

/** One engine as the metrics and the log see it: answering and running, and the age of its data. */
export interface EngineState { name: string; up: boolean; updated: number }

/**
 * Every engine behind the source, by its name (issue 36): with several engines each one's own state (a silent one is
 * down, as the problems board's "1 of 3 engines not answering" says), with one the source itself under its kind's
 * name, running as every screen means it.
 */
export function engineStates(source: MonitoringSource): EngineState[] {
  const statuses = source.engines?.();
  if (!statuses) return [{ name: source.kind, up: engineCurrentlyRunning(source), updated: source.snapshot().updated }];
  return statuses.map((s) => ({ name: s.name, up: s.state !== 'stale', updated: s.updated }));
}
