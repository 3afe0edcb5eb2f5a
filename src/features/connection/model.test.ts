import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF, backoffCap, createConnectionModel, KEEPALIVE_MS, WATCH_MS, type ConnectionDeps, type Outcome, type ProbeAnswer } from './model';

function setup(overrides: Partial<ConnectionDeps> = {}) {
  let answer: Outcome = 'unreachable';
  let online = true;
  const probe = vi.fn(async (): Promise<ProbeAnswer> => answer);
  const keepAlive = vi.fn(async () => answer);
  const onRecover = vi.fn();
  const onSignInNeeded = vi.fn();
  const model = createConnectionModel({ probe, keepAlive, browserOnline: () => online, random: () => 0.999, onRecover, onSignInNeeded, ...overrides });
  const stop = model.start();
  return {
    model, probe, keepAlive, onRecover, onSignInNeeded, stop,
    answer: (next: Outcome) => { answer = next; },
    network: (up: boolean) => { online = up; },
  };
}

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('connection model', () => {
  it('starts online when the browser has a network and offline when it has none', () => {
    expect(setup().model.state.value).toBe('online');
    const { model } = setup({ browserOnline: () => false });
    expect(model.state.value).toBe('offline');
    expect(model.since.value).toBe(Date.now());
  });

  it('goes unreachable on a failed call, offline when the browser says so, and sign-in-needed on a 401', () => {
    const s = setup();
    s.model.report('unreachable');
    expect(s.model.state.value).toBe('unreachable');
    expect(s.model.since.value).toBe(Date.now());
    s.model.browserWentOffline();
    expect(s.model.state.value).toBe('offline');
    s.model.report('unauthorized');
    expect(s.model.state.value).toBe('signInNeeded');
    expect(s.onSignInNeeded).toHaveBeenCalledTimes(1);
    expect(s.model.lastContactAt.value).toBe(Date.now());
  });

  it('a failed call while the browser is offline counts as offline', () => {
    const s = setup();
    s.network(false);
    s.model.report('unreachable');
    expect(s.model.state.value).toBe('offline');
  });

  it('records the last contact on every answer and stays online on good ones', () => {
    const s = setup();
    vi.setSystemTime(5000);
    s.model.report('ok');
    expect(s.model.lastContactAt.value).toBe(5000);
    expect(s.model.state.value).toBe('online');
    expect(s.onRecover).not.toHaveBeenCalled();
  });

  it('probes with backoff doubling from 1 s to 60 s, each wait below its cap (full jitter)', async () => {
    const s = setup();
    s.model.report('unreachable');
    const caps = [1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000];
    for (const [i, cap] of caps.entries()) {
      const wait = s.model.nextProbeAt.value! - Date.now();
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThan(cap);
      expect(wait).toBe(Math.floor(0.999 * cap));
      await vi.advanceTimersByTimeAsync(wait);
      expect(s.probe).toHaveBeenCalledTimes(i + 1);
    }
    expect(backoffCap(30)).toBe(BACKOFF.maxMs);
  });

  it('a server that says when to ask again (Retry-After) is asked then, spread over as long again, whatever the back-off', async () => {
    const s = setup();
    s.model.report('unreachable');
    for (let i = 0; i < 7; i++) await vi.advanceTimersByTimeAsync(s.model.nextProbeAt.value! - Date.now());
    expect(s.model.nextProbeAt.value! - Date.now()).toBe(Math.floor(0.999 * BACKOFF.maxMs));
    s.probe.mockResolvedValueOnce({ outcome: 'unreachable', retryAfterMs: 2000 });
    await vi.advanceTimersByTimeAsync(s.model.nextProbeAt.value! - Date.now());
    expect(s.model.nextProbeAt.value! - Date.now()).toBe(Math.floor(2000 * 1.999));
    // Never longer than the back-off's own ceiling, whatever a proxy asks for.
    s.probe.mockResolvedValueOnce({ outcome: 'unreachable', retryAfterMs: 3_600_000 });
    await vi.advanceTimersByTimeAsync(s.model.nextProbeAt.value! - Date.now());
    expect(s.model.nextProbeAt.value! - Date.now()).toBe(BACKOFF.maxMs);
    // Without it, the back-off again.
    await vi.advanceTimersByTimeAsync(s.model.nextProbeAt.value! - Date.now());
    expect(s.model.nextProbeAt.value! - Date.now()).toBe(Math.floor(0.999 * BACKOFF.maxMs));
    s.answer('ok');
    await vi.advanceTimersByTimeAsync(s.model.nextProbeAt.value! - Date.now());
    expect(s.model.state.value).toBe('online');
  });

  it('draws the jitter from the whole range, down to an immediate probe', async () => {
    const s = setup({ random: () => 0 });
    s.model.report('unreachable');
    expect(s.model.nextProbeAt.value).toBe(Date.now());
    await vi.advanceTimersByTimeAsync(0);
    expect(s.probe).toHaveBeenCalledTimes(1);
  });

  it('recovers once when a probe gets an answer: recovery count, hook, indicator state', async () => {
    const s = setup();
    s.model.report('unreachable');
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.probe).toHaveBeenCalledTimes(1);
    s.answer('ok');
    await vi.advanceTimersByTimeAsync(2000);
    expect(s.model.state.value).toBe('online');
    expect(s.model.since.value).toBeUndefined();
    expect(s.model.nextProbeAt.value).toBeUndefined();
    expect(s.model.recoveries.value).toBe(1);
    expect(s.onRecover).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(s.probe).toHaveBeenCalledTimes(2);
  });

  it('"Retry now" probes at once and resets nothing else when the server is still away', async () => {
    const s = setup();
    s.model.report('unreachable');
    await s.model.retryNow();
    expect(s.probe).toHaveBeenCalledTimes(1);
    expect(s.model.state.value).toBe('unreachable');
    expect(s.model.nextProbeAt.value).toBeGreaterThanOrEqual(Date.now());
    s.answer('ok');
    await s.model.retryNow();
    expect(s.model.state.value).toBe('online');
  });

  it('"Retry now" during a probe under way answers with a probe of its own, sent after that one', async () => {
    const answers: ((o: Outcome) => void)[] = [];
    const probe = vi.fn(() => new Promise<Outcome>((resolve) => { answers.push(resolve); }));
    const s = setup({ probe });
    // The watch's probe left while the server was still there; the server went before it came back.
    const watch = s.model.retryNow();
    const asked = s.model.retryNow();
    expect(probe).toHaveBeenCalledTimes(1);
    answers[0]!('ok');
    await watch;
    await vi.waitFor(() => expect(probe).toHaveBeenCalledTimes(2));
    answers[1]!('unreachable');
    await asked;
    expect(s.model.state.value).toBe('unreachable');
  });

  it('after "Retry now" during an outage\'s probe, the indicator still says when the next probe runs', async () => {
    const answers: ((o: Outcome) => void)[] = [];
    const probe = vi.fn(() => new Promise<Outcome>((resolve) => { answers.push(resolve); }));
    const s = setup({ probe });
    s.model.report('unreachable');
    await vi.advanceTimersByTimeAsync(s.model.nextProbeAt.value! - Date.now());
    expect(probe).toHaveBeenCalledTimes(1);
    // A wall's item failed to load while the back-off's probe was out: it asks again once that one is back.
    const asked = s.model.retryNow();
    answers[0]!('unreachable');
    await vi.waitFor(() => expect(probe).toHaveBeenCalledTimes(2));
    answers[1]!('unreachable');
    await asked;
    expect(s.model.nextProbeAt.value).toBeGreaterThanOrEqual(Date.now());
    // And exactly one probe is waiting: the one it names.
    await vi.advanceTimersByTimeAsync(s.model.nextProbeAt.value! - Date.now());
    expect(probe).toHaveBeenCalledTimes(3);
    s.answer('ok');
    answers[2]!('ok');
    await vi.advanceTimersByTimeAsync(BACKOFF.maxMs * 2);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(s.model.state.value).toBe('online');
  });

  it('a 401 keeps probing, so a new session elsewhere resumes by itself', async () => {
    const s = setup();
    s.model.report('unauthorized');
    s.answer('unauthorized');
    await vi.advanceTimersByTimeAsync(3000);
    expect(s.model.state.value).toBe('signInNeeded');
    s.answer('ok');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.model.state.value).toBe('online');
    expect(s.onSignInNeeded).toHaveBeenCalledTimes(1);
  });

  it('the browser coming back online probes at once', async () => {
    const s = setup();
    s.network(false);
    s.model.browserWentOffline();
    s.network(true);
    s.answer('ok');
    s.model.browserWentOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.model.state.value).toBe('online');
  });

  it('keeps alive every 60 s while online, reports its outcome, and stops when stopped', async () => {
    const s = setup();
    s.answer('ok');
    await vi.advanceTimersByTimeAsync(KEEPALIVE_MS * 2);
    expect(s.keepAlive).toHaveBeenCalledTimes(2);
    s.answer('unreachable');
    await vi.advanceTimersByTimeAsync(KEEPALIVE_MS);
    expect(s.model.state.value).toBe('unreachable');
    s.stop();
    const probes = s.probe.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10 * KEEPALIVE_MS);
    expect(s.keepAlive).toHaveBeenCalledTimes(3);
    expect(s.probe).toHaveBeenCalledTimes(probes);
  });

  it('with a watch (the wallboard), probes once nothing has answered for its period, and shows an outage within it', async () => {
    const s = setup({ watchMs: WATCH_MS });
    s.answer('ok');
    s.model.report('ok');
    // Answers from the screen's own calls keep the watch quiet.
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(WATCH_MS / 2);
      s.model.report('ok');
    }
    expect(s.probe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(WATCH_MS);
    expect(s.probe).toHaveBeenCalledTimes(1);
    expect(s.model.state.value).toBe('online');
    // The server goes away between the screen's polls: the next watch probe says so, with no call of the screen's.
    s.answer('unreachable');
    await vi.advanceTimersByTimeAsync(WATCH_MS * 1.5);
    expect(s.model.state.value).toBe('unreachable');
    s.stop();
    const probes = s.probe.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10 * WATCH_MS);
    expect(s.probe).toHaveBeenCalledTimes(probes);
  });

  it('a watch nobody is looking at (a hidden tab) probes nothing while online; shown again, it checks within half a period', async () => {
    let visible = false;
    const s = setup({ watchMs: WATCH_MS, watching: () => visible });
    s.answer('ok');
    s.model.report('ok');
    await vi.advanceTimersByTimeAsync(KEEPALIVE_MS - 1);
    expect(s.probe).not.toHaveBeenCalled();
    s.answer('unreachable');
    visible = true;
    await vi.advanceTimersByTimeAsync(WATCH_MS / 2);
    expect(s.probe).toHaveBeenCalled();
    expect(s.model.state.value).toBe('unreachable');
  });

  it('shown again during an outage, it probes at once instead of waiting out the back-off', async () => {
    const s = setup();
    s.model.report('unreachable');
    for (let i = 0; i < 7; i++) await vi.advanceTimersByTimeAsync(s.model.nextProbeAt.value! - Date.now());
    // The back-off is now near a minute: a tab brought forward would say "retrying in 59 s" for a server that is back.
    expect(s.model.nextProbeAt.value! - Date.now()).toBeGreaterThan(50_000);
    const probes = s.probe.mock.calls.length;
    s.answer('ok');
    s.model.pageShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.probe).toHaveBeenCalledTimes(probes + 1);
    expect(s.model.state.value).toBe('online');
    expect(s.onRecover).toHaveBeenCalledTimes(1);
  });

  it('shown again while online, it checks at once only when nothing has answered for a watch period', async () => {
    let visible = true;
    const s = setup({ watchMs: WATCH_MS, watching: () => visible });
    s.answer('ok');
    s.model.report('ok');
    s.model.pageShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.probe).not.toHaveBeenCalled();
    visible = false;
    await vi.advanceTimersByTimeAsync(WATCH_MS * 3);
    s.answer('unreachable');
    visible = true;
    s.model.pageShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.probe).toHaveBeenCalledTimes(1);
    expect(s.model.state.value).toBe('unreachable');
  });

  it('shown again before it is started or after it is stopped, it probes nothing', async () => {
    const s = setup();
    s.stop();
    s.model.report('unreachable');
    s.model.pageShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.probe).not.toHaveBeenCalled();
  });

  it('without a watch, nothing is probed while online', async () => {
    const s = setup();
    s.answer('ok');
    await vi.advanceTimersByTimeAsync(KEEPALIVE_MS - 1);
    expect(s.probe).not.toHaveBeenCalled();
  });
});
