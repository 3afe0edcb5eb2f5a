import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { adminClient, expectBadRequest, expectWriteGuards, formSend, loginAs, querySend, sendOk, USER_PASSWORD } from './writeGuards.js';
import { emptySnapshot } from '../../server/src/monitoring/empty.js';
import type { HostStatus, MonitoringSnapshot, MonitoringSource, ServiceStatus } from '../../server/src/monitoring/source.js';
import { findUserByName, setUserMeta } from '../../server/src/db/users.js';
import { addView } from '../../server/src/db/views.js';

const snapshot: MonitoringSnapshot = emptySnapshot();
const source: MonitoringSource = {
  kind: 'demo', start: async () => {}, stop: async () => {}, snapshot: () => snapshot, submit: async () => {}, engineRunning: () => true,
};

const checked = {
  display_name: '', state_type: 1 as const, has_been_checked: 1 as const, output: '', long_output: '', perfdata: '', last_check: 0, next_check: 0,
  last_state_change: 0, current_check_attempt: 1, max_check_attempts: 3, problem_acknowledged: 0 as 0 | 1, acknowledgement_type: 0 as const,
  scheduled_downtime_depth: 0, active_checks_enabled: 1 as const, passive_checks_enabled: 1 as const, notifications_enabled: 1 as const,
  is_flapping: 0 as const, check_command: 'check_ping', check_interval: 5,
};
const host = (name: string, state: HostStatus['current_state'], extra: Partial<HostStatus> = {}): HostStatus =>
  ({ ...checked, host_name: name, alias: name, address: '127.0.0.1', current_state: state, hostgroups: [], ...extra });
const service = (hostName: string, name: string, state: ServiceStatus['current_state'], extra: Partial<ServiceStatus> = {}): ServiceStatus =>
  ({ ...checked, host_name: hostName, service_description: name, current_state: state, servicegroups: [], ...extra });

let { ts, admin } = useTestServer({ monitoring: source });

/** ajaxhelper commands that change state travel as GET with nsp and the XSRF header, like the app sends them. */
const cmd = (name: string, params: Record<string, string> = {}) => querySend('GET', 'ajaxhelper.php', { cmd: name, ...params });
const read = (c: Client, name: string, params: Record<string, string> = {}) =>
  c.get(`ajaxhelper.php?${new URLSearchParams({ cmd: name, ...params })}`);

describe('the endpoint', () => {
  it('refuses unknown or missing commands', async () => {
    expectBadRequest(await read(admin, 'rm_rf'));
    expectBadRequest(await admin.get('ajaxhelper.php'));
    expectBadRequest(await read(admin, 'constructor'));
  });
});

describe('setsessionvars and getsessionvars', () => {
  const set = (opts: unknown) => cmd('setsessionvars', { opts: JSON.stringify(opts) });

  it('stores a flag for this session only', async () => {
    const c = await loginAs(ts, 'sessions');
    expect((await read(c, 'getsessionvars', { needle: 'has_seen_login_alerts' })).body).toEqual({ has_seen_login_alerts: null });
    const res = await sendOk(set({ has_seen_login_alerts: 1 }), c);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ has_seen_login_alerts: 1 });
    expect((await read(c, 'getsessionvars', { needle: 'has_seen_login_alerts' })).body).toEqual({ has_seen_login_alerts: 1 });
    const other = new Client(ts.url);
    await other.login('sessions', USER_PASSWORD);
    expect((await read(other, 'getsessionvars', { needle: 'has_seen_login_alerts' })).body).toEqual({ has_seen_login_alerts: null });
  });

  it('accepts each notice flag and refuses anything else without storing it', async () => {
    const c = await loginAs(ts, 'flags');
    for (const kind of ['trial', 'free', 'promo']) expect((await sendOk(set({ [`ignore_${kind}_notice`]: '1' }), c)).status).toBe(200);
    for (const bad of [{ isAdmin: 1 }, { has_seen_login_alerts: 2 }, {}, ['x'], { ignore_trial_notice: 1, evil: 1 }]) {
      expectBadRequest(await sendOk(set(bad), c));
    }
    expectBadRequest(await sendOk(cmd('setsessionvars', { opts: '{not json' }), c));
    expect((await read(c, 'getsessionvars')).body).toEqual({ ignore_trial_notice: 1, ignore_free_notice: 1, ignore_promo_notice: 1 });
  });

  it('guards the write and needs a session to read', async () => {
    const c = await loginAs(ts, 'guardsession');
    await expectWriteGuards(ts, c, set({ has_seen_login_alerts: 1 }));
    expect((await read(c, 'getsessionvars')).body).toEqual({});
    expect((await read(new Client(ts.url), 'getsessionvars')).status).toBe(401);
  });
});

