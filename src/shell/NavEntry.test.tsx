import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Menu, MenuEntry, SectionId } from '../lib/apiTypes';
import { loadMenuSpecials } from './loadMenuSpecials';
import { loadOverlays } from '../ui/overlays';
import { SecondaryNav } from './SecondaryNav';
import { createTestAppContext, TestProviders } from '../app/TestProviders.test-utils';
import type { AppContext } from '../app/context';

const entry = (id: string, label: string, kind: MenuEntry['kind'], path = '#', icon = 'circle'): MenuEntry =>
  ({ id, label, kind, path, icon, target: path === '#' ? '' : 'maincontentframe' });

const MENU: Menu = {
  home: {
    id: 'home', label: 'Home', path: '', defaultPath: 'includes/page-home-main.php', icon: 'home',
    groups: [{ id: 'favorites', label: 'Favorites', entries: [entry('menu-favorites-4f1c2a9b0d3e', 'Problems', 'favorite', 'includes/components/xicore/status.php?show=hostproblems', 'favorite')] }],
  },
  views: {
    id: 'views', label: 'Views', path: 'views/', defaultPath: 'views/main.php', icon: 'views',
    groups: [{ id: 'viewtools', label: 'View Tools', entries: [entry('menu-views-addview', 'Add New View', 'addView'), entry('menu-views-rotate', 'Rotate Views', 'rotateViews')] }],
  },
  dashboards: {
    id: 'dashboards', label: 'Dashboards', path: 'dashboards/', defaultPath: 'dashboards/dashboard.php?id=home', icon: 'dashboards',
    groups: [
      { id: 'dashboardtools', label: 'Dashboard Tools', entries: [entry('menu-dashboards-add', 'Add Dashboard', 'addDashboard')] },
      { id: 'mydashboards', label: 'My Dashboards', entries: [entry('menu-dashboards-home', 'Home Dashboard', 'dashboard', 'dashboards/dashboard.php?id=home', 'dashboard')] },
    ],
  },
};

let calls: string[] = [];
let app: AppContext;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeAll(async () => {
  // The lazily loaded parts, once, so each test waits for its own behaviour rather than for module loading.
  await Promise.all([loadMenuSpecials(), loadOverlays()]);
});
beforeEach(() => {
  app = createTestAppContext();
  calls = [];
  app.http.configure({ nsp: () => 'n' });
  // jsdom has no CSS.escape, which react-aria uses to find item elements; these keys need no escaping.
  vi.stubGlobal('CSS', { escape: (value: string) => value });
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    const [path, query = ''] = url.replace(/^\/(nagiosxi\/)?/, '').split('?') as [string, string?];
    calls.push(`${init.method ?? 'GET'} ${path}${query ? `?${decodeURIComponent(query)}` : ''}${init.body ? ` ${decodeURIComponent(String(init.body))}` : ''}`);
    if (path === 'api/v2/app/menu') return json(MENU);
    if (path === 'api/v2/account/auth') return json({ nsp: 'n', username: 'tester' });
    if (path === 'ajaxhelper.php' && query.includes('getusermeta')) return json(10);
    return json({});
  }));
});
afterEach(() => {
  cleanup();
  app.rotation.model?.pause();
  vi.unstubAllGlobals();
});

async function renderSection(section: SectionId) {
  render(<TestProviders app={app}><SecondaryNav section={section} /></TestProviders>);
  await screen.findByRole('heading', { level: 2, name: MENU[section]!.label });
}

const writes = () => calls.filter((c) => c.startsWith('POST') || c.includes('cmd=setusermeta'));
const menuLoads = () => calls.filter((c) => c.includes('api/v2/app/menu')).length;

