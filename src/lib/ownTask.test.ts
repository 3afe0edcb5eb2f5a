import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inOwnTask } from './ownTask';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('inOwnTask', () => {
  it('starts in a later task, and its cleanup undoes what the start did', () => {
    const undo = vi.fn();
    const start = vi.fn(() => undo);
    const cleanup = inOwnTask(start);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
    cleanup();
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('never starts once cleaned up before its task came', () => {
    const start = vi.fn();
    inOwnTask(start)();
    vi.advanceTimersByTime(1000);
    expect(start).not.toHaveBeenCalled();
  });
});
