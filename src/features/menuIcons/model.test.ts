import { describe, expect, it, vi } from 'vitest';
import { isIconName } from '../../ui/Icon';
import type { ToastInput } from '../toast/model';
import { testTranslate } from '../../lib/testTranslate.test-utils';
import { iconKey } from './api';
import { iconFor } from './iconFor';
import { MENU_ICONS } from './menuIcons';
import { chooseIcon as choose, type ChooseIconDeps } from './model';

/** The notices and texts are given only where a test looks at them. */
const chooseIcon = (entryId: string, icon: string, deps: Omit<ChooseIconDeps, 'notify' | 't'> & Partial<ChooseIconDeps>) =>
  choose(entryId, icon, { notify: () => undefined, t: testTranslate, ...deps });

describe('menu icons', () => {
  it('offers whole rows of the 8-column picker, each an icon the app draws', () => {
    expect(MENU_ICONS.length % 8).toBe(0);
    expect(MENU_ICONS.every(isIconName)).toBe(true);
    expect(new Set(MENU_ICONS).size).toBe(MENU_ICONS.length);
  });

  it('draws the menu defaults and the chosen names', () => {
    expect(iconFor('dashboard')).toBe('dashboards');
    expect(iconFor('user')).toBe('user');
    expect(iconFor('unknown')).toBe('unknown');
  });

  it('stores the choice as icon-{entry id} and reloads the menu', async () => {
    expect(iconKey('menu-dashboards-home')).toBe('icon-menu-dashboards-home');
    const save = vi.fn(async () => {});
    const refreshMenu = vi.fn(async () => {});
    expect(await chooseIcon('menu-dashboards-home', 'star', { save, refreshMenu })).toBe(true);
    expect(save).toHaveBeenCalledWith('menu-dashboards-home', 'star');
    expect(refreshMenu).toHaveBeenCalledTimes(1);
  });

  it('a failed save says so and leaves the menu as it is', async () => {
    const notices: ToastInput[] = [];
    const refreshMenu = vi.fn(async () => {});
    const ok = await chooseIcon('menu-dashboards-home', 'star', { save: () => Promise.reject(new Error('offline')), refreshMenu, notify: (n) => notices.push(n), t: testTranslate });
    expect(ok).toBe(false);
    expect(notices).toEqual([{ variant: 'error', title: 'Failed to change the icon.', description: 'Please try again.' }]);
    expect(refreshMenu).not.toHaveBeenCalled();
  });
});
