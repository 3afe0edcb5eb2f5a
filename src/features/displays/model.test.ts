import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { createResourceRegistry } from '../../lib/resource';
import { testTranslate } from '../../lib/testTranslate.test-utils';
import type { DisplayRecord, DisplaysApi } from './api';
import { alertsInWords, createDisplaysModel } from './model';

const wall: DisplayRecord = { id: 3, name: 'NOC wall', userId: 1, username: 'nagiosadmin', params: '', paired: true, createdAt: 0, lastSeen: 0 };

function setup(overrides: Partial<DisplaysApi> = {}) {
  const resources = createResourceRegistry();
  const notices: { variant: string; title: string; description?: string }[] = [];
  const api: DisplaysApi = {
    list: vi.fn(async () => [wall]),
    users: vi.fn(async () => [{ id: 1, username: 'nagiosadmin' }]),
    claim: vi.fn(async () => wall),
    update: vi.fn(async () => wall),
    command: vi.fn(async () => ({ queued: 'identify' })),
    revoke: vi.fn(async () => undefined),
    ...overrides,
  };
  const model = createDisplaysModel({ api, resources, t: testTranslate, notify: (n) => { notices.push({ variant: n.variant ?? '', title: n.title, ...(n.description ? { description: n.description } : {}) }); } });
  return { model, api, notices };
}

describe('the Displays model', () => {
  it('a refused claim keeps the dialog open with the server\'s reason; a good one closes it and says so', async () => {
    const refusal = new ApiError(404, 'Not Found', 'No screen shows that code.');
    const { model, api, notices } = setup({ claim: vi.fn().mockRejectedValueOnce(refusal).mockResolvedValueOnce(wall) });
    model.openClaim();
    await model.claim('WRONG', { name: 'NOC wall', userId: '1', params: '' });
    expect(model.dialog.value).toEqual({ mode: 'claim' });
    expect(model.error.value).toBe('No screen shows that code.');
    await model.claim('ABCD2345', { name: 'NOC wall', userId: '1', params: 'speed=10' });
    expect(api.claim).toHaveBeenLastCalledWith('ABCD2345', { name: 'NOC wall', userId: '1', params: 'speed=10' });
    expect(model.dialog.value).toBeNull();
    expect(notices.at(-1)).toEqual({ variant: 'success', title: 'The display is paired. It starts its wallboard within a few seconds.' });
  });

  it('sends Identify and Reload for one display, and a failed command says why in a notice', async () => {
    const { model, api, notices } = setup();
    await model.command(wall, 'identify');
    expect(api.command).toHaveBeenCalledWith(3, 'identify');
    expect(notices.at(-1)?.variant).toBe('success');
    (api.command as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new ApiError(404, 'Not Found', 'That display does not exist any more.'));
    await model.command(wall, 'reload');
    expect(notices.at(-1)).toEqual({ variant: 'error', title: 'The display could not be changed.', description: 'That display does not exist any more.' });
  });

  it('revokes only after the confirmation, and the dialog closes', async () => {
    const { model, api } = setup();
    model.askRevoke(wall);
    expect(api.revoke).not.toHaveBeenCalled();
    await model.revoke(wall);
    expect(api.revoke).toHaveBeenCalledWith(3);
    expect(model.dialog.value).toBeNull();
  });

  it('says in words how a display\'s alerts behave: on by default for a paired display, with its card time and the storm rule', () => {
    expect(alertsInWords('speed=10', testTranslate)).toBe('Alerts: on (default for a paired display) — a new problem interrupts the rotation for 30 s; several at once show as one card, and cards take at most 33% of the wall\'s time');
    expect(alertsInWords('alerts=on&alertseconds=20', testTranslate)).toBe('Alerts: on — a new problem interrupts the rotation for 20 s; several at once show as one card, and cards take at most 33% of the wall\'s time');
    expect(alertsInWords('alerts=off&alertseconds=20', testTranslate)).toBe('Alerts: off — new problems do not interrupt the rotation');
  });
});
