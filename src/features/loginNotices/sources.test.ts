import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../lib/http';
import { createResourceRegistry } from '../../lib/resource';
import { createShellData } from '../shellData/shellData';
import { createLoginAlertSources, createShowSettingSaver } from './sources';

const http = createHttpClient();
const resources = createResourceRegistry();
const loginAlertSources = createLoginAlertSources(createShellData(http, resources), http, resources);
const saveShowSetting = createShowSettingSaver(http);

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve() {
  const fetch = vi.fn(async (_url: string) => new Response('{"recordcount":3}', { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('login alert sources', () => {
  it('counts unhandled host problems over all records with the shell\'s totals query', async () => {
    const fetch = serve();
    await loginAlertSources.hostProblems.refresh();
    const url = String(fetch.mock.calls[0]![0]);
    expect(url.split('?')[0]).toMatch(/api\/v2\/status\/host$/);
    expect(query(url)).toEqual({ limitrecords: 'false', totals: '1', current_state: 'in:1,2', problem_acknowledged: '0', scheduled_downtime_depth: '0' });
    expect(loginAlertSources.hostProblems.data.value).toEqual({ recordcount: 3 });
  });

  it('counts unhandled service problems on hosts that are up and unhandled themselves', async () => {
    const fetch = serve();
    await loginAlertSources.serviceProblems.refresh();
    const url = String(fetch.mock.calls[0]![0]);
    expect(url.split('?')[0]).toMatch(/api\/v2\/status\/service$/);
    expect(query(url)).toEqual({
      limitrecords: 'false', combinedhost: '1', totals: '1', host_current_state: '0', host_problem_acknowledged: '0', host_scheduled_downtime_depth: '0',
      current_state: 'in:1,2,3', problem_acknowledged: '0', scheduled_downtime_depth: '0',
    });
  });

  it('does not refetch the IP check or the problem totals by itself, nor for a new watcher (spec 9)', async () => {
    vi.useFakeTimers();
    try {
      const fetch = serve();
      const stop = loginAlertSources.ip.watch();
      await vi.waitFor(() => expect(loginAlertSources.ip.data.value).toBeDefined());
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      stop();
      loginAlertSources.ip.watch()();
      expect(fetch).toHaveBeenCalledOnce();
      await loginAlertSources.hostProblems.refresh();
      loginAlertSources.hostProblems.watch()();
      expect(loginAlertSources.hostProblems.loading.value).toBe(false);
      expect(fetch).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('saves the checkbox as show_login_alert_screen 1 or 0 with nsp', async () => {
    const fetch = serve();
    await saveShowSetting(false);
    await saveShowSetting(true);
    expect(fetch.mock.calls.map(([url]) => query(String(url)))).toEqual([
      { cmd: 'setusermeta', opts: '{"keyname":"show_login_alert_screen","keyvalue":0}', nsp: '' },
      { cmd: 'setusermeta', opts: '{"keyname":"show_login_alert_screen","keyvalue":1}', nsp: '' },
    ]);
  });
});
