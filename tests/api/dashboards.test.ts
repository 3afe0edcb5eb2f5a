import { describe, expect, it } from 'vitest';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { expectBadRequest, expectWriteGuards, formSend, loginAs, querySend, sendOk, USER_PASSWORD } from './writeGuards.js';
import { createDashboard, MAX_DASHBOARDS_PER_USER } from '../../server/src/db/dashboards.js';
import { findUserByName } from '../../server/src/db/users.js';
import type { Dashboard } from '../../src/lib/apiTypes.js';

const PATH = 'api/v2/dashboards';
let { ts } = useTestServer({ admin: false });

const DEFAULTS: Dashboard[] = [
  { id: 'home', title: 'Home Dashboard', opts: { background: '131b25', transparent: 0 } },
  { id: 'screen', title: 'Screen Dashboard', opts: { background: '131b25', transparent: 0 } },
];
const list = async (c: Client): Promise<Dashboard[]> => {
  const res = await c.get<Dashboard[]>(PATH);
  expect(res.status).toBe(200);
  return res.body;
};
const create = (form: Record<string, string>) => formSend('POST', PATH, form);
const update = (form: Record<string, string>) => formSend('PUT', PATH, form);
const remove = (id: string) => querySend('DELETE', PATH, { id });
const copy = (form: Record<string, string>) => formSend('POST', `${PATH}/copy`, form);
const importText = (text: string) => formSend('POST', `${PATH}/import`, { import: text });
const created = async (c: Client, form: Record<string, string>): Promise<Dashboard> => {
  const res = await sendOk(create(form), c);
  expect(res.status).toBe(200);
  return res.body as Dashboard;
};
const raw = async (c: Client, id: string): Promise<string> => ((await c.get<{ dashboard: string }>(`${PATH}/raw?id=${id}`)).body).dashboard;

describe('GET api/v2/dashboards', () => {
  it('gives every user the home and screen dashboards with the default look', async () => {
    const c = await loginAs(ts, 'fresh');
    expect(await list(c)).toEqual(DEFAULTS);
    expect((await c.get(`${PATH}?id=screen`)).body).toEqual(DEFAULTS[1]);
    expectBadRequest(await c.get(`${PATH}?id=nope`), 404);
  });

  it('needs a session', async () => {
    const anonymous = new Client(ts.url);
    expect((await anonymous.get(PATH)).status).toBe(401);
    expect((await anonymous.get(`${PATH}/raw?id=home`)).status).toBe(401);
  });
});

describe('POST api/v2/dashboards', () => {
  it('adds a dashboard with a generated id, defaulting to the dark background and no transparency', async () => {
    const c = await loginAs(ts, 'adder');
    const plain = await created(c, { title: 'Network' });
    expect(plain).toEqual({ id: expect.stringMatching(/^d[0-9a-f]{12}$/), title: 'Network', opts: { background: '131b25', transparent: 0 } });
    const styled = await created(c, { title: '  Wall  ', background: '#AABBCC', transparent: '1' });
    expect(styled).toMatchObject({ title: 'Wall', opts: { background: 'aabbcc', transparent: 1 } });
    expect(styled.id).not.toBe(plain.id);
    expect(await list(c)).toEqual([...DEFAULTS, plain, styled]);
  });

  it('guards the write', async () => {
    const c = await loginAs(ts, 'addguard');
    await expectWriteGuards(ts, c, create({ title: 'Guarded' }));
    expect(await list(c)).toEqual(DEFAULTS);
  });

  it('refuses a missing or long title, a bad colour or transparency, adding nothing', async () => {
    const c = await loginAs(ts, 'badadder');
    const forms: Record<string, string>[] = [{}, { title: '   ' }, { title: 't'.repeat(256) }, { title: 'x', background: 'zzzzzz' }, { title: 'x', background: '12345' },
      { title: 'x', background: '#1234567' }, { title: 'x', transparent: 'maybe' }];
    for (const form of forms) {
      expectBadRequest(await sendOk(create(form), c));
    }
    expect(await list(c)).toEqual(DEFAULTS);
  });

  it(`refuses more than ${MAX_DASHBOARDS_PER_USER} dashboards`, async () => {
    const c = await loginAs(ts, 'hoarder');
    await list(c);
    const user = (await findUserByName(ts.server.ctx.store, 'hoarder'))!;
    for (let i = DEFAULTS.length; i < MAX_DASHBOARDS_PER_USER; i++) await createDashboard(ts.server.ctx.store, user.id, { title: `D${i}`, background: '131b25', transparent: false });
    expectBadRequest(await sendOk(create({ title: 'One too many' }), c));
    expect(await list(c)).toHaveLength(MAX_DASHBOARDS_PER_USER);
  });
});

