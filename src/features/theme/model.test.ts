import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createHttpClient } from '../../lib/http';
import { createUserStore } from '../../lib/store';
import { createThemeModel, type ThemeModel } from './model';

/** A fresh page load for user u1, whose preferences live under their own key. */
const http = createHttpClient();

async function freshModel(): Promise<ThemeModel> {
  localStorage.setItem('pharos.owner', 'u1');
  return createThemeModel(createUserStore({ local: localStorage }), http);
}

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

let unbind: (() => void) | undefined;

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
});
afterEach(() => {
  unbind?.();
  unbind = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('theme model', () => {
  it('starts dark and puts neptune on the document root', async () => {
    const m = await freshModel();
    unbind = m.bindThemeClass();
    expect(m.theme.value).toBe('neptune');
    expect(document.documentElement.classList.contains('neptune')).toBe(true);
  });

  it('starts with the locally stored theme', async () => {
    localStorage.setItem('pharos.theme:u1', 'neptunecolorblind');
    const m = await freshModel();
    expect(m.theme.value).toBe('neptunecolorblind');
  });

  it('keeps the theme it shows, without an error, when the account answers the classic theme xi5', async () => {
    localStorage.setItem('pharos.theme:u1', 'neptunelight');
    const m = await freshModel();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer(200, { theme: 'xi5' });
    await m.loadAccountTheme();
    expect(m.theme.value).toBe('neptunelight');
    expect(localStorage.getItem('pharos.theme:u1')).toBe('neptunelight');
    expect(error).not.toHaveBeenCalled();
  });

  it('never starts with another user\'s stored theme', async () => {
    localStorage.setItem('pharos.theme:u2', 'neptunelight');
    const m = await freshModel();
    expect(m.theme.value).toBe('neptune');
  });

  it('switches to the account theme once fetched, replacing the class and remembering it', async () => {
    const m = await freshModel();
    unbind = m.bindThemeClass();
    answer(200, { theme: 'neptunelight' });
    await m.loadAccountTheme();
    expect(m.theme.value).toBe('neptunelight');
    expect([...document.documentElement.classList]).toEqual(['neptunelight']);
    expect(localStorage.getItem('pharos.theme:u1')).toBe('neptunelight');
  });

  it('keeps dark and reports an error for an unknown theme', async () => {
    const m = await freshModel();
    unbind = m.bindThemeClass();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer(200, { theme: 'aurora' });
    await m.loadAccountTheme();
    expect(m.theme.value).toBe('neptune');
    expect(document.documentElement.classList.contains('neptune')).toBe(true);
    expect(errors).toHaveBeenCalledOnce();
  });

  it('setTheme posts the theme with nsp and goes back when the server refuses', async () => {
    const m = await freshModel();
    http.configure({ nsp: () => 'tok' });
    const ok = answer(200, { theme: 'neptunelight' });
    await m.setTheme('neptunelight');
    const [url, init] = ok.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v2/account/theme');
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({ theme: 'neptunelight', nsp: 'tok' });
    expect(m.theme.value).toBe('neptunelight');
    answer(403, { message: 'The session token (nsp) is missing or invalid.' });
    await expect(m.setTheme('neptunecolorblind')).rejects.toMatchObject({ status: 403 });
    expect(m.theme.value).toBe('neptunelight');
  });
});
