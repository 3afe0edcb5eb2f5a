import { beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type Reply } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { storedRows } from './storedRows.js';
import { adminClient, expectBadRequest, formSend, loginAs, sendOk } from './writeGuards.js';
import { addFavorite, countFavorites, MAX_FAVORITES_PER_USER } from '../../server/src/db/favorites.js';
import { addView, countViews, MAX_VIEWS_PER_USER } from '../../server/src/db/views.js';
import { findUserByName } from '../../server/src/db/users.js';
import { EXPORT_FORMAT } from '../../server/src/db/dashboards.js';

const { ts, admin } = useTestServer();
let user: Client;
let origin: string;
beforeAll(async () => {
  user = await loginAs(ts, 'typist');
  origin = new URL(ts.url).origin;
});

/** Everything stored except sessions (whose last_seen moves on every request) and the audit log (which records the attempt): a refused write must change none of it. */
// The state history is recorded in the background as the demo fleet changes, whatever the requests do (issue 37).
const storedData = () => storedRows(ts.server.ctx.store, 'sessions', 'audit_log', 'state_history');

const feedbackForm = (extra: Record<string, string>) => ({ feedback: 'Nice', name: 'Ann', email: 'ann@example.com', proxy_url: ts.config.feedbackUrl, proxy_method: 'post', ...extra });
const page = (c: Client, path: string, form: Record<string, string>) => c.post(path, { nsp: c.nsp, ...form }, { headers: { origin }, xsrf: false });
const importText = (title: string) => JSON.stringify({ format: EXPORT_FORMAT, version: 1, title, opts: { background: '131b25', transparent: 0 }, dashlets: [] });

/** Every write that stores text, with the text in one field: tool names/URLs, dashboards, views, favourites, feedback, banners, user meta, accounts… */
const TEXT_WRITES: [string, (text: string) => Promise<Reply>][] = [
  ['personal tool name', (t) => sendOk(formSend('POST', 'api/v2/tools/personal', { name: t, url: 'https://example.com/' }), user)],
  ['personal tool url', (t) => sendOk(formSend('POST', 'api/v2/tools/personal', { name: 'Tool', url: `https://example.com/${t}` }), user)],
  ['common tool name', (t) => sendOk(formSend('POST', 'api/v2/tools/common', { name: t, url: 'https://example.com/' }), user)],
  ['dashboard title', (t) => sendOk(formSend('POST', 'api/v2/dashboards', { title: t }), user)],
  ['dashboard rename', (t) => sendOk(formSend('PUT', 'api/v2/dashboards', { id: 'home', title: t }), user)],
  ['dashboard copy title', (t) => sendOk(formSend('POST', 'api/v2/dashboards/copy', { id: 'home', title: t }), user)],
  ['dashboard import title', (t) => sendOk(formSend('POST', 'api/v2/dashboards/import', { import: importText(t) }), user)],
  ['view title', (t) => sendOk(formSend('POST', 'ajaxhelper.php', { cmd: 'addview', title: t, url: 'admin/main.php' }), user)],
  ['view url', (t) => sendOk(formSend('POST', 'ajaxhelper.php', { cmd: 'addview', title: 'View', url: `admin/main.php?x=${t}` }), user)],
  ['favourite title', (t) => sendOk(formSend('POST', 'includes/components/favorites/ajax.php', { mode: 'add', title: t, url: 'admin/main.php' }), user)],
  ['favourite url', (t) => sendOk(formSend('POST', 'includes/components/favorites/ajax.php', { mode: 'add', title: 'Fav', url: `admin/main.php?q=${t}` }), user)],
  ['feedback name', (t) => sendOk(formSend('POST', 'ajaxproxy.php', feedbackForm({ name: t })), user)],
  ['feedback text', (t) => sendOk(formSend('POST', 'ajaxproxy.php', feedbackForm({ feedback: `Hello ${t}` })), user)],
  ['user meta (JSON escape)', (t) => sendOk(formSend('POST', 'ajaxhelper.php', { cmd: 'setusermeta', opts: JSON.stringify({ keyname: 'icon-home', keyvalue: `x${t}` }) }), user)],
  ['banner message (API)', (t) => sendOk(formSend('POST', 'api/v2/admin/banners', { message: t, color: 'info' }), admin)],
  ['banner message (classic page)', (t) => page(admin, 'admin/banners.php', { action: 'add', message: t, color: 'info' })],
  ['new user password', (t) => sendOk(formSend('POST', 'api/v2/admin/users', { username: 'newbie', password: `long-enough-${t}` }), admin)],
  ['licence product name', (t) => sendOk(formSend('PUT', 'api/v2/admin/license', { product_name: t }), admin)],
  ['branding copyright', (t) => sendOk(formSend('PUT', 'api/v2/admin/branding', { copyright: t }), admin)],
  ['update url', (t) => sendOk(formSend('PUT', 'api/v2/admin/update', { update_url: `https://updates.example/${t}` }), admin)],
  ['account theme (classic page)', (t) => page(user, 'account/main.php', { theme: `neptune${t}`, language: 'en_US' })],
  ['licence key (classic page)', (t) => page(admin, 'admin/license.php', { key: `KEY${t}` })],
];

