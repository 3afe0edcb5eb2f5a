import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouterProvider } from '../../ui/RouterProvider';
import { I18nContext } from '../../lib/i18n';
import { createTestI18n } from '../../lib/initTestI18n.test-utils';
import { CLEAN, daemon, fakeSources } from './fakeSources.test-utils';
import { LoginNoticesDialog } from './LoginNoticesDialog';
import { createLoginNoticesModel } from './model';
import { standInDialogMethods } from '../../ui/dialogStandIns.test-utils';

const i18n = createTestI18n();

standInDialogMethods();

afterEach(() => {
  cleanup();
});

const EVERYTHING = {
  system: { ...CLEAN.system, daemons: { updated: 1, daemon: [daemon('nagioscore', 1), daemon('pnp', 0)] } },
  hostProblems: { recordcount: 2 },
  serviceProblems: { recordcount: 33 },
  update: { ...CLEAN.update, recordcount: 1, latest_version: '0.2.0', lastUpdateCheckSucceeded: false },
  ip: { ...CLEAN.ip, mismatch_found: true, internal_url: 'http://192.0.2.10/nagiosxi/', resolved_ip: '192.0.2.10' },
};

async function open(isAdmin: boolean, overrides: Parameters<typeof fakeSources>[0] = EVERYTHING) {
  const { sources } = fakeSources(overrides);
  const saveShowSetting = vi.fn(async (_show: boolean) => ({}));
  const model = createLoginNoticesModel({ sources, saveShowSetting, canSeeSystemStatus: true, onClosed: () => {} });
  model.start();
  await vi.waitFor(() => expect(model.isOpen.value).toBe(true));
  const navigate = vi.fn();
  render(<I18nContext.Provider value={i18n}><RouterProvider navigate={navigate}><LoginNoticesDialog model={model} isAdmin={isAdmin} /></RouterProvider></I18nContext.Provider>);
  return { model, saveShowSetting, navigate, dialog: screen.getByRole('dialog', { name: 'Login Alerts' }) };
}

describe('login notices dialog', () => {
  it('lists the conditions that hold with the texts of spec 8 and gives administrators their links', async () => {
    const { dialog } = await open(true);
    for (const text of ['System Status Degraded!', 'Unhandled host problems: 2', 'Unhandled service problems: 33', 'Update Check Failed',
      'A new release is available', 'Version 0.2.0 is available.', 'IP address mismatch']) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    expect(within(dialog).getByText(/resolves to 192\.0\.2\.10, which is not an address of this server/)).toBeTruthy();
    const links = within(dialog).getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual(['View system status', 'View host problems', 'View service problems', 'Check for updates manually',
      'Update details', 'Download the latest version', 'Program URL setting']);
    expect(within(dialog).getByRole('link', { name: 'Update details' }).getAttribute('target')).toBe('_blank');
  });

  it('shows other users the notices without the administrator links', async () => {
    const { dialog } = await open(false);
    expect(within(dialog).getByText('Update Check Failed')).toBeTruthy();
    expect(within(dialog).getAllByRole('link').map((a) => a.textContent)).toEqual(['View system status', 'View host problems', 'View service problems']);
  });

  it('saves an unchecked "Show these alerts when I login" on Close', async () => {
    const { model, saveShowSetting, dialog } = await open(false);
    const checkbox = within(dialog).getByRole('checkbox', { name: 'Show these alerts when I login' }) as HTMLInputElement;
    expect(checkbox.checked).toBe(true);
    fireEvent.click(checkbox);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(model.isOpen.value).toBe(false);
    expect(saveShowSetting).toHaveBeenCalledExactlyOnceWith(false);
  });

  it('closes and saves like Close on Escape (the dialog\'s cancel request)', async () => {
    const { model, saveShowSetting, dialog } = await open(false);
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(model.isOpen.value).toBe(false);
    expect(saveShowSetting).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('closes when a page is opened in the content frame from it', async () => {
    const { model, navigate, dialog } = await open(false);
    fireEvent.click(within(dialog).getByRole('link', { name: 'View host problems' }));
    expect(navigate).toHaveBeenCalledWith(expect.stringContaining('xiwindow=includes%2Fcomponents%2Fxicore%2Fstatus.php%3Fshow%3Dhostproblems'));
    expect(model.isOpen.value).toBe(false);
  });

  it('takes focus and keeps Tab inside: past the last control it wraps to the first, and back', async () => {
    const { dialog } = await open(false, { hostProblems: { recordcount: 1 } });
    expect(document.activeElement).toBe(dialog);
    const first = within(dialog).getByRole('link', { name: 'View host problems' });
    const last = within(dialog).getByRole('button', { name: 'Close' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});
