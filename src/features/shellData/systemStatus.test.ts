import { describe, expect, it } from 'vitest';
import type { SystemStatus } from '../../lib/apiTypes';
import { engineStopped } from './engines';
import { daemonTone, engineLines, silentEngines, systemCodes, toggleTone } from './systemStatus';

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

describe('several engines in the system status (issue 21)', () => {
  const withEngines = (...states: ('ok' | 'failing' | 'stale')[]): SystemStatus => ({
    ...status(0, 0),
    monitoring: { engines: states.map((state, i) => ({ name: `e${i}`, kind: 'demo', address: '', state, updated: 100, age: state === 'ok' ? 2 : 60, reason: state === 'ok' ? null : 'down' })) },
  }) as unknown as SystemStatus;
  it('lists every engine with a tone: not answering red, failing amber; none with one engine', () => {
    expect(engineLines(withEngines('ok', 'failing', 'stale')).map((e) => [e.name, e.tone, e.age])).toEqual([['e0', 'ok', 2], ['e1', 'warning', 60], ['e2', 'critical', 60]]);
    expect(engineLines(withEngines('stale'))).toEqual([]);
    expect(engineLines(undefined)).toEqual([]);
  });
  it('says how many engines are not answering, and which, for the wallboard strip', () => {
    expect(silentEngines(withEngines('ok', 'stale', 'stale'))).toEqual({ down: 2, total: 3, names: 'e1, e2' });
    expect(silentEngines(withEngines('ok', 'failing', 'ok'))).toBeNull();
    expect(silentEngines(withEngines('stale'))).toBeNull();
    expect(silentEngines(undefined)).toBeNull();
  });
  it('is overall 1 while one of several engines is not answering', () => {
    expect(systemCodes(withEngines('ok', 'failing')).overall).toBe(0);
    expect(systemCodes(withEngines('ok', 'stale')).overall).toBe(1);
  });
});

describe('one engine that stops', () => {
  it('is stopped when its daemon says not running; not when it runs, is unknown, or before any status', () => {
    expect(engineStopped(status(1, 0))).toBe(true);
    expect(engineStopped(status(0, 1))).toBe(false);
    expect(engineStopped(status(2, 0))).toBe(false);
    expect(engineStopped(undefined)).toBe(false);
  });
  it('leaves several engines to their own lines', () => {
    const several = { ...status(1, 0), monitoring: { engines: [0, 1].map((i) => ({ name: `e${i}`, kind: 'demo', address: '', state: 'ok', updated: 100, age: 2, reason: null })) } } as unknown as SystemStatus;
    expect(engineStopped(several)).toBe(false);
  });
});
