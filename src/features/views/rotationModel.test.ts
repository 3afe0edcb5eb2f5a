import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import type { ToastInput } from '../toast/model';
import { testTranslate } from '../../lib/testTranslate.test-utils';
import type { ViewsApi } from './api';
import { createRotationModel, isValidSpeed, SPEED, storedSpeed, TICK_MS } from './rotationModel';

const VIEWS = [
  { title: 'Hosts', url: 'includes/components/xicore/status.php?show=hosts' },
  { title: 'Services', url: 'includes/components/xicore/status.php?show=services' },
  { title: 'Problems', url: 'includes/components/xicore/status.php?show=hostproblems' },
];

/** getviewbynum wraps around like the server; `stored` is what getusermeta answers. */
function fakeApi(stored: unknown = 10, views = VIEWS) {
  const api = {
    loadSpeed: vi.fn(async () => stored),
    saveSpeed: vi.fn(async (_speed: number) => {}),
    viewAt: vi.fn(async (index: number) => {
      if (!views.length) throw new ApiError(404, 'There are no views in My Views.', 'There are no views in My Views.');
      return views[((index % views.length) + views.length) % views.length]!;
    }),
  } satisfies Pick<ViewsApi, 'loadSpeed' | 'saveSpeed' | 'viewAt'>;
  return api;
}

function setup(stored: unknown = 10, views = VIEWS) {
  const api = fakeApi(stored, views);
  const opened: string[] = [];
  const notices: ToastInput[] = [];
  const model = createRotationModel({
    api,
    open: (url) => {
      opened.push(url);
      return !url.startsWith('http');
    },
    notify: (n) => notices.push(n),
    t: testTranslate,
  });
  return { api, model, opened, notices };
}

