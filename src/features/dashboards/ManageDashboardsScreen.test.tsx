import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManageDashboardsScreen } from './ManageDashboardsScreen';
import { TestProviders } from '../../app/TestProviders.test-utils';

const DASHBOARDS = [
  { id: 'home', title: 'Home Dashboard', opts: { background: '131b25', transparent: 0 } },
  { id: 'screen', title: 'Screen Dashboard', opts: { background: '131b25', transparent: 0 } },
  { id: 'd0123456789ab', title: 'Ops wall', opts: { background: '203040', transparent: 1 } },
];

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const path = url.split('?')[0]!.replace(/^\//, '');
    const body = path === 'api/v2/dashboards' ? DASHBOARDS : path === 'api/v2/app/menu' ? {} : { nsp: 'n', username: 'u' };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderScreen() {
  render(<TestProviders><ManageDashboardsScreen /></TestProviders>);
}

describe('Manage My Dashboards', () => {
  it('lists Title and Action, with no actions for screen and no Delete for home', async () => {
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage My Dashboards' })).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Title', 'Action']);
    const ops = await within(table).findByRole('row', { name: /Ops wall/ });
    expect(within(ops).getAllByRole('button').map((b) => b.textContent)).toEqual(['Clone', 'Edit', 'Export', 'Delete']);
    const home = within(table).getByRole('row', { name: /Home Dashboard/ });
    expect(within(home).getAllByRole('button').map((b) => b.textContent)).toEqual(['Clone', 'Edit', 'Export']);
    const screenRow = within(table).getByRole('row', { name: /Screen Dashboard/ });
    expect(within(screenRow).queryAllByRole('button')).toEqual([]);
  });

  it('the clone form starts with the original title plus (Clone)', async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Clone Ops wall' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clone Dashboard' });
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Ops wall (Clone)');
    expect((within(dialog).getByLabelText('Background Color') as HTMLInputElement).value).toBe('#203040');
    expect((within(dialog).getByLabelText('Transparent') as HTMLInputElement).checked).toBe(true);
  });

  it('Import stays disabled until a text file is chosen, and says why a file is refused', async () => {
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a Dashboard' });
    const submit = within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const input = within(dialog).getByLabelText('Dashboard File');
    fireEvent.change(input, { target: { files: [new File(['x'], 'picture.png', { type: 'image/png' })] } });
    expect(within(dialog).getByRole('alert').textContent).toBe('File Is Not a Valid Dashboard File!');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(submit.disabled).toBe(true);
    fireEvent.change(input, { target: { files: [new File(['{}'], 'ops.txt', { type: 'text/plain' })] } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(submit.disabled).toBe(false);
  });
});
