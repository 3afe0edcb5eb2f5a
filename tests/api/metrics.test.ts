import { describe, expect, it } from 'vitest';
import { MergedSource } from '../../server/src/monitoring/engines/mergedSource.js';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { FakeEngine, host, service } from './fakeEngines.js';

const TOKEN = 'scrape-token-0123456789';
const berlin = new FakeEngine('berlin', [host('web1')], [service('web1', 'HTTP')]);
const paris = new FakeEngine('paris', [host('app1')], [service('app1', 'Queue', 2)]);
const { ts, admin } = useTestServer({ config: { metricsToken: TOKEN }, monitoring: () => new MergedSource([berlin, paris]) });
const { ts: plain, admin: plainAdmin } = useTestServer();

const scrape = (client: Client, token?: string) => client.request<unknown>('GET', 'metrics', token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });
/** One sample's value from the exposition text. */
const sample = (text: string, name: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};

describe('GET {base}metrics (issue 36)', () => {
  it('is not there at all without PHAROS_METRICS_TOKEN: 404, even for an administrator', async () => {
    expect((await scrape(plainAdmin)).status).toBe(404);
    expect((await scrape(new Client(plain.url), 'anything')).status).toBe(404);
  });

  it('answers 401 without the token, with a wrong one, and to a signed-in administrator without it', async () => {
    for (const res of [await scrape(new Client(ts.url)), await scrape(new Client(ts.url), 'wrong'), await scrape(admin), await scrape(admin, `${TOKEN}x`)]) {
      expect(res.status).toBe(401);
      expect(res.text).not.toContain('pharos_');
    }
  });

  it('names every engine, the database, displays, the feed, request times and the process, in the text format', async () => {
    await admin.get('api/v2/status/program');
    const res = await scrape(new Client(ts.url), TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = res.text;
    expect(text).toContain('pharos_engine_up{engine="berlin"} 1');
    expect(text).toContain('pharos_engine_up{engine="paris"} 1');
    expect(text).toMatch(new RegExp(`pharos_engine_last_update_seconds\\{engine="paris"\\} ${paris.snap.updated}\\b`));
    expect(sample(text, 'pharos_database_up')).toBe(1);
    expect(sample(text, 'pharos_displays_active')).toBe(0);
    expect(sample(text, 'pharos_alert_feed_cursor')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/pharos_http_request_duration_seconds_bucket\{le="0\.005",route="\/nagiosxi\/api\/v2\/status\/program",status="200"\} \d+/);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    // Nothing of a user's: no session, no token, no names.
    expect(text).not.toMatch(/nagiosadmin|nsp|cookie/i);
  });

  it('says an engine is down once it stops answering, and up again when it answers', async () => {
    paris.answering = false;
    try {
      const down = await scrape(new Client(ts.url), TOKEN);
      expect(down.text).toContain('pharos_engine_up{engine="paris"} 0');
      expect(down.text).toContain('pharos_engine_up{engine="berlin"} 1');
    } finally {
      paris.answering = true;
    }
    expect((await scrape(new Client(ts.url), TOKEN)).text).toContain('pharos_engine_up{engine="paris"} 1');
  });
});