describe('keepalive', () => {
  it('answers a live session and is guarded like a write', async () => {
    expect((await sendOk(cmd('keepalive'), admin)).body).toEqual({ alive: true });
    await expectWriteGuards(ts, admin, cmd('keepalive'));
  });
});

describe('getusermeta and setusermeta', () => {
  const set = (keyname: string, keyvalue: unknown) => cmd('setusermeta', { opts: JSON.stringify({ keyname, keyvalue }) });

  it('answers the defaults: speed 10 as a number, login alerts on', async () => {
    const c = await loginAs(ts, 'metadefaults');
    const speed = await read(c, 'getusermeta', { opts: 'view_rotation_speed' });
    expect(speed.status).toBe(200);
    expect(speed.text).toBe('10');
    expect(speed.headers.get('content-type')).toContain('application/json');
    expect((await read(c, 'getusermeta', { opts: 'show_login_alert_screen' })).body).toBe(1);
    expect((await read(c, 'getusermeta', { opts: 'icon-menu-dashboards-home' })).body).toBeNull();
    expect((await read(new Client(ts.url), 'getusermeta', { opts: 'view_rotation_speed' })).status).toBe(401);
  });

  it('stores speeds from 10 to 60, the alert switch and icons, and keeps them across a restart', async () => {
    const c = await loginAs(ts, 'metastore');
    expect((await sendOk(set('view_rotation_speed', 25), c)).body).toEqual({ keyname: 'view_rotation_speed', keyvalue: 25 });
    expect((await sendOk(set('show_login_alert_screen', '0'), c)).body).toEqual({ keyname: 'show_login_alert_screen', keyvalue: 0 });
    expect((await sendOk(set('icon-menu-dashboards-screen', 'tv'), c)).status).toBe(200);
    ts = await ts.restart();
    admin = await adminClient(ts);
    const again = new Client(ts.url);
    await again.login('metastore', USER_PASSWORD);
    expect((await read(again, 'getusermeta', { opts: 'view_rotation_speed' })).body).toBe(25);
    expect((await read(again, 'getusermeta', { opts: 'show_login_alert_screen' })).body).toBe(0);
    expect((await read(again, 'getusermeta', { opts: 'icon-menu-dashboards-screen' })).body).toBe('tv');
  });

  it('refuses speeds outside 10-60, bad switches, bad icons and unknown keys, storing nothing', async () => {
    const c = await loginAs(ts, 'metabad');
    await sendOk(set('view_rotation_speed', 30), c);
    for (const bad of [9, 61, 12.5, '2O', 'fast', null]) expectBadRequest(await sendOk(set('view_rotation_speed', bad), c));
    expectBadRequest(await sendOk(set('show_login_alert_screen', 'yes'), c));
    expectBadRequest(await sendOk(set('icon-menu-x', '<svg onload=alert(1)>'), c));
    expectBadRequest(await sendOk(set('is_admin', 1), c));
    expectBadRequest(await sendOk(cmd('setusermeta', { opts: '"view_rotation_speed"' }), c));
    expectBadRequest(await read(c, 'getusermeta', { opts: 'password_hash' }));
    expect((await read(c, 'getusermeta', { opts: 'view_rotation_speed' })).body).toBe(30);
    const { id } = (await findUserByName(ts.server.ctx.store, 'metabad'))!;
    const rows = await ts.server.ctx.store.selectFrom('user_meta').select('key').where('user_id', '=', id).execute();
    expect(rows).toEqual([{ key: 'view_rotation_speed' }]);
  });

  it('reads a stored speed outside 10-60 as 10 (spec 5)', async () => {
    const c = await loginAs(ts, 'metalegacy');
    await setUserMeta(ts.server.ctx.store, (await findUserByName(ts.server.ctx.store, 'metalegacy'))!.id, 'view_rotation_speed', '400');
    expect((await read(c, 'getusermeta', { opts: 'view_rotation_speed' })).body).toBe(10);
  });

  it('guards the write', async () => {
    const c = await loginAs(ts, 'metaguard');
    await expectWriteGuards(ts, c, set('view_rotation_speed', 40));
    expect((await read(c, 'getusermeta', { opts: 'view_rotation_speed' })).body).toBe(10);
  });
});

