import crypto from 'node:crypto';
import type { Tables } from '../../server/src/db/tables.js';
import { describe, expect, it } from 'vitest';
import { Client, type Reply } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { expectBadRequest, expectWriteGuards, formSend, loginAs, querySend, sendOk } from './writeGuards.js';
import { CODE_ALPHABET, CODE_LENGTH } from '../../server/src/db/displays.js';
import { findUserByName } from '../../server/src/db/users.js';
import { AJAX_COMMANDS } from '../../server/src/routes/ajaxhelper.js';
import { PAIR_LIMIT } from '../../server/src/routes/displays.js';
import { runCli } from '../../server/src/admin/runCli.js';

let clock = Date.now();
const now = () => clock;
const { ts, admin } = useTestServer({ config: { trustProxy: true }, now });

const PAIR = 'api/v2/displays/pair';
const ADMIN_API = 'api/v2/admin/displays';
interface DisplayRecord { id: number; name: string; userId: number; params: string; paired: boolean; lastSeen: number | null }

/** A screen asking for a code with its own address, so the rate limit of one test does not reach another's. */
async function screen(address = `10.0.0.${Math.floor(Math.random() * 250) + 1}`): Promise<{ tv: Client; code: string }> {
  const tv = new Client(ts.url);
  const res = await tv.request<{ code: string }>('POST', PAIR, { headers: { 'x-forwarded-for': address } });
  expect(res.status).toBe(200);
  return { tv, code: res.body.code };
}

const claim = (fields: Record<string, string>) => sendOk(formSend('POST', ADMIN_API, fields), admin);

/** Pairs a screen for `user` (an id) and returns it signed in with its device token, nsp known. */
async function pairedDisplay(userId: string, params = 'views=0&speed=20'): Promise<{ tv: Client; display: DisplayRecord }> {
  const { tv, code } = await screen();
  const claimed = await claim({ code, name: `TV ${code}`, userId, params });
  expect(claimed.status).toBe(200);
  const picked = await tv.get<{ state: string; url: string }>(PAIR);
  expect(picked.body).toMatchObject({ state: 'paired', url: `${ts.config.base}wallboard?${params.replace(',', '%2C')}` });
  tv.nsp = (await tv.get<{ nsp: string }>('api/v2/account/auth')).body.nsp;
  return { tv, display: claimed.body as DisplayRecord };
}

/** Every row of every table except `skip`, as one string: what a request left unchanged compares equal. */
async function everyRowBut(...skip: string[]): Promise<string> {
  const store = ts.server.ctx.store;
  const names = (await store.introspection.getTables()).map((t) => t.name).filter((n) => !skip.includes(n)).sort();
  return JSON.stringify(await Promise.all(names.map((n) => store.selectFrom(n as keyof Tables).selectAll().execute())));
}