describe('PUT api/v2/dashboards', () => {
  it('changes the given fields and keeps the rest', async () => {
    const c = await loginAs(ts, 'editor');
    const d = await created(c, { title: 'Before', background: '112233' });
    const res = await sendOk(update({ id: d.id, title: 'After', transparent: '1' }), c);
    expect(res.body).toEqual({ id: d.id, title: 'After', opts: { background: '112233', transparent: 1 } });
    await sendOk(update({ id: 'home', title: 'My Home', background: 'ffffff' }), c);
    expect(await list(c)).toEqual([{ id: 'home', title: 'My Home', opts: { background: 'ffffff', transparent: 0 } }, DEFAULTS[1], res.body]);
  });

  it('guards the write', async () => {
    const c = await loginAs(ts, 'editguard');
    const d = await created(c, { title: 'Keep' });
    await expectWriteGuards(ts, c, update({ id: d.id, title: 'Changed' }));
    expect((await list(c))[2]).toEqual(d);
  });

  it("refuses bad fields, unknown ids and other users' dashboards, changing nothing", async () => {
    const owner = await loginAs(ts, 'editowner');
    const other = await loginAs(ts, 'editother');
    const theirs = await created(owner, { title: 'Theirs' });
    const mine = await created(other, { title: 'Mine' });
    expectBadRequest(await sendOk(update({ id: theirs.id, title: 'Stolen' }), other), 404);
    expectBadRequest(await sendOk(update({ id: 'dnothere', title: 'x' }), other), 404);
    expectBadRequest(await sendOk(update({ title: 'No id' }), other));
    expectBadRequest(await sendOk(update({ id: mine.id, title: '' }), other));
    expectBadRequest(await sendOk(update({ id: mine.id, background: 'blue' }), other));
    expectBadRequest(await sendOk(update({ id: mine.id, transparent: '2' }), other));
    expect(await list(owner)).toEqual([...DEFAULTS, theirs]);
    expect(await list(other)).toEqual([...DEFAULTS, mine]);
  });
});

describe('DELETE api/v2/dashboards', () => {
  it('deletes a dashboard', async () => {
    const c = await loginAs(ts, 'deleter');
    const a = await created(c, { title: 'A' });
    const b = await created(c, { title: 'B' });
    expect((await sendOk(remove(a.id), c)).body).toEqual({ id: a.id, deleted: true });
    expect(await list(c)).toEqual([...DEFAULTS, b]);
  });

  it('guards the write', async () => {
    const c = await loginAs(ts, 'deleteguard');
    const d = await created(c, { title: 'Stay' });
    await expectWriteGuards(ts, c, remove(d.id));
    expect(await list(c)).toEqual([...DEFAULTS, d]);
  });

  it("never deletes home or screen, unknown ids or other users' dashboards", async () => {
    const owner = await loginAs(ts, 'delowner');
    const other = await loginAs(ts, 'delother');
    const theirs = await created(owner, { title: 'Theirs' });
    const home = await sendOk(remove('home'), other);
    expectBadRequest(home);
    expect(home.body).toEqual({ message: 'The Home Dashboard cannot be deleted.' });
    expect((await sendOk(remove('screen'), other)).body).toEqual({ message: 'The Screen Dashboard cannot be deleted.' });
    expectBadRequest(await sendOk(remove('dnothere'), other), 404);
    expectBadRequest(await sendOk(remove(theirs.id), other), 404);
    expect(await list(other)).toEqual(DEFAULTS);
    expect(await list(owner)).toEqual([...DEFAULTS, theirs]);
  });
});

