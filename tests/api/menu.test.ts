import { describe, expect, it } from 'vitest';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { formSend, loginAs, querySend, sendOk } from './writeGuards.js';
import type { Menu, MenuEntry, MenuSection } from '../../src/lib/apiTypes.js';
import { findUserByName } from '../../server/src/db/users.js';
import { createTool } from '../../server/src/db/tools.js';

const { ts, admin } = useTestServer();

const menuOf = async (c: Client) => (await c.get<Menu>('api/v2/app/menu')).body;
const entries = (s: MenuSection | undefined): MenuEntry[] => s?.groups.flatMap((g) => g.entries) ?? [];
const group = (menu: Menu, section: keyof Menu, id: string) => menu[section]?.groups.find((g) => g.id === id);
const labels = (menu: Menu, section: keyof Menu, id: string) => group(menu, section, id)?.entries.map((e) => e.label);

describe('menu for an administrator', () => {
  it('lists every section in display order with its root and default page', async () => {
    const menu = await menuOf(admin);
    expect(Object.keys(menu)).toEqual(['home', 'views', 'dashboards', 'reports', 'config', 'tools', 'help', 'admin', 'account', 'ccm', 'enterprise']);
    expect(Object.values(menu).map((s) => [s.path, s.defaultPath])).toEqual([
      ['', 'includes/page-home-main.php'],
      ['views/', 'views/main.php'],
      ['dashboards/', 'dashboards/dashboard.php?id=home'],
      ['reports/', 'reports/statussummary.php'],
      ['config/', 'config/main.php'],
      ['tools/', 'tools/main.php'],
      ['help/', 'help/main.php'],
      ['admin/', 'admin/main.php'],
      ['account/', 'account/main.php'],
      ['includes/components/ccm/xi-index.php', 'includes/components/ccm/index.php'],
      ['enterprise/', 'enterprise/enterprise.php'],
    ]);
  });

  it('has the Quick View, view, dashboard, tools and admin entries of the brief', async () => {
    const menu = await menuOf(admin);
    expect(labels(menu, 'home', 'quickview')).toEqual(['Home', 'Host Status', 'Service Status', 'Host Problems', 'Service Problems', 'Host Groups', 'Service Groups', 'Comments', 'Downtimes']);
    expect(group(menu, 'views', 'viewtools')?.entries.map((e) => [e.label, e.kind, e.path])).toEqual([
      ['Add New View', 'addView', '#'], ['Rotate Views', 'rotateViews', '#'], ['Manage My Views', 'link', 'views/main.php'],
    ]);
    expect(group(menu, 'dashboards', 'dashboardtools')?.entries.map((e) => [e.label, e.kind, e.path, e.target])).toEqual([
      ['Add Dashboard', 'addDashboard', '#', ''], ['Manage My Dashboards', 'link', 'dashboards/manage.php', '_top'],
    ]);
    expect(labels(menu, 'config', 'wizards')).toEqual(['Configuration Wizards', 'Deploy Agent']);
    expect(group(menu, 'config', 'advanced')?.entries[0]).toMatchObject({ label: 'Core Config Manager', path: 'includes/components/ccm/xi-index.php', target: '_top' });
    expect(menu.admin?.groups.map((g) => g.label)).toEqual(['System Status', 'Licensing', 'Users', 'System Config']);
    expect(entries(menu.admin).map((e) => e.path)).toEqual(expect.arrayContaining(['admin/sysstat.php', 'admin/license.php', 'admin/users.php', 'admin/banners.php']));
    expect(entries(menu.ccm).map((e) => e.path)).toEqual(['host', 'service', 'hostgroup', 'servicegroup'].map((t) => `includes/components/ccm/index.php?type=${t}`));
  });

  it('gives every entry a unique id, an icon, a relative path or external URL, and a target that matches', async () => {
    const all = Object.values(await menuOf(admin)).flatMap(entries);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    for (const e of all) {
      expect(e.id).toMatch(/^menu-/);
      expect(e.icon).toMatch(/^[a-z]+$/);
      expect(['_top', 'maincontentframe', '_blank', '']).toContain(e.target);
      if (/^https?:/.test(e.path)) expect(e.target).toBe('_blank');
      else expect(e.path.startsWith('/')).toBe(false);
      if (e.path === '#') expect(e.target).toBe('');
    }
    const nativeScreens = ['config/main.php', 'tools/mytools.php', 'tools/commontools.php', 'dashboards/manage.php', 'enterprise/enterprise.php', 'includes/components/ccm/xi-index.php'];
    for (const e of all.filter((x) => nativeScreens.includes(x.path))) expect(e.target).toBe('_top');
  });

  it('contains the groups the panel opens by default (spec 2.10)', async () => {
    const ids = Object.values(await menuOf(admin)).flatMap((s) => s.groups.map((g) => g.id));
    for (const id of ['favorites', 'quickview', 'viewtools', 'myviews', 'dashboardtools', 'configurequicktools', 'wizards', 'mytools', 'commontools', 'systemstatus', 'users', 'myaccount', 'reports']) {
      expect(ids).toContain(id);
    }
  });
});

