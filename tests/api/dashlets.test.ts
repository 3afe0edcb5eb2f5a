import { describe, expect, it } from 'vitest';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { expectBadRequest, expectWriteGuards, formSend, loginAs, querySend, sendOk } from './writeGuards.js';
import { FakeSource, fixtureSnapshot, host, service, XSS } from './pagesFixture.js';
import { DASHLET_TYPES, type Dashlet } from '../../server/src/dashlets/catalogue.js';
import type { Dashboard, Menu } from '../../src/lib/apiTypes.js';
import { findUserByName } from '../../server/src/db/users.js';
import { findDashboard } from '../../server/src/db/dashboards.js';

const PATH = 'api/v2/dashboards/dashlets';
const source = new FakeSource();
const { ts } = useTestServer({ monitoring: source, admin: false });

/** Options that make each type valid. */
const OPTIONS: Record<string, Record<string, string>> = {
  note: { text: 'Call <Ann> on 555' }, page: { url: 'includes/components/xicore/status.php?show=hosts' }, clock: { timezone: 'Europe/Berlin' },
};

const add = (form: Record<string, string>) => formSend('POST', PATH, form);
const change = (form: Record<string, string>) => formSend('PUT', PATH, form);
const listOf = async (c: Client, dashboard: string): Promise<Dashlet[]> => (await c.get<{ dashlets: Dashlet[] }>(`${PATH}?dashboard=${dashboard}`)).body.dashlets;
const newDashboard = async (c: Client, title: string): Promise<string> =>
  ((await sendOk(formSend('POST', 'api/v2/dashboards', { title }), c)).body as Dashboard).id;
const content = async (c: Client, dashboard: string, dashlet: string): Promise<string> => {
  const res = await c.get(`dashboards/dashlet.php?dashboard=${dashboard}&dashlet=${dashlet}`);
  expect(res.status).toBe(200);
  return /<div class="dashlet-body">([\s\S]*)<\/div><\/main>/.exec(res.text)![1]!;
};
/** A classic form post as the dashboard page sends it: the nsp field and this server as the origin. */
const classicPost = (c: Client, path: string, form: Record<string, string>) =>
  c.request('POST', path, { form: { ...form, nsp: c.nsp }, headers: { origin: new URL(ts.url).origin } });

async function fullDashboard(c: Client): Promise<{ id: string; dashlets: Dashlet[] }> {
  const id = await newDashboard(c, 'Everything');
  for (const type of DASHLET_TYPES) expect((await sendOk(add({ dashboard: id, type, ...OPTIONS[type] }), c)).status, type).toBe(200);
  return { id, dashlets: await listOf(c, id) };
}