/** Lets the fake API's promises settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);
const seconds = (n: number) => vi.advanceTimersByTimeAsync(n * TICK_MS);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('rotation speed rules (spec 5)', () => {
  it('accepts whole seconds from 10 to 60 only', () => {
    expect([10, 35, 60].every(isValidSpeed)).toBe(true);
    expect([9, 61, 10.5, Number.NaN, '20', null].some(isValidSpeed)).toBe(false);
  });

  it('treats a stored value outside 10-60, or no number, as 10', () => {
    expect(storedSpeed(25)).toBe(25);
    expect(storedSpeed('45')).toBe(45);
    expect([0, 5, 61, 600, -3, 12.5, 'fast', '', null, undefined].map(storedSpeed)).toEqual(Array(10).fill(SPEED.fallback));
  });

  it('loads the stored speed once and starts the countdown from it', async () => {
    const { api, model } = setup(30);
    await Promise.all([model.load(), model.load()]);
    expect(api.loadSpeed).toHaveBeenCalledTimes(1);
    expect(model.speed.value).toBe(30);
    expect(model.countdown.value).toBe(30);
  });

  it('uses 10 when the stored speed is out of range', async () => {
    const { model } = setup(99);
    await model.load();
    expect(model.speed.value).toBe(10);
  });

  it('ignores out-of-range changes', () => {
    const { model } = setup();
    expect(model.setSpeed(25)).toBe(true);
    expect(model.setSpeed(9)).toBe(false);
    expect(model.setSpeed(61)).toBe(false);
    expect(model.setSpeed(20.5)).toBe(false);
    expect(model.speed.value).toBe(25);
  });

  it('a speed chosen while the stored one loads is kept', async () => {
    const { model } = setup(40);
    const loading = model.load();
    model.setSpeed(15);
    await loading;
    expect(model.speed.value).toBe(15);
  });

  it('saves the speed with setusermeta when a move ends, once per new value', async () => {
    const { api, model } = setup(10);
    await model.load();
    model.setSpeed(20);
    model.setSpeed(21);
    await model.saveSpeed();
    await model.saveSpeed();
    expect(api.saveSpeed.mock.calls).toEqual([[21]]);
  });

  it('quick moves save one at a time, so the last speed is the one stored, whatever order answers would come in', async () => {
    const { api, model } = setup(10);
    await model.load();
    const answers: (() => void)[] = [];
    api.saveSpeed.mockImplementation(() => new Promise<void>((resolve) => { answers.push(resolve); }));
    model.setSpeed(20);
    const first = model.saveSpeed();
    await expect.poll(() => answers.length).toBe(1);
    model.setSpeed(50);
    const second = model.saveSpeed();
    model.setSpeed(30);
    const third = model.saveSpeed();
    // Only the first is on its way until it is answered.
    expect(api.saveSpeed.mock.calls).toEqual([[20]]);
    answers.shift()!();
    await first;
    await expect.poll(() => answers.length).toBe(1);
    answers.shift()!();
    await Promise.all([second, third]);
    // The next save sent the speed of when it started (30, the latest); the one after found it stored already.
    expect(api.saveSpeed.mock.calls).toEqual([[20], [30]]);
  });

  it('a failed save says so', async () => {
    const { api, model, notices } = setup();
    api.saveSpeed.mockRejectedValueOnce(new ApiError(500, 'boom'));
    model.setSpeed(30);
    await model.saveSpeed();
    expect(notices).toEqual([{ variant: 'error', title: 'Failed to save the rotation speed.', description: 'Please try again.' }]);
  });
});

describe('view rotation (spec 4)', () => {
  it('start shows the current view and counts down every second', async () => {
    const { model, opened } = setup();
    await model.load();
    model.start();
    await settle();
    expect(model.running.value).toBe(true);
    expect(opened).toEqual([VIEWS[0]!.url]);
    expect(model.countdown.value).toBe(10);
    await seconds(1);
    expect(model.countdown.value).toBe(9);
    await seconds(3);
    expect(model.countdown.value).toBe(6);
  });

  it('at zero resets to the speed and advances to the next view (getviewbynum with the index)', async () => {
    const { api, model, opened } = setup(12);
    await model.load();
    model.start();
    await seconds(11);
    expect(model.countdown.value).toBe(1);
    expect(opened).toHaveLength(1);
    await seconds(1);
    expect(model.countdown.value).toBe(12);
    expect(model.index.value).toBe(1);
    expect(api.viewAt).toHaveBeenLastCalledWith(1);
    expect(opened).toEqual([VIEWS[0]!.url, VIEWS[1]!.url]);
    await seconds(24);
    expect(model.index.value).toBe(3);
    expect(opened.at(-1)).toBe(VIEWS[0]!.url);
  });

  it('pause stops the countdown and the views; toggle starts again', async () => {
    const { model, opened } = setup();
    model.start();
    await seconds(4);
    model.toggle();
    expect(model.running.value).toBe(false);
    await seconds(60);
    expect(model.countdown.value).toBe(6);
    expect(opened).toHaveLength(1);
    model.toggle();
    expect(model.running.value).toBe(true);
    await seconds(10);
    expect(model.index.value).toBe(1);
  });

  it('skip goes to the next view and rewind to the previous, never below 0; both reset the countdown', async () => {
    const { model, opened } = setup(20);
    await model.load();
    model.start();
    await seconds(5);
    model.skip();
    await settle();
    expect(model.index.value).toBe(1);
    expect(model.countdown.value).toBe(20);
    expect(opened.at(-1)).toBe(VIEWS[1]!.url);
    await seconds(7);
    model.rewind();
    await settle();
    expect(model.index.value).toBe(0);
    expect(model.countdown.value).toBe(20);
    expect(opened.at(-1)).toBe(VIEWS[0]!.url);
    model.rewind();
    await settle();
    expect(model.index.value).toBe(0);
    // A full first second after a reset.
    await seconds(1);
    expect(model.countdown.value).toBe(19);
  });

  it('skip and rewind work while paused too', async () => {
    const { model, opened } = setup();
    model.skip();
    model.skip();
    await settle();
    expect(model.running.value).toBe(false);
    expect(model.index.value).toBe(2);
    expect(opened).toEqual([VIEWS[2]!.url]);
    await seconds(30);
    expect(model.index.value).toBe(2);
  });

  it('a new speed resets the countdown while paused', async () => {
    const { model } = setup(30);
    await model.load();
    model.start();
    await seconds(5);
    model.pause();
    model.setSpeed(40);
    expect(model.countdown.value).toBe(40);
  });

  it('while running, a new speed resets the countdown only when the countdown is above it', async () => {
    const { model } = setup(30);
    await model.load();
    model.start();
    await seconds(5);
    expect(model.countdown.value).toBe(25);
    model.setSpeed(40);
    expect(model.countdown.value).toBe(25);
    model.setSpeed(20);
    expect(model.countdown.value).toBe(20);
    model.setSpeed(20);
    expect(model.countdown.value).toBe(20);
    await seconds(20);
    expect(model.index.value).toBe(1);
    expect(model.countdown.value).toBe(20);
  });

  it('only the last requested view is shown when answers arrive out of order', async () => {
    const { api, model, opened } = setup();
    let release: () => void = () => {};
    api.viewAt.mockImplementationOnce((index) => new Promise((resolve) => { release = () => resolve(VIEWS[index]!); }));
    model.skip();
    model.skip();
    await settle();
    release();
    await settle();
    expect(opened).toEqual([VIEWS[2]!.url]);
  });

  it('a view that is not a page of this site is not opened and the user is told', async () => {
    const { model, notices } = setup(10, [{ title: 'Vendor', url: 'https://www.example.com/' }]);
    model.start();
    await settle();
    expect(notices).toEqual([{ variant: 'error', title: 'Failed to show the view.', description: 'Only pages of this site can be shown in the frame.' }]);
    expect(model.running.value).toBe(true);
  });

  it('with no views at all it pauses and passes the server message on', async () => {
    const { model, notices } = setup(10, []);
    model.start();
    await settle();
    expect(model.running.value).toBe(false);
    expect(notices).toEqual([{ variant: 'error', title: 'Failed to show the view.', description: 'There are no views in My Views.' }]);
  });

  it('pauses when the last control bar goes away (leaving the views section)', async () => {
    const { model } = setup();
    const first = model.attach();
    const second = model.attach();
    model.start();
    first();
    first();
    expect(model.running.value).toBe(true);
    second();
    expect(model.running.value).toBe(false);
    await seconds(20);
    expect(model.index.value).toBe(0);
  });
});

describe('pausing while the next view is on its way', () => {
  it('a view that arrives after pause is not opened', async () => {
    let answer: ((v: { title: string; url: string }) => void) | undefined;
    const opened: string[] = [];
    const model = createRotationModel({
      api: { loadSpeed: async () => 10, saveSpeed: async () => undefined, viewAt: () => new Promise((resolve) => { answer = resolve; }) },
      open: (url) => { opened.push(url); return true; },
      notify: () => undefined,
      t: testTranslate,
    });
    model.start();
    answer!({ title: 'A', url: 'a.php' });
    await settle();
    expect(opened).toEqual(['a.php']);
    await seconds(10);
    model.pause();
    answer!({ title: 'B', url: 'b.php' });
    await settle();
    expect(opened).toEqual(['a.php']);
  });
});
