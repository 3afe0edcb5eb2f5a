import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { safeRedirect } from '../../server/src/routes/login.js';

let { ts } = useTestServer({ admin: false });

describe('login page', () => {
  it('shows a form with username and password fields', async () => {
    const res = await new Client(ts.url).get('login.php');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain('name="username"');
    expect(res.text).toContain('type="password"');
  });

  it('forbids inline scripts, foreign frames and framing by other sites', async () => {
    const res = await new Client(ts.url).get('login.php');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("frame-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('logs in, sets an HttpOnly SameSite=Lax session cookie and a readable XSRF cookie', async () => {
    const c = new Client(ts.url);
    const res = await c.request('POST', 'login.php', { form: { username: 'nagiosadmin', password: ADMIN_PASSWORD } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/nagiosxi/');
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((x) => x.startsWith('pharos_session='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const xsrf = cookies.find((x) => x.startsWith('XSRF-TOKEN='))!;
    expect(xsrf).not.toMatch(/HttpOnly/i);
    const auth = await c.get<{ username: string; nsp: string; isAdmin: boolean }>('api/v2/account/auth');
    expect(auth.status).toBe(200);
    expect(auth.body.username).toBe('nagiosadmin');
    expect(auth.body.nsp.length).toBeGreaterThan(10);
  });

  it('gives the same error for an unknown user and a wrong password, keeping the username', async () => {
    const wrongPass = await new Client(ts.url).post('login.php', { username: 'nagiosadmin', password: 'nope' });
    const wrongUser = await new Client(ts.url).post('login.php', { username: 'nobody', password: ADMIN_PASSWORD });
    for (const res of [wrongPass, wrongUser]) {
      expect(res.status).toBe(401);
      expect(res.text).toContain('Invalid username or password.');
      expect(res.headers.getSetCookie().some((x) => x.startsWith('pharos_session='))).toBe(false);
    }
    expect(wrongUser.text).toContain('value="nobody"');
  });

  it('stores passwords only as slow hashes', async () => {
    const row = await ts.server.ctx.store.selectFrom('users').select('password_hash').where('username', '=', 'nagiosadmin').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(ADMIN_PASSWORD);
  });

  it('redirects only to paths under the base after login', () => {
    expect(safeRedirect('/nagiosxi/', '/nagiosxi/views/')).toBe('/nagiosxi/views/');
    expect(safeRedirect('/nagiosxi/', '/nagiosxi/?xiwindow=admin/license.php')).toBe('/nagiosxi/?xiwindow=admin/license.php');
    for (const hostile of ['https://evil.example/', '//evil.example/nagiosxi/', '/nagiosxi/../../etc', '/nagiosxi/%2F%2Fevil', '/other/', 'javascript:alert(1)', '/nagiosxi/\\evil']) {
      const result = safeRedirect('/nagiosxi/', hostile);
      expect(result.startsWith('/nagiosxi/')).toBe(true);
      expect(result).not.toContain('evil.example');
    }
  });
});

describe('sessions', () => {
  it('expire after the idle time, and any request before that extends them', async () => {
    const c = new Client(ts.url);
    await c.login();
    const sid = c.cookies.get('pharos_session')!;
    const idleMs = ts.config.sessionIdleSeconds * 1000;
    const setIdle = (ms: number) => ts.server.ctx.store.updateTable('sessions').set({ last_seen: Date.now() - ms }).where('id', '=', sid).execute();

    await setIdle(idleMs - 5_000);
    expect((await c.get('api/v2/account/auth')).status).toBe(200);
    const seen = await ts.server.ctx.store.selectFrom('sessions').select('last_seen').where('id', '=', sid).executeTakeFirstOrThrow();
    expect(Date.now() - seen.last_seen).toBeLessThan(5_000);

    // Activity is written to the minute: a request within a minute of the last write writes nothing (wall displays
    // make hundreds a second), and the session still ends no more than a minute early.
    await setIdle(30_000);
    const written = await ts.server.ctx.store.selectFrom('sessions').select('last_seen').where('id', '=', sid).executeTakeFirstOrThrow();
    expect((await c.get('api/v2/account/auth')).status).toBe(200);
    expect((await ts.server.ctx.store.selectFrom('sessions').select('last_seen').where('id', '=', sid).executeTakeFirstOrThrow()).last_seen).toBe(written.last_seen);
    await setIdle(61_000);
    expect((await c.get('api/v2/account/auth')).status).toBe(200);
    const moved = await ts.server.ctx.store.selectFrom('sessions').select('last_seen').where('id', '=', sid).executeTakeFirstOrThrow();
    expect(Date.now() - moved.last_seen).toBeLessThan(5_000);

    await setIdle(idleMs + 1_000);
    const expired = await c.get<{ message: string }>('api/v2/account/auth');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Your session has timed out.');
  });

  it('logout needs the session token, then ends the session', async () => {
    const c = new Client(ts.url);
    await c.login();
    const refused = await c.get('login.php?logout&nsp=wrong');
    expect(refused.status).toBe(302);
    expect((await c.get('api/v2/account/auth')).status).toBe(200);

    const out = await c.get(`login.php?logout&nsp=${encodeURIComponent(c.nsp)}`);
    expect(out.status).toBe(200);
    expect(out.text).toContain('name="username"');
    expect((await c.get('api/v2/account/auth')).status).toBe(401);
  });

  it('app routes send visitors without a session to the login page', async () => {
    const res = await new Client(ts.url).get('views/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/nagiosxi/login.php?redirect=%2Fnagiosxi%2Fviews%2F');
  });

  it('sessions survive a server restart', async () => {
    const c = new Client(ts.url);
    await c.login();
    ts = await ts.restart();
    const again = new Client(ts.url);
    again.cookies = c.cookies;
    expect((await again.get('api/v2/account/auth')).status).toBe(200);
  });
});
