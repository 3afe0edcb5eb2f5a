import { describe, expect, it } from 'vitest';
import type { SystemStatus } from '../../lib/apiTypes';
import { daemonTone, systemCodes, toggleTone } from './systemStatus';

function status(engine: number, grapher: number): SystemStatus {
  const daemon = (id: string, name: string, code: number) => ({ id, name, return_code: code, status: '', display_name: name, display_status: '', display_running: code === 0 });
  return { daemons: { updated: 0, daemon: [daemon('nagioscore', 'nagios', engine), daemon('pnp', 'npcd', grapher)] } } as unknown as SystemStatus;
}

describe('system status colours (spec 4)', () => {
  it('maps daemon codes 0 green, 1 red, others neutral', () => {
    expect([daemonTone(0), daemonTone(1), daemonTone(2), daemonTone(7)]).toEqual(['ok', 'critical', 'unknown', 'unknown']);
  });
  it('is overall 1 when the engine or the grapher is 1', () => {
    expect(systemCodes(status(0, 0)).overall).toBe(0);
    expect(systemCodes(status(1, 0)).overall).toBe(1);
    expect(systemCodes(status(0, 1)).overall).toBe(1);
    expect(systemCodes(status(2, 2)).overall).toBe(0);
  });
  it('treats missing daemons as the neutral default 2', () => {
    expect(systemCodes(undefined)).toEqual({ overall: 0, engine: 2, grapher: 2 });
  });
  it('maps toggles 0 warning, 1 green, others neutral', () => {
    expect([toggleTone(0), toggleTone(1), toggleTone(3), toggleTone(undefined)]).toEqual(['warning', 'ok', 'unknown', 'unknown']);
  });
});