describe('every dashlet renders from the monitoring data', () => {
  it('shows each catalogue dashlet with counts that link to the matching status page', async () => {
    source.snap = fixtureSnapshot();
    const c = await loginAs(ts, 'everything');
    const { id, dashlets } = await fullDashboard(c);
    expect(dashlets.map((d) => d.type)).toEqual([...DASHLET_TYPES]);
    const html = Object.fromEntries(await Promise.all(dashlets.map(async (d) => [d.type, await content(c, id, d.id)] as const)));
    expect(html.hoststatus).toMatch(/<a href="[^"]*status\.php\?show=hosts&amp;state=1"><span class="count">1<\/span> <span class="label">Down<\/span>/);
    expect(html.servicestatus).toMatch(/<a href="[^"]*status\.php\?show=services&amp;state=2"><span class="count">2<\/span> <span class="label">Critical<\/span>/);
    expect(html.problems).toMatch(/DOWN<\/span>[\s\S]*db01[\s\S]*CRITICAL<\/span>[\s\S]*web01[\s\S]*Disk Usage/);
    expect(html.hostgroups).toMatch(/Databases<\/span> <span class="badge state-critical">DOWN<\/span>/);
    expect(html.hostgroups).toContain('show=hostgroups&amp;hostgroup=web-servers');
    expect(html.servicegroups).toMatch(/HTTP services<\/span> <span class="badge state-ok">OK<\/span>/);
    expect(html.engine).toContain('<span class="badge state-ok">Running</span>');
    expect(html.tactical).toMatch(/<span class="count">1<\/span> <span class="label">Host problems<\/span>/);
    expect(html.clock).toMatch(/<p class="dl-clock" data-timezone="Europe\/Berlin"><time class="time" datetime="[^"]+">\d\d:\d\d:\d\d<\/time>/);
    expect(html.note).toBe('<p class="dl-note">Call &lt;Ann&gt; on 555</p>');
    expect(html.page).toContain(`<iframe class="dl-page" src="${new URL(ts.url).pathname}includes/components/xicore/status.php?show=hosts"`);
    const page = (await c.get(`dashboards/dashboard.php?id=${id}`)).text;
    for (const d of dashlets) expect(page).toContain(`id="dashlet-${d.id}" style="--w: ${d.width}; --h: ${d.height}"`);
  });

  it('filters by host group and service group, and says so when a group is gone', async () => {
    source.snap = fixtureSnapshot();
    const c = await loginAs(ts, 'filterer');
    const id = await newDashboard(c, 'Filtered');
    const web = (await sendOk(add({ dashboard: id, type: 'hoststatus', hostgroup: 'web-servers' }), c)).body as Dashlet;
    const http = (await sendOk(add({ dashboard: id, type: 'servicestatus', servicegroup: 'http' }), c)).body as Dashlet;
    // A group picked while it existed, gone from the monitoring data since.
    source.snap = { ...fixtureSnapshot(), hostgroups: [...fixtureSnapshot().hostgroups, { name: 'nope', alias: 'Nope', members: [] }] };
    const gone = (await sendOk(add({ dashboard: id, type: 'problems', hostgroup: 'nope', rows: '3' }), c)).body as Dashlet;
    source.snap = fixtureSnapshot();
    expect(await content(c, id, web.id)).toMatch(/hostgroup=web-servers&amp;state=0"><span class="count">1<\/span> <span class="label">Up/);
    expect(await content(c, id, http.id)).toMatch(/<span class="count">1<\/span> <span class="label">OK<\/span>/);
    expect(await content(c, id, gone.id)).toContain("The host group 'nope' does not exist in the monitoring data.");
  });

  it('escapes every engine string', async () => {
    source.snap = {
      ...fixtureSnapshot(),
      hosts: [host(`h${XSS}`, { current_state: 1, output: XSS, hostgroups: [`g${XSS}`] }), host('web01')],
      services: [service('web01', `s${XSS}`, { current_state: 2, output: XSS, servicegroups: [`sg${XSS}`] })],
      hostgroups: [{ name: `g${XSS}`, alias: XSS, members: [`h${XSS}`] }],
      servicegroups: [{ name: `sg${XSS}`, alias: XSS, members: [] }],
    };
    const c = await loginAs(ts, 'escaper');
    const { id, dashlets } = await fullDashboard(c);
    for (const d of dashlets) expect(await content(c, id, d.id), d.type).not.toContain('<script>');
    expect(await content(c, id, dashlets.find((d) => d.type === 'problems')!.id)).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect((await c.get(`dashboards/dashboard.php?id=${id}`)).text).not.toContain(XSS);
    source.snap = fixtureSnapshot();
  });
});

describe('dashlet options', () => {
  it('refuses bad options with a 400 and a message, changing nothing', async () => {
    const c = await loginAs(ts, 'validator');
    const id = await newDashboard(c, 'Strict');
    const note = (await sendOk(add({ dashboard: id, type: 'note', text: 'keep me' }), c)).body as Dashlet;
    const before = await listOf(c, id);
    const bad: [Record<string, string>, RegExp][] = [
      [{ type: 'graph' }, /Unknown dashlet type 'graph'/],
      [{ type: 'hoststatus', width: '0' }, /'width' must be at least 1/],
      [{ type: 'hoststatus', width: '13' }, /'width' must be at most 12/],
      [{ type: 'hoststatus', height: '13' }, /'height' must be at most 12/],
      [{ type: 'hoststatus', refresh: '5' }, /'refresh' must be at least 10/],
      [{ type: 'hoststatus', refresh: 'often' }, /'refresh' must be a whole number/],
      [{ type: 'problems', rows: '0' }, /'rows' must be at least 1/],
      [{ type: 'problems', rows: '51' }, /'rows' must be at most 50/],
      [{ type: 'hoststatus', title: 'x'.repeat(101) }, /'title' must be at most 100/],
      [{ type: 'note' }, /'text' is required/],
      [{ type: 'note', text: 'x'.repeat(2001) }, /'text' must be at most 2000/],
      [{ type: 'clock', timezone: 'Mars/Olympus' }, /'timezone' must be a time zone/],
      [{ type: 'page' }, /'url' is required/],
      [{ type: 'hoststatus', hostgroup: 'web-servres' }, /'hostgroup' must name an existing host group; there is no host group 'web-servres'/],
      [{ type: 'servicestatus', servicegroup: 'htp' }, /'servicegroup' must name an existing service group/],
      ...['javascript:alert(1)', '//evil.example/', 'https://evil.example/', '/etc/passwd', '../secret', 'a%2f..%2f..%2fx', 'x\\y', 'views/', '']
        .map((url): [Record<string, string>, RegExp] => [{ type: 'page', url }, /'url'/]),
    ];
    for (const [form, message] of bad) {
      const res = await sendOk(add({ dashboard: id, ...form }), c);
      expectBadRequest(res);
      expect((res.body as { message: string }).message, JSON.stringify(form)).toMatch(message);
    }
    for (const [form, message] of [[{ width: '99' }, /'width'/], [{ text: '' }, /'text' is required/], [{ position: '5' }, /'position'/]] as const) {
      const res = await sendOk(change({ dashboard: id, dashlet: note.id, ...form }), c);
      expectBadRequest(res);
      expect((res.body as { message: string }).message).toMatch(message);
    }
    expectBadRequest(await sendOk(change({ dashboard: id, dashlet: 'nothere', width: '2' }), c), 404);
    expectBadRequest(await sendOk(add({ dashboard: 'dnothere', type: 'clock' }), c), 404);
    expect(await listOf(c, id)).toEqual(before);
  });

  it('offers the Home Dashboard in the add form of a user who opens it before anything else', async () => {
    // The e2e suite met it: a new user went straight to the form, found no dashboard to pick, and the post was a 404.
    const c = await loginAs(ts, 'firstformer');
    const form = await c.get('dashboards/dashlets.php?type=note');
    expect(form.status).toBe(200);
    expect(form.text).toMatch(/<option value="home" selected>Home Dashboard<\/option>/);
    const ok = await classicPost(c, 'dashboards/dashlets.php', { dashboard: 'home', type: 'note', title: 'First', text: 'hi', width: '3', height: '2', refresh: '60' });
    expect(ok.status).toBe(303);
    expect((await listOf(c, 'home')).map((d) => d.title)).toContain('First');
  });

  it('refuses bad options in the classic form with the reason and what was typed, saving nothing', async () => {
    const c = await loginAs(ts, 'formvalidator');
    const id = await newDashboard(c, 'Form');
    const res = await classicPost(c, 'dashboards/dashlets.php', { dashboard: id, type: 'page', title: 'Mine', url: 'javascript:alert(1)', width: '6', height: '4', refresh: '30' });
    expect(res.status).toBe(400);
    // In the form, at the field it names (issue 38): the field is invalid and described by the refusal.
    expect(res.text).toContain('<p class="error" id="f-error" role="alert">The field &#39;url&#39; must be a page of this server');
    expect(res.text).toContain('value="javascript:alert(1)" aria-invalid="true" aria-describedby="f-error f-url-hint"');
    expect(await listOf(c, id)).toEqual([]);
    const ok = await classicPost(c, 'dashboards/dashlets.php', { dashboard: id, type: 'note', title: 'Hello', text: '<b>bold</b>', width: '3', height: '2', refresh: '60' });
    expect(ok.status).toBe(303);
    const [note] = await listOf(c, id);
    expect(note).toMatchObject({ type: 'note', title: 'Hello', width: 3, height: 2, refresh: 60, options: { text: '<b>bold</b>' } });
    expect(ok.headers.get('location')).toBe(`${new URL(ts.url).pathname}dashboards/dashboard.php?id=${id}&edit=1&focus=${note!.id}`);
    expect(await content(c, id, note!.id)).toBe('<p class="dl-note">&lt;b&gt;bold&lt;/b&gt;</p>');
  });

  it('picks host and service groups from the monitoring data, and refuses one that is not there (issue 38)', async () => {
    source.snap = fixtureSnapshot();
    const c = await loginAs(ts, 'grouppicker');
    const id = await newDashboard(c, 'Groups');
    const form = (await c.get(`dashboards/dashlets.php?type=servicestatus&dashboard=${id}`)).text;
    expect(form).toContain(`<option value="${id}" selected>Groups</option>`);
    expect(form).toMatch(/<select id="f-hostgroup" name="hostgroup" aria-describedby="f-hostgroup-hint"><option value="">All host groups<\/option>/);
    for (const g of fixtureSnapshot().hostgroups) expect(form).toContain(`<option value="${g.name}">`);
    for (const g of fixtureSnapshot().servicegroups) expect(form).toContain(`<option value="${g.name}">`);
    const typo = await classicPost(c, 'dashboards/dashlets.php', { dashboard: id, type: 'hoststatus', title: 'Web', hostgroup: 'web-servres', width: '4', height: '2', refresh: '30' });
    expect(typo.status).toBe(400);
    expect(typo.text).toContain('there is no host group &#39;web-servres&#39;');
    expect(typo.text).toContain('<select id="f-hostgroup" name="hostgroup" aria-invalid="true" aria-describedby="f-error f-hostgroup-hint">');
    expect(await listOf(c, id)).toEqual([]);
    const ok = await classicPost(c, 'dashboards/dashlets.php', { dashboard: id, type: 'hoststatus', title: 'Web', hostgroup: 'web-servers', width: '4', height: '2', refresh: '30' });
    expect(ok.status).toBe(303);
    const [web] = await listOf(c, id);
    expect(web!.options).toEqual({ hostgroup: 'web-servers' });
    // Gone from the data since: still offered as saved, and other options can change without losing it.
    source.snap = { ...fixtureSnapshot(), hostgroups: [] };
    const edit = (await c.get(`dashboards/dashlets.php?dashboard=${id}&dashlet=${web!.id}`)).text;
    expect(edit).toContain('<option value="web-servers" selected>web-servers (not in the monitoring data now)</option>');
    expect((await classicPost(c, 'dashboards/dashlets.php', { dashboard: id, dashlet: web!.id, title: 'Web farm', hostgroup: 'web-servers', width: '4', height: '2', refresh: '30' })).status).toBe(303);
    expect((await listOf(c, id))[0]).toMatchObject({ title: 'Web farm', options: { hostgroup: 'web-servers' } });
    source.snap = fixtureSnapshot();
  });

  it('moves, resizes and removes from the dashboard page, saved at once, and changes options', async () => {
    const c = await loginAs(ts, 'editor');
    const id = await newDashboard(c, 'Edit');
    const ids: string[] = [];
    for (const type of ['clock', 'note', 'engine']) ids.push(((await sendOk(add({ dashboard: id, type, ...OPTIONS[type] }), c)).body as Dashlet).id);
    const act = (dashlet: string, action: string) => classicPost(c, 'dashboards/dashboard.php', { id, dashlet, action });
    expect((await act(ids[2]!, 'earlier')).status).toBe(303);
    expect((await act(ids[1]!, 'wider')).status).toBe(303);
    expect((await act(ids[1]!, 'taller')).status).toBe(303);
    expect((await act(ids[0]!, 'remove')).status).toBe(303);
    const after = await listOf(c, id);
    expect(after.map((d) => [d.type, d.width, d.height])).toEqual([['engine', 4, 3], ['note', 5, 3]]);
    expect((await act(ids[1]!, 'explode')).status).toBe(400);
    expect((await c.request('POST', 'dashboards/dashboard.php', { form: { id, dashlet: ids[1]!, action: 'remove', nsp: c.nsp } })).status).toBe(403);
    expect(await listOf(c, id)).toEqual(after);
    const edited = (await sendOk(change({ dashboard: id, dashlet: ids[1]!, text: 'new text', position: '0', refresh: '120' }), c)).body as Dashlet;
    expect(edited).toMatchObject({ id: ids[1], options: { text: 'new text' }, refresh: 120, width: 5 });
    expect((await listOf(c, id)).map((d) => d.id)).toEqual([ids[1], ids[2]]);
    expect((await sendOk(querySend('DELETE', PATH, { dashboard: id, dashlet: ids[2]! }), c)).body).toEqual({ id: ids[2], deleted: true });
    expect((await listOf(c, id)).map((d) => d.id)).toEqual([ids[1]]);
  });

  it('guards every write', async () => {
    const c = await loginAs(ts, 'dashletguard');
    const id = await newDashboard(c, 'Guarded');
    const note = (await sendOk(add({ dashboard: id, type: 'note', text: 'x' }), c)).body as Dashlet;
    await expectWriteGuards(ts, c, add({ dashboard: id, type: 'clock' }));
    await expectWriteGuards(ts, c, change({ dashboard: id, dashlet: note.id, width: '2' }));
    await expectWriteGuards(ts, c, querySend('DELETE', PATH, { dashboard: id, dashlet: note.id }));
    expect(await listOf(c, id)).toEqual([note]);
  });
});

describe('stored dashlets the page cannot show', () => {
  it('keeps an old or hand-written entry in place, says why, and never loses it on other edits', async () => {
    const c = await loginAs(ts, 'legacy');
    const id = await newDashboard(c, 'Old');
    const legacy = { title: 'CPU <graph>', type: 'graph', host: 'web01' };
    const userId = (await findUserByName(ts.server.ctx.store, 'legacy'))!.id;
    await ts.server.ctx.store.updateTable('dashboards').set({ dashlets: JSON.stringify([legacy, { id: 'k1', type: 'clock' }]) })
      .where('user_id', '=', userId).where('id', '=', id).execute();
    const page = (await c.get(`dashboards/dashboard.php?id=${id}`)).text;
    expect(page).toContain("<p class=\"dl-message\">This dashlet cannot be shown: unknown type &#39;graph&#39;.</p>");
    expect(page).toContain('CPU &lt;graph&gt;');
    expect((await classicPost(c, 'dashboards/dashboard.php', { id, dashlet: 'k1', action: 'earlier' })).status).toBe(303);
    const row = await findDashboard(ts.server.ctx.store, userId, id);
    const stored = JSON.parse(row!.dashlets) as unknown[];
    expect(stored).toEqual([expect.objectContaining({ id: 'k1', type: 'clock' }), legacy]);
  });
});

describe('edits at the same time', () => {
  // Bites on PostgreSQL, where the requests' queries interleave; embedded SQLite runs each request's queries in one go.
  it('keeps every dashlet added at once: none overwrites another', async () => {
    const c = await loginAs(ts, 'rusher');
    const id = await newDashboard(c, 'Busy');
    const titles = Array.from({ length: 8 }, (_v, i) => `Clock ${i}`);
    await Promise.all(titles.map(async (title) => expect((await sendOk(add({ dashboard: id, type: 'clock', title }), c)).status).toBe(200)));
    expect((await listOf(c, id)).map((d) => d.title).sort()).toEqual(titles);
  });
});

describe('dashlets travel with the dashboard record', () => {
  it('clone, export and import carry them exactly', async () => {
    const c = await loginAs(ts, 'traveller');
    const { id, dashlets } = await fullDashboard(c);
    const clone = (await sendOk(formSend('POST', 'api/v2/dashboards/copy', { id }), c)).body as Dashboard;
    expect(await listOf(c, clone.id)).toEqual(dashlets);
    const text = (await c.get<{ dashboard: string }>(`api/v2/dashboards/raw?id=${id}`)).body.dashboard;
    expect(JSON.parse(text).dashlets).toEqual(dashlets);
    const imported = (await sendOk(formSend('POST', 'api/v2/dashboards/import', { import: text }), c)).body as Dashboard;
    expect(await listOf(c, imported.id)).toEqual(dashlets);
    expect((await c.get<{ dashboard: string }>(`api/v2/dashboards/raw?id=${imported.id}`)).body.dashboard).toBe(text);
  });

  it('imports nothing when dashlets are unknown or malformed, and says which', async () => {
    const c = await loginAs(ts, 'badimporter');
    const before = (await c.get<Dashboard[]>('api/v2/dashboards')).body;
    const file = JSON.stringify({ format: 'pharos-dashboard', version: 1, title: 'Broken', opts: { background: '203040', transparent: 0 }, dashlets: [
      { type: 'clock', title: 'Fine' },
      { type: 'graph', title: 'CPU graph', host: 'web01' },
      { type: 'note', options: { text: 'x', colour: 'red' } },
      { type: 'hoststatus', width: 40 },
      'not an object',
    ] });
    const res = await sendOk(formSend('POST', 'api/v2/dashboards/import', { import: file }), c);
    expectBadRequest(res);
    expect((res.body as { message: string }).message).toBe("File Is Not a Valid Dashboard File! Dashlet 2 (graph): unknown type 'graph'. "
      + "Dashlet 3 (note): the option 'colour' does not apply to the type 'note'. Dashlet 4 (hoststatus): The field 'width' must be at most 12. "
      + 'Dashlet 5: it is not an object.');
    expect((await c.get<Dashboard[]>('api/v2/dashboards')).body).toEqual(before);
  });
});

describe('the Dashlets menu group and pages', () => {
  it('lists every catalogue dashlet, each opening its "Add to dashboard" form', async () => {
    const c = await loginAs(ts, 'menureader');
    const menu = (await c.get<Menu>('api/v2/app/menu')).body;
    const group = menu.dashboards!.groups.find((g) => g.id === 'dashlets')!;
    expect(group.entries.map((e) => e.path)).toEqual(['dashboards/dashlets.php', ...DASHLET_TYPES.map((t) => `dashboards/dashlets.php?type=${t}`)]);
    const catalogue = (await c.get('dashboards/dashlets.php')).text;
    expect(catalogue.match(/>Add to dashboard<\/a>/g)).toHaveLength(DASHLET_TYPES.length);
    const form = (await c.get('dashboards/dashlets.php?type=problems')).text;
    for (const label of ['Dashboard', 'Title', 'Width', 'Height', 'Refresh every (seconds)', 'Host group', 'Rows']) expect(form).toContain(`>${label}</label>`);
    expect(form).toContain('<option value="home" selected>Home Dashboard</option>');
  });
});
