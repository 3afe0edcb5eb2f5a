/**
 * Time with no data in the state history (issue 37): while Pharos itself was not running, for an engine that keeps no
 * log Pharos can read, and while an engine is silent, its objects count as no data, never as their last state. And
 * who may read the history at all.
 */
import { describe, expect, it } from 'vitest';
import { createUser } from '../../server/src/db/users.js';
import type { HostStatus, ServiceStatus } from '../../server/src/monitoring/source.js';
import { hashPassword } from '../../server/src/auth/password.js';
import { host, service } from './fakeEngines.js';
import { at, Timeline } from './historyTimeline.js';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';

interface Avail { host: string; service?: string; seconds: Record<string, number> }
interface Entry { time: number; host: string; service?: string; state: string }

/** A whole minute two hours ago: every time below is in the past, so the server's clock needs no moving. */
const T0 = Math.floor(Date.now() / 1000 / 60) * 60 - 7200;

const engine = new Timeline(T0);
const web1 = at(host('web1'), T0 - 60);
engine.set(T0, [web1], [at(service('web1', 'HTTP'), T0 - 60), at(service('web1', 'DNS'), T0 - 60)]);
let { ts, admin } = useTestServer({ monitoring: () => engine.source });

const availability = async (since: number, until: number) => {
  const res = await admin.get<{ objects: Avail[] }>(`api/v2/availability?since=${since}&until=${until}&host=web1`);
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.objects.map((o) => [o.service ?? o.host, o.seconds]));
};
const history = async () => (await admin.get<{ entries: Entry[] }>(`api/v2/history?since=${T0 - 600}&until=${T0 + 3600}`)).body.entries;

describe('time with no data (issue 37)', () => {
  it("counts the time Pharos was not running as no data for an engine without a log; a change the engine dates in it stands", async () => {
    await expect.poll(async () => (await history()).length, { timeout: 5000 }).toBe(3);
    await ts.server.close();
    // Ten minutes later (by the engine's clock) Pharos starts again: HTTP turned CRITICAL meanwhile, DNS did not change.
    engine.set(T0 + 600, [web1], [at(service('web1', 'HTTP', 2), T0 + 300, { output: 'down' }), at(service('web1', 'DNS'), T0 - 60)]);
    ts = await ts.restart();
    admin = new Client(ts.url);
    await admin.login();
    await expect.poll(async () => (await history()).length, { timeout: 5000 }).toBe(4);
    expect((await history())[0]).toMatchObject({ time: T0 + 300, service: 'HTTP', state: 'CRITICAL' });
    expect(await availability(T0, T0 + 700)).toEqual({
      web1: { UP: 100, DOWN: 0, UNREACHABLE: 0, NODATA: 600 },
      HTTP: { OK: 0, WARNING: 0, CRITICAL: 400, UNKNOWN: 0, NODATA: 300 },
      DNS: { OK: 100, WARNING: 0, CRITICAL: 0, UNKNOWN: 0, NODATA: 600 },
    });
    // Over the same window after another restart within the engine's staleness limit: the same.
    ts = await ts.restart();
    admin = new Client(ts.url);
    await admin.login();
    expect((await availability(T0, T0 + 700)).DNS).toEqual({ OK: 100, WARNING: 0, CRITICAL: 0, UNKNOWN: 0, NODATA: 600 });
  });

  it('counts an engine that stops answering as no data from its last data until new data, not from before its silence', async () => {
    const stale = <T extends HostStatus | ServiceStatus>(o: T, t: number): T => ({ ...o, stale: t });
    engine.set(T0 + 800, [stale(web1, T0 + 800)], engine.snap.services.map((s) => stale(s, T0 + 800)));
    await expect.poll(async () => (await history()).filter((e) => e.state === 'NODATA').length, { timeout: 5000 }).toBe(3);
    // Back 100 s later, nothing changed by the engine's account.
    engine.set(T0 + 900, [web1], [at(service('web1', 'HTTP', 2), T0 + 300, { output: 'down' }), at(service('web1', 'DNS'), T0 - 60)]);
    await expect.poll(async () => (await history()).length, { timeout: 5000 }).toBe(10);
    expect((await availability(T0 + 700, T0 + 1000)).DNS).toEqual({ OK: 200, WARNING: 0, CRITICAL: 0, UNKNOWN: 0, NODATA: 100 });
  });

  it('counts a single engine that has been silent since its last data as no data, while it is silent', async () => {
    // The engine's data is still from T0 + 900, which is long ago: up to now, nothing is known.
    const now = Math.floor(Date.now() / 1000);
    const res = await admin.get<{ objects: Avail[]; end: number }>(`api/v2/availability?since=${T0 + 900}&until=${now + 3600}&host=web1&service=DNS`);
    const [dns] = res.body.objects;
    expect(dns!.seconds.OK).toBe(0);
    expect(dns!.seconds.NODATA).toBe(res.body.end - (T0 + 900));
  });
});

describe('who may read the history (issue 37)', () => {
  it('gives a user without the monitoring permission none of it (403), as the report pages and the CSV export', async () => {
    // Pharos has no rights per host: the monitoring permission is what lets a user see monitored objects at all.
    await createUser(ts.server.ctx.store, 'no-monitoring', hashPassword('plain-password-1'), {});
    const plain = new Client(ts.url);
    await plain.login('no-monitoring', 'plain-password-1');
    for (const path of ['api/v2/history', 'api/v2/availability?host=web1', 'api/v2/history.csv']) {
      const res = await plain.get<{ message?: string }>(path);
      expect(res.status, path).toBe(403);
      expect(res.text).not.toContain('web1');
    }
    await createUser(ts.server.ctx.store, 'watcher', hashPassword('plain-password-2'), { isAuthorizedForMonitoringSystem: true });
    const watcher = new Client(ts.url);
    await watcher.login('watcher', 'plain-password-2');
    const res = await watcher.get<{ entries: Entry[] }>(`api/v2/history?since=${T0 - 600}&until=${T0 + 3600}&host=web1`);
    expect(res.status).toBe(200);
    expect(res.body.entries.length).toBeGreaterThan(0);
  });
});
