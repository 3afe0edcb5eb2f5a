import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, startTestServer, type Reply, type TestServer } from './harness.js';
import { adminClient, formSend, loginAs, querySend, sendOk, USER_PASSWORD } from './writeGuards.js';
import { ACCOUNT_LIMIT, ADDRESS_LIMIT } from '../../server/src/auth/loginThrottle.js';
import { foreignLogin } from '../../server/src/routes/login.js';
import { runCli } from '../../server/src/admin/runCli.js';
import { findUserByName } from '../../server/src/db/users.js';

const LOCK_MS = 60_000;
let clock = Date.UTC(2030, 0, 1);
const now = () => clock;

const servers: TestServer[] = [];
async function server(overrides: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const ts = await startTestServer({ loginLockMs: LOCK_MS, ...overrides }, undefined, undefined, now);
  servers.push(ts);
  return ts;
}
afterAll(async () => { for (const ts of servers) await ts.close(); });

const post = (ts: TestServer, username: string, password: string, headers: Record<string, string> = {}): Promise<Reply> =>
  new Client(ts.url).request('POST', 'login.php', { form: { username, password }, headers });
const sessionSet = (res: Reply) => res.headers.getSetCookie().some((c) => c.startsWith('pharos_session='));
const sessionCookie = (c: Client) => c.cookies.get('pharos_session')!;

/** A client holding nothing but the given session id. */
function withSession(ts: TestServer, sid: string): Client {
  const c = new Client(ts.url);
  c.cookies.set('pharos_session', sid);
  return c;
}
const alive = async (ts: TestServer, sid: string) => (await withSession(ts, sid).get('api/v2/account/auth')).status === 200;

describe('login throttling', () => {
  let ts: TestServer;
  beforeAll(async () => { ts = await server(); });
  // A day without failures forgets every count, so each test starts with a clean address and clean names.
  beforeEach(() => { clock += 25 * 3600 * 1000; });

  it('locks an account after repeated failures: while locked even the right password is refused, after the lock it works', async () => {
    await loginAs(ts, 'victim');
    for (let i = 0; i < ACCOUNT_LIMIT; i++) expect((await post(ts, 'victim', `wrong-${i}`)).status).toBe(401);
    const right = await post(ts, 'victim', USER_PASSWORD);
    const wrong = await post(ts, 'victim', 'still-wrong');
    expect(right.status).toBe(429);
    expect(sessionSet(right)).toBe(false);
    expect(right.text).toContain('Too many failed logins. Try again in 1 minute.');
    expect(wrong.status).toBe(429);
    expect(wrong.text).toBe(right.text);
    // A German reader of the login page is told in German (issue 38).
    const german = await post(ts, 'victim', USER_PASSWORD, { 'accept-language': 'de' });
    expect(german.status).toBe(429);
    expect(german.text).toContain('Zu viele fehlgeschlagene Anmeldungen. Versuchen Sie es in 1 Minute erneut.');
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other accounts from the same address are not affected by one account's lock.
    expect((await post(ts, 'nagiosadmin', ADMIN_PASSWORD)).status).toBe(303);

    clock += LOCK_MS + 1;
    const after = await post(ts, 'victim', USER_PASSWORD);
    expect(after.status).toBe(303);
    expect(sessionSet(after)).toBe(true);
  });

  it('doubles the lock for each further failure after a lock, until a login succeeds', async () => {
    await loginAs(ts, 'stubborn');
    for (let i = 0; i < ACCOUNT_LIMIT; i++) await post(ts, 'stubborn', 'wrong');
    clock += LOCK_MS + 1;
    expect((await post(ts, 'stubborn', 'wrong again')).status).toBe(401);
    clock += LOCK_MS + 1;
    expect((await post(ts, 'stubborn', USER_PASSWORD)).status).toBe(429);
    clock += LOCK_MS;
    expect((await post(ts, 'stubborn', USER_PASSWORD)).status).toBe(303);
    // The success cleared the count: one more failure is just a failure.
    expect((await post(ts, 'stubborn', 'wrong')).status).toBe(401);
    expect((await post(ts, 'stubborn', USER_PASSWORD)).status).toBe(303);
  });

  it('answers an unknown name exactly like a real one, before and during a lock (no username enumeration)', async () => {
    await loginAs(ts, 'realname');
    const statuses = async (name: string) => {
      const out: Reply[] = [];
      for (let i = 0; i <= ACCOUNT_LIMIT; i++) out.push(await post(ts, name, 'bad-password'));
      return out;
    };
    const real = await statuses('realname');
    const ghost = await statuses('ghostname');
    expect(real.map((r) => r.status)).toEqual(ghost.map((r) => r.status));
    expect(real.at(-1)!.status).toBe(429);
    for (let i = 0; i < real.length; i++) expect(real[i]!.text.replaceAll('realname', 'NAME')).toBe(ghost[i]!.text.replaceAll('ghostname', 'NAME'));
  });

  it('counts failures per name case-insensitively, as names are matched', async () => {
    await loginAs(ts, 'casey');
    for (let i = 0; i < ACCOUNT_LIMIT; i++) await post(ts, i % 2 ? 'CASEY' : 'casey', 'wrong');
    expect((await post(ts, 'Casey', USER_PASSWORD)).status).toBe(429);
  });

  it('never counts successful logins, however many', async () => {
    for (let i = 0; i < ADDRESS_LIMIT + ACCOUNT_LIMIT; i++) expect((await post(ts, 'nagiosadmin', ADMIN_PASSWORD)).status).toBe(303);
  });
});

