import { describe, expect, it } from 'vitest';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { adminClient, expectBadRequest, expectWriteGuards, formSend, loginAs, querySend, sendOk, USER_PASSWORD } from './writeGuards.js';
import { toolHref } from '../../server/src/db/tools.js';
import type { Tool } from '../../src/lib/apiTypes.js';

let { ts } = useTestServer({ admin: false });

type Scope = 'personal' | 'common';
const path = (scope: Scope) => `api/v2/tools/${scope}`;
const list = async (c: Client, scope: Scope): Promise<Tool[]> => {
  const res = await c.get<Tool[]>(path(scope));
  expect(res.status).toBe(200);
  return res.body;
};
const add = (scope: Scope, form: Record<string, string>) => formSend('POST', path(scope), form);
const edit = (scope: Scope, form: Record<string, string>) => formSend('PUT', path(scope), form);
const remove = (scope: Scope, id: number) => querySend('DELETE', path(scope), { id: String(id) });
const added = async (c: Client, scope: Scope, name: string, url: string): Promise<Tool> => {
  const res = await sendOk(add(scope, { name, url }), c);
  expect(res.status).toBe(200);
  return res.body as Tool;
};

const BAD_FORMS: Record<string, string>[] = [
  {}, { url: 'https://example.com/' }, { name: '  ', url: 'https://example.com/' }, { name: 'n'.repeat(256), url: 'https://example.com/' },
  { name: 'No url' }, { name: 'JS', url: 'javascript:alert(1)' }, { name: 'Data', url: 'data:text/html,<script>alert(1)</script>' },
  { name: 'Proto-relative', url: '//evil.example/' }, { name: 'Outside', url: '/etc/passwd' }, { name: 'Escape', url: '../../etc/passwd' },
  { name: 'Tab', url: 'java\tscript:alert(1)' }, { name: 'Backslash', url: '/\\evil.example' }, { name: 'Ftp', url: 'ftp://example.com/' },
  { name: 'Long', url: `https://example.com/${'a'.repeat(2100)}` },
];

describe('toolHref', () => {
  it('keeps absolute http(s) URLs, places relative paths under the base and refuses other schemes', () => {
    expect(toolHref('/nagiosxi/', 'https://grafana.example.com/d/abc?x=1')).toBe('https://grafana.example.com/d/abc?x=1');
    expect(toolHref('/nagiosxi/', 'reports/statussummary.php?x=1')).toBe('/nagiosxi/reports/statussummary.php?x=1');
    expect(toolHref('/nagiosxi/', '/nagiosxi/admin/main.php')).toBe('/nagiosxi/admin/main.php');
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example', '/other/', '../x', 'http://', 'mailto:a@b.c']) {
      expect(toolHref('/nagiosxi/', bad)).toBeUndefined();
    }
  });
});

