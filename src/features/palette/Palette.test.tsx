import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE } from '../../lib/base';
import { SearchBox } from '../../shell/SearchBox';
import { loadOverlays } from '../../ui/overlays';
import { RouterProvider } from '../../ui/RouterProvider';
import type { SearchSuggestion } from '../../lib/apiTypes';
import { TEST_MENU } from './testMenu.test-utils';
import type { Signal } from '@preact/signals-react';
import type { AppContext } from '../../app/context';
import { createTestAppContext, TestProviders } from '../../app/TestProviders.test-utils';

const WEB01: SearchSuggestion = { category: 'Hosts', url: `${BASE}includes/components/xicore/status.php?show=hostdetail&host=web01`, value: 'web01', label: 'web01 (Web server)' };
const hostPage = `${BASE}?xiwindow=${encodeURIComponent('includes/components/xicore/status.php?show=hostdetail&host=web01')}`;

let suggest: (term: string) => Response;
let app: AppContext;
/** The app's palette trigger: whether the palette is open. */
let paletteOpen: Signal<boolean>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  // Module loading is not what these tests time: the lazy chunks are ready before the first test.
  await Promise.all([import('./Palette'), loadOverlays()]);
});
beforeEach(() => {
  app = createTestAppContext();
  paletteOpen = app.palette.isOpen;
  suggest = (term) => json(term.includes('web') ? [WEB01] : []);
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const parsed = new URL(url, 'http://localhost');
    const path = parsed.pathname.slice(BASE.length);
    if (path === 'suggest.php') return suggest(parsed.searchParams.get('term') ?? '');
    if (path === 'api/v2/app/menu') return json(TEST_MENU);
    if (path === 'api/v2/product/name') return json({ display_full_name: 'Nagios XI' });
    return json({ message: 'not found' }, 404);
  }));
});
afterEach(() => {
  cleanup();
  act(() => {
    paletteOpen.value = false;
  });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderBox() {
  const navigate = vi.fn();
  render(<TestProviders app={app}><RouterProvider navigate={navigate}><SearchBox /><button type="button">Elsewhere</button></RouterProvider></TestProviders>);
  return { navigate, box: screen.getByRole('searchbox', { name: 'Search' }) };
}

async function openFromBox(box: HTMLElement) {
  act(() => box.focus());
  const dialog = await screen.findByRole('dialog', { name: 'Search' });
  const input = within(dialog).getByRole('combobox', { name: 'Search menus, hosts, services and groups' });
  await waitFor(() => expect(document.activeElement).toBe(input));
  return { dialog, input };
}

const groupNames = (dialog: HTMLElement) => within(dialog).queryAllByRole('group').map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)!.textContent);

describe('search palette', () => {
  it('opens when the header search box gets focus and lists the menu', async () => {
    const { box } = renderBox();
    const { dialog } = await openFromBox(box);
    await within(dialog).findByRole('option', { name: /Manage My Views/ });
    expect(within(dialog).queryByRole('option', { name: /Add New View/ })).toBeNull();
    expect(within(dialog).queryByRole('option', { name: /My service problems/ })).toBeNull();
  });

  it('shows the services search first and the hosts the server suggests; Enter on a host opens it in the frame', async () => {
    const { box, navigate } = renderBox();
    const { dialog, input } = await openFromBox(box);
    fireEvent.change(input, { target: { value: 'web01' } });
    expect(within(dialog).getByRole('option', { name: 'Search services for “web01”' }).getAttribute('aria-selected')).toBe('true');
    const host = await within(dialog).findByRole('option', { name: 'web01 (Web server)' });
    expect(groupNames(dialog)).toEqual(['Search', 'Hosts']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(host.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(navigate).toHaveBeenCalledWith(hostPage);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(paletteOpen.value).toBe(false);
  });

  it('arrow keys wrap around and a click picks a menu entry', async () => {
    const { box, navigate } = renderBox();
    const { dialog, input } = await openFromBox(box);
    fireEvent.change(input, { target: { value: 'problems' } });
    const options = within(dialog).getAllByRole('option');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options.at(-1)!.id);
    fireEvent.click(within(dialog).getByRole('option', { name: /Service Problems/ }));
    expect(navigate).toHaveBeenCalledWith(`${BASE}?xiwindow=${encodeURIComponent('includes/components/xicore/status.php?show=serviceproblems')}`);
  });

  it('says No results found. for a term nothing matches', async () => {
    const { box } = renderBox();
    const { dialog, input } = await openFromBox(box);
    fireEvent.change(input, { target: { value: 'qwxzqwxz' } });
    expect(await within(dialog).findByText('No results found.')).toBeTruthy();
    expect(groupNames(dialog)).toEqual(['Search']);
  });

  it('shows the search failure but keeps the menu results usable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    suggest = () => json({ message: 'broken' }, 500);
    const { box, navigate } = renderBox();
    const { dialog, input } = await openFromBox(box);
    fireEvent.change(input, { target: { value: 'users' } });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The search failed');
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeTruthy();
    await waitFor(() => expect(alert.textContent).toContain('Nagios XI encountered an unexpected error.'));
    expect(within(dialog).queryByText('No results found.')).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(navigate).toHaveBeenCalledWith(`${BASE}admin/?xiwindow=users.php`);
  });

  it('Escape closes it and focus goes back to where it was', async () => {
    renderBox();
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    act(() => elsewhere.focus());
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, cancelable: true }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    const input = within(dialog).getByRole('combobox');
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(elsewhere));
  });

  it('opens for a same-origin search message and not for another origin', async () => {
    renderBox();
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', data: 'search' }));
    });
    expect(paletteOpen.value).toBe(false);
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: 'search' }));
    });
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeTruthy();
  });

  it('moves text typed into the header box before the palette arrived into the palette', async () => {
    const { box } = renderBox();
    (box as HTMLInputElement).value = 'web';
    const { input } = await openFromBox(box);
    expect((input as HTMLInputElement).value).toBe('web');
    expect((box as HTMLInputElement).value).toBe('');
  });
});