// Each refused guess checks a password hash (meant to be slow): under load a spray of them took over vitest's 20 s.
describe('login throttling per address', { timeout: 60_000 }, () => {
  const spray = async (ts: TestServer, headers: (i: number) => Record<string, string>) => {
    for (let i = 0; i < ADDRESS_LIMIT; i++) expect((await post(ts, `spray${i}`, 'guess', headers(i))).status).toBe(401);
  };

  it('locks an address that guesses many names; behind a trusted proxy the address is X-Forwarded-For', async () => {
    const ts = await server({ trustProxy: true });
    await spray(ts, () => ({ 'x-forwarded-for': '203.0.113.7' }));
    expect((await post(ts, 'nagiosadmin', ADMIN_PASSWORD, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(429);
    expect((await post(ts, 'nagiosadmin', ADMIN_PASSWORD, { 'x-forwarded-for': '198.51.100.9' })).status).toBe(303);
    clock += LOCK_MS + 1;
    expect((await post(ts, 'nagiosadmin', ADMIN_PASSWORD, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(303);
  });

  it('ignores X-Forwarded-For when no proxy is trusted, so a client cannot pick a fresh address per guess', async () => {
    const ts = await server();
    await spray(ts, (i) => ({ 'x-forwarded-for': `192.0.2.${i + 1}` }));
    expect((await post(ts, 'nagiosadmin', ADMIN_PASSWORD, { 'x-forwarded-for': '192.0.2.200' })).status).toBe(429);
  });
});

describe('login CSRF', () => {
  let ts: TestServer;
  beforeAll(async () => { ts = await server(); });

  it('refuses a login posted from another site, by Origin or (without Origin) by Referer', async () => {
    const foreign: Record<string, string>[] = [{ origin: 'http://evil.example' }, { origin: 'null' }, { referer: 'http://evil.example/login.html' },
      { origin: `http://evil.example:${new URL(ts.url).port}` }];
    for (const headers of foreign) {
      const res = await post(ts, 'nagiosadmin', ADMIN_PASSWORD, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.text).toContain(foreignLogin());
      expect(sessionSet(res)).toBe(false);
    }
  });

  it('accepts a login from its own page, and from clients that send neither header (scripts, curl)', async () => {
    const origin = new URL(ts.url).origin;
    for (const headers of [{ origin }, { referer: `${ts.url}login.php` }, {}] as Record<string, string>[]) {
      expect((await post(ts, 'nagiosadmin', ADMIN_PASSWORD, headers)).status, JSON.stringify(headers)).toBe(303);
    }
  });
});

describe('sessions end', () => {
  let ts: TestServer;
  let admin: Client;
  beforeAll(async () => {
    ts = await server();
    admin = await adminClient(ts);
  });
  const idOf = async (name: string) => String((await findUserByName(ts.server.ctx.store, name))!.id);

  it('logging in again replaces the session the browser had, whoever it belonged to', async () => {
    const c = await loginAs(ts, 'rotator');
    const first = sessionCookie(c);
    await c.login('rotator', USER_PASSWORD);
    expect(sessionCookie(c)).not.toBe(first);
    expect(await alive(ts, first)).toBe(false);
    expect(await alive(ts, sessionCookie(c))).toBe(true);
    // A planted session (login CSRF's cousin) ends too when its holder logs in as themselves.
    const planted = sessionCookie(c);
    await c.login();
    expect(await alive(ts, planted)).toBe(false);
  });

  it('logout ends the session on the server, not just in the browser', async () => {
    const c = await loginAs(ts, 'leaving');
    const sid = sessionCookie(c);
    expect((await c.get(`login.php?logout&nsp=${encodeURIComponent(c.nsp)}`)).status).toBe(200);
    expect(await alive(ts, sid)).toBe(false);
  });

  it('a password reset by an administrator ends every session of that user', async () => {
    const a = await loginAs(ts, 'resetme');
    const b = new Client(ts.url);
    await b.login('resetme', USER_PASSWORD);
    expect((await sendOk(formSend('PUT', 'api/v2/admin/users', { id: await idOf('resetme'), password: 'a-new-password' }), admin)).status).toBe(200);
    expect(await alive(ts, sessionCookie(a))).toBe(false);
    expect(await alive(ts, sessionCookie(b))).toBe(false);
    expect(await alive(ts, sessionCookie(admin))).toBe(true);
  });

  it('a permission change ends the sessions of that user', async () => {
    const c = await loginAs(ts, 'promoted');
    expect((await sendOk(formSend('PUT', 'api/v2/admin/users', { id: await idOf('promoted'), canAccessCCM: '1' }), admin)).status).toBe(200);
    expect(await alive(ts, sessionCookie(c))).toBe(false);
  });

  it("an administrator changing their own password keeps the session they used and ends their others", async () => {
    const other = await adminClient(ts);
    const res = await sendOk(formSend('PUT', 'api/v2/admin/users', { id: await idOf('nagiosadmin'), password: ADMIN_PASSWORD }), admin);
    expect(res.status).toBe(200);
    expect(await alive(ts, sessionCookie(admin))).toBe(true);
    expect(await alive(ts, sessionCookie(other))).toBe(false);
  });

  it('set-password and set-permissions in the admin CLI end the sessions too', async () => {
    const cli = (...args: string[]) => runCli(args, { log: () => {}, error: () => {} }, ts.cliEnv);
    const c = await loginAs(ts, 'clireset');
    expect(await cli('set-password', 'clireset', 'cli-new-password')).toBe(0);
    expect(await alive(ts, sessionCookie(c))).toBe(false);
    await c.login('clireset', 'cli-new-password');
    expect(await cli('set-permissions', 'clireset', '--monitoring=1')).toBe(0);
    expect(await alive(ts, sessionCookie(c))).toBe(false);
  });

  it('deleting a user ends their sessions', async () => {
    const c = await loginAs(ts, 'doomed');
    const id = await idOf('doomed');
    expect((await sendOk(querySend('DELETE', 'api/v2/admin/users', { id }), admin)).status).toBe(200);
    expect(await alive(ts, sessionCookie(c))).toBe(false);
    const left = await ts.server.ctx.store.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', Number(id)).executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});

describe('secure cookies', () => {
  const cookiesOf = (res: Reply) => res.headers.getSetCookie().filter((c) => /^(pharos_session|XSRF-TOKEN)=/.test(c));

  it('are Secure with PHAROS_COOKIE_SECURE=1, and not by default on plain http', async () => {
    const secure = await server({ cookieSecure: true });
    const plain = await server();
    const a = cookiesOf(await post(secure, 'nagiosadmin', ADMIN_PASSWORD));
    const b = cookiesOf(await post(plain, 'nagiosadmin', ADMIN_PASSWORD));
    expect(a).toHaveLength(2);
    for (const c of a) expect(c).toMatch(/;\s*Secure/i);
    expect(b).toHaveLength(2);
    for (const c of b) expect(c).not.toMatch(/;\s*Secure/i);
  });

  it('are Secure when a trusted proxy says the request came over https, and only then', async () => {
    const trusted = await server({ trustProxy: true });
    const untrusted = await server();
    const https = { 'x-forwarded-proto': 'https' };
    for (const c of cookiesOf(await post(trusted, 'nagiosadmin', ADMIN_PASSWORD, https))) expect(c).toMatch(/;\s*Secure/i);
    for (const c of cookiesOf(await post(trusted, 'nagiosadmin', ADMIN_PASSWORD, { 'x-forwarded-proto': 'http' }))) expect(c).not.toMatch(/;\s*Secure/i);
    const spoofed = cookiesOf(await post(untrusted, 'nagiosadmin', ADMIN_PASSWORD, https));
    expect(spoofed).toHaveLength(2);
    for (const c of spoofed) expect(c).not.toMatch(/;\s*Secure/i);
  });
});
