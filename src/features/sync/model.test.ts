import { describe, expect, it, vi } from 'vitest';
import { createResourceRegistry } from '../../lib/resource';
import { createSyncModel, type ChangeChannel } from './model';

/** Two tabs' channels joined: what one posts, the other hears. */
function channelPair(): [ChangeChannel, ChangeChannel] {
  const listeners = [new Set<(e: { data: unknown }) => void>(), new Set<(e: { data: unknown }) => void>()];
  const make = (mine: number): ChangeChannel => ({
    postMessage: (data) => { for (const l of listeners[1 - mine]!) l({ data }); },
    addEventListener: (_type, l) => { listeners[mine]!.add(l); },
    removeEventListener: (_type, l) => { listeners[mine]!.delete(l); },
    close: () => undefined,
  });
  return [make(0), make(1)];
}

function setup(channel?: ChangeChannel, src = '/views/main.php') {
  const menu = { refresh: vi.fn(async () => undefined) };
  const resources = createResourceRegistry();
  const dashboards = resources.createResource({ key: 'dashboards', load: vi.fn(async () => []) });
  const other = resources.createResource({ key: 'status.program', load: vi.fn(async () => ({})) });
  const frame = { src: { peek: () => src }, set: vi.fn() };
  const followAccount = vi.fn(async () => undefined);
  const sync = createSyncModel({ menu, resources, frame, followAccount, channel: () => channel });
  return { sync, menu, dashboards, other, frame, followAccount };
}

describe('sync model', () => {
  it('a change here reloads the menu and the watched list resources, not others, and reloads a classic list page', async () => {
    const { sync, menu, dashboards, other, frame } = setup();
    const stopDashboards = dashboards.watch();
    const stopOther = other.watch();
    await Promise.resolve();
    const refresh = vi.spyOn(dashboards, 'refresh');
    const otherRefresh = vi.spyOn(other, 'refresh');
    await sync.listsChanged();
    expect(menu.refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(otherRefresh).not.toHaveBeenCalled();
    expect(frame.set).toHaveBeenCalledWith('/views/main.php');
    stopDashboards();
    stopOther();
  });

  it('a form posted in the frame: the lists reload but not that page; the account page also brings theme and language', () => {
    const { sync, menu, frame, followAccount } = setup();
    sync.framePosted('/views/main.php');
    expect(menu.refresh).toHaveBeenCalledTimes(1);
    expect(frame.set).not.toHaveBeenCalled();
    expect(followAccount).not.toHaveBeenCalled();
    sync.framePosted('/account/main.php');
    expect(followAccount).toHaveBeenCalledTimes(1);
  });

  it('another tab hears of a change and follows it; nothing after stop', () => {
    const [a, b] = channelPair();
    const here = setup(a, '/includes/page-home-main.php');
    const there = setup(b);
    here.sync.start();
    const stop = there.sync.start();
    here.sync.framePosted('/account/main.php');
    expect(there.menu.refresh).toHaveBeenCalledTimes(1);
    expect(there.followAccount).toHaveBeenCalledTimes(1);
    expect(there.frame.set).toHaveBeenCalledWith('/views/main.php');
    expect(here.frame.set).not.toHaveBeenCalled();
    stop();
    here.sync.framePosted('/views/main.php');
    expect(there.menu.refresh).toHaveBeenCalledTimes(1);
  });
});
