import type { ProgramStatus, SystemStatus } from '../../lib/apiTypes';
import { daemonCode, engineCode, engineLines, type StatusTone } from './engines';

export { engineLines, silentEngines, type EngineLine, type SilentEngines, type StatusTone } from './engines';

/** Spec 4: daemon codes 0 green, 1 red, anything else (default 2) neutral. */
export function daemonTone(code: number): StatusTone {
  if (code === 0) return 'ok';
  if (code === 1) return 'critical';
  return 'unknown';
}

/** Spec 4: toggles 0 warning, 1 green, anything else neutral. */
export function toggleTone(value: number | string | undefined): StatusTone {
  const n = Number(value);
  if (n === 1) return 'ok';
  if (n === 0 && value !== undefined && value !== '') return 'warning';
  return 'unknown';
}

export interface SystemCodes { overall: number; engine: number; grapher: number }

/**
 * Engine is the nagioscore daemon, the grapher is pnp/npcd; overall is 1 when either is 1, else 0. With several
 * engines, one that is not answering makes it 1 too: a silent engine never leaves the status looking healthy.
 */
export function systemCodes(status: SystemStatus | undefined): SystemCodes {
  const engine = engineCode(status);
  const grapher = daemonCode(status, ['pnp', 'npcd']);
  const silent = engineLines(status).some((e) => e.state === 'stale');
  return { overall: engine === 1 || grapher === 1 || silent ? 1 : 0, engine, grapher };
}

export interface ToggleCodes { notifications: StatusTone; hostChecks: StatusTone; serviceChecks: StatusTone }

export function toggleTones(program: ProgramStatus | undefined): ToggleCodes {
  return {
    notifications: toggleTone(program?.notifications_enabled),
    hostChecks: toggleTone(program?.active_host_checks_enabled),
    serviceChecks: toggleTone(program?.active_service_checks_enabled),
  };
}
