import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResourceRegistry } from '../../lib/resource';
import { createDisplayLink, type DisplayReport } from './displayLink';

function setup(answers: DisplayReport[]) {
  const reload = vi.fn();
  const sent: Record<string, string>[] = [];
  let i = 0;
  const link = createDisplayLink({
    report: async (info) => { sent.push(info); return answers[Math.min(i++, answers.length - 1)]!; },
    info: () => ({ item: 'Problems board', screen: '1920x1080' }),
    currentParams: '?views=0%2C1&speed=20',
    reload,
    resources: createResourceRegistry(),
  });
  link.start();
  return { link, reload, sent };
}

const plain: DisplayReport = { name: 'NOC wall', params: 'views=0%2C1&speed=20', commands: [] };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('paired display link', () => {
  it('reports what it shows every 30 s', async () => {
    const s = setup([plain]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.sent).toHaveLength(3);
    expect(s.sent[0]).toEqual({ item: 'Problems board', screen: '1920x1080' });
    expect(s.link.newParams.value).toBeNull();
  });

  it('shows its name for 10 s on Identify', async () => {
    const s = setup([plain, { ...plain, commands: ['identify'] }, plain]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(s.link.identifying.value).toBe('NOC wall');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(s.link.identifying.value).toBe('NOC wall');
    await vi.advanceTimersByTimeAsync(1);
    expect(s.link.identifying.value).toBeNull();
  });

  it('reloads on Reload', async () => {
    const s = setup([plain, { ...plain, commands: ['reload'] }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(s.reload).toHaveBeenCalledTimes(1);
  });

  it('notices new parameters from the Displays page', async () => {
    const s = setup([plain, { ...plain, params: 'strip=top' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.link.newParams.value).toBeNull();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(s.link.newParams.value).toBe('strip=top');
  });
});