describe('permission filtering', () => {
  it('shows a user without flags no admin, ccm, wizards or Core Config Manager entries', async () => {
    const menu = await menuOf(await loginAs(ts, 'plain'));
    expect(Object.keys(menu)).toEqual(['home', 'views', 'dashboards', 'reports', 'config', 'tools', 'help', 'account', 'enterprise']);
    expect(group(menu, 'config', 'wizards')).toBeUndefined();
    expect(group(menu, 'config', 'advanced')).toBeUndefined();
  });

  it('adds each entry with its own flag', async () => {
    const configure = await menuOf(await loginAs(ts, 'configurer', { canConfigureObjects: true }));
    expect(labels(configure, 'config', 'wizards')).toEqual(['Configuration Wizards']);
    const deploy = await menuOf(await loginAs(ts, 'deployer', { canAutoDeploy: true }));
    expect(labels(deploy, 'config', 'wizards')).toEqual(['Deploy Agent']);
    const ccm = await menuOf(await loginAs(ts, 'ccmuser', { canAccessCCM: true }));
    expect(Object.keys(ccm)).toContain('ccm');
    expect(labels(ccm, 'config', 'advanced')).toEqual(['Core Config Manager']);
    expect(Object.keys(ccm)).not.toContain('admin');
  });
});

describe('per-user entries', () => {
  it("creates the user's Home and Screen dashboards and lists further ones after them", async () => {
    const c = await loginAs(ts, 'dasher');
    const before = await menuOf(c);
    expect(group(before, 'dashboards', 'mydashboards')?.entries.map((e) => [e.id, e.label, e.path, e.kind])).toEqual([
      ['menu-dashboards-home', 'Home Dashboard', 'dashboards/dashboard.php?id=home', 'dashboard'],
      ['menu-dashboards-screen', 'Screen Dashboard', 'dashboards/dashboard.php?id=screen', 'dashboard'],
    ]);
    const user = (await findUserByName(ts.server.ctx.store, 'dasher'))!;
    await ts.server.ctx.store.insertInto('dashboards').values({ id: 'ops room', user_id: user.id, title: 'Ops <Room>', created_at: Date.now() + 10 }).execute();
    const after = await menuOf(c);
    expect(labels(after, 'dashboards', 'mydashboards')).toEqual(['Home Dashboard', 'Screen Dashboard', 'Ops <Room>']);
    expect(group(after, 'dashboards', 'mydashboards')?.entries[2]?.path).toBe('dashboards/dashboard.php?id=ops%20room');
  });

  it('lists own personal tools and every common tool, never other users\' personal tools', async () => {
    const c = await loginAs(ts, 'toolsmith');
    const other = (await findUserByName(ts.server.ctx.store, 'nagiosadmin'))!;
    const me = (await findUserByName(ts.server.ctx.store, 'toolsmith'))!;
    const { store } = ts.server.ctx;
    const mine = (await createTool(store, 'personal', me.id, 'My Grafana', 'https://grafana.example/', 0)).id;
    await createTool(store, 'personal', other.id, 'Admin Secret', 'https://secret.example/', 0);
    const shared = (await createTool(store, 'common', me.id, 'Wiki', 'https://wiki.example/', 0)).id;
    const menu = await menuOf(c);
    expect(group(menu, 'tools', 'mytools')?.entries.map((e) => [e.label, e.path, e.kind])).toEqual([
      ['Manage My Tools', 'tools/mytools.php', 'link'], ['My Grafana', `tools/mytools.php?go=1&id=${mine}`, 'tool'],
    ]);
    expect(group(menu, 'tools', 'commontools')?.entries.map((e) => [e.label, e.path, e.kind])).toEqual([
      ['Manage Common Tools', 'tools/commontools.php', 'link'], ['Wiki', `tools/commontools.php?go=1&id=${shared}`, 'tool'],
    ]);
  });

  it('shows views added through ajaxhelper and favourites, each only to their owner', async () => {
    const c = await loginAs(ts, 'viewer');
    await sendOk(formSend('POST', 'ajaxhelper.php', { cmd: 'addview', title: 'Hosts', url: '/nagiosxi/includes/components/xicore/status.php?show=hosts' }), c);
    await sendOk(formSend('POST', 'includes/components/favorites/ajax.php', { mode: 'add', title: 'Fav', url: 'admin/main.php' }), c);
    const menu = await menuOf(c);
    expect(group(menu, 'views', 'myviews')?.entries).toEqual([
      expect.objectContaining({ label: 'Problems board', path: 'includes/components/pharos/problemsboard.php', kind: 'view' }),
      expect.objectContaining({ label: 'Tactical overview', path: 'includes/page-home-main.php', kind: 'view' }),
      expect.objectContaining({ label: 'Host groups', path: 'includes/components/xicore/status.php?show=hostgroups', kind: 'view' }),
      expect.objectContaining({ label: 'Hosts', path: 'includes/components/xicore/status.php?show=hosts', kind: 'view', target: 'maincontentframe' }),
    ]);
    const fav = group(menu, 'home', 'favorites')?.entries[0];
    expect(fav).toMatchObject({ label: 'Fav', path: 'admin/main.php', kind: 'favorite', target: 'maincontentframe' });
    expect(fav?.id).toMatch(/^menu-favorites-[a-z0-9]+$/);
    const adminMenu = await menuOf(admin);
    expect(group(adminMenu, 'views', 'myviews')?.entries.map((e) => e.label)).toEqual(['Problems board', 'Tactical overview', 'Host groups']);
    expect(group(adminMenu, 'home', 'favorites')?.entries).toEqual([]);
  });

  it('uses the icon chosen through setusermeta icon-{entry id}', async () => {
    const c = await loginAs(ts, 'iconic');
    const opts = JSON.stringify({ keyname: 'icon-menu-dashboards-home', keyvalue: 'rocket' });
    expect((await sendOk(querySend('GET', 'ajaxhelper.php', { cmd: 'setusermeta', opts }), c)).status).toBe(200);
    const menu = await menuOf(c);
    expect(group(menu, 'dashboards', 'mydashboards')?.entries[0]?.icon).toBe('rocket');
    expect(group(menu, 'dashboards', 'mydashboards')?.entries[1]?.icon).toBe('dashboard');
  });
});
