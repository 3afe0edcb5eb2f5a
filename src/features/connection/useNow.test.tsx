import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './useNow';

beforeEach(() => vi.useFakeTimers({ now: 1_000_000_300 }));
afterEach(() => vi.useRealTimers());

describe('useNow', () => {
  it('ticks on whole seconds of the clock, so two countdowns started apart read the same second', async () => {
    const first = renderHook(() => useNow(1000));
    await act(() => vi.advanceTimersByTimeAsync(450));
    const second = renderHook(() => useNow(1000));
    // "retrying in N s" on the band and on the strip, of the same retry.
    const retryAt = 1_000_010_500;
    const left = (now: number) => Math.ceil((retryAt - now) / 1000);
    for (let i = 0; i < 5; i += 1) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(left(first.result.current)).toBe(left(second.result.current));
    }
  });
});
