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

/** The code of the daemon with one of these ids or names: 0 running, 1 stopped, 2 (unknown) when absent. */
export function daemonCode(status: SystemStatus | undefined, ids: string[]): number {
  const list = status?.daemons?.daemon ?? [];
  const found = list.find((d) => ids.includes(d.id) || ids.includes(d.name));
  return found && typeof found.return_code === 'number' ? found.return_code : 2;
}

/** The monitoring engine's daemon code (spec 4): nagioscore. */
export function engineCode(status: SystemStatus | undefined): number {
  return daemonCode(status, ['nagioscore', 'nagios']);
}

/**
 * One engine, and the server says it is not running: its last data stays, but nothing in it changes until the engine
 * is back, so a wall must say so. Several engines say it per engine (silentEngines).
 */
export function engineStopped(status: SystemStatus | undefined): boolean {
  return status !== undefined && engineLines(status).length === 0 && engineCode(status) === 1;
}
