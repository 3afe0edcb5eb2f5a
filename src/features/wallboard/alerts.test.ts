import { signal } from '@preact/signals-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testTranslate } from '../screens/testTranslate';
import type { ConnectionState } from '../connection/model';
import { createAlertWatch, type Alert, type Problem } from './alerts';
import { createWallboardModel } from './model';
import { parseWallboardParams } from './params';

const web: Problem = { host: 'web01', service: 'HTTP', state: 2, output: 'CRITICAL - <b>timeout</b>', since: 1_000 };
const db: Problem = { host: 'db01', state: 1, output: 'PING CRITICAL', since: 2_000 };
const old: Problem = { host: 'old01', service: 'Disk', state: 2, output: 'full', since: 500 };

function watch(showSeconds = 30) {
  let problems: Problem[] = [old];
  const changes: string[] = [];
  const w = createAlertWatch({ load: async () => problems, showMs: showSeconds * 1000, onChange: (c) => changes.push(c) });
  const stop = w.start();
  return { w, changes, stop, set: (next: Problem[]) => { problems = next; } };
}

const seconds = (n: number) => vi.advanceTimersByTimeAsync(n * 1000);
const shown = (a: Alert | null) => a && `${a.host}/${a.service ?? ''}${a.recovered ? ' recovered' : ''}`;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('alert interrupt detection', () => {
  it('never alerts about what was already broken at the first poll', async () => {
    const s = watch();
    await seconds(0);
    await seconds(90);
    expect(s.w.current.value).toBeNull();
    expect(s.changes).toEqual([]);
  });

  it('shows a new problem within one poll for the set time, then ends; the same problem never interrupts again', async () => {
    const s = watch(30);
    await seconds(0);
    s.set([old, web]);
    await seconds(30);
    expect(shown(s.w.current.value)).toBe('web01/HTTP');
    expect(s.w.current.value!.detectedAt).toBe(Date.now());
    expect(s.changes).toEqual(['problem']);
    await seconds(29);
    expect(shown(s.w.current.value)).toBe('web01/HTTP');
    await seconds(1);
    expect(s.w.current.value).toBeNull();
    await seconds(120);
    expect(s.w.current.value).toBeNull();
    expect(s.changes).toEqual(['problem']);
  });

  it('queues several new problems and shows them one after another', async () => {
    const s = watch(20);
    await seconds(0);
    s.set([old, db, web]);
    await seconds(30);
    expect(shown(s.w.current.value)).toBe('db01/');
    expect(s.w.waiting.value).toBe(1);
    await seconds(20);
    expect(shown(s.w.current.value)).toBe('web01/HTTP');
    expect(s.w.waiting.value).toBe(0);
    await seconds(20);
    expect(s.w.current.value).toBeNull();
  });

  it('turns the card into "Recovered" when the problem goes away while it shows', async () => {
    const s = watch(60);
    await seconds(0);
    s.set([old, web]);
    await seconds(30);
    s.set([old]);
    await seconds(30);
    expect(shown(s.w.current.value)).toBe('web01/HTTP recovered');
    expect(s.changes).toEqual(['problem', 'recovery']);
  });

  it('counts the same object failing again later as a new problem', async () => {
    const s = watch(10);
    await seconds(0);
    s.set([old, web]);
    await seconds(30);
    s.set([old]);
    await seconds(30);
    s.set([old, { ...web, since: 90_000 }]);
    await seconds(30);
    expect(shown(s.w.current.value)).toBe('web01/HTTP');
  });

  it('keeps what it has seen across failed polls (a reconnect re-announces nothing)', async () => {
    let fail = false;
    let problems: Problem[] = [old];
    const w = createAlertWatch({ load: async () => { if (fail) throw new Error('down'); return problems; }, showMs: 10_000 });
    w.start();
    await seconds(0);
    fail = true;
    problems = [old, web];
    await seconds(60);
    fail = false;
    await seconds(30);
    expect(shown(w.current.value)).toBe('web01/HTTP');
    await seconds(10);
    await seconds(90);
    expect(w.current.value).toBeNull();
  });
});

describe('the wallboard during an alert', () => {
  it('pauses the rotation while the alert shows and resumes on the same item afterwards', async () => {
    const current = signal<Alert | null>(null);
    const model = createWallboardModel({
      config: parseWallboardParams('?page=a.php&page=b.php&speed=20', '/', 'http://localhost:3000'),
      connection: { state: signal<ConnectionState>('online') },
      api: { loadSpeed: async () => 20 },
      playlist: { viewAt: async () => { throw new Error('none'); }, menu: () => ({}) },
      lastList: { get: async () => undefined, put: () => undefined },
      update: { ready: signal(false), apply: () => undefined },
      reloadPage: () => undefined,
      t: testTranslate,
      alerts: { current },
    });
    model.start();
    await seconds(5);
    expect(model.stage.value?.item.url).toBe('/a.php');
    current.value = { ...web, detectedAt: Date.now(), recovered: false };
    await seconds(60);
    expect(model.rotation.running.value).toBe(false);
    expect(model.stage.value?.item.url).toBe('/a.php');
    current.value = null;
    await seconds(0);
    expect(model.rotation.running.value).toBe(true);
    expect(model.stage.value?.item.url).toBe('/a.php');
    await seconds(20);
    expect(model.stage.value?.item.url).toBe('/b.php');
  });
});
