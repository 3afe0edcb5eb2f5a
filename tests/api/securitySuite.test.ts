import { beforeAll, describe, expect, it } from 'vitest';
import { Client, type Reply } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { storedRows } from './storedRows.js';
import { formSend, loginAs, querySend, sendOk } from './writeGuards.js';
import { AJAX_COMMANDS } from '../../server/src/routes/ajaxhelper.js';
import { createSession } from '../../server/src/db/sessions.js';
import { findUserByName } from '../../server/src/db/users.js';

const { ts, admin } = useTestServer();
let base: string;
beforeAll(() => { base = ts.config.base; });

/** Routes anyone may reach: the login page, static files (classic CSS, scripts) and translations, the bare base's redirect. */
// error.php is the error page of spec 2.15: it must show even when the session is what failed.
const PUBLIC = ['GET login.php', 'POST login.php', 'GET error.php', 'GET includes/*', 'GET includes/lang/json/:file', 'GET includes/css/:file',
  'GET includes/js/:file', 'GET *',
  // A screen nobody signed in on pairs itself (issue 10): the wallboard address shows a code, which it asks for and polls.
  'GET wallboard', 'GET wallboard/', 'POST api/v2/displays/pair', 'GET api/v2/displays/pair',
  // A load balancer's health check (issue 22): whether the process and its database answer, nothing else.
  'GET health'];
/** Endpoints answering JSON (or fragments) to scripts; every other route is a page or the app shell, which redirect to the login page. */
const SCRIPT_ENDPOINTS = ['ajaxhelper.php', 'ajaxproxy.php', 'suggest.php', 'admin/banner_message-ajaxhelper.php', 'includes/components/favorites/ajax.php'];
const isScriptEndpoint = (path: string) => path.startsWith('api/') || SCRIPT_ENDPOINTS.includes(path);
/** The ajaxhelper commands that change something (the others only read). */
const AJAX_WRITES = ['setsessionvars', 'keepalive', 'setusermeta', 'addview'];

interface Route { method: string; path: string }

/** Every route the server registered (HEAD mirrors GET), relative to the base; ajaxhelper.php once per command. */
function protectedRoutes(): Route[] {
  const out: Route[] = [];
  for (const r of ts.server.routes) {
    if (r.method === 'HEAD' || r.method === 'OPTIONS') continue;
    const path = r.url === base.slice(0, -1) ? '*' : r.url.slice(base.length);
    if (PUBLIC.includes(`${r.method} ${path}`)) continue;
    if (path === 'ajaxhelper.php') for (const cmd of AJAX_COMMANDS) out.push({ method: r.method, path: `ajaxhelper.php?cmd=${cmd}` });
    else out.push({ method: r.method, path });
  }
  return out;
}

const pathOnly = (p: string) => p.split('?')[0]!;

/** Everything stored except sessions (whose last_seen moves with activity) and the audit log (which records the attempts). */
// The state history is recorded in the background as the demo fleet changes, whatever the requests do (issue 37).
const storedData = () => storedRows(ts.server.ctx.store, 'sessions', 'audit_log', 'state_history');

function expectRefusedWithoutSession(route: Route, res: Reply): void {
  const what = `${route.method} ${route.path}`;
  if (isScriptEndpoint(pathOnly(route.path))) {
    expect(res.status, what).toBe(401);
    expect((res.body as { message?: string }).message, what).toBe('Your session has timed out.');
  } else {
    expect(res.status, what).toBe(route.method === 'GET' ? 302 : 303);
    expect(res.headers.get('location'), what).toMatch(new RegExp(`^${base}login\\.php\\?redirect=`));
  }
}

describe('every route refuses a missing or expired session', () => {
  it('walks the whole route table (a new route without a session check fails here)', () => {
    const routes = protectedRoutes();
    expect(routes.length).toBeGreaterThan(100);
    for (const must of ['GET api/v2/status/service', 'POST views/main.php', 'DELETE api/v2/dashboards', 'GET views/']) {
      expect(routes.map((r) => `${r.method} ${r.path}`)).toContain(must);
    }
  });

  it('without a session cookie, or with one the server never issued', async () => {
    const before = await storedData();
    for (const cookie of [undefined, 'not-a-session']) {
      for (const route of protectedRoutes()) {
        const c = new Client(ts.url);
        if (cookie) c.cookies.set('pharos_session', cookie);
        const res = route.method === 'GET' ? await c.get(route.path) : await c.request(route.method, route.path, { form: { nsp: 'x' }, headers: { 'x-xsrf-token': 'x' } });
        expectRefusedWithoutSession(route, res);
      }
    }
    expect(await storedData()).toBe(before);
  });

  it('with an expired session, which is then gone for good', async () => {
    const { store } = ts.server.ctx;
    const userId = (await findUserByName(store, 'nagiosadmin'))!.id;
    const idleMs = ts.config.sessionIdleSeconds * 1000;
    for (const route of protectedRoutes()) {
      const session = await createSession(store, userId, Date.now() - idleMs - 1000);
      const c = new Client(ts.url);
      c.cookies.set('pharos_session', session.id);
      c.cookies.set('XSRF-TOKEN', session.xsrf);
      const res = route.method === 'GET' ? await c.get(route.path) : await c.request(route.method, route.path, { form: { nsp: session.nsp } });
      expectRefusedWithoutSession(route, res);
      expect(await store.selectFrom('sessions').select('id').where('id', '=', session.id).executeTakeFirst(), route.path).toBeUndefined();
    }
  });
});