describe('raw, copy and import', () => {
  it('exports a dashboard as text that imports as a new dashboard with the same look and dashlets', async () => {
    const c = await loginAs(ts, 'exporter');
    const dashlets = [
      { id: 'a1', type: 'note', title: 'On call', width: 4, height: 2, refresh: 60, options: { text: 'Call <Ann> on 555' } },
      { id: 'b2', type: 'problems', title: 'Web problems', width: 8, height: 5, refresh: 30, options: { hostgroup: 'web-servers', rows: 5 } },
    ];
    const file = JSON.stringify({ format: 'pharos-dashboard', version: 1, title: 'Ops wall', opts: { background: '203040', transparent: 1 }, dashlets });
    const imported = (await sendOk(importText(file), c)).body as Dashboard;
    expect(imported).toEqual({ id: expect.stringMatching(/^d[0-9a-f]{12}$/), title: 'Ops wall', opts: { background: '203040', transparent: 1 } });
    const text = await raw(c, imported.id);
    expect(JSON.parse(text)).toEqual({ format: 'pharos-dashboard', version: 1, title: 'Ops wall', opts: { background: '203040', transparent: 1 }, dashlets });
    const again = (await sendOk(importText(text), c)).body as Dashboard;
    expect(again.id).not.toBe(imported.id);
    expect(await raw(c, again.id)).toBe(text);
    const home = JSON.parse(await raw(c, 'home')) as { dashlets: { type: string }[] };
    expect(home).toMatchObject({ title: 'Home Dashboard', opts: { background: '131b25', transparent: 0 } });
    expect(home.dashlets.map((d) => d.type)).toEqual(['hoststatus', 'servicestatus', 'clock', 'problems', 'engine', 'hostgroups']);
    expect(JSON.parse(await raw(c, 'screen'))).toMatchObject({ title: 'Screen Dashboard', dashlets: [] });
    expectBadRequest(await c.get(`${PATH}/raw?id=dnothere`), 404);
  });

  it('copies a dashboard under a new id, titled "(Clone)" unless told otherwise', async () => {
    const c = await loginAs(ts, 'copier');
    const d = await created(c, { title: 'Base', background: '445566', transparent: '1' });
    const clone = (await sendOk(copy({ id: d.id }), c)).body as Dashboard;
    expect(clone).toEqual({ id: expect.stringMatching(/^d[0-9a-f]{12}$/), title: 'Base (Clone)', opts: d.opts });
    expect(clone.id).not.toBe(d.id);
    const named = (await sendOk(copy({ id: d.id, title: 'Other', background: '000000' }), c)).body as Dashboard;
    expect(named).toMatchObject({ title: 'Other', opts: { background: '000000', transparent: 1 } });
    expect(await list(c)).toEqual([...DEFAULTS, d, clone, named]);
  });

  it('guards copy and import', async () => {
    const c = await loginAs(ts, 'copyguard');
    const d = await created(c, { title: 'Only' });
    await expectWriteGuards(ts, c, copy({ id: d.id }));
    await expectWriteGuards(ts, c, importText(await raw(c, d.id)));
    expect(await list(c)).toEqual([...DEFAULTS, d]);
  });

  it('refuses to copy unknown dashboards or with a blank title, copying nothing', async () => {
    const owner = await loginAs(ts, 'copyowner');
    const c = await loginAs(ts, 'badcopier');
    const theirs = await created(owner, { title: 'Theirs' });
    expectBadRequest(await sendOk(copy({ id: theirs.id }), c), 404);
    expectBadRequest(await sendOk(copy({ id: 'dnothere' }), c), 404);
    expectBadRequest(await sendOk(copy({}), c));
    expectBadRequest(await sendOk(copy({ id: 'home', title: ' ' }), c));
    expect(await list(c)).toEqual(DEFAULTS);
  });

  it('refuses anything but a dashboard export, importing nothing', async () => {
    const c = await loginAs(ts, 'badimporter');
    const good = JSON.parse(await raw(c, 'home')) as Record<string, unknown>;
    const bad = [
      'hello', '[]', '{}', JSON.stringify({ ...good, format: 'other' }), JSON.stringify({ ...good, title: '' }),
      JSON.stringify({ ...good, opts: { background: 'red', transparent: 0 } }), JSON.stringify({ ...good, opts: { background: '131b25', transparent: 5 } }),
      JSON.stringify({ ...good, dashlets: 'x' }),
    ];
    for (const text of bad) {
      const res = await sendOk(importText(text), c);
      expectBadRequest(res);
      expect(res.body).toEqual({ message: 'File Is Not a Valid Dashboard File!' });
    }
    // Bad dashlets are named one by one (tests/api/dashlets.test.ts has the details).
    const res = await sendOk(importText(JSON.stringify({ ...good, dashlets: [1, 2] })), c);
    expect(res.body).toEqual({ message: 'File Is Not a Valid Dashboard File! Dashlet 1: it is not an object. Dashlet 2: it is not an object.' });
    expectBadRequest(await sendOk(importText(''), c));
    expectBadRequest(await sendOk(importText(JSON.stringify({ ...good, dashlets: [{ note: 'x'.repeat(300_000) }] })), c));
    expect(await list(c)).toEqual(DEFAULTS);
  });
});

describe('persistence', () => {
  it('keeps added, edited, copied, imported and deleted dashboards across a restart', async () => {
    let c = await loginAs(ts, 'keeper');
    const a = await created(c, { title: 'A', background: 'abcdef' });
    const b = await created(c, { title: 'B' });
    await sendOk(update({ id: a.id, title: 'A2', transparent: '1' }), c);
    await sendOk(copy({ id: a.id }), c);
    await sendOk(importText(await raw(c, a.id)), c);
    await sendOk(remove(b.id), c);
    const before = await list(c);
    expect(before.map((d) => d.title)).toEqual(['Home Dashboard', 'Screen Dashboard', 'A2', 'A2 (Clone)', 'A2']);
    ts = await ts.restart();
    c = new Client(ts.url);
    await c.login('keeper', USER_PASSWORD);
    expect(await list(c)).toEqual(before);
  });
});
