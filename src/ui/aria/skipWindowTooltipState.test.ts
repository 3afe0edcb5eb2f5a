import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_DELAY, TOOLTIP_SKIP_WINDOW } from '../Tooltip';
import { resetTooltipSkipWindow, useSkipWindowTooltipState } from './skipWindowTooltipState';

const options = { delay: TOOLTIP_DELAY, skipWindow: TOOLTIP_SKIP_WINDOW };

beforeEach(() => {
  vi.useFakeTimers();
  resetTooltipSkipWindow();
});
afterEach(() => { vi.useRealTimers(); });

describe('tooltip delay and skip window (spec 9: 700 ms, 300 ms skip window)', () => {
  it('opens after the delay, and closes at once when the pointer leaves', () => {
    const { result } = renderHook(() => useSkipWindowTooltipState(options));
    act(() => result.current.open(false));
    act(() => { vi.advanceTimersByTime(TOOLTIP_DELAY - 1); });
    expect(result.current.isOpen).toBe(false);
    act(() => { vi.advanceTimersByTime(1); });
    expect(result.current.isOpen).toBe(true);
    act(() => result.current.close(false));
    expect(result.current.isOpen).toBe(false);
  });

  it('opens the next tooltip at once within 300 ms of the last one closing, and waits again after that', () => {
    const a = renderHook(() => useSkipWindowTooltipState(options));
    const b = renderHook(() => useSkipWindowTooltipState(options));
    act(() => a.result.current.open(true));
    act(() => a.result.current.close(false));
    act(() => { vi.advanceTimersByTime(TOOLTIP_SKIP_WINDOW); });
    act(() => b.result.current.open(false));
    expect(b.result.current.isOpen).toBe(true);
    expect(b.result.current.shouldSkipAnimation).toBe(true);
    act(() => b.result.current.close(false));

    act(() => { vi.advanceTimersByTime(TOOLTIP_SKIP_WINDOW + 1); });
    act(() => a.result.current.open(false));
    expect(a.result.current.isOpen).toBe(false);
    act(() => { vi.advanceTimersByTime(TOOLTIP_DELAY); });
    expect(a.result.current.isOpen).toBe(true);
  });

  it('gives an interactive tooltip its close delay, cancelled when the pointer arrives', () => {
    const { result } = renderHook(() => useSkipWindowTooltipState({ ...options, closeDelay: 300 }));
    act(() => result.current.open(true));
    act(() => result.current.close(false));
    act(() => { vi.advanceTimersByTime(200); });
    act(() => result.current.open(true));
    act(() => { vi.advanceTimersByTime(500); });
    expect(result.current.isOpen).toBe(true);
    act(() => result.current.close(false));
    act(() => { vi.advanceTimersByTime(300); });
    expect(result.current.isOpen).toBe(false);
  });
});
