import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../lib/http';
import { createConnectionApi } from './api';

let status = 200;
let headers: Record<string, string> = {};
const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}', { status, headers }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  status = 200;
  headers = {};
});
afterEach(() => {
  vi.unstubAllGlobals();
});

// Writes are refused while offline; the keep-alive must still go out to find out whether they may be.
const { keepAlive, probe } = createConnectionApi(createHttpClient({ nsp: () => 'NSP', writeGate: () => ({ allowed: false, message: 'offline' }) }));

describe('connection calls', () => {
  it('keep-alive is ajaxhelper keepalive with nsp, sent even while writes are refused', async () => {
    await expect(keepAlive()).resolves.toBe('ok');
    expect(fetchMock.mock.calls[0]![0]).toBe('/ajaxhelper.php?cmd=keepalive&nsp=NSP');
  });

  it('maps answers to outcomes: 401 is sign-in needed, 5xx and no answer are unreachable, 4xx is an answer', async () => {
    status = 401;
    await expect(probe()).resolves.toBe('unauthorized');
    status = 503;
    await expect(probe()).resolves.toBe('unreachable');
    status = 404;
    await expect(keepAlive()).resolves.toBe('ok');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(probe()).resolves.toBe('unreachable');
  });

  it('a 5xx with Retry-After says when to ask again (the database restarting, a proxy with no process to send to)', async () => {
    status = 503;
    headers = { 'retry-after': '2' };
    await expect(probe()).resolves.toEqual({ outcome: 'unreachable', retryAfterMs: 2000 });
    status = 502;
    headers = {};
    await expect(probe()).resolves.toBe('unreachable');
    // A Retry-After on an answer that is not an outage changes nothing (a 429 is the server answering).
    status = 429;
    headers = { 'retry-after': '60' };
    await expect(probe()).resolves.toBe('ok');
  });
});
