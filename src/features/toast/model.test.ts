import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, reduceToasts, TOAST_DURATION, TOAST_REMOVE_DELAY, type ToastEntry } from './model';

const entry = (id: string): ToastEntry => ({ id, title: id, variant: 'default', duration: TOAST_DURATION, open: true });

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('toast reducer (spec 4)', () => {
  it('keeps at most one toast: a new one replaces the old', () => {
    expect(reduceToasts([entry('1')], { type: 'added', toast: entry('2') }).map((t) => t.id)).toEqual(['2']);
  });

  it('updates, dismisses (closed but kept) and removes', () => {
    let state = reduceToasts([], { type: 'added', toast: entry('1') });
    state = reduceToasts(state, { type: 'updated', toast: { id: '1', title: 'Changed' } });
    expect(state[0]).toMatchObject({ title: 'Changed', open: true });
    state = reduceToasts(state, { type: 'dismissed', id: '1' });
    expect(state[0]?.open).toBe(false);
    expect(reduceToasts(state, { type: 'removed', id: '1' })).toEqual([]);
    expect(reduceToasts([entry('a')], { type: 'dismissed' })[0]?.open).toBe(false);
    expect(reduceToasts([entry('a')], { type: 'removed' })).toEqual([]);
  });
});

describe('toast store', () => {
  it('shows a toast with the default variant and 5000 ms, and removes it 1,000,000 ms after dismissal', () => {
    const store = createToastStore();
    const handle = store.toast({ title: 'Tool added.' });
    expect(store.toasts.value).toEqual([{ id: handle.id, title: 'Tool added.', description: undefined, variant: 'default', duration: 5000, open: true }]);
    handle.dismiss();
    expect(store.toasts.value[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(store.toasts.value).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.toasts.value).toEqual([]);
  });

  it('a newer toast pushes the older one out, and update changes the shown one', () => {
    const store = createToastStore();
    store.toast({ title: 'First', variant: 'success' });
    const second = store.toast({ title: 'Second', variant: 'error', description: 'Why' });
    expect(store.toasts.value.map((t) => t.title)).toEqual(['Second']);
    second.update({ description: 'Because' });
    expect(store.toasts.value[0]).toMatchObject({ variant: 'error', description: 'Because' });
  });
});
