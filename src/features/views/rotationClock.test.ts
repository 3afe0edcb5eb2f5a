import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRotationClock, TICK_MS } from './rotationClock';

const settle = () => vi.advanceTimersByTimeAsync(0);
const seconds = (n: number) => vi.advanceTimersByTimeAsync(n * TICK_MS);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('rotation with per-item durations and a boundary hook (the wallboard)', () => {
  function withDurations(durations: Array<number | undefined>, onBoundary?: (next: number) => boolean) {
    const opened: number[] = [];
    const model = createRotationClock({
      show: (i) => { opened.push(i); },
      durationAt: (i) => durations[i % durations.length],
      ...(onBoundary ? { onBoundary } : {}),
    });
    return { model, opened };
  }

  it('each item shows for its own seconds; items without one use the speed', async () => {
    const { model, opened } = withDurations([30, undefined, 5]);
    model.start();
    await settle();
    expect(model.countdown.value).toBe(30);
    await seconds(29);
    expect(model.index.value).toBe(0);
    await seconds(1);
    expect(model.index.value).toBe(1);
    expect(model.countdown.value).toBe(10);
    await seconds(10);
    expect(model.index.value).toBe(2);
    expect(model.countdown.value).toBe(5);
    await seconds(5);
    expect(model.index.value).toBe(3);
    expect(model.countdown.value).toBe(30);
    await settle();
    expect(opened).toHaveLength(4);
  });

  it('a new speed does not cut an item that has its own duration', async () => {
    const { model } = withDurations([30]);
    model.start();
    model.setSpeed(12);
    expect(model.countdown.value).toBe(30);
  });

  it('the boundary hook runs at every boundary with the next index, and can take over (no next item opens)', async () => {
    const seen: number[] = [];
    let takeOver = false;
    const { model, opened } = withDurations([10], (next) => { seen.push(next); return takeOver; });
    model.start();
    await seconds(10);
    await settle();
    expect(seen).toEqual([1]);
    expect(opened).toHaveLength(2);
    takeOver = true;
    await seconds(10);
    await settle();
    expect(seen).toEqual([1, 2]);
    expect(opened).toHaveLength(2);
    expect(model.index.value).toBe(1);
    await seconds(30);
    expect(seen).toEqual([1, 2]);
  });
});
