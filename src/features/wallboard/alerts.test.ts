import { signal } from '@preact/signals-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResourceRegistry } from '../../lib/resource';
import { testTranslate } from '../../lib/testTranslate.test-utils';
import type { ConnectionState } from '../connection/model';
import { createAlertWatch, isGroup, type Alert, type AlertShown, type Problem, type ProblemRead } from './alerts';
import { createWallboardModel } from './model';
import { createPlaylistFollower } from './playlistFollower';
import { parseWallboardParams } from './params';

const web: Problem = { host: 'web01', service: 'HTTP', state: 2, output: 'CRITICAL - <b>timeout</b>', since: 1_000 };
const db: Problem = { host: 'db01', state: 1, output: 'PING CRITICAL', since: 2_000 };
const old: Problem = { host: 'old01', service: 'Disk', state: 2, output: 'full', since: 500 };

function watch(showSeconds = 30) {
  let problems: Problem[] = [old];
  const changes: string[] = [];
  const w = createAlertWatch({ resources: createResourceRegistry(), load: async () => problems, showMs: showSeconds * 1000, onChange: (c) => changes.push(c) });
  const stop = w.start();
  return { w, changes, stop, set: (next: Problem[]) => { problems = next; } };
}

const seconds = (n: number) => vi.advanceTimersByTimeAsync(n * 1000);
const shown = (a: AlertShown | null) => a && (isGroup(a) ? `${a.problems.length} problems` : `${a.host}/${a.service ?? ''}${a.recovered ? ' recovered' : ''}`);

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
    // A failed poll is retried (1 s, 2 s, 4 s later) before the next turn, so the answer after the break comes at 67 s:
    // the card shows for 30 s, still on screen at 90 s.
    const w = createAlertWatch({ resources: createResourceRegistry(), load: async () => { if (fail) throw new Error('down'); return problems; }, showMs: 30_000 });
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

/** `count` critical services, on hosts web01…, the newest last. */
const services = (count: number, from = 0): Problem[] =>
  Array.from({ length: count }, (_, i) => ({ host: `web${String(from + i).padStart(2, '0')}`, service: 'HTTP', state: 2, output: 'CRITICAL', since: 10_000 + (from + i) * 1000 }));

/** A watch on a feed with a server time, as wallboardWatch.ts makes it; `restart` answers the next poll with a whole list. */
function feedWatch(showSeconds = 30) {
  let problems: Problem[] = [old, db];
  let relisted = false;
  const changes: { change: string; count: number }[] = [];
  const cards: { at: number; card: string | null }[] = [];
  const w = createAlertWatch({
    resources: createResourceRegistry(),
    load: async (): Promise<ProblemRead> => {
      const read = { problems, relisted, at: Date.now() };
      relisted = false;
      return read;
    },
    showMs: showSeconds * 1000,
    onChange: (change, p) => changes.push({ change, count: p.length }),
  });
  w.current.subscribe((card) => cards.push({ at: Date.now(), card: shown(card) }));
  const stop = w.start();
  return { w, changes, cards, stop, set: (next: Problem[]) => { problems = next; }, restart: (next: Problem[]) => { problems = next; relisted = true; } };
}

/** How long the rotation was held by cards from `since` on: the time between each card and the next null. */
function blockedMs(cards: { at: number; card: string | null }[], since: number): number {
  let total = 0;
  let from: number | undefined;
  for (const { at, card } of cards.filter((c) => c.at >= since)) {
    if (card && from === undefined) from = at;
    if (!card && from !== undefined) { total += at - from; from = undefined; }
  }
  return total;
}

