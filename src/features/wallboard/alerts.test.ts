import { signal } from '@preact/signals-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResourceRegistry } from '../../lib/resource';
import { testTranslate } from '../../lib/testTranslate.test-utils';
import type { ConnectionState } from '../connection/model';
import { createAlertWatch, isGroup, RECOVERY_MS, type Alert, type AlertShown, type Problem, type ProblemRead } from './alerts';
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

  it('shows two new problems of one poll on one card, worst first', async () => {
    const s = watch(20);
    await seconds(0);
    s.set([old, web, db]);
    await seconds(30);
    const card = s.w.current.value!;
    expect(isGroup(card) && card.problems.map((p) => p.host)).toEqual(['db01', 'web01']);
    expect(s.w.waiting.value).toBe(0);
    await seconds(20);
    expect(s.w.current.value).toBeNull();
  });

  it('turns the card into a short "Recovered" with when it recovered when the problem goes away while it shows', async () => {
    const s = watch(60);
    await seconds(0);
    s.set([old, web]);
    await seconds(30);
    s.set([old]);
    await seconds(30);
    const card = s.w.current.value as Alert;
    expect(shown(card)).toBe('web01/HTTP recovered');
    expect(card.recoveredAt).toBe(Date.now());
    expect(s.changes).toEqual(['problem', 'recovery']);
    // A recovery is news for RECOVERY_MS, not the rest of a problem card's minute.
    await seconds(RECOVERY_MS / 1000 - 1);
    expect(s.w.current.value).not.toBeNull();
    await seconds(1);
    expect(s.w.current.value).toBeNull();
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

  it('keeps what arrives while a card shows for one card after the rotation has had twice the card\'s time', async () => {
    const s = feedWatch(45);
    await seconds(0);
    const start = Date.now();
    s.set([old, db, ...services(12)]);
    await seconds(30);
    expect(shown(s.w.current.value)).toBe('12 problems');
    // The card shows until 75 s; the polls at 60 s and 90 s bring 5 and 4 more: they wait for the rotation's 90 s.
    s.set([old, db, ...services(17)]);
    await seconds(30);
    expect(s.w.waiting.value).toBe(5);
    await seconds(15);
    expect(s.w.current.value).toBeNull();
    s.set([old, db, ...services(21)]);
    await seconds(15);
    expect(s.w.waiting.value).toBe(9);
    await seconds(74);
    expect(s.w.current.value).toBeNull();
    await seconds(1);
    const second = s.w.current.value!;
    expect(isGroup(second) && second.problems.map((p) => p.host)).toEqual(['web20', 'web19', 'web18', 'web17', 'web16', 'web15', 'web14', 'web13', 'web12']);
    // The card says since when they waited: the first of them was seen at 60 s.
    expect(isGroup(second) && second.waitedSince).toBe(start + 60_000);
    expect(s.w.waiting.value).toBe(0);
    await seconds(45);
    expect(s.w.current.value).toBeNull();
    expect(blockedMs(s.cards, start)).toBe(90_000);
    expect(s.changes.map((c) => c.count)).toEqual([12, 5, 4]);
  });

  it('makes new problems within 10 s of a card\'s start one card, even across polls', async () => {
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
    // Past the window what comes waits: the card was on screen 35 s (its time from the last join), then 70 s rest.
    await seconds(6);
    s.set([old, db, ...services(4)]);
    await s.w.poll();
    expect(s.w.waiting.value).toBe(1);
    await seconds(24);
    expect(s.w.current.value).toBeNull();
    await seconds(69);
    expect(s.w.current.value).toBeNull();
    await seconds(1);
    expect(shown(s.w.current.value)).toBe('web03/HTTP');
  });

  it('forgets a waiting problem that recovers before its turn: a card shows only what is still wrong', async () => {
    const s = feedWatch(25);
    await seconds(0);
    s.set([old, db, ...services(1)]);
    await seconds(30);
    expect(shown(s.w.current.value)).toBe('web00/HTTP');
    // The card ends at 55 s, and the rotation has its turn until 105 s.
    s.set([old, db, ...services(3)]);
    await seconds(30);
    expect(s.w.waiting.value).toBe(2);
    s.set([old, db, ...services(1), services(3)[2]!]);
    await seconds(30);
    expect(s.w.waiting.value).toBe(1);
    await seconds(30);
    expect(shown(s.w.current.value)).toBe('web02/HTTP');
  });
});

describe('the wall\'s budget (issue 35)', () => {
  /** One new critical service every `every` seconds for `span` seconds; the cards' time and the longest run of cards. */
  async function steady(every: number, span: number, options: { showSeconds?: number; share?: number; itemSeconds?: number } = {}) {
    let problems: Problem[] = [old];
    const cards: { at: number; card: string | null }[] = [];
    const w = createAlertWatch({
      resources: createResourceRegistry(),
      load: async () => ({ problems, relisted: false, at: Date.now() }),
      showMs: (options.showSeconds ?? 30) * 1000,
      ...(options.share ? { share: options.share } : {}),
      ...(options.itemSeconds ? { itemMs: () => options.itemSeconds! * 1000 } : {}),
    });
    w.current.subscribe((card) => cards.push({ at: Date.now(), card: shown(card) }));
    w.start();
    await seconds(0);
    const start = Date.now();
    for (let i = 0; i * every < span; i += 1) {
      problems = [...problems, ...services(1, i)];
      await seconds(every);
    }
    const runs: number[] = [];
    let from: number | undefined;
    for (const { at, card } of cards.filter((c) => c.at >= start)) {
      if (card && from === undefined) from = at;
      if (!card && from !== undefined) { runs.push(at - from); from = undefined; }
    }
    return { share: blockedMs(cards, start) / (Date.now() - start), runs };
  }

  // Any span holds at most a third of its time in cards, plus the card it may end in: 30 s of 600 s.
  const limit = 1 / 3 + 30 / 600;

  it('one new problem every poll for ten minutes: cards hold at most a third of the time, one card at a time', async () => {
    const { share, runs } = await steady(30, 600);
    expect(share).toBeLessThanOrEqual(limit);
    expect(share).toBeGreaterThan(0.2);
    expect(Math.max(...runs)).toBe(30_000);
  });

  it('a new problem every 5 s holds the same budget as one per poll and as a storm', async () => {
    for (const every of [5, 12, 45]) {
      const { share, runs } = await steady(every, 600);
      expect(share).toBeLessThanOrEqual(limit + 10 / 600);
      // A card that another problem joined within its first 10 s shows a card time from then.
      expect(Math.max(...runs)).toBeLessThanOrEqual(40_000);
    }
  });

  it('follows every card with at least one whole rotation item', async () => {
    const s = await steady(30, 600, { showSeconds: 10, itemSeconds: 60 });
    // A 10 s card and then a 60 s item: 10 of every 70 s at most.
    expect(s.share).toBeLessThanOrEqual(10 / 70 + 0.01);
  });

  it('lets alertshare tune the share', async () => {
    const { share } = await steady(30, 600, { share: 0.5 });
    expect(share).toBeLessThanOrEqual(0.5);
    expect(share).toBeGreaterThan(0.34);
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
    const card = s.w.current.value!;
    expect(isGroup(card) && card.problems.map((p) => p.host)).toEqual(['db01', 'fw01']);
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