describe('every write refuses a missing or wrong nsp or XSRF header', () => {
  // ajaxhelper.php answers GET and POST alike, so its writes are tested both ways; elsewhere a write is any non-GET route.
  const writes = () => protectedRoutes().filter((r) => (r.path.startsWith('ajaxhelper.php')
    ? AJAX_WRITES.some((w) => r.path === `ajaxhelper.php?cmd=${w}`) : r.method !== 'GET'));

  it('API and script writes: 403 with a message, nothing changed', async () => {
    const before = await storedData();
    const origin = new URL(ts.url).origin;
    const list = writes().filter((r) => isScriptEndpoint(pathOnly(r.path)));
    expect(list.length).toBeGreaterThan(20);
    for (const route of list) {
      const what = `${route.method} ${route.path}`;
      const send = (nsp: string | undefined, xsrf: string | undefined) => {
        const headers: Record<string, string> = { origin };
        if (xsrf !== undefined) headers['x-xsrf-token'] = xsrf;
        if (route.method !== 'GET') return admin.request(route.method, route.path, { form: nsp === undefined ? {} : { nsp }, headers, xsrf: false });
        return admin.request('GET', nsp === undefined ? route.path : `${route.path}&nsp=${encodeURIComponent(nsp)}`, { headers, xsrf: false });
      };
      for (const [nsp, xsrf] of [[undefined, admin.xsrf], ['wrong-nsp', admin.xsrf], [admin.nsp, undefined], [admin.nsp, 'wrong-xsrf'], [admin.nsp, '']] as const) {
        const res = await send(nsp, xsrf);
        expect(res.status, `${what} nsp=${nsp} xsrf=${xsrf}`).toBe(403);
        expect((res.body as { message?: string }).message, what).toMatch(/nsp|XSRF/);
      }
    }
    expect(await storedData()).toBe(before);
  });

  it('classic form posts: 403 without the right nsp or from a foreign page, nothing changed', async () => {
    const before = await storedData();
    const origin = new URL(ts.url).origin;
    const list = writes().filter((r) => !isScriptEndpoint(pathOnly(r.path)));
    expect(list.map((r) => r.path).sort()).toEqual(['account/main.php', 'account/theme.php', 'admin/activate.php', 'admin/banners.php', 'admin/displays.php', 'admin/license.php', 'admin/users.php', 'dashboards/dashboard.php', 'dashboards/dashlets.php', 'includes/components/pharos/bulkcommands.php', 'includes/components/scheduledreporting/schedulereport.php', 'includes/components/xicore/status.php', 'reports/schedulereport.php', 'views/main.php']);
    for (const route of list) {
      for (const [form, headers] of [[{}, { origin }], [{ nsp: 'wrong' }, { origin }], [{ nsp: admin.nsp }, { origin: 'http://evil.example' }],
        [{ nsp: admin.nsp }, { referer: 'http://evil.example/form.html' }], [{ nsp: admin.nsp }, {}]] as [Record<string, string>, Record<string, string>][]) {
        const res = await admin.request('POST', route.path, { form: { theme: 'xi5', action: 'add', message: 'Forged', color: 'info', key: 'x', id: '1', ...form }, headers });
        expect(res.status, `${route.path} ${JSON.stringify(form)} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(await storedData()).toBe(before);
  });
});

describe('no user reaches another user\'s personal data', () => {
  let owner: Client;
  let other: Client;
  const ids: { tool: string; favorite: string; view: string; dashboard: string } = { tool: '', favorite: '', view: '', dashboard: '' };
  beforeAll(async () => {
    owner = await loginAs(ts, 'owner');
    other = await loginAs(ts, 'intruder', { isAdmin: false });
    ids.tool = String(((await sendOk(formSend('POST', 'api/v2/tools/personal', { name: 'Mine', url: 'https://example.com/' }), owner)).body as { id: number }).id);
    ids.favorite = ((await sendOk(formSend('POST', 'includes/components/favorites/ajax.php', { mode: 'add', title: 'Mine', url: 'admin/main.php' }), owner)).body as { key: string }).key;
    ids.view = String(((await sendOk(formSend('POST', 'ajaxhelper.php', { cmd: 'addview', title: 'Mine', url: 'admin/main.php' }), owner)).body as { id: number }).id);
    ids.dashboard = ((await sendOk(formSend('POST', 'api/v2/dashboards', { title: 'Mine' }), owner)).body as { id: string }).id;
    await sendOk(formSend('POST', 'ajaxhelper.php', { cmd: 'setusermeta', opts: JSON.stringify({ keyname: 'icon-home', keyvalue: 'star' }) }), owner);
    // Looking at the menu creates the intruder's own default dashboards: do it before any test compares stored data.
    await other.get('api/v2/app/menu');
  });

  it('personal tools: not listed, not readable, not changeable, not deletable', async () => {
    const before = await storedData();
    expect((await other.get<unknown[]>('api/v2/tools/personal')).body).toEqual([]);
    expect((await other.get(`api/v2/tools/personal?id=${ids.tool}`)).status).toBe(404);
    expect((await sendOk(formSend('PUT', 'api/v2/tools/personal', { id: ids.tool, name: 'Taken', url: 'https://evil.example/' }), other)).status).toBe(404);
    expect((await sendOk(querySend('DELETE', 'api/v2/tools/personal', { id: ids.tool }), other)).status).toBe(404);
    expect(await storedData()).toBe(before);
  });

  it('favourites: not in the menu, not renamable, not deletable', async () => {
    const before = await storedData();
    const menu = JSON.stringify((await other.get('api/v2/app/menu')).body);
    expect(menu).not.toContain(ids.favorite);
    for (const title of ['Taken', '*DELETED*']) {
      expect((await sendOk(formSend('POST', 'includes/components/favorites/ajax.php', { mode: 'edit', [`item[${ids.favorite}]`]: title }), other)).status).toBe(404);
    }
    expect(await storedData()).toBe(before);
  });

  it('views: not in rotation, not on the My Views page, not removable', async () => {
    const before = await storedData();
    // The other user's rotation holds their own (default) views only: however far it goes, never the owner's.
    for (let i = 0; i < 8; i++) {
      const view = await other.get(`ajaxhelper.php?cmd=getviewbynum&opts=${i}`);
      expect(view.status).toBe(200);
      expect((view.body as { title: string }).title).not.toBe('Mine');
    }
    expect((await other.get('views/main.php')).text).not.toContain(`value="${ids.view}"`);
    const res = await other.post('views/main.php', { nsp: other.nsp, id: ids.view }, { headers: { origin: new URL(ts.url).origin }, xsrf: false });
    expect(res.status).toBe(404);
    expect(await storedData()).toBe(before);
  });

  it('dashboards: not listed, not readable, exportable, copyable, changeable or deletable', async () => {
    const dashboard = async () => JSON.stringify(await ts.server.ctx.store.selectFrom('dashboards').selectAll().where('id', '=', ids.dashboard).orderBy('user_id').execute());
    const before = await dashboard();
    expect(JSON.stringify((await other.get('api/v2/dashboards')).body)).not.toContain(ids.dashboard);
    expect((await other.get(`api/v2/dashboards?id=${ids.dashboard}`)).status).toBe(404);
    expect((await other.get(`api/v2/dashboards/raw?id=${ids.dashboard}`)).status).toBe(404);
    expect((await other.get(`dashboards/dashboard.php?id=${ids.dashboard}`)).status).toBe(404);
    expect((await sendOk(formSend('POST', 'api/v2/dashboards/copy', { id: ids.dashboard }), other)).status).toBe(404);
    expect((await sendOk(formSend('PUT', 'api/v2/dashboards', { id: ids.dashboard, title: 'Taken' }), other)).status).toBe(404);
    expect((await sendOk(querySend('DELETE', 'api/v2/dashboards', { id: ids.dashboard }), other)).status).toBe(404);
    expect(await dashboard()).toBe(before);
  });

  it('user settings: each user reads and writes only their own', async () => {
    expect((await other.get('ajaxhelper.php?cmd=getusermeta&opts=icon-home')).body).toBeNull();
    await sendOk(formSend('POST', 'ajaxhelper.php', { cmd: 'setusermeta', opts: JSON.stringify({ keyname: 'icon-home', keyvalue: 'skull' }) }), other);
    expect((await owner.get('ajaxhelper.php?cmd=getusermeta&opts=icon-home')).body).toBe('star');
  });

  it('the administration API is closed to users without the admin flag', async () => {
    const before = await storedData();
    for (const route of protectedRoutes().filter((r) => r.path.startsWith('api/v2/admin/'))) {
      const res = route.method === 'GET' ? await other.get(route.path) : await sendOk(formSend(route.method, route.path, { id: '1', password: 'takeover-password', isAdmin: '1' }), other);
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
    }
    expect(await storedData()).toBe(before);
  });
});