describe('Favorites entries (spec 2.10, 4)', () => {
  it('Shift+F10 opens Rename and Delete; Rename is an inline form whose Escape cancels back to the link', async () => {
    await renderSection('home');
    const link = screen.getByRole('link', { name: 'Problems' });
    expect(link.getAttribute('aria-keyshortcuts')).toBe('Shift+F10');
    link.focus();
    fireEvent.keyDown(link, { key: 'F10', shiftKey: true });
    // Named by its entry, like a menu by its button.
    const menu = await screen.findByRole('menu', { name: 'Problems' });
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Rename', 'Delete']);
    expect(document.activeElement?.textContent).toBe('Rename');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Rename' }));
    const field = await screen.findByRole('textbox', { name: 'Favorite title' });
    expect((field as HTMLInputElement).value).toBe('Problems');
    expect(screen.queryByRole('link', { name: 'Problems' })).toBeNull();
    fireEvent.keyDown(field, { key: 'Escape' });
    const back = await screen.findByRole('link', { name: 'Problems' });
    await waitFor(() => expect(document.activeElement).toBe(back));
    expect(writes()).toEqual([]);
  });

  it('an empty title is refused with a message; a new title is saved as item[KEY] and the menu reloads', async () => {
    await renderSection('home');
    fireEvent.contextMenu(screen.getByRole('link', { name: 'Problems' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const field = await screen.findByRole('textbox', { name: 'Favorite title' });
    fireEvent.change(field, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Enter a title for the favorite.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(writes()).toEqual([]);
    const before = menuLoads();
    fireEvent.change(field, { target: { value: 'Host problems' } });
    fireEvent.submit(field.closest('form')!);
    await screen.findByRole('link', { name: 'Problems' });
    expect(writes()).toEqual(['POST includes/components/favorites/ajax.php mode=edit&item[4f1c2a9b0d3e]=Host+problems&nsp=n']);
    expect(menuLoads()).toBe(before + 1);
  });

  it('Delete posts *DELETED* for the key', async () => {
    await renderSection('home');
    fireEvent.contextMenu(screen.getByRole('link', { name: 'Problems' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(writes()).toEqual(['POST includes/components/favorites/ajax.php mode=edit&item[4f1c2a9b0d3e]=*DELETED*&nsp=n']));
  });
});

describe('views section (spec 2.10)', () => {
  it('shows the rotation bar above the menu; Rotate Views toggles rotation with its pressed state', async () => {
    await renderSection('views');
    const bar = await screen.findByRole('group', { name: 'View rotation' });
    expect(bar.compareDocumentPosition(screen.getByRole('heading', { level: 2 })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(bar).getByRole('timer').textContent).toBe('Paused');
    const rotate = await screen.findByRole('button', { name: 'Rotate Views', pressed: false });
    fireEvent.click(rotate);
    expect(rotate.getAttribute('aria-pressed')).toBe('true');
    expect(within(bar).getByRole('button', { name: 'Pause rotation' })).toBeTruthy();
    expect(within(bar).getByRole('timer').textContent).toBe('Next view in 10 s');
    await waitFor(() => expect(calls).toContain('GET ajaxhelper.php?cmd=getviewbynum&opts=0&nsp=n'));
    fireEvent.click(within(bar).getByRole('button', { name: 'Pause rotation' }));
    expect(rotate.getAttribute('aria-pressed')).toBe('false');
  });

  it('the speed slider runs 10-60; Page Up moves by 10 and the new speed is stored', async () => {
    await renderSection('views');
    const slider = await screen.findByRole('slider', { name: 'Rotation speed' });
    expect(slider.getAttribute('min')).toBe('10');
    expect(slider.getAttribute('max')).toBe('60');
    fireEvent.keyDown(slider, { key: 'PageUp' });
    fireEvent.keyUp(slider, { key: 'PageUp' });
    expect((slider as HTMLInputElement).value).toBe('20');
    await waitFor(() => expect(writes()).toEqual(['GET ajaxhelper.php?cmd=setusermeta&opts={"keyname":"view_rotation_speed","keyvalue":20}&nsp=n']));
  });

  it('Add New View opens its dialog with the protocol hint; adding closes it and reloads the menu', async () => {
    await renderSection('views');
    const add = await screen.findByRole('button', { name: 'Add New View' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add New View' });
    expect(within(dialog).getByText(/Include the protocol/).textContent).toContain('https://www.example.com/');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Vendor' } });
    fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: 'https://www.example.com/' } });
    const before = menuLoads();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add View' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual(['POST ajaxhelper.php cmd=addview&title=Vendor&url=https://www.example.com/&nsp=n']);
    expect(menuLoads()).toBe(before + 1);
  });
});

describe('dashboards section (spec 2.10)', () => {
  it('Add Dashboard opens the dashboards add form', async () => {
    await renderSection('dashboards');
    const add = await screen.findByRole('button', { name: 'Add Dashboard' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add Dashboard' });
    expect((within(dialog).getByLabelText('Background Color') as HTMLInputElement).value).toBe('#131b25');
  });

  it('the change-icon picker is an 8-column grid of icons; choosing one stores icon-{entry id} and reloads the menu', async () => {
    await renderSection('dashboards');
    // My Dashboards is not one of the groups that start open (spec 2.10).
    fireEvent.click(screen.getByRole('button', { name: 'My Dashboards' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Change icon of Home Dashboard' }));
    const grid = await screen.findByRole('listbox', { name: 'Choose an icon for Home Dashboard' });
    const options = within(grid).getAllByRole('option');
    expect(options).toHaveLength(24);
    expect(options[0]!.getAttribute('aria-label')).toBe('Dashboard');
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(options[0]));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(options[8]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(options[9]);
    const before = menuLoads();
    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
      fireEvent.keyUp(document.activeElement!, { key: 'Enter' });
    });
    expect(options[9]!.getAttribute('aria-label')).toBe('User');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await waitFor(() => expect(writes()).toEqual(['GET ajaxhelper.php?cmd=setusermeta&opts={"keyname":"icon-menu-dashboards-home","keyvalue":"user"}&nsp=n']));
    await waitFor(() => expect(menuLoads()).toBe(before + 1));
  });
});
