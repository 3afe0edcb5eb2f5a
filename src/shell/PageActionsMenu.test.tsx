import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToastStore } from '../features/toast/model';
import { loadOverlays } from '../ui/overlays';
import { PageActionsMenu } from './PageActionsMenu';
import { createTestAppContext, TestProviders } from '../app/TestProviders.test-utils';
import type { AppContext } from '../app/context';

const STATUS_PAGE = '/includes/components/xicore/status.php?show=hosts';
type Call = { url: string; init: RequestInit };
let calls: Call[];
let addViewStatus: number;
let app: AppContext;
let toastStore: ToastStore;

beforeAll(async () => {
  // The dialogs and the overlay code load on demand; loading them once here keeps each test about the dialogs.
  await Promise.all([import('../features/pageActions/PageActionsDialog'), loadOverlays()]);
});
beforeEach(() => {
  calls = [];
  addViewStatus = 200;
  // jsdom has no CSS.escape, which react-aria uses to find menu items; these keys need no escaping.
  vi.stubGlobal('CSS', { escape: (value: string) => value });
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const addView = url.startsWith('/ajaxhelper.php');
    const body = addView ? (addViewStatus === 200 ? { id: 1 } : { message: 'No.' }) : {};
    return new Response(JSON.stringify(body), { status: addView ? addViewStatus : 200, headers: { 'content-type': 'application/json' } });
  }));
  app = createTestAppContext();
  app.http.configure({ nsp: () => 'NSP' });
  toastStore = app.toasts;
  app.frame.set(STATUS_PAGE);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastStore.dismiss();
});

async function choose(item: string) {
  render(<TestProviders app={app}><PageActionsMenu /></TestProviders>);
  fireEvent.click(screen.getByRole('button', { name: 'Page actions' }));
  await screen.findByRole('menu');
  fireEvent.click(screen.getByRole('menuitem', { name: new RegExp(item) }));
}

const menuCalls = () => calls.filter((c) => c.url.startsWith('/api/v2/app/menu')).length;
const lastToast = () => toastStore.toasts.value[0];

describe('page actions menu', () => {
  it('offers Add to My Views, Permalink and Schedule Page for the frame page', async () => {
    render(<TestProviders app={app}><PageActionsMenu /></TestProviders>);
    fireEvent.click(screen.getByRole('button', { name: 'Page actions' }));
    await screen.findByRole('menu');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Add to My Views', 'Permalink', 'Schedule Page']);
    expect(items.map((i) => i.getAttribute('aria-disabled'))).toEqual([null, null, null]);
  });

  it('refuses to schedule a graph explorer page with the alert of spec 5', async () => {
    app.frame.recordLocation('/includes/components/xicore/status.php?show=services&search=graphexplorer');
    await choose('Schedule Page');
    const alert = await screen.findByRole('alertdialog', { name: 'The page you are requesting cannot be scheduled.' });
    expect(alert.textContent).toContain('The page is either not optimized to be scheduled or is not a part of the system.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('adds the frame page (where it really is) to My Views: POST addview, the dialog closes, the menu reloads and a notice says so', async () => {
    app.frame.recordLocation('/includes/components/xicore/status.php?show=services');
    await choose('Add to My Views');
    const dialog = await screen.findByRole('dialog', { name: 'Add to My Views' });
    const url = within(dialog).getByLabelText('URL') as HTMLInputElement;
    expect(url.value).toBe(`${window.location.origin}/includes/components/xicore/status.php?show=services`);
    expect(url.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText('Include the protocol, for example https://www.example.com/')).toBeTruthy();
    const menuLoads = menuCalls();
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Services' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add View' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.url === '/ajaxhelper.php')!;
    expect(Object.fromEntries(new URLSearchParams(String(post.init.body)))).toEqual({ cmd: 'addview', title: 'Services', url: url.value, nsp: 'NSP' });
    await waitFor(() => expect(menuCalls()).toBe(menuLoads + 1));
    expect(lastToast()).toMatchObject({ title: 'View added.', description: 'The selected view has been added to My Views.', variant: 'success' });
  });

  it('keeps the typed input when the add fails, with the failure notice', async () => {
    addViewStatus = 500;
    await choose('Add to My Views');
    const dialog = await screen.findByRole('dialog', { name: 'Add to My Views' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Hosts' } });
    fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: 'https://other.example/page' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add View' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Failed to add view.'));
    expect(lastToast()?.description).toBe('Failed to add selected view to My Views. Please try again.');
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Hosts');
    expect((within(dialog).getByLabelText('URL') as HTMLInputElement).value).toBe('https://other.example/page');
  });

  it('shows the permalink; copying it puts it on the clipboard and turns the copy icon into a check', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await choose('Permalink');
    const dialog = await screen.findByRole('dialog', { name: 'Permalink' });
    const link = `${window.location.origin}/?xiwindow=${encodeURIComponent(STATUS_PAGE)}`;
    expect((within(dialog).getByLabelText('Link to this page') as HTMLInputElement).value).toBe(link);
    const copy = within(dialog).getByRole('button', { name: 'Copy permalink' });
    expect(copy.querySelector('svg')?.getAttribute('data-icon')).toBe('copy');
    fireEvent.click(copy);
    await within(dialog).findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenCalledWith(link);
    expect(copy.querySelector('svg')?.getAttribute('data-icon')).toBe('check');
    expect(within(dialog).getByRole('status').textContent).toBe('Copied');
  });

  it('when the clipboard refuses, selects the link and says how to copy it', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => { throw new Error('denied'); }) } });
    await choose('Permalink');
    const dialog = await screen.findByRole('dialog', { name: 'Permalink' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy permalink' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('Ctrl+C'));
    const input = within(dialog).getByLabelText('Link to this page') as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
    expect(within(dialog).getByRole('button', { name: 'Copy permalink' }).querySelector('svg')?.getAttribute('data-icon')).toBe('copy');
  });
});
