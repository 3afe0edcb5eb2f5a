import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness.js';
import { FakeSource, fixtureSnapshot } from './pagesFixture.js';

interface Entry { time: number; host: string; service?: string; state: string; type: string }

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
  fs.rmSync(servers[0]!.dataDir, { recursive: true, force: true });
}, 30_000);

const loggedIn = async (ts: TestServer) => {
  const client = new Client(ts.url);
  await client.login();
  return client;
};
const entries = async (client: Client) => (await client.get<{ entries: Entry[] }>('api/v2/history?since=0&until=99999999999&limit=1000')).body.entries;

describe('PHAROS_HISTORY_RECORD=0 (issue 37, docs/operations.md)', () => {
  it('a process that does not record serves the history recorded before and adds no change to it', async () => {
    const source = new FakeSource(fixtureSnapshot());
    const recording = await startTestServer({}, undefined, source);
    servers.push(recording);
    const a = await loggedIn(recording);
    // The summary answers once this process has compared the first snapshot with the history.
    await a.get('api/v2/history/summary');
    const recorded = await entries(a);
    expect(recorded.some((e) => e.host === 'web01' && e.service === 'HTTP' && e.state === 'OK')).toBe(true);
    await recording.close();

    // web01's HTTP fails: a recording process would add that change.
    const before = source.snap;
    const at = before.updated + 60;
    source.snap = {
      ...before, updated: at,
      services: before.services.map((s) => (s.host_name === 'web01' && s.service_description === 'HTTP'
        ? { ...s, current_state: 2, last_state_change: at, last_check: at, output: 'HTTP CRITICAL' } : s)),
    };
    const reading = await startTestServer({ historyRecord: false, databaseUrl: recording.config.databaseUrl }, recording.dataDir, source);
    servers.push(reading);
    const b = await loggedIn(reading);
    await b.get('api/v2/history/summary');
    expect(await entries(b)).toEqual(recorded);
  });
});
