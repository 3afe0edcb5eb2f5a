import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, type HttpClient } from '../../lib/http';
import { createFeedbackApi, DEFAULT_FEEDBACK_URL, feedbackForm } from './api';

type Call = { url: string; init: RequestInit };
let calls: Call[] = [];
let bootstrap: Record<string, string>;
let bootstrapStatus = 200;

let http: HttpClient;

beforeEach(() => {
  calls = [];
  bootstrapStatus = 200;
  bootstrap = { ajaxProxyUrl: '/nagiosxi/ajaxproxy.php', backendUrl: '/nagiosxi/api/v2', baseUrl: '/nagiosxi/', feedbackUrl: 'https://feedback.example/in' };
  http = createHttpClient({ nsp: () => 'NSP9' });
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const isBootstrap = url.includes('api/v2/app/bootstrap');
    return new Response(JSON.stringify(isBootstrap ? bootstrap : { id: 1, queued: true }), {
      status: isBootstrap ? bootstrapStatus : 200,
      headers: { 'content-type': 'application/json' },
    });
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const form = (call: Call) => Object.fromEntries(new URLSearchParams(String(call.init.body)));
const FIELDS = { name: 'Ann', email: 'not-an-address', feedback: 'Great <b>tool</b> & more' };

describe('feedback API', () => {
  it('builds the proxy form: name, email, feedback, the target and the post method (spec 7)', () => {
    expect(feedbackForm(FIELDS, 'https://t.example/')).toEqual({ ...FIELDS, proxy_url: 'https://t.example/', proxy_method: 'post' });
  });

  it('posts form-encoded to the bootstrap\'s proxy address with the configured target and nsp', async () => {
    const api = createFeedbackApi(http);
    await api.send(FIELDS);
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['GET /api/v2/app/bootstrap', 'POST /nagiosxi/ajaxproxy.php']);
    expect(form(calls[1]!)).toEqual({ ...FIELDS, proxy_url: 'https://feedback.example/in', proxy_method: 'post', nsp: 'NSP9' });
    await api.send({ name: '', email: '', feedback: 'Again' });
    expect(calls.map((c) => c.url)).toEqual(['/api/v2/app/bootstrap', '/nagiosxi/ajaxproxy.php', '/nagiosxi/ajaxproxy.php']);
    expect(form(calls[2]!)).toMatchObject({ name: '', email: '', feedback: 'Again' });
  });

  it('falls back to the default target when the server does not name one', async () => {
    delete bootstrap.feedbackUrl;
    await createFeedbackApi(http).send(FIELDS);
    expect(form(calls[1]!).proxy_url).toBe(DEFAULT_FEEDBACK_URL);
  });

  it('reads the bootstrap again after it failed', async () => {
    bootstrapStatus = 503;
    const api = createFeedbackApi(http);
    await expect(api.send(FIELDS)).rejects.toMatchObject({ status: 503 });
    bootstrapStatus = 200;
    await api.send(FIELDS);
    expect(calls.map((c) => c.url)).toEqual(['/api/v2/app/bootstrap', '/api/v2/app/bootstrap', '/nagiosxi/ajaxproxy.php']);
  });
});