describe('pairing codes', () => {
  it('are 8 characters from an unambiguous alphabet, and the wallboard address shows the pairing screen without a session', async () => {
    const { code } = await screen();
    expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`));
    expect(CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    const page = await new Client(ts.url).get('wallboard?views=0');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Enter this code under Admin → Displays');
    expect(page.text).not.toContain('type="password"');
  });

  it('are rate-limited per address with a clear 429, and allowed again once the window has passed', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < PAIR_LIMIT.count; i += 1) await screen(address);
    const refused = await new Client(ts.url).request('POST', PAIR, { headers: { 'x-forwarded-for': address } });
    expectBadRequest(refused, 429);
    expect((refused.body as { message: string }).message).toMatch(/^Too many pairing codes were asked for from this address\. Try again in \d+ minutes?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A screen whose browser reads German is told in German (issue 38).
    const german = await new Client(ts.url).request('POST', PAIR, { headers: { 'x-forwarded-for': address, 'accept-language': 'de-DE' } });
    expect((german.body as { message: string }).message)
      .toMatch(/^Von dieser Adresse wurden zu viele Kopplungscodes angefordert\. Versuchen Sie es in \d+ Minuten? erneut\.$/);
    // Another address is not affected.
    await screen('10.9.9.10');
    clock += PAIR_LIMIT.windowMs;
    await screen(address);
  });

  it('expire after 10 minutes: the screen is told to ask for a new one, and the code can no longer be claimed', async () => {
    const { tv, code } = await screen();
    expect((await tv.get(PAIR)).body).toMatchObject({ state: 'waiting', code });
    clock += 10 * 60_000 + 1;
    expect((await tv.get(PAIR)).body).toEqual({ state: 'expired' });
    expectBadRequest(await claim({ code, name: 'Late', userId: '1' }), 400);
  });

  it('are claimed only by administrators, with write guards, and unknown codes or parameters are refused', async () => {
    const { code } = await screen();
    await expectWriteGuards(ts, admin, formSend('POST', ADMIN_API, { code, name: 'x', userId: '1' }));
    const user = await loginAs(ts, 'not-an-admin');
    expectBadRequest(await sendOk(formSend('POST', ADMIN_API, { code, name: 'x', userId: '1' }), user), 403);
    expectBadRequest(await claim({ code: 'AAAAAAAA', name: 'x', userId: '1' }), 404);
    expectBadRequest(await claim({ code, name: 'x', userId: '1', params: 'evil=1' }), 400);
    expectBadRequest(await claim({ code, name: '', userId: '1' }), 400);
    expectBadRequest(await claim({ code, name: 'x', userId: '99999' }), 400);
    expect((await admin.get<DisplayRecord[]>(ADMIN_API)).body.map((d) => d.name)).not.toContain('x');
  });

  it('hand the token only to the screen that asked for the code', async () => {
    const { code } = await screen();
    await claim({ code, name: 'Stolen?', userId: '1' });
    const other = new Client(ts.url);
    other.cookies.set('pharos_pairing', `${code}.${'0'.repeat(43)}`);
    expect((await other.get(PAIR)).body).toEqual({ state: 'expired' });
    expect(other.cookies.has('pharos_device')).toBe(false);
  });
});

describe('device token', () => {
  it('is an HttpOnly, SameSite=Strict cookie on the base path, stored only as its hash', async () => {
    const { tv, code } = await screen();
    await claim({ code, name: 'Hashed', userId: '1' });
    const res = await tv.get(PAIR);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pharos_device='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toContain(`Path=${ts.config.base}`);
    const token = tv.cookies.get('pharos_device')!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const dump = JSON.stringify(await ts.server.ctx.store.selectFrom('displays').selectAll().execute());
    expect(dump).not.toContain(token);
    expect(dump).toContain(crypto.createHash('sha256').update(token).digest('hex'));
  });

  it("reads what a wallboard needs as its user: My Views, status, menu, classic pages, the keep-alive", async () => {
    const user = await loginAs(ts, 'wall-user', { isAuthorizedForMonitoringSystem: true });
    await sendOk(formSend('POST', 'ajaxhelper.php', { cmd: 'addview', title: 'Board', url: `${ts.config.base}includes/components/xicore/status.php?show=hostproblems` }), user);
    const userId = String((await findUserByName(ts.server.ctx.store, 'wall-user'))!.id);
    const { tv } = await pairedDisplay(userId);
    // New users start with three default views; the one added above is the fourth.
    const view = await tv.get<{ title: string }>(`ajaxhelper.php?cmd=getviewbynum&opts=3&nsp=${tv.nsp}`);
    expect(view.body.title).toBe('Board');
    for (const path of ['api/v2/status/host', 'api/v2/status/service', 'api/v2/app/menu', 'api/v2/product/name', 'includes/components/xicore/status.php?show=hostproblems',
      'admin/banner_message-ajaxhelper.php?action=retrieve_active_banner_messages']) {
      expect((await tv.get(path)).status, path).toBe(200);
    }
    expect((await sendOk(querySend('GET', 'ajaxhelper.php', { cmd: 'keepalive' }), tv)).status).toBe(200);
    // A paired screen gets the app (503 here only because tests do not build it), never the pairing page again.
    expect((await tv.get('wallboard')).text).not.toContain('Enter this code');
    const listed = (await admin.get<DisplayRecord[]>(ADMIN_API)).body.find((d) => d.userId === Number(userId))!;
    expect(listed.lastSeen).toBe(clock);
  });

  it('is refused (403) every write, admin, account and personal route, even with valid nsp and XSRF tokens', async () => {
    const { tv } = await pairedDisplay('1');
    const base = ts.config.base;
    const before = await everyRowBut('sessions', 'displays');
    const refused: string[] = [];
    const check = (what: string, res: Reply) => {
      if (res.status !== 403) refused.push(`${what} → ${res.status}`);
    };
    for (const r of ts.server.routes) {
      if (r.method === 'HEAD' || r.method === 'OPTIONS' || !r.url.startsWith(base)) continue;
      const path = r.url.slice(base.length).replace(/:[a-z]+/gi, 'x');
      if (r.method !== 'GET') {
        check(`${r.method} ${path}`, await tv.request(r.method, `${path}${path.includes('?') ? '&' : '?'}nsp=${tv.nsp}`, { form: { nsp: tv.nsp, id: '1', cmd: 'addview' } }));
      } else if (/^(admin|account|tools|config|api\/v2\/admin|api\/v2\/tools)(\/|\.|$)/.test(path) || (path.startsWith('api/v2/account/') && path !== 'api/v2/account/auth' && path !== 'api/v2/account/theme' && path !== 'api/v2/account/language')) {
        check(`GET ${path}`, await tv.get(path));
      }
    }
    for (const cmd of AJAX_COMMANDS.filter((c) => ['setsessionvars', 'setusermeta', 'addview'].includes(c))) {
      check(`GET ajaxhelper ${cmd}`, await sendOk(querySend('GET', 'ajaxhelper.php', { cmd, opts: '{}' }), tv));
    }
    expect(refused).toEqual([]);
    expect(await everyRowBut('sessions', 'displays')).toBe(before);
  });

  it('is the display user\'s only: another user\'s views are never read', async () => {
    const other = await loginAs(ts, 'other-user');
    await sendOk(formSend('POST', 'ajaxhelper.php', { cmd: 'addview', title: 'Secret', url: `${ts.config.base}includes/components/xicore/status.php` }), other);
    await loginAs(ts, 'no-views');
    const bareId = String((await findUserByName(ts.server.ctx.store, 'no-views'))!.id);
    const { tv } = await pairedDisplay(bareId);
    for (const n of [0, 1, 2, 3]) expect((await tv.get(`ajaxhelper.php?cmd=getviewbynum&opts=${n}&nsp=${tv.nsp}`)).text).not.toContain('Secret');
  });

  it('answers 401 at once when revoked, clears its cookies, and the wallboard address shows the pairing screen again', async () => {
    const { tv, display } = await pairedDisplay('1');
    expect((await tv.get('api/v2/account/auth')).status).toBe(200);
    await expectWriteGuards(ts, admin, querySend('DELETE', ADMIN_API, { id: String(display.id) }));
    expect((await sendOk(querySend('DELETE', ADMIN_API, { id: String(display.id) }), admin)).status).toBe(200);
    expect((await tv.get('api/v2/account/auth')).status).toBe(401);
    expect(tv.cookies.has('pharos_device')).toBe(false);
    expect((await tv.get('wallboard')).text).toContain('Enter this code under Admin → Displays');
    expect((await admin.get<DisplayRecord[]>(ADMIN_API)).body.map((d) => d.id)).not.toContain(display.id);
  });

  it('can be renamed and given new parameters by an administrator', async () => {
    const { display } = await pairedDisplay('1');
    const res = await sendOk(formSend('PUT', ADMIN_API, { id: String(display.id), name: 'Lobby', params: 'strip=top' }), admin);
    expect(res.body).toMatchObject({ name: 'Lobby', params: 'strip=top' });
    expectBadRequest(await sendOk(formSend('PUT', ADMIN_API, { id: '99999', name: 'Gone' }), admin), 404);
  });
});

describe('admin CLI', () => {
  const cli = async (...args: string[]) => {
    const run = { code: 0, out: '', err: '' };
    run.code = await runCli(args, { log: (l) => { run.out += `${l}\n`; }, error: (l) => { run.err += `${l}\n`; } }, ts.cliEnv);
    return run;
  };

  it('lists, renames and revokes displays', async () => {
    const { tv, display } = await pairedDisplay('1', 'strip=top');
    expect((await cli('displays', 'list')).out).toMatch(new RegExp(`^${display.id}\tTV [A-Z0-9]{8}\tnagiosadmin\t[^\t]+\tstrip=top$`, 'm'));
    expect((await cli('displays', 'rename', String(display.id), 'Reception')).code).toBe(0);
    expect((await admin.get<DisplayRecord[]>(ADMIN_API)).body.find((d) => d.id === display.id)?.name).toBe('Reception');
    expect((await cli('displays', 'revoke', String(display.id))).out).toBe(`Revoked display ${display.id}.\n`);
    expect((await tv.get('api/v2/account/auth')).status).toBe(401);
    expect(await cli('displays', 'revoke', String(display.id))).toMatchObject({ code: 1, err: `Error: There is no display with id ${display.id}.\n` });
    expect(await cli('displays', 'rename', 'x', 'y')).toMatchObject({ code: 1, err: 'Error: The display ID must be a whole number.\n' });
    expect((await cli('displays')).code).toBe(2);
  });
});

describe('check result lever (tests and demos)', () => {
  const send = (form: Record<string, string>) => formSend('POST', 'api/v2/admin/checkresult', form);

  it('forces a hard state on a demo service, for administrators only', async () => {
    const list = await admin.get<{ servicestatus: { host_name: string; service_description: string }[] }>('api/v2/status/service?current_state=0&records=1');
    const { host_name: host, service_description: service } = list.body.servicestatus[0]!;
    const form = { host, service, state: '2', output: 'CRITICAL - forced' };
    await expectWriteGuards(ts, admin, send(form));
    expectBadRequest(await sendOk(send(form), await loginAs(ts, 'lever-user', { isAuthorizedForMonitoringSystem: true })), 403);
    expect((await sendOk(send(form), admin)).status).toBe(200);
    const after = await admin.get<{ servicestatus: { current_state: number; state_type: number; output: string }[] }>(
      `api/v2/status/service?host_name=${encodeURIComponent(host)}&service_description=${encodeURIComponent(service)}`);
    expect(after.body.servicestatus[0]).toMatchObject({ current_state: 2, state_type: 1, output: 'CRITICAL - forced' });
    expectBadRequest(await sendOk(send({ ...form, state: '7' }), admin), 400);
    expectBadRequest(await sendOk(send({ ...form, host: 'no-such-host' }), admin), 400);
  });
});

describe('display report and remote commands', () => {
  it('records what the display shows and hands it Identify and Reload once', async () => {
    const { tv, display } = await pairedDisplay('1', 'strip=top');
    const command = (c: string) => sendOk(formSend('POST', `${ADMIN_API}/command`, { id: String(display.id), command: c }), admin);
    await expectWriteGuards(ts, admin, formSend('POST', `${ADMIN_API}/command`, { id: String(display.id), command: 'identify' }));
    expect((await command('identify')).status).toBe(200);
    expect((await command('reload')).status).toBe(200);
    expectBadRequest(await command('format-disk'), 400);
    const first = await tv.get('api/v2/displays/me?item=Problems%20board&connection=online&screen=1920x1080');
    expect(first.body).toEqual({ name: expect.any(String), params: 'strip=top', commands: ['identify', 'reload'] });
    expect((await tv.get('api/v2/displays/me')).body).toMatchObject({ commands: [] });
    await tv.get('api/v2/displays/me?item=Problems%20board&connection=online&screen=1920x1080');
    const listed = (await admin.get<(DisplayRecord & { item?: string; screen?: string })[]>(ADMIN_API)).body.find((d) => d.id === display.id)!;
    expect(listed).toMatchObject({ item: 'Problems board', connection: 'online', screen: '1920x1080' });
    // Only a display reports; a signed-in browser is told so.
    expectBadRequest(await admin.get('api/v2/displays/me'), 404);
  });
});

describe('a database that cannot answer who is asking (issue 36)', () => {
  /** Every read of `table` fails as a storage layer would when its database is away; the real store again after `run`. */
  async function failingReadsOf<T>(table: keyof Tables, run: () => Promise<T>): Promise<T> {
    const ctx = ts.server.ctx as { store: typeof ts.server.ctx.store };
    const real = ctx.store;
    ctx.store = new Proxy(real, {
      get(target, prop, receiver) {
        if (prop !== 'selectFrom') return Reflect.get(target, prop, receiver) as unknown;
        return (from: string) => {
          if (String(from).split(' ')[0] === table) throw new Error('Connection terminated unexpectedly (injected)');
          return target.selectFrom(from as keyof Tables);
        };
      },
    });
    try {
      return await run();
    } finally {
      ctx.store = real;
    }
  }

  it('answers 503 for a session it cannot read, never 401, and the session works again afterwards', async () => {
    const refused = await failingReadsOf('sessions', () => admin.get('api/v2/account/auth'));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect((await admin.get('api/v2/account/auth')).status).toBe(200);
  });

  it('answers 503 for a device token it cannot read, and the display stays paired', async () => {
    const { tv } = await pairedDisplay('1');
    const refused = await failingReadsOf('displays', () => tv.get('api/v2/displays/me'));
    expect(refused.status).toBe(503);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect((await tv.get('api/v2/displays/me')).status).toBe(200);
  });

  it('answers 503 for a pairing code it cannot read, never "expired", and the code still pairs', async () => {
    const { tv, code } = await screen();
    const refused = await failingReadsOf('display_pairings', () => tv.get(PAIR));
    expect(refused.status).toBe(503);
    expect(refused.body).not.toMatchObject({ state: 'expired' });
    expect((await tv.get<{ state: string }>(PAIR)).body).toMatchObject({ state: 'waiting', code });
  });
});