describe('addview and getviewbynum', () => {
  const add = (title: string, url: string) => formSend('POST', 'ajaxhelper.php', { cmd: 'addview', title, url });
  /** Every new user starts with these three, so a fresh wallboard has something to rotate. */
  const DEFAULTS = [
    { title: 'Problems board', url: 'includes/components/pharos/problemsboard.php' },
    { title: 'Tactical overview', url: 'includes/page-home-main.php' },
    { title: 'Host groups', url: 'includes/components/xicore/status.php?show=hostgroups' },
  ];

  it('gives a new user the default views', async () => {
    const c = await loginAs(ts, 'newcomer');
    for (const [i, view] of DEFAULTS.entries()) expect((await read(c, 'getviewbynum', { opts: String(i) })).body).toEqual(view);
    expect((await read(c, 'getviewbynum', { opts: '3' })).body).toEqual(DEFAULTS[0]);
  });

  it('shows the default views in the reader\'s language until they are renamed; a view the user made stays as written', async () => {
    const c = await loginAs(ts, 'leser');
    await sendOk(formSend('POST', 'api/v2/account/language', { language: 'de_DE' }), c);
    await sendOk(add('Problems board', 'includes/components/xicore/status.php?show=services'), c);
    expect((await read(c, 'getviewbynum', { opts: '0' })).body).toEqual({ title: 'Problemübersicht', url: DEFAULTS[0]!.url });
    expect((await read(c, 'getviewbynum', { opts: '3' })).body).toEqual({ title: 'Problems board', url: 'includes/components/xicore/status.php?show=services' });
    const menu = JSON.stringify((await c.get('api/v2/app/menu')).body);
    for (const title of ['Problemübersicht', 'Taktische Übersicht', 'Hostgruppen']) expect(menu).toContain(`"${title}"`);
    const page = (await c.get('views/main.php')).text;
    expect(page).toContain('title="Taktische Übersicht">Taktische Übersicht</span>');
    expect(page).toContain('title="Problems board">Problems board</span>');
  });

    it('adds views after the defaults and walks them by index, wrapping around', async () => {
    const c = await loginAs(ts, 'rotator');
    const first = await sendOk(add('Hosts', '/nagiosxi/includes/components/xicore/status.php?show=hosts'), c);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id: expect.any(Number), title: 'Hosts', url: 'includes/components/xicore/status.php?show=hosts' });
    await sendOk(add('Vendor', 'https://www.example.com/status'), c);
    const at = async (i: number) => (await read(c, 'getviewbynum', { opts: String(i) })).body;
    expect(await at(3)).toEqual({ title: 'Hosts', url: 'includes/components/xicore/status.php?show=hosts' });
    expect(await at(4)).toEqual({ title: 'Vendor', url: 'https://www.example.com/status' });
    expect(await at(5)).toEqual(DEFAULTS[0]);
    expect(await at(-1)).toEqual(await at(4));
    expectBadRequest(await read(c, 'getviewbynum', { opts: 'one' }));
    expect((await read(new Client(ts.url), 'getviewbynum', { opts: '0' })).status).toBe(401);
  });

  it('refuses missing or long titles and unsafe addresses, adding nothing', async () => {
    const c = await loginAs(ts, 'viewbad');
    const bad: [string, string][] = [
      ['', 'https://example.com/'], ['x'.repeat(256), 'https://example.com/'], ['   ', 'https://example.com/'],
      ['JS', 'javascript:alert(1)'], ['Data', 'data:text/html,<script>alert(1)</script>'], ['Proto', '//evil.example/'],
      ['Outside', '/etc/passwd'], ['Climb', '/nagiosxi/../secret'], ['Empty', ''], ['Vb', 'vbscript:msgbox'],
    ];
    for (const [title, url] of bad) expectBadRequest(await sendOk(add(title, url), c));
    expectBadRequest(await sendOk(cmd('addview', { title: 'Via GET', url: 'https://example.com/' }), c));
    expect((await read(c, 'getviewbynum', { opts: '3' })).body).toEqual(DEFAULTS[0]);
  });

  it('keeps views across a restart', async () => {
    const c = await loginAs(ts, 'viewkeeper');
    await sendOk(add('Kept', 'admin/main.php'), c);
    ts = await ts.restart();
    admin = await adminClient(ts);
    const again = new Client(ts.url);
    await again.login('viewkeeper', USER_PASSWORD);
    expect((await read(again, 'getviewbynum', { opts: '3' })).body).toEqual({ title: 'Kept', url: 'admin/main.php' });
  });

  it('guards the write', async () => {
    const c = await loginAs(ts, 'viewguard');
    await expectWriteGuards(ts, c, add('Guarded', 'admin/main.php'));
    expect((await read(c, 'getviewbynum', { opts: '3' })).body).toEqual(DEFAULTS[0]);
  });
});

