import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastViewport, type ToastData } from './Toast';

const toast = (over: Partial<ToastData> = {}): ToastData => ({ id: '1', title: 'Tool added.', description: 'Find it under My Tools.', variant: 'success', duration: 5000, ...over });

function show(toasts: ToastData[], onDismiss = vi.fn()) {
  render(<><button type="button">Elsewhere</button><ToastViewport toasts={toasts} onDismiss={onDismiss} label="Notifications (F8)" closeLabel="Close" /></>);
  return onDismiss;
}

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ToastViewport', () => {
  it('is a live region; success is a status and errors are alerts', () => {
    show([toast()]);
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('status').textContent).toContain('Tool added.');
    cleanup();
    show([toast({ variant: 'error', title: 'Failed to add tool.' })]);
    expect(screen.getByRole('alert').textContent).toContain('Failed to add tool.');
    expect(screen.getByRole('alert').getAttribute('data-variant')).toBe('error');
  });

  it('closes itself after its duration, but not while the pointer is over it', () => {
    const onDismiss = show([toast()]);
    act(() => { vi.advanceTimersByTime(4999); });
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => { vi.advanceTimersByTime(1); });
    expect(onDismiss).toHaveBeenCalledWith('1');
  });

  it('pauses while focus is inside and resumes with the time that was left', () => {
    const onDismiss = show([toast()]);
    act(() => { vi.advanceTimersByTime(3000); });
    act(() => { fireEvent.keyDown(document, { key: 'F8' }); });
    expect(document.activeElement?.getAttribute('data-testid')).toBe('toast');
    act(() => { vi.advanceTimersByTime(10_000); });
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => { screen.getByRole('button', { name: 'Elsewhere' }).focus(); });
    act(() => { vi.advanceTimersByTime(1999); });
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => { vi.advanceTimersByTime(1); });
    expect(onDismiss).toHaveBeenCalledWith('1');
  });

  it('F8 focuses the region when there is no toast', () => {
    show([]);
    fireEvent.keyDown(document, { key: 'F8' });
    expect(document.activeElement).toBe(screen.getByRole('region'));
  });

  it('a swipe right of 50 px dismisses; a shorter one does not', () => {
    const onDismiss = show([toast()]);
    const el = screen.getByRole('status');
    fireEvent.pointerDown(el, { clientX: 100, button: 0, pointerId: 1 });
    fireEvent.pointerMove(el, { clientX: 149, pointerId: 1 });
    expect(el.getAttribute('data-swipe')).toBe('move');
    fireEvent.pointerUp(el, { clientX: 149, pointerId: 1 });
    expect(onDismiss).not.toHaveBeenCalled();
    expect(el.getAttribute('data-swipe')).toBe('cancel');
    fireEvent.pointerDown(el, { clientX: 100, button: 0, pointerId: 1 });
    fireEvent.pointerUp(el, { clientX: 150, pointerId: 1 });
    expect(onDismiss).toHaveBeenCalledWith('1');
  });

  it('the close button and Escape dismiss it', () => {
    const onDismiss = show([toast()]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByRole('status'), { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledTimes(2);
  });
});
