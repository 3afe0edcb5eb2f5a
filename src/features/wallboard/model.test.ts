import { signal } from '@preact/signals-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../lib/apiTypes';
import { ApiError } from '../../lib/http';
import type { ConnectionState } from '../connection/model';
import { testTranslate } from '../../lib/testTranslate.test-utils';
import { createWallboardModel, lastReloadTime } from './model';
import { parseWallboardParams } from './params';
import type { PlaylistItem } from './playlist';
import { createPlaylistFollower } from './playlistFollower';

const PAGES = '?page=a.php&page=b.php&page=c.php';

/** A menu whose My Views holds `n` views (v0.php, v1.php…). */
function viewsMenu(n: number): Menu {
  const entries = Array.from({ length: n }, (_, i) => ({ id: `v${i}`, label: `View ${i}`, path: `v${i}.php`, target: 'maincontentframe' as const, icon: '', kind: 'link' as const }));
  return { views: { id: 'views', label: 'Views', path: 'views/', defaultPath: '', icon: '', groups: [{ id: 'myviews', label: 'My Views', entries }] } };
}

function setup(search = PAGES, options: { menu?: Menu | null; now?: () => number; stored?: PlaylistItem[]; viewAt?: (i: number) => Promise<{ title: string; url: string }> } = {}) {
  const state = signal<ConnectionState>('online');
  const card = signal<string | undefined>(undefined);
  const ready = signal(false);
  const apply = vi.fn();
  const reloadPage = vi.fn();
  const saved: PlaylistItem[][] = [];
  const config = parseWallboardParams(search, '/', 'http://localhost:3000');
  const menu = { data: signal<Menu | undefined>(options.menu === null ? undefined : options.menu ?? {}), error: signal<Error | undefined>(undefined), refresh: vi.fn(async () => undefined) };
  const model = createWallboardModel({
    config,
    connection: { state },
    api: { loadSpeed: async () => 10 },
    playlist: createPlaylistFollower({
      config,
      viewAt: options.viewAt ?? (async () => { throw new Error('no views here'); }),
      menu,
      lastList: { get: async () => options.stored, put: (items) => saved.push(items) },
      t: testTranslate,
      ...(options.now ? { now: options.now } : {}),
    }),
    update: { ready, apply },
    reloadPage,
    t: testTranslate,
    alerts: { current: card },
    ...(options.now ? { now: options.now } : {}),
  });
  const stop = model.start();
  const shown = () => model.stage.value?.item.url;
  const recover = () => { state.value = 'online'; };
  return { model, state, card, recover, ready, apply, reloadPage, stop, shown, saved, menu };
}