describe('alert storms (issue 17)', () => {
  it('shows 20 new problems of one poll as one card, worst first, with one tone, and holds the rotation for one card time', async () => {
    const s = feedWatch(30);
    await seconds(0);
    const start = Date.now();
    const hostDown: Problem = { host: 'sw01', state: 1, output: 'PING CRITICAL', since: 5_000 };
    const unreachable: Problem = { host: 'app01', state: 2, output: 'unreachable', since: 9_000 };
    s.set([old, db, ...services(18), unreachable, hostDown]);
    await seconds(30);
    const card = s.w.current.value!;
    expect(isGroup(card) && card.problems.length).toBe(20);
    if (!isGroup(card)) throw new Error('not a storm card');
    // Hosts down first, then unreachable, then the services, newest first.
    expect(card.problems.slice(0, 4).map((p) => `${p.host}/${p.service ?? ''}`)).toEqual(['sw01/', 'app01/', 'web17/HTTP', 'web16/HTTP']);
    expect(card.problems.at(-1)!.host).toBe('web00');
    expect(s.w.waiting.value).toBe(0);
    expect(s.changes).toEqual([{ change: 'problem', count: 20 }]);
    await seconds(300);
    expect(s.w.current.value).toBeNull();
    expect(blockedMs(s.cards, start)).toBe(30_000);
    expect(s.changes).toHaveLength(1);
  });

  it('puts what arrives while a card shows on one more card, with only those, and then lets the rotation run', async () => {
    const s = feedWatch(45);
    await seconds(0);
    const start = Date.now();
    s.set([old, db, ...services(12)]);
    await seconds(30);
    expect(shown(s.w.current.value)).toBe('12 problems');
    // The card shows until 75 s; the poll at 60 s brings 5 more, the one at 90 s (during the second card) 4 more.
    s.set([old, db, ...services(17)]);
    await seconds(30);
    expect(shown(s.w.current.value)).toBe('12 problems');
    expect(s.w.waiting.value).toBe(5);
    await seconds(15);
    const second = s.w.current.value!;
    expect(isGroup(second) && second.problems.map((p) => p.host)).toEqual(['web16', 'web15', 'web14', 'web13', 'web12']);
    s.set([old, db, ...services(21)]);
    await seconds(15);
    expect(s.w.waiting.value).toBe(4);
    // Two cards in a row: the rotation runs a card's time before the third.
    await seconds(30);
    expect(s.w.current.value).toBeNull();
    expect(blockedMs(s.cards, start)).toBe(90_000);
    await seconds(45);
    expect(shown(s.w.current.value)).toBe('4 problems');
    await seconds(45);
    expect(s.w.current.value).toBeNull();
    expect(s.changes.map((c) => c.count)).toEqual([12, 5, 4]);
  });

  it('makes 3 new problems within 10 s one card, even across polls', async () => {
    const s = feedWatch(30);
    await seconds(0);
    s.set([old, db, ...services(1)]);
    await s.w.poll();
    expect(shown(s.w.current.value)).toBe('web00/HTTP');
    await seconds(5);
    s.set([old, db, ...services(3)]);
    await s.w.poll();
    expect(shown(s.w.current.value)).toBe('3 problems');
    expect(s.w.waiting.value).toBe(0);
    // That was the row's two cards: what comes now waits until the rotation has had a card's time.
    const folded = Date.now();
    s.set([old, db, ...services(4)]);
    await s.w.poll();
    expect(s.w.waiting.value).toBe(1);
    await seconds(30);
    expect(s.w.current.value).toBeNull();
    expect(Date.now() - folded).toBe(30_000);
    await seconds(30);
    expect(shown(s.w.current.value)).toBe('web03/HTTP');
  });

  it('keeps a single new problem on its own card, and two at once on two', async () => {
    const s = feedWatch(20);
    await seconds(0);
    const edge: Problem = { ...web, host: 'edge01' };
    s.set([old, db, edge]);
    await seconds(30);
    expect(shown(s.w.current.value)).toBe('edge01/HTTP');
    expect(s.w.waiting.value).toBe(0);
    s.set([old, db, edge, ...services(2)]);
    await seconds(30);
    expect(shown(s.w.current.value)).toBe('web01/HTTP');
    expect(s.w.waiting.value).toBe(1);
    await seconds(20);
    expect(shown(s.w.current.value)).toBe('web00/HTTP');
    await seconds(20);
    expect(s.w.current.value).toBeNull();
  });
});

describe('restarts never replay standing problems (issue 17)', () => {
  it('a whole list after a server restart with the same standing problems, backdated anew, is not new', async () => {
    const s = feedWatch(30);
    await seconds(0);
    s.set([old, db, web]);
    await seconds(30);
    await seconds(60);
    expect(s.w.current.value).toBeNull();
    const before = s.changes.length;
    // The server is away for two minutes; its demo fleet comes back with every problem "since" 5 minutes before its start.
    await seconds(120);
    const restartedAt = Date.now();
    s.restart([{ ...old, since: restartedAt - 300_000 }, { ...db, since: restartedAt - 400_000 }, { ...web, since: restartedAt - 280_000 }]);
    await seconds(30);
    for (let i = 0; i < 4; i += 1) await seconds(30);
    expect(s.w.current.value).toBeNull();
    expect(s.changes).toHaveLength(before);
  });

  it('a problem listed after the restart whose state began well before the previous answer is standing; a new one alerts', async () => {
    const s = feedWatch(30);
    await seconds(0);
    await seconds(600);
    const lastTruth = Date.now();
    // Not listed before the break (acknowledged then, say), in its state since long before: standing.
    const longStanding: Problem = { host: 'mail01', service: 'SMTP', state: 2, output: 'down', since: lastTruth - 3_600_000 };
    // The same object as before, but in another state: the host went from DOWN to UNREACHABLE during the break.
    const changed: Problem = { ...db, state: 2, since: lastTruth + 20_000 };
    const broke: Problem = { host: 'fw01', service: 'VPN', state: 2, output: 'CRITICAL - tunnel down', since: lastTruth + 40_000 };
    s.restart([old, longStanding, changed, broke]);
    await seconds(30);
    expect(shown(s.w.current.value)).toBe('db01/');
    expect(s.w.waiting.value).toBe(1);
    await seconds(30);
    expect(shown(s.w.current.value)).toBe('fw01/VPN');
    expect(s.changes).toEqual([{ change: 'problem', count: 2 }]);
  });

  it('an engine restart that clears problems and lists them again with their old start is not new; a real new failure is', async () => {
    const s = feedWatch(10);
    await seconds(0);
    s.set([old]);
    await seconds(30);
    await seconds(30);
    s.set([old, { ...db, since: 2_000 - 1 }]);
    await seconds(30);
    expect(s.w.current.value).toBeNull();
    s.set([old]);
    await seconds(30);
    s.set([old, { ...db, since: Date.now() - 5_000 }]);
    await seconds(30);
    expect(shown(s.w.current.value)).toBe('db01/');
  });
});

describe('the wallboard during an alert', () => {
  it('pauses the rotation while the alert shows and resumes on the same item afterwards', async () => {
    const current = signal<Alert | null>(null);
    const config = parseWallboardParams('?page=a.php&page=b.php&speed=20', '/', 'http://localhost:3000');
    const model = createWallboardModel({
      config,
      connection: { state: signal<ConnectionState>('online') },
      api: { loadSpeed: async () => 20 },
      playlist: createPlaylistFollower({
        config,
        viewAt: async () => { throw new Error('none'); },
        menu: { data: signal({}), error: signal(undefined), refresh: async () => undefined },
        lastList: { get: async () => undefined, put: () => undefined },
        t: testTranslate,
      }),
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
