import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResourceRegistry } from '../../lib/resource';
import { createAlertWatch, type Problem } from './alerts';
import { createChime, type ToneContext } from './sound';

function fakeContext(state: 'running' | 'suspended') {
  const tones: number[] = [];
  const ctx = {
    state: state as string,
    currentTime: 0,
    destination: {},
    resume: vi.fn(async () => { ctx.state = 'running'; }),
    createOscillator: () => {
      const osc = { frequency: { value: 0 }, connect: () => undefined, start: () => tones.push(osc.frequency.value), stop: () => undefined };
      return osc;
    },
    createGain: () => ({ gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: () => undefined }),
  } satisfies ToneContext;
  return { ctx, tones };
}

const web: Problem = { host: 'web01', service: 'HTTP', state: 2, output: 'down', since: 1_000 };
const old: Problem = { host: 'old01', state: 1, output: 'down', since: 500 };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('sound', () => {
  it('plays only on real changes: a new problem or a recovery, never for what was there at start, a reload or a reconnect', async () => {
    const { ctx, tones } = fakeContext('running');
    const chime = createChime(() => ctx);
    let problems: Problem[] = [old];
    let fail = false;
    const watch = createAlertWatch({ resources: createResourceRegistry(), load: async () => { if (fail) throw new Error('offline'); return problems; }, showMs: 60_000, onChange: (c) => chime.play(c) });
    watch.start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(tones).toEqual([]);
    problems = [old, web];
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tones).toEqual([880]);
    fail = true;
    await vi.advanceTimersByTimeAsync(60_000);
    fail = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tones).toEqual([880]);
    // A page reload starts a new watch: its first poll is a baseline, silent.
    const again = createAlertWatch({ resources: createResourceRegistry(), load: async () => problems, showMs: 60_000, onChange: (c) => chime.play(c) });
    again.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(tones).toEqual([880]);
  });

  it('plays a lower tone when the problem on the card recovers', async () => {
    const { ctx, tones } = fakeContext('running');
    const chime = createChime(() => ctx);
    let problems: Problem[] = [];
    const watch = createAlertWatch({ resources: createResourceRegistry(), load: async () => problems, showMs: 60_000, onChange: (c) => chime.play(c) });
    watch.start();
    await vi.advanceTimersByTimeAsync(0);
    problems = [web];
    await vi.advanceTimersByTimeAsync(30_000);
    problems = [];
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tones).toEqual([880, 440]);
  });

  it('where autoplay is blocked, says so until a tap enables it, and stays silent meanwhile', async () => {
    const { ctx, tones } = fakeContext('suspended');
    const chime = createChime(() => ctx);
    expect(chime.blocked.value).toBe(true);
    chime.play('problem');
    expect(tones).toEqual([]);
    await chime.enable();
    expect(chime.blocked.value).toBe(false);
    chime.play('problem');
    expect(tones).toEqual([880]);
  });

  it('does nothing without Web Audio', () => {
    const chime = createChime(() => undefined);
    expect(chime.blocked.value).toBe(false);
    expect(() => chime.play('problem')).not.toThrow();
  });
});
