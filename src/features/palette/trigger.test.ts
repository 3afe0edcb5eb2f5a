import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPaletteTrigger, isPaletteHotkey, isPaletteMessage, listenForPalette } from './trigger';

const { isOpen: paletteOpen, open: openPalette, restoreFocus: restorePaletteFocus } = createPaletteTrigger();

const key = (init: KeyboardEventInit) => ({ key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init });

afterEach(() => {
  document.body.innerHTML = '';
  paletteOpen.value = false;
});

describe('isPaletteHotkey', () => {
  it('is Ctrl+K or Cmd+K, whatever the case of the letter', () => {
    expect(isPaletteHotkey(key({ ctrlKey: true }))).toBe(true);
    expect(isPaletteHotkey(key({ metaKey: true }))).toBe(true);
    expect(isPaletteHotkey(key({ ctrlKey: true, key: 'K' }))).toBe(true);
  });

  it('is not K alone, another letter, or K with Alt or Shift', () => {
    expect(isPaletteHotkey(key({}))).toBe(false);
    expect(isPaletteHotkey(key({ ctrlKey: true, key: 'j' }))).toBe(false);
    expect(isPaletteHotkey(key({ ctrlKey: true, altKey: true }))).toBe(false);
    expect(isPaletteHotkey(key({ metaKey: true, shiftKey: true }))).toBe(false);
  });
});

describe('isPaletteMessage', () => {
  const origin = 'https://monitor.example';
  it('accepts exactly the string search from this origin', () => {
    expect(isPaletteMessage({ origin, data: 'search' }, origin)).toBe(true);
  });
  it('ignores other origins, opaque origins and other payloads', () => {
    expect(isPaletteMessage({ origin: 'https://evil.example', data: 'search' }, origin)).toBe(false);
    expect(isPaletteMessage({ origin: 'null', data: 'search' }, origin)).toBe(false);
    expect(isPaletteMessage({ origin: `${origin}.evil.example`, data: 'search' }, origin)).toBe(false);
    for (const data of ['Search', 'search ', 'open', '', null, { type: 'search' }, ['search']]) {
      expect(isPaletteMessage({ origin, data }, origin)).toBe(false);
    }
  });
});

describe('listenForPalette', () => {
  function listen() {
    const open = vi.fn();
    const stop = listenForPalette(window, open);
    return { open, stop };
  }

  it('opens on Ctrl+K even when a widget stops the key event, and keeps the browser from using the shortcut', () => {
    const { open, stop } = listen();
    const button = document.body.appendChild(document.createElement('button'));
    button.addEventListener('keydown', (e) => e.stopPropagation());
    const event = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true });
    button.dispatchEvent(event);
    expect(open).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    const plain = new KeyboardEvent('keydown', { key: 'k', bubbles: true, cancelable: true });
    button.dispatchEvent(plain);
    expect(open).toHaveBeenCalledTimes(1);
    expect(plain.defaultPrevented).toBe(false);
    stop();
  });

  it('opens for a same-origin search message only', () => {
    const { open, stop } = listen();
    window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', data: 'search' }));
    window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: 'open' }));
    window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: { search: true } }));
    expect(open).not.toHaveBeenCalled();
    window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: 'search' }));
    expect(open).toHaveBeenCalledTimes(1);
    stop();
  });

  it('hears Ctrl+K inside a same-origin page of the content frame once it has loaded', () => {
    const { open, stop } = listen();
    const frame = document.body.appendChild(document.createElement('iframe'));
    frame.dispatchEvent(new Event('load'));
    const inner = frame.contentDocument!;
    inner.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true }));
    expect(open).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops listening after cleanup, also for frame pages loaded later', () => {
    const { open, stop } = listen();
    stop();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true }));
    window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: 'search' }));
    const frame = document.body.appendChild(document.createElement('iframe'));
    frame.dispatchEvent(new Event('load'));
    frame.contentDocument!.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true }));
    expect(open).not.toHaveBeenCalled();
  });
});

describe('focus around the palette', () => {
  it('returns focus to the header search box without opening the palette again', () => {
    const box = document.body.appendChild(document.createElement('input'));
    box.addEventListener('focus', openPalette);
    box.focus();
    expect(paletteOpen.value).toBe(true);
    // The palette took focus and went away again.
    box.blur();
    paletteOpen.value = false;
    restorePaletteFocus();
    expect(document.activeElement).toBe(box);
    expect(paletteOpen.value).toBe(false);
    box.blur();
    box.focus();
    expect(paletteOpen.value).toBe(true);
  });

  it('leaves focus alone when it has already moved elsewhere', () => {
    const opener = document.body.appendChild(document.createElement('button'));
    const other = document.body.appendChild(document.createElement('button'));
    opener.focus();
    openPalette();
    paletteOpen.value = false;
    other.focus();
    restorePaletteFocus();
    expect(document.activeElement).toBe(other);
  });
});
