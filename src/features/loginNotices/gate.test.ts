import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient } from '../../lib/http';
import { createResourceRegistry } from '../../lib/resource';
import { createDueCheck, createGateApi, createLoginNoticesDue, type LoginNoticesGateApi } from './gate';

const gateApi = createGateApi(createHttpClient());

afterEach(() => {
  vi.unstubAllGlobals();
});

function fakeGate(seen: boolean, enabled: boolean | Error) {
  const api = {
    hasSeen: vi.fn(async () => seen),
    markSeen: vi.fn(async () => ({})),
    isEnabled: vi.fn(async () => {
      if (enabled instanceof Error) throw enabled;
      return enabled;
    }),
  } satisfies LoginNoticesGateApi;
  return api;
}

describe('whether the login notices are due', () => {
  it('is due when not seen this session and the setting is on, and marks the session seen', async () => {
    const api = fakeGate(false, true);
    expect(await createDueCheck(api)()).toBe(true);
    expect(api.markSeen).toHaveBeenCalledOnce();
  });

  it('marks the session seen as soon as the flag has loaded, before the setting has answered', async () => {
    const api = fakeGate(false, true);
    let answer!: (on: boolean) => void;
    api.isEnabled.mockReturnValueOnce(new Promise<boolean>((resolve) => { answer = resolve; }));
    const due = createDueCheck(api)();
    await vi.waitFor(() => expect(api.markSeen).toHaveBeenCalledOnce());
    answer(true);
    expect(await due).toBe(true);
  });

  it('is not due when already seen this session, and does not mark it again', async () => {
    const api = fakeGate(true, true);
    expect(await createDueCheck(api)()).toBe(false);
    expect(api.markSeen).not.toHaveBeenCalled();
  });

  it('is not due when the user turned the alerts off, but the session is still marked seen', async () => {
    const api = fakeGate(false, false);
    expect(await createDueCheck(api)()).toBe(false);
    expect(api.markSeen).toHaveBeenCalledOnce();
  });

  it('keeps the first flag answer when it is tried again after the setting failed to load', async () => {
    const api = fakeGate(false, new ApiError(500, 'boom'));
    const check = createDueCheck(api);
    await expect(check()).rejects.toThrow('boom');
    api.hasSeen.mockResolvedValue(true);
    api.isEnabled.mockResolvedValue(true);
    expect(await check()).toBe(true);
    expect(api.hasSeen).toHaveBeenCalledOnce();
  });

  it('reads the flag again after the flag itself failed to load', async () => {
    const api = fakeGate(false, true);
    api.hasSeen.mockRejectedValueOnce(new ApiError(503, 'busy'));
    const check = createDueCheck(api);
    await expect(check()).rejects.toThrow('busy');
    expect(await check()).toBe(true);
    expect(api.hasSeen).toHaveBeenCalledTimes(2);
  });
});

describe('the login notices due resource', () => {
  it('once closed, stays closed when a recovery after an outage loads every resource again', async () => {
    const resources = createResourceRegistry();
    const due = createLoginNoticesDue(resources, fakeGate(false, true));
    await due.prefetch();
    expect(due.data.value).toBe(true);
    due.set(false);
    resources.revalidateAll();
    await vi.waitFor(() => expect(due.loading.value).toBe(false));
    expect(due.data.value).toBe(false);
  });

  it('still open, stays open through that reload', async () => {
    const resources = createResourceRegistry();
    const due = createLoginNoticesDue(resources, fakeGate(false, true));
    await due.prefetch();
    resources.revalidateAll();
    await vi.waitFor(() => expect(due.loading.value).toBe(false));
    expect(due.data.value).toBe(true);
  });

  it('a first check that failed is made again', async () => {
    const resources = createResourceRegistry();
    const api = fakeGate(false, true);
    // A client error: not retried by the resource itself, so only the recovery's reload asks again.
    api.hasSeen.mockRejectedValueOnce(new ApiError(400, 'refused'));
    const due = createLoginNoticesDue(resources, api);
    await due.prefetch();
    expect(due.error.value).toBeDefined();
    resources.revalidateAll();
    await vi.waitFor(() => expect(due.data.value).toBe(true));
  });
});

describe('the gate calls (spec 7)', () => {
  function serve(answers: Record<string, unknown>) {
    const fetch = vi.fn(async (url: string) => {
      const cmd = new URL(url, 'http://x').searchParams.get('cmd') ?? '';
      return new Response(JSON.stringify(answers[cmd] ?? {}), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    return () => fetch.mock.calls.map(([url]) => Object.fromEntries(new URL(url, 'http://x').searchParams));
  }

  it('reads the session flag and the user setting through the ajax helper and marks the session with nsp', async () => {
    const requests = serve({ getsessionvars: { has_seen_login_alerts: null }, getusermeta: 1 });
    expect(await gateApi.hasSeen()).toBe(false);
    expect(await gateApi.isEnabled()).toBe(true);
    await gateApi.markSeen();
    expect(requests()).toEqual([
      { cmd: 'getsessionvars', needle: 'has_seen_login_alerts' },
      { cmd: 'getusermeta', opts: 'show_login_alert_screen' },
      { cmd: 'setsessionvars', opts: '{"has_seen_login_alerts":1}', nsp: '' },
    ]);
  });

  it('reads a seen session and a setting of 0', async () => {
    serve({ getsessionvars: { has_seen_login_alerts: 1 }, getusermeta: 0 });
    expect(await gateApi.hasSeen()).toBe(true);
    expect(await gateApi.isEnabled()).toBe(false);
  });
});
