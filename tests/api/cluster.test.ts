import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertChanges } from '../../src/lib/apiTypes.js';
import { ACCOUNT_LIMIT } from '../../server/src/auth/loginThrottle.js';
import { configFromEnv } from '../../server/src/config.js';
import { createMonitoringSource } from '../../server/src/monitoring/create.js';
import { capabilitiesOf } from '../../server/src/monitoring/source.js';
import { createUser } from '../../server/src/db/users.js';
import { hashPassword } from '../../server/src/auth/password.js';
import { Client, startTestServer, type TestServer } from './harness.js';
import { formSend, querySend, sendOk, USER_PASSWORD } from './writeGuards.js';

/**
 * Issue 22: two server processes on one database, as behind a proxy; any request may reach either. (In the server
 * project both use one SQLite file, in server-pg one PostgreSQL database.) Both read one monitoring source, as two
 * processes would read one engine.
 */
const monitoring = createMonitoringSource({ ...configFromEnv({}), demoTickSeconds: 3600 });
// Both servers read this one simulation, as processes read one real engine: its data is shared, and the change feed
// continues across them (a demo fleet of its own per process would start a new feed with each start).
Object.defineProperty(monitoring, 'capabilities', { value: { ...capabilitiesOf(monitoring), sharedData: true } });
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer({ trustProxy: true }, undefined, monitoring);
  b = await startTestServer({ trustProxy: true, databaseUrl: a.config.databaseUrl }, a.dataDir, monitoring);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

/** A client whose requests go to a or b in turn, as a round-robin proxy sends them. */
class RoundRobin extends Client {
  private turn = 0;
  constructor() { super(''); }
  override request: Client['request'] = (method, p, opts) => {
    const target = [a, b][this.turn++ % 2]!;
    return Client.prototype.request.call(Object.assign(Object.create(this) as Client, { baseUrl: target.url }), method, p, opts) as never;
  };
}

describe('several processes, one database (issue 22)', () => {
  it('a session, its nsp and XSRF token work on every process', async () => {
    const user = new RoundRobin();
    await user.login();
    for (let i = 0; i < 4; i++) expect((await user.get('api/v2/account/auth')).status).toBe(200);
    const added = await sendOk(formSend('POST', 'api/v2/tools/personal', { name: 'Runbook', url: 'https://example.com/runbook' }), user);
    expect(added.status).toBe(200);
    const seen = await Promise.all([a, b].map(async (t) => {
      const c = Object.assign(new Client(t.url), { cookies: user.cookies });
      return (await c.get<{ name: string }[]>('api/v2/tools/personal')).body.map((tool) => tool.name);
    }));
    expect(seen).toEqual([['Runbook'], ['Runbook']]);
  });

  it('login failures spread over processes count together', async () => {
    await createUser(a.server.ctx.store, 'victim', hashPassword(USER_PASSWORD), {});
    const guesser = new RoundRobin();
    const address = { 'x-forwarded-for': '192.0.2.77' };
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      expect((await guesser.request('POST', 'login.php', { form: { username: 'victim', password: `guess-${i}` }, headers: address })).status).toBe(401);
    }
    // Locked on both, even for the right password.
    for (let i = 0; i < 2; i++) {
      expect((await guesser.request('POST', 'login.php', { form: { username: 'victim', password: USER_PASSWORD }, headers: address })).status).toBe(429);
    }
  });

  it('a display revoked on one process is refused by the other at its next request; Identify reaches it wherever it polls', async () => {
    const admin = new Client(a.url);
    await admin.login();
    const tv = new Client(b.url);
    const code = (await tv.request<{ code: string }>('POST', 'api/v2/displays/pair', { headers: { 'x-forwarded-for': '192.0.2.80' } })).body.code;
    const claimed = await sendOk(formSend('POST', 'api/v2/admin/displays', { code, name: 'Lobby', userId: '1', params: 'strip=top' }), admin);
    expect(claimed.status).toBe(200);
    expect((await tv.get<{ state: string }>('api/v2/displays/pair')).body.state).toBe('paired');
    const id = String((claimed.body as { id: number }).id);
    expect((await sendOk(formSend('POST', 'api/v2/admin/displays/command', { id, command: 'identify' }), admin)).status).toBe(200);
    expect((await tv.get('api/v2/displays/me')).body).toMatchObject({ commands: ['identify'] });
    expect((await sendOk(querySend('DELETE', 'api/v2/admin/displays', { id }), admin)).status).toBe(200);
    expect((await tv.get('api/v2/account/auth')).status).toBe(401);
  });

  it('a display whose polls alternate between processes sees each alert once', async () => {
    const wall = new RoundRobin();
    await wall.login();
    const feed = async (since?: string) => (await wall.get<AlertChanges>(`api/v2/status/changes${since ? `?since=${since}` : ''}`)).body;
    const first = await feed();
    const quiet = await feed(first.cursor);
    expect(quiet).toMatchObject({ cursor: first.cursor, changes: [] });

    const snap = monitoring.snapshot();
    const up = snap.hosts.find((h) => h.current_state === 0 && h.problem_acknowledged === 0 && h.scheduled_downtime_depth === 0)!;
    const svc = snap.services.find((s) => s.host_name === up.host_name && s.current_state === 0)!;
    const admin = new Client(a.url);
    await admin.login();
    const force = (state: string) => sendOk(formSend('POST', 'api/v2/admin/checkresult', { host: up.host_name, service: svc.service_description, state, output: `forced ${state}` }), admin);
    // A change is recorded by whichever process compares the new snapshot first, each in its own time: a poll may come
    // before it is in the feed (the next poll then has it), but never twice.
    const next = async (since: string) => {
      let got: AlertChanges | undefined;
      await expect.poll(async () => (got = await feed(since)).changes?.length, { timeout: 10_000 }).toBeGreaterThan(0);
      return got!;
    };
    expect((await force('2')).status).toBe(200);
    const broke = await next(quiet.cursor);
    expect(broke.changes).toEqual([{ kind: 'problem', problem: expect.objectContaining({ host_name: up.host_name, service_description: svc.service_description }) }]);
    expect(await feed(broke.cursor)).toMatchObject({ changes: [] });
    expect(await feed(broke.cursor)).toMatchObject({ changes: [] });
    expect((await force('0')).status).toBe(200);
    const cleared = await next(broke.cursor);
    expect(cleared.changes).toEqual([{ kind: 'cleared', host_name: up.host_name, service_description: svc.service_description }]);
    expect(await feed(cleared.cursor)).toMatchObject({ changes: [] });
  });
});