const seconds = (n: number) => vi.advanceTimersByTimeAsync(n * 1000);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('wallboard model', () => {
  it('rotates through the URL\'s pages at the speed, with the position', async () => {
    const s = setup(`${PAGES}&speed=20`);
    await seconds(0);
    expect(s.shown()).toBe('/a.php');
    expect(s.model.position.value).toBe(1);
    expect(s.model.rotation.countdown.value).toBe(20);
    await seconds(20);
    expect(s.shown()).toBe('/b.php');
    await seconds(40);
    expect(s.shown()).toBe('/a.php');
    expect(s.model.position.value).toBe(1);
    expect(s.saved[0]!.map((i) => i.url)).toEqual(['/a.php', '/b.php', '/c.php']);
  });

  it('holds per-item durations and starts at start=', async () => {
    const s = setup(`${PAGES}&durations=30,10,15&start=1`);
    await seconds(0);
    expect(s.shown()).toBe('/b.php');
    expect(s.model.rotation.countdown.value).toBe(10);
    await seconds(10);
    expect(s.shown()).toBe('/c.php');
    await seconds(14);
    expect(s.shown()).toBe('/c.php');
    await seconds(1);
    expect(s.shown()).toBe('/a.php');
    expect(s.model.rotation.countdown.value).toBe(30);
  });

  it('without parameters rotates My Views, and the built-in playlist when there are none', async () => {
    const menu: Menu = { views: { id: 'views', label: 'Views', path: 'views/', defaultPath: '', icon: '', groups: [{ id: 'myviews', label: 'My Views', entries: [{ id: 'v1', label: 'Hosts', path: 'hosts.php', target: 'maincontentframe', icon: '', kind: 'link' }] }] } };
    const mine = setup('', { menu });
    await seconds(0);
    expect(mine.model.items.value.map((i) => i.title)).toEqual(['Hosts']);
    mine.stop();
    const fresh = setup('');
    await seconds(0);
    expect(fresh.model.items.value.map((i) => i.url)).toEqual([
      '/includes/page-home-main.php',
      '/includes/components/xicore/status.php?show=hostproblems',
      '/includes/components/xicore/status.php?show=serviceproblems',
    ]);
  });

  it('applies a waiting update at the next boundary, not before', async () => {
    const s = setup();
    await seconds(0);
    s.ready.value = true;
    await seconds(9);
    expect(s.apply).not.toHaveBeenCalled();
    await seconds(1);
    expect(s.apply).toHaveBeenCalledTimes(1);
    expect(s.shown()).toBe('/a.php');
  });

  it('reloads at the first boundary after the daily reload time, once', async () => {
    let clock = new Date(2026, 10, 23, 3, 29, 55).getTime();
    const s = setup(`${PAGES}&reload=03:30`, { now: () => clock });
    await seconds(0);
    await seconds(4);
    expect(s.reloadPage).not.toHaveBeenCalled();
    clock = new Date(2026, 10, 23, 3, 30, 5).getTime();
    await seconds(6);
    expect(s.reloadPage).toHaveBeenCalledTimes(1);
    expect(lastReloadTime(new Date(2026, 10, 23, 2, 0).getTime(), { hours: 3, minutes: 30 })).toBe(new Date(2026, 10, 22, 3, 30).getTime());
  });

  it('holds on the last item while unreachable or signed out, and resumes with the current item reloaded on recovery', async () => {
    const s = setup();
    await seconds(10);
    expect(s.shown()).toBe('/b.php');
    const before = s.model.stage.value!.seq;
    s.state.value = 'unreachable';
    expect(s.model.held.value).toBe(true);
    await seconds(60);
    expect(s.shown()).toBe('/b.php');
    expect(s.model.stage.value!.seq).toBe(before);
    s.state.value = 'signInNeeded';
    await seconds(60);
    expect(s.model.held.value).toBe(true);
    s.recover();
    expect(s.model.held.value).toBe(false);
    await seconds(0);
    expect(s.model.stage.value!.seq).toBe(before + 1);
    expect(s.shown()).toBe('/b.php');
    await seconds(10);
    expect(s.shown()).toBe('/c.php');
  });

  it('an outage while the next item loads holds on the item on screen, with its place, not the one that never showed', async () => {
    const s = setup();
    await seconds(0);
    s.model.markShown(s.model.stage.value!.seq);
    await seconds(10);
    s.model.markShown(s.model.stage.value!.seq);
    expect(s.model.onScreen.value?.url).toBe('/b.php');
    await seconds(10);
    // c.php was asked for, and the server went away before it was drawn.
    expect(s.shown()).toBe('/c.php');
    s.state.value = 'unreachable';
    expect(s.model.held.value).toBe(true);
    expect(s.model.onScreen.value?.url).toBe('/b.php');
    expect(s.model.position.value).toBe(2);
    s.recover();
    await seconds(0);
    expect(s.shown()).toBe('/b.php');
  });

  it('a card whose time runs out during an outage leaves the rotation held until the server is back', async () => {
    const s = setup();
    await seconds(10);
    expect(s.shown()).toBe('/b.php');
    s.card.value = 'new problem';
    await seconds(5);
    s.state.value = 'unreachable';
    s.card.value = undefined;
    await seconds(60);
    expect(s.shown()).toBe('/b.php');
    expect(s.model.rotation.running.value).toBe(false);
    expect(s.model.held.value).toBe(true);
    s.recover();
    // It goes on where the card stopped it: all of b's ten seconds were left.
    await seconds(9);
    expect(s.shown()).toBe('/b.php');
    await seconds(1);
    expect(s.shown()).toBe('/c.php');
  });

  it('a server back while a card still shows leaves the rotation to the card\'s end', async () => {
    const s = setup();
    await seconds(10);
    s.card.value = 'new problem';
    s.state.value = 'unreachable';
    await seconds(5);
    s.recover();
    await seconds(30);
    expect(s.shown()).toBe('/b.php');
    expect(s.model.rotation.running.value).toBe(false);
    s.card.value = undefined;
    await seconds(10);
    expect(s.shown()).toBe('/c.php');
  });

  it('a rotation the viewer paused stays paused through a card and an outage', async () => {
    const s = setup();
    await seconds(10);
    s.model.rotation.pause();
    s.card.value = 'new problem';
    s.state.value = 'unreachable';
    s.card.value = undefined;
    s.recover();
    await seconds(30);
    expect(s.shown()).toBe('/b.php');
    expect(s.model.rotation.running.value).toBe(false);
  });

  it('a cold start without a network shows the last list it had', async () => {
    const stored = [{ title: 'Stored', url: '/stored.php' }];
    const s = setup('?views=0', { stored, menu: viewsMenu(1), viewAt: async () => { throw new TypeError('Failed to fetch'); } });
    await seconds(0);
    expect(s.model.items.value).toEqual(stored);
    expect(s.shown()).toBe('/stored.php');
  });

  it('switches to the night playlist at the first boundary of the night, from its first item, and back in the morning (also across midnight)', async () => {
    let clock = new Date(2026, 10, 23, 21, 59, 30).getTime();
    const views = [{ title: 'Night A', url: '/night-a.php' }, { title: 'Night B', url: '/night-b.php' }];
    const s = setup(`${PAGES}&speed=20&night=22:00-06:00&nightmode=views:0,1`, { now: () => clock, menu: viewsMenu(2), viewAt: async (i) => views[i]! });
    await seconds(0);
    expect(s.shown()).toBe('/a.php');
    clock += 20_000;
    await seconds(20);
    // 21:59:50: still day.
    expect(s.shown()).toBe('/b.php');
    clock += 20_000;
    await seconds(20);
    expect(s.shown()).toBe('/night-a.php');
    expect(s.model.position.value).toBe(1);
    expect(s.model.items.value.map((i) => i.url)).toEqual(['/night-a.php', '/night-b.php']);
    clock = new Date(2026, 10, 24, 0, 30).getTime();
    await seconds(20);
    expect(s.shown()).toBe('/night-b.php');
    clock = new Date(2026, 10, 24, 6, 0, 5).getTime();
    await seconds(20);
    expect(s.shown()).toBe('/a.php');
    expect(s.model.position.value).toBe(1);
  });

  it('keeps the day list all night when the night views do not exist, and says so', async () => {
    const clock = new Date(2026, 10, 23, 23, 0).getTime();
    const s = setup(`${PAGES}&night=22:00-06:00&nightmode=views:7`, { now: () => clock, viewAt: async () => { throw new ApiError(404, 'No such view'); } });
    await seconds(0);
    expect(s.shown()).toBe('/a.php');
    expect(s.model.notices.value.map((n) => [n.name, n.value, n.rule])).toEqual([['nightmode', '7', 'wallboard.rule.noView']]);
  });

  it('says it is loading until the menu arrives, and then rotates My Views: the built-in list never stands in', async () => {
    const s = setup('', { menu: null });
    await seconds(3);
    expect(s.model.loading.value).toBe(true);
    expect(s.model.stage.value).toBeNull();
    s.menu.data.value = viewsMenu(3);
    await seconds(0);
    expect(s.model.loading.value).toBe(false);
    expect(s.model.builtIn.value).toBe(false);
    expect(s.model.items.value.map((i) => i.url)).toEqual(['/v0.php', '/v1.php', '/v2.php']);
    expect(s.shown()).toBe('/v0.php');
  });

  it('a view added elsewhere joins at the next boundary, after the item on screen; one removed leaves', async () => {
    const s = setup('', { menu: viewsMenu(2) });
    await seconds(0);
    s.model.markShown(s.model.stage.value!.seq);
    expect(s.model.count.value).toBe(2);
    s.menu.data.value = viewsMenu(3);
    await seconds(0);
    // Nothing changes in the middle of an item.
    expect(s.model.items.value).toHaveLength(2);
    await seconds(10);
    expect(s.shown()).toBe('/v1.php');
    s.model.markShown(s.model.stage.value!.seq);
    expect(s.model.position.value).toBe(2);
    expect(s.model.count.value).toBe(3);
    await seconds(10);
    expect(s.shown()).toBe('/v2.php');
    s.menu.data.value = viewsMenu(1);
    await seconds(10);
    expect(s.shown()).toBe('/v0.php');
    expect(s.model.items.value).toHaveLength(1);
  });

  it('asks for the menu again at boundaries, at most every 30 s', async () => {
    let clock = 1_000_000;
    const s = setup('', { menu: viewsMenu(2), now: () => clock });
    await seconds(0);
    for (let i = 0; i < 6; i += 1) {
      clock += 10_000;
      await seconds(10);
    }
    expect(s.menu.refresh).toHaveBeenCalledTimes(2);
  });

  it('a user without views gets the built-in list, and the model says so', async () => {
    const s = setup('', { menu: viewsMenu(0) });
    await seconds(0);
    expect(s.model.builtIn.value).toBe(true);
    expect(s.model.items.value).toHaveLength(3);
  });

  it('a view number past the end of My Views is a notice, not another view', async () => {
    const s = setup('?views=0,99', { menu: viewsMenu(2), viewAt: async (i) => ({ title: `View ${i}`, url: `/v${i}.php` }) });
    await seconds(0);
    expect(s.model.items.value.map((i) => i.url)).toEqual(['/v0.php']);
    expect(s.model.notices.value.map((n) => [n.name, n.value, n.rule])).toEqual([['views', '99', 'wallboard.rule.noView']]);
  });
});

