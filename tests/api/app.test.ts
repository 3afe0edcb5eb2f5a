import { describe, expect, it } from 'vitest';
import { Client, startTestServer } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { adminClient, formSend, sendOk } from './writeGuards.js';
import type { Menu } from '../../src/lib/apiTypes.js';

const { ts, admin } = useTestServer();

describe('GET api/v2/app/bootstrap', () => {
  it('names the proxy, the API, the base under the configured base and the feedback target', async () => {
    const res = await admin.get('api/v2/app/bootstrap');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ajaxProxyUrl: '/nagiosxi/ajaxproxy.php', backendUrl: '/nagiosxi/api/v2', baseUrl: '/nagiosxi/', feedbackUrl: 'https://www.nagios.com/feedback-proxy/' });
  });

  it('names the configured feedback target, which ajaxproxy.php accepts', async () => {
    // An hour between outbox runs: nothing tries to reach the made-up target during the test.
    const other = await startTestServer({ feedbackUrl: 'https://feedback.example/in', outboxSeconds: 3600 });
    try {
      const c = await adminClient(other);
      const { feedbackUrl } = (await c.get<{ feedbackUrl: string }>('api/v2/app/bootstrap')).body;
      expect(feedbackUrl).toBe('https://feedback.example/in');
      const sent = await sendOk(formSend('POST', 'ajaxproxy.php', { feedback: 'Works', proxy_url: feedbackUrl, proxy_method: 'post' }), c);
      expect(sent.status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('follows another base', async () => {
    const other = await startTestServer({ base: '/monitor/' });
    try {
      const c = await adminClient(other);
      expect((await c.get('api/v2/app/bootstrap')).body).toMatchObject({ ajaxProxyUrl: '/monitor/ajaxproxy.php', backendUrl: '/monitor/api/v2', baseUrl: '/monitor/' });
    } finally {
      await other.close();
    }
  });

  it('answers 401 without a session', async () => {
    expect((await new Client(ts.url).get('api/v2/app/bootstrap')).status).toBe(401);
  });
});

describe('GET api/v2/app/menu', () => {
  it('answers 401 without a session', async () => {
    expect((await new Client(ts.url).get('api/v2/app/menu')).status).toBe(401);
  });

  it('answers sections keyed by id, each with groups of entries', async () => {
    const res = await admin.get<Menu>('api/v2/app/menu');
    expect(res.status).toBe(200);
    for (const [key, section] of Object.entries(res.body)) {
      expect(section.id).toBe(key);
      expect(section).toEqual({
        id: expect.any(String), label: expect.any(String), path: expect.any(String), defaultPath: expect.any(String),
        icon: expect.any(String), groups: expect.any(Array),
      });
      for (const group of section.groups) {
        expect(group).toEqual({ id: expect.any(String), label: expect.any(String), entries: expect.any(Array) });
        for (const e of group.entries) {
          expect(Object.keys(e).sort()).toEqual(['icon', 'id', 'kind', 'label', 'path', 'target']);
        }
      }
    }
  });
});
