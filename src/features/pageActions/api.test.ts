import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNspSource } from '../../lib/http';
import { createPageActionsApi } from './api';

let calls: { url: string; init: RequestInit }[] = [];

beforeEach(() => {
  calls = [];
  setNspSource(() => 'NSP1');
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify({ id: 3, title: 'Web', url: 'x' }), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNspSource(() => '');
});

describe('page actions API', () => {
  it('adds a view with a form-encoded POST of cmd=addview, title, url and nsp (spec 7)', async () => {
    await createPageActionsApi().addView({ title: 'Web & mail', url: 'http://localhost/includes/page-home-main.php' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/ajaxhelper.php');
    expect(calls[0]!.init.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(String(calls[0]!.init.body)))).toEqual({
      cmd: 'addview', title: 'Web & mail', url: 'http://localhost/includes/page-home-main.php', nsp: 'NSP1',
    });
  });
});
