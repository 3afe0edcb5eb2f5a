import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, setUserTheme } from '../../server/src/db/users.js';
import { hashPassword } from '../../server/src/auth/password.js';
import { Client, startTestServer, type TestServer } from './harness.js';
import { FakeSource } from './pagesFixture.js';

const PAGES = [
  'includes/page-home-main.php',
  ...['hosts', 'services', 'hostproblems', 'serviceproblems', 'hostgroups', 'servicegroups', 'comments', 'downtimes']
    .map((show) => `includes/components/xicore/status.php?show=${show}`),
  'includes/components/xicore/status.php?show=hostdetail&host=web01',
  'includes/components/xicore/status.php?show=servicedetail&host=web01&service=HTTP',
  'includes/components/xicore/status.php?show=hostgroups&hostgroup=web-servers',
  'includes/components/xicore/status.php?show=servicegroups&servicegroup=http',
  'admin/main.php', 'admin/sysstat.php', 'admin/sysstat.php?pageopt=monitoringengine', 'admin/license.php', 'admin/activate.php',
  'admin/users.php', 'admin/banners.php', 'account/main.php', 'views/main.php', 'dashboards/dashboard.php?id=home',
  'dashboards/dashboard.php?id=home&edit=1', 'dashboards/dashlet.php?dashboard=home&dashlet=home4', 'dashboards/dashlets.php',
  'dashboards/dashlets.php?type=problems', 'includes/components/pharos/problemsboard.php',
  'reports/statussummary.php', 'help/main.php', 'about/main.php', 'about/legal.php', 'about/license.php',
  'config/monitoringwizard.php', 'config/deployagent.php',
  ...['host', 'service', 'hostgroup', 'servicegroup'].map((type) => `includes/components/ccm/index.php?type=${type}`),
];

const GATED: [string, string][] = [
  ['admin/main.php', 'isAdmin'], ['admin/users.php', 'isAdmin'], ['admin/banners.php', 'isAdmin'], ['admin/license.php', 'isAdmin'],
  ['admin/sysstat.php', 'isAuthorizedForMonitoringSystem'], ['config/monitoringwizard.php', 'canConfigureObjects'],
  ['config/deployagent.php', 'canAutoDeploy'], ['includes/components/ccm/index.php?type=host', 'canAccessCCM'],
];