describe.each(['personal', 'common'] as Scope[])('%s tools', (scope) => {
  it('adds, lists, reads one, edits and deletes', async () => {
    const c = await loginAs(ts, `${scope}-crud`);
    const before = await list(c, scope);
    const grafana = await added(c, scope, 'Grafana', 'https://grafana.example.com/');
    expect(grafana).toEqual({ id: expect.any(Number), name: 'Grafana', url: 'https://grafana.example.com/', href: 'https://grafana.example.com/' });
    const report = await added(c, scope, '  Availability ', 'reports/statussummary.php');
    expect(report).toEqual({ id: expect.any(Number), name: 'Availability', url: 'reports/statussummary.php', href: '/nagiosxi/reports/statussummary.php' });
    expect(await list(c, scope)).toEqual(expect.arrayContaining([...before, grafana, report]));
    expect((await c.get(`${path(scope)}?id=${report.id}`)).body).toEqual(report);
    const changed = (await sendOk(edit(scope, { id: String(report.id), name: 'Status', url: '/nagiosxi/admin/main.php' }), c)).body;
    expect(changed).toEqual({ id: report.id, name: 'Status', url: '/nagiosxi/admin/main.php', href: '/nagiosxi/admin/main.php' });
    expect((await sendOk(remove(scope, grafana.id), c)).body).toEqual({ id: grafana.id, deleted: true });
    expectBadRequest(await c.get(`${path(scope)}?id=${grafana.id}`), 404);
    expect((await list(c, scope)).filter((t) => t.id === grafana.id || t.id === report.id)).toEqual([changed]);
  });

  it('needs a session to read', async () => {
    const anonymous = new Client(ts.url);
    expect((await anonymous.get(path(scope))).status).toBe(401);
    expect((await anonymous.get(`${path(scope)}?id=1`)).status).toBe(401);
  });

  it('guards every write', async () => {
    const c = await loginAs(ts, `${scope}-guard`);
    const tool = await added(c, scope, 'Keep', 'https://keep.example.com/');
    const before = await list(c, scope);
    await expectWriteGuards(ts, c, add(scope, { name: 'New', url: 'https://new.example.com/' }));
    await expectWriteGuards(ts, c, edit(scope, { id: String(tool.id), name: 'Changed', url: 'https://changed.example.com/' }));
    await expectWriteGuards(ts, c, remove(scope, tool.id));
    expect(await list(c, scope)).toEqual(before);
  });

  it('refuses bad names and URLs with a message, writing nothing', async () => {
    const c = await loginAs(ts, `${scope}-bad`);
    const tool = await added(c, scope, 'Keep', 'https://keep.example.com/');
    const before = await list(c, scope);
    for (const form of BAD_FORMS) expectBadRequest(await sendOk(add(scope, form), c));
    for (const form of BAD_FORMS) expectBadRequest(await sendOk(edit(scope, { ...form, id: String(tool.id) }), c));
    const js = await sendOk(add(scope, { name: 'JS', url: 'javascript:alert(1)' }), c);
    expect(js.body).toEqual({ message: 'The URL must start with http:// or https://, or be a path under /nagiosxi/.' });
    expectBadRequest(await sendOk(edit(scope, { id: 'abc', name: 'x', url: 'https://x.example/' }), c));
    expectBadRequest(await sendOk(edit(scope, { id: '999999', name: 'x', url: 'https://x.example/' }), c), 404);
    expectBadRequest(await sendOk(remove(scope, 999999), c), 404);
    expectBadRequest(await c.get(`${path(scope)}?id=999999`), 404);
    expectBadRequest(await c.get(`${path(scope)}?id=x`));
    expect(await list(c, scope)).toEqual(before);
  });
});

describe('who sees which tools', () => {
  it("keeps personal tools to their owner: another user's id is not found and nothing changes", async () => {
    const owner = await loginAs(ts, 'toolowner');
    const other = await loginAs(ts, 'toolother');
    const mine = await added(owner, 'personal', 'Mine', 'https://mine.example.com/');
    expect(await list(other, 'personal')).toEqual([]);
    expectBadRequest(await other.get(`${path('personal')}?id=${mine.id}`), 404);
    expectBadRequest(await sendOk(edit('personal', { id: String(mine.id), name: 'Stolen', url: 'https://evil.example/' }), other), 404);
    expectBadRequest(await sendOk(remove('personal', mine.id), other), 404);
    // A personal tool is not a common one either.
    expectBadRequest(await sendOk(remove('common', mine.id), other), 404);
    expect(await list(owner, 'personal')).toEqual([mine]);
  });

  it('shares common tools: any user can add, edit and delete them', async () => {
    const admin = await adminClient(ts);
    const user = await loginAs(ts, 'commonuser');
    const shared = await added(admin, 'common', 'Wiki', 'https://wiki.example.com/');
    expect(await list(user, 'common')).toContainEqual(shared);
    const renamed = (await sendOk(edit('common', { id: String(shared.id), name: 'Team wiki', url: 'https://wiki.example.com/team' }), user)).body as Tool;
    expect(await list(admin, 'common')).toContainEqual(renamed);
    await sendOk(remove('common', shared.id), user);
    expect((await list(admin, 'common')).some((t) => t.id === shared.id)).toBe(false);
  });
});

describe('persistence', () => {
  it('keeps personal and common tools across a restart', async () => {
    let c = await loginAs(ts, 'toolkeeper');
    await added(c, 'personal', 'B tool', 'https://b.example.com/');
    const a = await added(c, 'personal', 'a tool', 'admin/main.php');
    await sendOk(edit('personal', { id: String(a.id), name: 'A tool', url: 'help/main.php' }), c);
    const gone = await added(c, 'common', 'Gone', 'https://gone.example.com/');
    await added(c, 'common', 'Stays', 'https://stays.example.com/');
    await sendOk(remove('common', gone.id), c);
    const personal = await list(c, 'personal');
    const common = await list(c, 'common');
    expect(personal.map((t) => t.name)).toEqual(['A tool', 'B tool']);
    ts = await ts.restart();
    c = new Client(ts.url);
    await c.login('toolkeeper', USER_PASSWORD);
    expect(await list(c, 'personal')).toEqual(personal);
    expect(await list(c, 'common')).toEqual(common);
  });
});
