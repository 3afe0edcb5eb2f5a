import { describe, expect, it } from 'vitest';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { expectBadRequest, expectWriteGuards, formSend, loginAs, sendOk, USER_PASSWORD } from './writeGuards.js';
import type { Menu, MenuEntry } from '../../src/lib/apiTypes.js';

const PATH = 'includes/components/favorites/ajax.php';
let { ts } = useTestServer({ admin: false });

const favorites = async (c: Client): Promise<MenuEntry[]> =>
  (await c.get<Menu>('api/v2/app/menu')).body.home?.groups.find((g) => g.id === 'favorites')?.entries ?? [];
const add = (title: string, url: string, extra: Record<string, string> = {}) => formSend('POST', PATH, { mode: 'add', title, url, ...extra });
const edit = (items: Record<string, string>) =>
  formSend('POST', PATH, { mode: 'edit', ...Object.fromEntries(Object.entries(items).map(([k, v]) => [`item[${k}]`, v])) });
const addOk = async (c: Client, title: string, url: string) => ((await sendOk(add(title, url), c)).body as { key: string }).key;

describe('mode=add', () => {
  it('adds a favourite, returns its key and shows it in the menu under that key', async () => {
    const c = await loginAs(ts, 'adder');
    const res = await sendOk(add('Problems', '/nagiosxi/includes/components/xicore/status.php?show=hostproblems'), c);
    expect(res.status).toBe(200);
    const { key } = res.body as { key: string };
    expect(key).toMatch(/^[a-z0-9]+$/);
    expect(res.body).toEqual({ key, title: 'Problems', url: 'includes/components/xicore/status.php?show=hostproblems', target: 'maincontentframe' });
    await sendOk(add('Vendor site', 'https://www.example.com/', { target: '_blank' }), c);
    expect((await favorites(c)).map((e) => [e.id, e.label, e.path, e.target, e.kind])).toEqual([
      [`menu-favorites-${key}`, 'Problems', 'includes/components/xicore/status.php?show=hostproblems', 'maincontentframe', 'favorite'],
      [expect.stringMatching(/^menu-favorites-/), 'Vendor site', 'https://www.example.com/', '_blank', 'favorite'],
    ]);
  });

  it('refuses bad titles, unsafe addresses and unknown targets, adding nothing', async () => {
    const c = await loginAs(ts, 'badadder');
    for (const form of [add('', 'admin/main.php'), add('t'.repeat(256), 'admin/main.php'), add('JS', 'javascript:alert(1)'),
      add('Other host', '//evil.example/x'), add('Target', 'admin/main.php', { target: 'evilframe' }), add('No url', '')]) {
      expectBadRequest(await sendOk(form, c));
    }
    expectBadRequest(await sendOk(formSend('POST', PATH, { mode: 'purge' }), c));
    expect(await favorites(c)).toEqual([]);
  });

  it('guards the write', async () => {
    const c = await loginAs(ts, 'addguard');
    await expectWriteGuards(ts, c, add('Guarded', 'admin/main.php'));
    expect(await favorites(c)).toEqual([]);
  });
});

describe('mode=edit', () => {
  it('renames and deletes in one request', async () => {
    const c = await loginAs(ts, 'editor');
    const a = await addOk(c, 'A', 'admin/main.php');
    const b = await addOk(c, 'B', 'help/main.php');
    const res = await sendOk(edit({ [a]: 'Admin <home>', [b]: '*DELETED*' }), c);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 1, deleted: 1 });
    expect((await favorites(c)).map((e) => e.label)).toEqual(['Admin <home>']);
  });

  it("answers 404 for keys the user does not own and changes none of the request's items", async () => {
    const owner = await loginAs(ts, 'owner');
    const thief = await loginAs(ts, 'thief');
    const theirs = await addOk(owner, 'Mine', 'admin/main.php');
    const own = await addOk(thief, 'Own', 'help/main.php');
    expectBadRequest(await sendOk(edit({ [theirs]: '*DELETED*' }), thief), 404);
    expectBadRequest(await sendOk(edit({ [own]: 'Renamed', nosuchkey: 'x' }), thief), 404);
    expect((await favorites(owner)).map((e) => e.label)).toEqual(['Mine']);
    expect((await favorites(thief)).map((e) => e.label)).toEqual(['Own']);
  });

  it('refuses empty or long titles and an edit without items, changing nothing', async () => {
    const c = await loginAs(ts, 'badeditor');
    const key = await addOk(c, 'Keep', 'admin/main.php');
    expectBadRequest(await sendOk(edit({ [key]: '' }), c));
    expectBadRequest(await sendOk(edit({ [key]: 'x'.repeat(256) }), c));
    expectBadRequest(await sendOk(formSend('POST', PATH, { mode: 'edit' }), c));
    expect((await favorites(c)).map((e) => e.label)).toEqual(['Keep']);
  });

  it('guards the write', async () => {
    const c = await loginAs(ts, 'editguard');
    const key = await addOk(c, 'Keep', 'admin/main.php');
    await expectWriteGuards(ts, c, edit({ [key]: '*DELETED*' }));
    expect((await favorites(c)).map((e) => e.label)).toEqual(['Keep']);
  });

  it('keeps favourites across a restart', async () => {
    const c = await loginAs(ts, 'keeper');
    const key = await addOk(c, 'Before', 'admin/main.php');
    await sendOk(edit({ [key]: 'After' }), c);
    ts = await ts.restart();
    const again = new Client(ts.url);
    await again.login('keeper', USER_PASSWORD);
    expect((await favorites(again)).map((e) => [e.id, e.label])).toEqual([[`menu-favorites-${key}`, 'After']]);
  });
});