describe('classic pages: access', () => {
  let ts: TestServer;
  let admin: Client;
  beforeAll(async () => {
    ts = await startTestServer({}, undefined, new FakeSource());
    admin = new Client(ts.url);
    await admin.login();
  });
  afterAll(() => ts.close());

  it('answers every page with a themed HTML document for an administrator', async () => {
    for (const page of PAGES) {
      const res = await admin.get(page);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type'), page).toMatch(/^text\/html/);
      expect(res.text, page).toMatch(/<html lang="en" class="neptune">/);
      // No inline script anywhere; pages that refresh themselves load one file of ours.
      expect(res.text.replace(/<script src="\/nagiosxi\/includes\/js\/[a-z]+\.js" defer><\/script>/g, ''), page).not.toMatch(/<script/i);
    }
  });

  it('marks a page the wallboard frames (wall=1) as on a wall, and nothing else: the mark only sizes its text', async () => {
    for (const page of PAGES.slice(0, 8)) {
      const joint = page.includes('?') ? '&' : '?';
      expect((await admin.get(`${page}${joint}wall=1`)).text, page).toMatch(/<html lang="en" class="neptune" data-wall>/);
      for (const other of ['wall=0', 'wall=yes', 'wall=1&wall=1', 'wall=%22%3E%3Cscript%3E', 'walls=1']) {
        const res = await admin.get(`${page}${joint}${other}`);
        expect(res.status, `${page} ${other}`).toBe(200);
        expect(res.text, `${page} ${other}`).toMatch(/<html lang="en" class="neptune">/);
      }
    }
  });

  it('sends visitors without a session to the login page, keeping where they wanted to go', async () => {
    const anonymous = new Client(ts.url);
    for (const page of PAGES) {
      const res = await anonymous.get(page);
      expect(res.status, page).toBe(302);
      expect(res.headers.get('location'), page).toBe(`${new URL(ts.url).pathname}login.php?redirect=${encodeURIComponent(new URL(page, ts.url).pathname + new URL(page, ts.url).search)}`);
    }
  });

  it('refuses permission-gated pages to users without the flag and opens them with it', async () => {
    await createUser(ts.server.ctx.store, 'plain', hashPassword('plain-password-1'), {});
    const plain = new Client(ts.url);
    await plain.login('plain', 'plain-password-1');
    const withFlag = new Map<string, Client>();
    for (const [page, flag] of GATED) {
      const denied = await plain.get(page);
      expect(denied.status, page).toBe(403);
      expect(denied.text, page).toContain('Access Denied');
      let allowed = withFlag.get(flag);
      if (!allowed) {
        await createUser(ts.server.ctx.store, `u-${flag}`, hashPassword('flag-password-1'), { [flag]: true });
        allowed = new Client(ts.url);
        await allowed.login(`u-${flag}`, 'flag-password-1');
        withFlag.set(flag, allowed);
      }
      expect((await allowed.get(page)).status, page).toBe(200);
    }
  });

  it('renders pages in the theme stored for the user', async () => {
    const lighty = await createUser(ts.server.ctx.store, 'lighty', hashPassword('light-password-1'), {});
    await setUserTheme(ts.server.ctx.store, lighty.id, 'neptunelight');
    const c = new Client(ts.url);
    await c.login('lighty', 'light-password-1');
    expect((await c.get('help/main.php')).text).toContain('<html lang="en" class="neptunelight">');
  });

  it('answers unknown views, hosts and services with a 404 page and bad parameters without a 500', async () => {
    const notFound = ['show=nonsense', 'show=hostdetail&host=nope', 'show=servicedetail&host=web01&service=nope', 'show=hostgroups&hostgroup=nope'];
    for (const q of notFound) {
      const res = await admin.get(`includes/components/xicore/status.php?${q}`);
      expect(res.status, q).toBe(404);
      expect(res.text, q).toContain('Not Found');
    }
    expect((await admin.get('dashboards/dashboard.php?id=nope')).status).toBe(404);
    const odd = ['show=services&page=-1', 'show=services&records=abc', 'show=hosts&page=abc&records=-5', 'show=services&sort=bogus&order=sideways',
      'show=services&page=99999', 'show=services&page=999999999999&records=500', 'show=services&state=1&state=2&page=1&page=2', 'show=services&show=hosts'];
    for (const q of odd) {
      expect((await admin.get(`includes/components/xicore/status.php?${q}`)).status, q).toBe(200);
    }
    // Malformed percent-encoding (%ff is no UTF-8) and NUL are refused by the input layer before any page sees them.
    for (const q of ['show=services&search=%00%3Cx%3E', 'show=services&search=%ff%3Cx%3E']) {
      const res = await admin.get<{ message: string }>(`includes/components/xicore/status.php?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message, q).toMatch(/control character|percent-encoding/);
    }
    const bad = await admin.get('includes/components/xicore/status.php?show=services&state=purple');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Unknown service state');
    expect((await admin.get('includes/components/xicore/status.php?show=hostdetail')).status).toBe(400);
    expect((await admin.get('includes/components/xicore/status.php?show=hostdetail&host=web01&host=db01')).status).toBe(400);
    expect((await admin.get('includes/components/ccm/index.php?type=contact')).status).toBe(400);
  });

  it('works with the demo fleet as the monitoring source', async () => {
    const demo = await startTestServer({ demoHosts: 20 });
    try {
      const c = new Client(demo.url);
      await c.login();
      for (const page of PAGES.filter((p) => !p.includes('web01') && !p.includes('web-servers') && !p.includes('servicegroup=http'))) {
        expect((await c.get(page)).status, page).toBe(200);
      }
    } finally {
      await demo.close();
    }
  });
});
