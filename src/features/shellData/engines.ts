import type { EngineState, SystemStatus } from '../../lib/apiTypes';

/*
 * The engines' part of the system status: the wallboard's strip needs only this, the shell's status menu the rest
 * (systemStatus.ts), so a TV does not download the menu's rules (issue 19).
 */

export type StatusTone = 'ok' | 'critical' | 'warning' | 'unknown';

export interface EngineLine { name: string; state: EngineState['state']; tone: StatusTone; age: number | null; reason: string | null }

const ENGINE_TONE: Record<EngineState['state'], StatusTone> = { ok: 'ok', failing: 'warning', stale: 'critical' };

/** Every engine of `monitoring.engines` with its tone: not answering red, failing amber. None with a single engine. */
export function engineLines(status: SystemStatus | undefined): EngineLine[] {
  const engines = status?.monitoring?.engines ?? [];
  if (engines.length < 2) return [];
  return engines.map((e) => ({ name: e.name, state: e.state, tone: ENGINE_TONE[e.state] ?? 'unknown', age: e.age, reason: e.reason }));
}

export interface SilentEngines { down: number; total: number; names: string }

/**
 * "1 of 3 engines not answering: paris", the problems board's line, for the wallboard strip: the engines that are not
 * answering (stale) out of all of them; null while every engine answers, and always with one engine.
 */
export function silentEngines(status: SystemStatus | undefined): SilentEngines | null {
  const lines = engineLines(status);
  const down = lines.filter((e) => e.state === 'stale').map((e) => e.name);
  return down.length ? { down: down.length, total: lines.length, names: down.join(', ') } : null;
}