describe('text input', () => {
  it('refuses NUL and other control characters in every stored text, with a message, storing nothing', async () => {
    const before = await storedData();
    for (const [what, send] of TEXT_WRITES) {
      for (const bad of ['A\u0000B', 'A\u0007B', 'A\u001bB', 'A\u007fB', 'A\u0085B']) {
        const res = await send(bad);
        expect(res.status, `${what} ${JSON.stringify(bad)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, what).toBeLessThan(500);
        expect((res.body as { message?: string }).message ?? res.text, what).toMatch(/\S/);
      }
    }
    expect(await storedData()).toBe(before);
  });

  it('refuses tabs and line breaks in one-line texts but keeps them in multi-line ones', async () => {
    const before = await storedData();
    for (const bad of ['Line\nbreak', 'Tab\there', 'Return\rhere']) {
      expectBadRequest(await sendOk(formSend('POST', 'api/v2/tools/personal', { name: bad, url: 'https://example.com/' }), user));
      expectBadRequest(await sendOk(formSend('POST', 'api/v2/dashboards', { title: bad }), user));
      expectBadRequest(await sendOk(formSend('POST', 'includes/components/favorites/ajax.php', { mode: 'add', title: bad, url: 'admin/main.php' }), user));
      expectBadRequest(await sendOk(formSend('POST', 'api/v2/admin/banners', { message: bad, color: 'info' }), admin));
    }
    expect(await storedData()).toBe(before);
    const res = await sendOk(formSend('POST', 'ajaxproxy.php', feedbackForm({ feedback: 'First line\nSecond line\twith a tab' })), user);
    expect(res.status).toBe(200);
    const row = await ts.server.ctx.store.selectFrom('feedback_outbox').select('feedback').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.feedback).toBe('First line\nSecond line\twith a tab');
  });

  it('refuses control characters in field names and in JSON bodies too', async () => {
    const before = await storedData();
    const body = `name=Tool&url=https%3A%2F%2Fexample.com%2F&nsp=${user.nsp}&x%00y=1`;
    expectBadRequest(await user.request('POST', 'api/v2/tools/personal', { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
    expectBadRequest(await user.request('POST', 'api/v2/tools/personal', { json: { nsp: user.nsp, name: 'A\u0000B', url: 'https://example.com/' } }));
    expect(await storedData()).toBe(before);
  });

  it('still accepts ordinary text, including non-Latin letters and emoji', async () => {
    const res = await sendOk(formSend('POST', 'api/v2/tools/personal', { name: 'Überwachung · 監視 🚦', url: 'https://example.com/' }), user);
    expect(res.status).toBe(200);
    expect((res.body as { name: string }).name).toBe('Überwachung · 監視 🚦');
  });
});

describe('malformed percent-encoding', () => {
  const formBody = (c: Client, method: string, path: string, body: string) =>
    c.request(method, path, { body: `${body}&nsp=${encodeURIComponent(c.nsp)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  it('is refused in a form body with a message, not stored', async () => {
    const before = await storedData();
    for (const bad of ['name=100%25%zz&url=https%3A%2F%2Fexample.com%2F', 'name=%E0%A4%A&url=https%3A%2F%2Fexample.com%2F', 'name=%FF&url=https%3A%2F%2Fexample.com%2F', 'name=50%&url=https%3A%2F%2Fexample.com%2F']) {
      const res = await formBody(user, 'POST', 'api/v2/tools/personal', bad);
      expectBadRequest(res);
      expect((res.body as { message: string }).message).toContain('percent-encoding');
    }
    expectBadRequest(await formBody(user, 'POST', 'api/v2/dashboards', 'title=%C0%AF'));
    expect(await storedData()).toBe(before);
  });

  it('is refused in a query, for reads and writes alike', async () => {
    const before = await storedData();
    for (const path of ['api/v2/tools/personal?id=%zz', 'ajaxhelper.php?cmd=getsessionvars&needle=%', 'includes/components/xicore/status.php?show=services&search=%E0%A4']) {
      const res = await user.get<{ message: string }>(path);
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toContain('percent-encoding');
    }
    const q = new URLSearchParams({ cmd: 'addview', title: 'x', url: 'admin/main.php', nsp: user.nsp });
    expectBadRequest(await user.request('POST', `ajaxhelper.php?${q}&bad=%G1`));
    expect(await storedData()).toBe(before);
  });
});

describe('wrong types and sizes', () => {
  it('refuses lists, numbers and objects where text is expected', async () => {
    const before = await storedData();
    const repeated = `name=A&name=B&url=https%3A%2F%2Fexample.com%2F&nsp=${user.nsp}`;
    expectBadRequest(await user.request('POST', 'api/v2/tools/personal', { body: repeated, headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
    for (const name of [42, ['A'], { a: 1 }, true]) {
      expectBadRequest(await user.request('POST', 'api/v2/tools/personal', { json: { nsp: user.nsp, name, url: 'https://example.com/' } }));
    }
    expectBadRequest(await user.request('POST', 'api/v2/dashboards', { json: { nsp: user.nsp, title: 'T', transparent: 'sometimes' } }));
    expectBadRequest(await user.request('POST', 'api/v2/tools/personal', { body: '{not json', headers: { 'content-type': 'application/json' } }));
    expect(await storedData()).toBe(before);
  });

  it('refuses a body over the size limit with 413 and a message', async () => {
    const small = await startTestServer({ bodyLimit: 2048 });
    try {
      const c = await adminClient(small);
      const res = await c.post('api/v2/tools/personal', { nsp: c.nsp, name: 'x'.repeat(4096), url: 'https://example.com/' });
      expectBadRequest(res, 413);
      const json = await c.request('POST', 'api/v2/dashboards', { json: { nsp: c.nsp, title: 'y'.repeat(4096) } });
      expectBadRequest(json, 413);
      const tools = await small.server.ctx.store.selectFrom('tools').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(tools.n)).toBe(0);
    } finally {
      await small.close();
    }
  });
});

describe('per-user limits', () => {
  it(`allows at most ${MAX_FAVORITES_PER_USER} favourites per user, with a message`, async () => {
    const c = await loginAs(ts, 'collector');
    const id = (await findUserByName(ts.server.ctx.store, 'collector'))!.id;
    await ts.server.ctx.store.transaction().execute(async (trx) => {
      for (let i = 0; i < MAX_FAVORITES_PER_USER; i++) await addFavorite(trx, id, `Fav ${i}`, 'admin/main.php', 'maincontentframe');
    });
    const res = await sendOk(formSend('POST', 'includes/components/favorites/ajax.php', { mode: 'add', title: 'One too many', url: 'admin/main.php' }), c);
    expectBadRequest(res);
    expect((res.body as { message: string }).message).toContain(`${MAX_FAVORITES_PER_USER} favorites`);
    expect(await countFavorites(ts.server.ctx.store, id)).toBe(MAX_FAVORITES_PER_USER);
    // The limit is per user: others still add theirs.
    expect((await sendOk(formSend('POST', 'includes/components/favorites/ajax.php', { mode: 'add', title: 'Mine', url: 'admin/main.php' }), user)).status).toBe(200);
  });

  it(`allows at most ${MAX_VIEWS_PER_USER} views per user, with a message`, async () => {
    const c = await loginAs(ts, 'viewer');
    const id = (await findUserByName(ts.server.ctx.store, 'viewer'))!.id;
    // New users start with the default views; they count towards the limit like any other.
    const have = await countViews(ts.server.ctx.store, id);
    await ts.server.ctx.store.transaction().execute(async (trx) => {
      for (let i = have; i < MAX_VIEWS_PER_USER; i++) await addView(trx, id, `View ${i}`, 'admin/main.php');
    });
    const res = await sendOk(formSend('POST', 'ajaxhelper.php', { cmd: 'addview', title: 'One too many', url: 'admin/main.php' }), c);
    expectBadRequest(res);
    expect((res.body as { message: string }).message).toContain(`${MAX_VIEWS_PER_USER} views`);
    expect(await countViews(ts.server.ctx.store, id)).toBe(MAX_VIEWS_PER_USER);
  });
});
