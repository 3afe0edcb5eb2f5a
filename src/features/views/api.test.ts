import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, type HttpClient } from '../../lib/http';
import { createViewsApi } from './api';

let calls: { url: string; init: RequestInit }[] = [];

let http: HttpClient;

beforeEach(() => {
  calls = [];
  http = createHttpClient({ nsp: () => 'NSP1' });
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify({ id: 3, title: 'Web', url: 'x' }), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('views API', () => {
  it('adds a view with a form-encoded POST of cmd=addview, title, url and nsp (spec 7)', async () => {
    await createViewsApi(http).addView({ title: 'Web & mail', url: 'http://localhost/includes/page-home-main.php' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/ajaxhelper.php');
    expect(calls[0]!.init.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(String(calls[0]!.init.body)))).toEqual({
      cmd: 'addview', title: 'Web & mail', url: 'http://localhost/includes/page-home-main.php', nsp: 'NSP1',
    });
  });
});
