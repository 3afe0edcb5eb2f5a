import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { host, service } from './fakeEngines.js';
import { Client, startTestServer, type TestServer } from './harness.js';
import { at, Timeline } from './historyTimeline.js';

/**
 * Issue 37: two processes on one database (one SQLite file in the server project, one PostgreSQL database in
 * server-pg) read one engine. Each change is recorded once, and after one process is gone the other goes on.
 */
const T0 = Math.floor(Date.now() / 1000 / 60) * 60 - 3600;
const engine = new Timeline(T0);
engine.set(T0, [at(host('web1'), T0 - 60)], [at(service('web1', 'HTTP'), T0)]);

let a: TestServer;
let b: TestServer;
let reader: Client;
beforeAll(async () => {
  a = await startTestServer({}, undefined, engine.source);
  b = await startTestServer({ databaseUrl: a.config.databaseUrl }, a.dataDir, engine.source);
  reader = new Client(b.url);
  await reader.login();
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

interface Entry { time: number; host: string; service?: string; state: string }
const entries = async () => (await reader.get<{ entries: Entry[] }>(`api/v2/history?since=${T0 - 600}&until=${T0 + 600}`)).body.entries;
const keys = (list: Entry[]) => list.map((e) => `${e.time} ${e.host} ${e.service ?? ''} ${e.state}`);

describe('state history on a cluster (issue 37)', () => {
  it('records each change once while both processes watch, and goes on when one is gone', async () => {
    await expect.poll(async () => (await entries()).length, { timeout: 5000 }).toBe(2);
    engine.set(T0 + 45, engine.snap.hosts, [at(service('web1', 'HTTP', 2), T0 + 45)]);
    await expect.poll(async () => (await entries()).length, { timeout: 5000 }).toBe(3);
    engine.set(T0 + 90, engine.snap.hosts, [at(service('web1', 'HTTP', 0), T0 + 90)]);
    await expect.poll(async () => (await entries()).length, { timeout: 5000 }).toBe(4);

    await a.close();
    engine.set(T0 + 120, [at(host('web1', 1), T0 + 120)], engine.snap.services);
    await expect.poll(async () => (await entries()).length, { timeout: 5000 }).toBe(5);
    const all = keys(await entries());
    expect(all).toEqual([...new Set(all)]);
    expect(all).toEqual([`${T0 + 120} web1  DOWN`, `${T0 + 90} web1 HTTP OK`, `${T0 + 45} web1 HTTP CRITICAL`, `${T0} web1 HTTP OK`, `${T0 - 60} web1  UP`]);
  });
});