/** A GET as a browser sends it to this server under another name: `Host` names it, the connection goes to 127.0.0.1. */
function readVia(c: Client, host: string, pathAndQuery: string): Promise<{ status: number; text: string }> {
  const url = new URL(c.baseUrl + pathAndQuery);
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve, reject) => {
    http.get({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers: { host, cookie, accept: 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    }).on('error', reject);
  });
}

describe('views across the names of this server (issue 36)', () => {
  const add = (title: string, url: string) => formSend('POST', 'ajaxhelper.php', { cmd: 'addview', title, url });
  const port = () => new URL(ts.url).port;
  const viewAt = async (c: Client, host: string, i: number) =>
    JSON.parse((await readVia(c, host, `ajaxhelper.php?cmd=getviewbynum&opts=${i}`)).text) as { title: string; url: string };
  const myViews = async (c: Client, host: string) => {
    const menu = JSON.parse((await readVia(c, host, 'api/v2/app/menu')).text) as { views: { groups: { id: string; entries: { label: string; path: string }[] }[] } };
    return menu.views.groups.find((g) => g.id === 'myviews')!.entries.map((e) => [e.label, e.path]);
  };

  it('stores a page of this server added through one name relative to the base, so another name reads it as its own', async () => {
    const c = await loginAs(ts, 'twonames');
    // Add to My Views sends the frame's full address, under the name the browser used (Host: 127.0.0.1:port).
    const added = await sendOk(add('Hosts', `http://127.0.0.1:${port()}/nagiosxi/includes/components/xicore/status.php?show=hosts#top`), c);
    expect(added.body).toEqual({ id: expect.any(Number), title: 'Hosts', url: 'includes/components/xicore/status.php?show=hosts#top' });
    // The same through a TLS proxy on another port, and another site's address, which stays as written.
    await sendOk(add('Proxied', 'https://localhost:18800/nagiosxi/includes/page-home-main.php'), c);
    await sendOk(add('Other site', 'https://monitor.example.com/nagiosxi/includes/page-home-main.php'), c);
    const localhost = `localhost:${port()}`;
    expect(await viewAt(c, localhost, 3)).toEqual({ title: 'Hosts', url: 'includes/components/xicore/status.php?show=hosts#top' });
    expect(await viewAt(c, localhost, 4)).toEqual({ title: 'Proxied', url: 'includes/page-home-main.php' });
    expect(await viewAt(c, localhost, 5)).toEqual({ title: 'Other site', url: 'https://monitor.example.com/nagiosxi/includes/page-home-main.php' });
    expect((await myViews(c, localhost)).slice(3)).toEqual([
      ['Hosts', 'includes/components/xicore/status.php?show=hosts#top'], ['Proxied', 'includes/page-home-main.php'],
      ['Other site', 'https://monitor.example.com/nagiosxi/includes/page-home-main.php'],
    ]);
  });

  it('reads views stored earlier with an address of this server relative to the base, under any name; others stay absolute', async () => {
    const c = await loginAs(ts, 'oldviews');
    const user = (await findUserByName(ts.server.ctx.store, 'oldviews'))!;
    // As releases before issue 36 stored them: the full address under whatever name the browser used.
    await addView(ts.server.ctx.store, user.id, 'Via proxy', 'https://127.0.0.1:18800/nagiosxi/includes/components/xicore/status.php?show=services');
    await addView(ts.server.ctx.store, user.id, 'Via its name', 'https://pharos.example.com/nagiosxi/includes/page-home-main.php');
    await addView(ts.server.ctx.store, user.id, 'Other path', `http://127.0.0.1:${port()}/nagios/cgi-bin/status.cgi`);
    await addView(ts.server.ctx.store, user.id, 'With a password', `http://user:secret@127.0.0.1:${port()}/nagiosxi/admin/main.php`);
    const viaLocalhost = await myViews(c, `localhost:${port()}`);
    expect(viaLocalhost.slice(3)).toEqual([
      ['Via proxy', 'includes/components/xicore/status.php?show=services'],
      // Not a name this server can know as its own, unless the request itself uses it.
      ['Via its name', 'https://pharos.example.com/nagiosxi/includes/page-home-main.php'],
      ['Other path', `http://127.0.0.1:${port()}/nagios/cgi-bin/status.cgi`],
      ['With a password', `http://user:secret@127.0.0.1:${port()}/nagiosxi/admin/main.php`],
    ]);
    expect((await myViews(c, 'pharos.example.com'))[4]).toEqual(['Via its name', 'includes/page-home-main.php']);
    expect(await viewAt(c, `localhost:${port()}`, 3)).toEqual({ title: 'Via proxy', url: 'includes/components/xicore/status.php?show=services' });
    const page = await readVia(c, `localhost:${port()}`, 'views/main.php');
    expect(page.text).toContain('<a class="button secondary" href="/nagiosxi/includes/components/xicore/status.php?show=services">');
  });
});

