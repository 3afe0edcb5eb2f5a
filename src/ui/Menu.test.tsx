import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MenuTrigger } from './Menu';

// jsdom has no CSS.escape, which react-aria uses to find item elements; these keys need no escaping.
beforeEach(() => { vi.stubGlobal('CSS', { escape: (value: string) => value }); });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderMenu(onLogout = vi.fn()) {
  render(
    <MenuTrigger
      label="Profile menu"
      items={[
        { key: 'account', label: 'My Account', href: '/nagiosxi/account/' },
        { key: 'logout', label: 'Logout', onAction: onLogout },
      ]}
    />,
  );
  return screen.getByRole('button', { name: 'Profile menu' });
}

describe('MenuTrigger', () => {
  it('is a plain menu button until pressed, then opens the menu (loaded on demand) with focus inside', async () => {
    const trigger = renderMenu();
    expect(trigger.getAttribute('aria-haspopup')).toBe('true');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(menu.id);
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['My Account', 'Logout']);
    expect(menu.contains(document.activeElement)).toBe(true);
  });

  it('opens on ArrowDown at the first item, runs an item\'s action and closes', async () => {
    const onLogout = vi.fn();
    const trigger = renderMenu(onLogout);
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    await screen.findByRole('menu');
    expect(document.activeElement?.textContent).toBe('My Account');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
