import { act, cleanup, createEvent, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS, useContextMenuTrigger, type ContextMenuSource } from './useContextMenuTrigger';

function Entry({ onOpen, onClick }: { onOpen: (source: ContextMenuSource) => void; onClick: () => void }) {
  const props = useContextMenuTrigger(onOpen);
  return <a href="#fav" {...props} onClick={(e) => { props.onClick?.(e); if (!e.defaultPrevented) onClick(); }}>Problems</a>;
}

function pointer(type: 'pointerDown' | 'pointerUp' | 'pointerCancel', el: Element, pointerType: string) {
  fireEvent[type](el, { pointerType, clientX: 10, clientY: 10 });
}

function setup() {
  const onOpen = vi.fn();
  const onClick = vi.fn();
  render(<Entry onOpen={onOpen} onClick={onClick} />);
  return { onOpen, onClick, link: screen.getByRole('link', { name: 'Problems' }) };
}

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useContextMenuTrigger', () => {
  it('opens on right click instead of the browser menu', () => {
    const { onOpen, link } = setup();
    const event = createEvent.contextMenu(link);
    fireEvent(link, event);
    expect(event.defaultPrevented).toBe(true);
    expect(onOpen).toHaveBeenCalledWith('pointer');
  });

  it('opens from the keyboard with Shift+F10 or the context-menu key', () => {
    const { onOpen, link } = setup();
    fireEvent.keyDown(link, { key: 'F10' });
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.keyDown(link, { key: 'F10', shiftKey: true });
    fireEvent.keyDown(link, { key: 'ContextMenu' });
    expect(onOpen.mock.calls).toEqual([['keyboard'], ['keyboard']]);
  });

  it('a touch held for 700 ms opens it, and the click of the lifting finger does not follow the link', () => {
    const { onOpen, onClick, link } = setup();
    pointer('pointerDown', link, 'touch');
    act(() => { vi.advanceTimersByTime(LONG_PRESS_MS - 1); });
    expect(onOpen).not.toHaveBeenCalled();
    // The browser's own long-press menu comes earlier; the app's timer decides.
    fireEvent.contextMenu(link);
    expect(onOpen).not.toHaveBeenCalled();
    act(() => { vi.advanceTimersByTime(1); });
    expect(onOpen).toHaveBeenCalledWith('pointer');
    pointer('pointerUp', link, 'touch');
    fireEvent.click(link);
    expect(onClick).not.toHaveBeenCalled();
    fireEvent.click(link);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('a short tap, a cancelled touch (scrolling) or a mouse press held long does not open it', () => {
    const { onOpen, onClick, link } = setup();
    pointer('pointerDown', link, 'touch');
    act(() => { vi.advanceTimersByTime(300); });
    pointer('pointerUp', link, 'touch');
    fireEvent.click(link);
    pointer('pointerDown', link, 'touch');
    pointer('pointerCancel', link, 'touch');
    pointer('pointerDown', link, 'mouse');
    act(() => { vi.advanceTimersByTime(5000); });
    expect(onOpen).not.toHaveBeenCalled();
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