describe('getxicoreajax tray alert', () => {
  const tray = (c: Client) => read(c, 'getxicoreajax', { opts: JSON.stringify({ func: 'get_tray_alert_html' }), nsp: c.nsp });

  it('says No Problems Detected when everything is fine or handled', async () => {
    snapshot.hosts = [host('web1', 0), host('db1', 1, { problem_acknowledged: 1 }), host('mail', 2, { scheduled_downtime_depth: 1 })];
    snapshot.services = [service('web1', 'HTTP', 0), service('web1', 'Disk', 2, { problem_acknowledged: 1 }), service('db1', 'MySQL', 2)];
    const res = await tray(admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toMatch(/^<div class="tray-alert" title="No Problems Detected">/);
  });

  it('counts unhandled host problems and service problems on UP hosts', async () => {
    snapshot.hosts = [host('web1', 0), host('web2', 0), host('db1', 1), host('db2', 2)];
    snapshot.services = [
      service('web1', 'HTTP', 2), service('web1', 'Load', 1), service('web2', 'Disk', 3), service('web2', 'Ping', 0),
      service('db1', 'MySQL', 2), service('web2', 'Swap', 2, { scheduled_downtime_depth: 2 }),
    ];
    const res = await tray(admin);
    expect(res.text).toContain('title="2 Unhandled Host Problems, 3 Unhandled Service Problems"');
    expect(res.text).not.toContain('No Problems Detected');
    snapshot.hosts = [host('web1', 1)];
    snapshot.services = [];
    expect((await tray(admin)).text).toContain('title="1 Unhandled Host Problem"');
  });

  it('refuses unknown functions and needs a session', async () => {
    expectBadRequest(await read(admin, 'getxicoreajax', { opts: JSON.stringify({ func: 'phpinfo' }) }));
    expectBadRequest(await read(admin, 'getxicoreajax', { opts: 'get_tray_alert_html' }));
    expect((await tray(new Client(ts.url))).status).toBe(401);
  });
});
