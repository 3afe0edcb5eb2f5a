import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupStorageKey, useGroupExpansion } from './useGroupExpansion';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('useGroupExpansion', () => {
  it('opens the spec 2.10 default groups and closes the rest', () => {
    const { result } = renderHook(() => useGroupExpansion('alice'));
    expect(result.current.isExpanded('home', 'quickview')).toBe(true);
    expect(result.current.isExpanded('help', 'helpresources')).toBe(false);
  });

  it('remembers a choice per user on this device', () => {
    const alice = renderHook(() => useGroupExpansion('alice'));
    act(() => alice.result.current.setExpanded('home', 'quickview', false));
    expect(alice.result.current.isExpanded('home', 'quickview')).toBe(false);
    expect(localStorage.getItem(groupStorageKey('alice'))).toContain('home:quickview');

    expect(renderHook(() => useGroupExpansion('alice')).result.current.isExpanded('home', 'quickview')).toBe(false);
    expect(renderHook(() => useGroupExpansion('bob')).result.current.isExpanded('home', 'quickview')).toBe(true);
  });

  it('ignores broken stored data', () => {
    localStorage.setItem(groupStorageKey('carol'), '{not json');
    expect(renderHook(() => useGroupExpansion('carol')).result.current.isExpanded('home', 'quickview')).toBe(true);
  });
});
