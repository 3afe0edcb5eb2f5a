import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient, OfflineWriteError, REQUEST_TIMEOUT_MS, retryAfterMs, type HttpClient } from './http';

type Call = { url: string; init: RequestInit };
let calls: Call[] = [];
let http: HttpClient;

function respond(status: number, body: unknown, contentType = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    init.signal?.throwIfAborted();
    return new Response(text, { status, headers: { 'content-type': contentType } });
  }));
}

const header = (call: Call, name: string) => new Headers(call.init.headers as Record<string, string>).get(name);
const last = () => calls[calls.length - 1]!;

beforeEach(() => {
  calls = [];
  document.cookie = 'XSRF-TOKEN=xsrf%2Fvalue; path=/';
  http = createHttpClient({ nsp: () => 'NSP123' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('http', () => {
  it('reads JSON under the base with a JSON accept header and query params', async () => {
    respond(200, { username: 'nagiosadmin' });
    const data = await http.get<{ username: string }>('api/v2/account/auth', { params: { a: 1, skip: undefined } });
    expect(data.username).toBe('nagiosadmin');
    expect(last().url).toBe('/api/v2/account/auth?a=1');
    expect(last().init.method).toBe('GET');
    expect(header(last(), 'accept')).toBe('application/json');
  });

  it('echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN', async () => {
    respond(200, {});
    await http.post('api/v2/dashboards', { title: 'x' });
    expect(header(last(), 'x-xsrf-token')).toBe('xsrf/value');
  });

  it('adds nsp to form writes and to DELETE and flagged GET queries, but not to plain reads', async () => {
    respond(200, {});
    await http.post('api/v2/tools/personal', { name: 'n', url: 'u' });
    const body = new URLSearchParams(String(last().init.body));
    expect(Object.fromEntries(body)).toEqual({ name: 'n', url: 'u', nsp: 'NSP123' });
    await http.put('api/v2/tools/personal', { id: '1' });
    expect(last().init.method).toBe('PUT');
    expect(new URLSearchParams(String(last().init.body)).get('nsp')).toBe('NSP123');
    await http.del('api/v2/tools/personal', { params: { id: 4 } });
    expect(last().init.method).toBe('DELETE');
    expect(last().url).toBe('/api/v2/tools/personal?id=4&nsp=NSP123');
    await http.get('ajaxhelper.php', { params: { cmd: 'keepalive' }, write: true });
    expect(last().url).toBe('/ajaxhelper.php?cmd=keepalive&nsp=NSP123');
    await http.get('ajaxhelper.php', { params: { cmd: 'getusermeta' } });
    expect(last().url).toBe('/ajaxhelper.php?cmd=getusermeta');
  });

  it('turns a failed status into ApiError with the status and the server message', async () => {
    respond(400, { message: 'The name is required.' });
    const error = await http.post('api/v2/tools/common', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).serverMessage).toBe('The name is required.');
    expect((error as ApiError).message).toBe('The name is required.');
  });

  it('treats only 2xx as success', async () => {
    respond(302, 'moved', 'text/plain');
    await expect(http.get('x')).rejects.toMatchObject({ status: 302 });
  });

  it('calls the unauthorized handler on any 401', async () => {
    const onUnauthorized = vi.fn();
    http.configure({ nsp: () => 'NSP123', onUnauthorized });
    respond(401, { message: 'Not logged in.' });
    await expect(http.get('api/v2/app/menu')).rejects.toMatchObject({ status: 401 });
    await expect(http.post('api/v2/dashboards', {})).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(http.get('api/v2/app/menu')).rejects.toMatchObject({ status: 0 });
  });

  it('passes the caller\'s abort on to fetch and rejects with AbortError', async () => {
    respond(200, {});
    const controller = new AbortController();
    controller.abort();
    const error = await http.get('api/v2/app/menu', { signal: controller.signal }).catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
    expect(last().init.signal?.aborted).toBe(true);
  });

  it('returns text bodies verbatim, even when they look like JSON', async () => {
    respond(200, '42', 'text/html');
    await expect(http.getText('ajaxhelper.php')).resolves.toBe('42');
    respond(200, '<div class="tray-alert" title="No Problems Detected"></div>', 'text/html');
    await expect(http.getText('ajaxhelper.php')).resolves.toContain('tray-alert');
  });
});

describe('http and the connection', () => {
  afterEach(() => {
    vi.useRealTimers();
    http.configure({});
  });

  it('reports every outcome: an answer (a 500 too), no answer or a gateway\'s 502-504, and a refused session', async () => {
    const outcomes: string[] = [];
    http.configure({ nsp: () => 'N', onOutcome: (o) => outcomes.push(o) });
    respond(200, {});
    await http.get('a');
    respond(404, { message: 'No.' });
    await http.get('a').catch(() => undefined);
    respond(503, {});
    await http.get('a').catch(() => undefined);
    respond(500, {});
    await http.get('a').catch(() => undefined);
    respond(401, {});
    await http.get('a').catch(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await http.get('a').catch(() => undefined);
    expect(outcomes).toEqual(['ok', 'ok', 'unreachable', 'ok', 'unauthorized', 'unreachable']);
  });

  it('a failed call carries the server\'s Retry-After: seconds or an HTTP date, in milliseconds from now', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '5' } })));
    const error = await http.get('a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfterMs).toBe(5000);
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(retryAfterMs('Sun, 29 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Sun, 29 Nov 2026 09:00:00 GMT', now)).toBe(0);
    for (const unreadable of [null, '', 'soon', '-1', '1.5']) expect(retryAfterMs(unreadable, now)).toBeUndefined();
  });

  it('an answer the service worker gave from its caches is no contact with the server', async () => {
    const outcomes: string[] = [];
    http.configure({ onOutcome: (o) => outcomes.push(o) });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json', 'x-pharos-stored': '1' } })));
    await http.get('api/v2/app/menu');
    expect(outcomes).toEqual([]);
  });

  it('a server that never answers fails the call as unreachable after the timeout', async () => {
    vi.useFakeTimers();
    const outcomes: string[] = [];
    http.configure({ onOutcome: (o) => outcomes.push(o) });
    vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    })));
    const call = http.get('api/v2/status/system').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    const error = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(outcomes).toEqual(['unreachable']);
  });

  it('refuses a write before sending while the gate says offline, with the message for the user', async () => {
    http.configure({ nsp: () => 'N', writeGate: () => ({ allowed: false, message: 'Nothing was saved.' }) });
    respond(200, {});
    const error = await http.post('api/v2/tools', { name: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfflineWriteError);
    expect((error as OfflineWriteError).serverMessage).toBe('Nothing was saved.');
    expect(calls).toHaveLength(0);
    await http.get('api/v2/tools');
    expect(calls).toHaveLength(1);
  });
});
