import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNspSource, setUnauthorizedHandler } from '../../lib/http';
import { startKeepAlive } from './keepAlive';
import { expireSession, sessionExpired } from './model';

let status = 200;
const fetchMock = vi.fn(async () => new Response('{}', { status }));

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  status = 200;
  setNspSource(() => 'NSP');
  setUnauthorizedHandler(expireSession);
  sessionExpired.value = false;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(undefined);
});

describe('keep-alive', () => {
  it('pings ajaxhelper keepalive with nsp every 60 s until stopped', async () => {
    const stop = startKeepAlive();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual(['/ajaxhelper.php?cmd=keepalive&nsp=NSP', expect.anything()]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('a 401 answer switches the app to the session-timeout screen', async () => {
    status = 401;
    const stop = startKeepAlive();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sessionExpired.value).toBe(true);
    stop();
  });
});
