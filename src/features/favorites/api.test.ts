import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, type HttpClient } from '../../lib/http';
import { createFavoritesApi } from './api';

let bodies: string[] = [];

let http: HttpClient;

beforeEach(() => {
  bodies = [];
  http = createHttpClient({ nsp: () => 'token' });
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    bodies.push(`${init.method} ${url} ${String(init.body)}`);
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('favorites endpoint (spec 7)', () => {
  it('rename posts mode=edit with item[KEY]=title and nsp; delete posts *DELETED*', async () => {
    const api = createFavoritesApi(http);
    await api.rename('4f1c', 'Host problems');
    await api.remove('4f1c');
    expect(bodies.map((b) => b.replace(/^(\w+) \S*\/(includes\/components\/favorites\/ajax\.php) /, '$1 $2 '))).toEqual([
      'POST includes/components/favorites/ajax.php mode=edit&item%5B4f1c%5D=Host+problems&nsp=token',
      'POST includes/components/favorites/ajax.php mode=edit&item%5B4f1c%5D=*DELETED*&nsp=token',
    ]);
  });
});
