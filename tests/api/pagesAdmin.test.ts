import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBanners } from '../../server/src/db/banners.js';
import { updateBranding } from '../../server/src/db/branding.js';
import { getLicense } from '../../server/src/db/license.js';
import { createUser, findUserByName, getUserMeta } from '../../server/src/db/users.js';
import { hashPassword } from '../../server/src/auth/password.js';
import { addView, listViews } from '../../server/src/db/views.js';
import { Client, startTestServer, type TestServer } from './harness.js';
import { FakeSource } from './pagesFixture.js';

describe('classic admin, account and content pages', () => {
  let ts: TestServer;
  let admin: Client;
  let origin: string;
  const send = (client: Client, page: string, form: Record<string, string>) =>
    client.post(page, { nsp: client.nsp, ...form }, { headers: { origin }, xsrf: false });

  beforeAll(async () => {
    ts = await startTestServer({}, undefined, new FakeSource());
    origin = new URL(ts.url).origin;
    admin = new Client(ts.url);
    await admin.login();
  });
  afterAll(() => ts.close());

  it('adds and removes announcement banners, keeping the input when it is invalid', async () => {
    const added = await send(admin, 'admin/banners.php', { action: 'add', message: 'Maintenance <tonight>', color: 'warning' });
    expect(added.status).toBe(303);
    const [banner] = await listBanners(ts.server.ctx.store);
    expect(banner).toMatchObject({ message: 'Maintenance <tonight>', color: 'warning', acknowledgeable: 0, active: 1 });
    const page = await admin.get('admin/banners.php?done=added');
    expect(page.text).toContain('Maintenance &lt;tonight&gt;');
    expect(page.text).toContain('The banner was added.');

    const invalid = await send(admin, 'admin/banners.php', { action: 'add', message: '   ', color: 'critical', acknowledgeable: '1' });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain('The field &#39;message&#39; is required.');
    expect(invalid.text).toContain('<option value="critical" selected>');

    expect((await send(admin, 'admin/banners.php', { action: 'remove', id: String(banner!.id) })).status).toBe(303);
    expect(await listBanners(ts.server.ctx.store)).toEqual([]);
    expect((await send(admin, 'admin/banners.php', { action: 'remove', id: String(banner!.id) })).status).toBe(404);
  });

  it('lets only administrators change banners and the licence', async () => {
    await createUser(ts.server.ctx.store, 'ops', hashPassword('ops-password-1'), { isAuthorizedForMonitoringSystem: true });
    const ops = new Client(ts.url);
    await ops.login('ops', 'ops-password-1');
    expect((await send(ops, 'admin/banners.php', { action: 'add', message: 'Hi', color: 'info' })).status).toBe(403);
    expect((await send(ops, 'admin/activate.php', { action: 'activate', key: 'ABCD-1234-EFGH' })).status).toBe(403);
    const activate = await ops.get('admin/activate.php');
    expect(activate.status).toBe(200);
    expect(activate.text).toContain('Ask an administrator');
    expect(await listBanners(ts.server.ctx.store)).toEqual([]);
    expect((await getLicense(ts.server.ctx.store)).has_activation_key).toBe(false);
  });

  it('enters and clears an activation key and shows every licence field', async () => {
    const bad = await send(admin, 'admin/license.php', { action: 'activate', key: 'no good!' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('An activation key is 8 to 64 letters, digits or dashes.');
    expect(bad.text).toContain('value="no good!"');

    expect((await send(admin, 'admin/activate.php', { action: 'activate', key: 'ABCD-1234-EFGH' })).status).toBe(303);
    expect(await getLicense(ts.server.ctx.store)).toMatchObject({ has_activation_key: true, is_license_activated: true });
    const page = await admin.get('admin/license.php');
    expect(page.text).toContain('A key ending in <strong>EFGH</strong>');
    expect(page.text).not.toContain('ABCD-1234-EFGH');
    for (const label of ['Product name', 'Trial days left', 'Enterprise trial days left', 'Custom branding']) expect(page.text).toContain(label);

    expect((await send(admin, 'admin/license.php', { action: 'clear' })).status).toBe(303);
    expect(await getLicense(ts.server.ctx.store)).toMatchObject({ has_activation_key: false, is_license_activated: false });
    expect((await admin.get('admin/activate.php')).text).toContain('Your license has not yet been activated.');
  });

  it('saves account settings and refuses values outside the lists', async () => {
    expect((await send(admin, 'account/main.php', { theme: 'neptunecolorblind', language: 'de_DE' })).status).toBe(303);
    const user = (await findUserByName(ts.server.ctx.store, 'nagiosadmin'))!;
    expect(user).toMatchObject({ theme: 'neptunecolorblind', language: 'de_DE' });
    expect(await getUserMeta(ts.server.ctx.store, user.id, 'show_login_alert_screen')).toBe('0');
    // The page after saving is in the language just chosen (issue 20: a language is the whole product).
    const page = await admin.get('account/main.php?done=saved');
    expect(page.text).toContain('<html lang="de" class="neptunecolorblind">');
    expect(page.text).toContain('Ihre Einstellungen wurden gespeichert.');
    expect(page.text).toMatch(/id="account-alerts" name="show_login_alerts" value="1">/);
    expect((await send(admin, 'account/main.php', { theme: 'neptunecolorblind', language: 'en_US' })).status).toBe(303);
    const english = await admin.get('account/main.php?done=saved');
    expect(english.text).toContain('<html lang="en" class="neptunecolorblind">');
    expect(english.text).toContain('Your settings were saved.');

    const bad = await send(admin, 'account/main.php', { theme: 'hotpink', language: 'en_US', show_login_alerts: '1' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Choose one of the listed themes.');
    expect(bad.text).toMatch(/name="show_login_alerts" value="1" checked>/);
    expect((await findUserByName(ts.server.ctx.store, 'nagiosadmin'))!.theme).toBe('neptunecolorblind');
    await send(admin, 'account/main.php', { theme: 'neptune', language: 'en_US', show_login_alerts: '1' });
  });

  it('lists My Views with links only for web addresses and removes them', async () => {
    const id = (await findUserByName(ts.server.ctx.store, 'nagiosadmin'))!.id;
    const good = await addView(ts.server.ctx.store, id, 'Problems', '/nagiosxi/includes/components/xicore/status.php?show=serviceproblems');
    await addView(ts.server.ctx.store, id, 'Evil', 'javascript:alert(1)');
    const page = (await admin.get('views/main.php')).text;
    expect(page).toContain('href="/nagiosxi/includes/components/xicore/status.php?show=serviceproblems"');
    expect(page).not.toContain('href="javascript:');
    expect(page).toContain('Not a web address');
    expect((await send(admin, 'views/main.php', { id: String(good.id) })).status).toBe(303);
    expect((await listViews(ts.server.ctx.store, id)).map((v) => v.title)).toEqual(['Problems board', 'Tactical overview', 'Host groups', 'Evil']);
  });

  it('renders a dashboard with its background colour, or an empty state', async () => {
    const home = await admin.get('dashboards/dashboard.php?id=home');
    expect(home.text).toContain('<h1>Home Dashboard</h1>');
    expect(home.text).toContain('background-color: #131b25');
    expect(home.text).toContain('<h2 id="dashlet-home1-title">Host status summary</h2>');
    expect((await admin.get('dashboards/dashboard.php?id=screen')).text).toContain('This dashboard has no dashlets yet.');
    const id = (await findUserByName(ts.server.ctx.store, 'nagiosadmin'))!.id;
    await ts.server.ctx.store.updateTable('dashboards').set({ background: 'ffffff', dashlets: JSON.stringify([{ title: 'Top <problems>', type: 'problems' }]) })
      .where('user_id', '=', id).where('id', '=', 'screen').execute();
    const screen = (await admin.get('dashboards/dashboard.php?id=screen')).text;
    expect(screen).toContain('background-color: #ffffff');
    expect(screen).toContain('class="dashboard on-light"');
    expect(screen).toContain('Top &lt;problems&gt;');
  });

  it('honours the branding switches on the about pages', async () => {
    expect((await admin.get('about/legal.php')).text).toContain('Third-party software');
    await updateBranding(ts.server.ctx.store, { hide_about: true, hide_legal: true });
    const about = (await admin.get('about/main.php')).text;
    expect(about).not.toContain('Copyright');
    expect(about).not.toContain('Legal Information');
    const legal = (await admin.get('about/legal.php')).text;
    expect(legal).not.toContain('Third-party software');
    await updateBranding(ts.server.ctx.store, { hide_about: false, hide_legal: false });
  });

  it('shows users with their flags and real counts on the configuration pages', async () => {
    const users = (await admin.get('admin/users.php')).text;
    expect(users).toContain('<th scope="row">nagiosadmin</th>');
    const wizard = (await admin.get('config/monitoringwizard.php')).text;
    expect(wizard).toContain('4 hosts');
    expect(wizard).toContain('<code>check_nrpe</code>');
    const ccm = (await admin.get('includes/components/ccm/index.php?type=service&name_filter=disk')).text;
    expect(ccm).toContain('Disk Usage');
    expect(ccm).not.toContain('>HTTP</a>');
    const engine = (await admin.get('admin/sysstat.php?pageopt=monitoringengine')).text;
    expect(engine).toContain('Program status toggles');
    expect(engine).toContain('4242');
  });
});
