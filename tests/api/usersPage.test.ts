import { describe, expect, it } from 'vitest';
import { findUserByName, listUsers, setUserLanguage } from '../../server/src/db/users.js';
import { listAudit } from '../../server/src/db/auditLog.js';
import { addFavorite } from '../../server/src/db/favorites.js';
import { insertDefaultDashboards } from '../../server/src/db/dashboards.js';
import { Client, type Reply } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { loginAs, USER_PASSWORD } from './writeGuards.js';

/** Issue 38: Manage Users (admin/users.php) adds, edits, disables, enables and deletes users, for administrators only. */
const { ts, admin } = useTestServer();
const PAGE = 'admin/users.php';
const origin = () => new URL(ts.url).origin;

/** A form post as the browser sends it from the page: the session's nsp and this server as its origin. */
const send = (client: Client, form: Record<string, string>): Promise<Reply> =>
  client.post(PAGE, { nsp: client.nsp, ...form }, { headers: { origin: origin() }, xsrf: false });
const user = (name: string) => findUserByName(ts.server.ctx.store, name);
const canLogin = async (username: string, password: string) =>
  (await new Client(ts.url).request('POST', 'login.php', { form: { username, password } })).status === 303;
const audited = async () => (await listAudit(ts.server.ctx.store, { action: 'write' }, 0, 50)).rows.map((r) => r.object);
const idOf = async (name: string) => String((await user(name))!.id);

describe('Manage Users', () => {
  it('lists every user with permissions, theme and language by name, not code', async () => {
    const page = (await admin.get(PAGE)).text;
    const row = /<tr><th scope="row">nagiosadmin<\/th>[\s\S]*?<\/tr>/.exec(page)![0];
    expect(row).toContain('<td data-label="Theme">Dark</td><td data-label="Language">English</td>');
    expect(row).not.toMatch(/>neptune<|>en_US</);
    expect(row).toContain('Active');
    expect(page).toContain('>Administrator</th>');
    expect(page).toContain('aria-label="Edit nagiosadmin"');
    expect(page).not.toContain('npm run admin');
  });

  it('adds a user from the form, who can then sign in; the change is in the audit log', async () => {
    const form = await admin.get(`${PAGE}?action=add`);
    expect(form.text).toContain('<option value="neptunelight">Light</option>');
    expect(form.text).toContain('<option value="de_DE">Deutsch</option>');
    const added = await send(admin, {
      action: 'add', username: 'operator1', password: 'operator-pass', password2: 'operator-pass',
      isAuthorizedForMonitoringSystem: '1', canConfigureObjects: '1', theme: 'neptunelight', language: 'de_DE',
    });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toContain('done=added&user=operator1');
    expect(await user('operator1')).toMatchObject({
      is_admin: 0, is_authorized_for_monitoring_system: 1, can_configure_objects: 1, can_access_ccm: 0, can_auto_deploy: 0,
      theme: 'neptunelight', language: 'de_DE', disabled: 0,
    });
    expect((await admin.get(`${PAGE}?done=added&user=operator1`)).text).toContain('The user &#39;operator1&#39; was added.');
    expect(await canLogin('operator1', 'operator-pass')).toBe(true);
    expect(await audited()).toContain("user 'operator1': created (monitoring, configure; theme neptunelight, language de_DE)");
  });

  it('refuses bad input in the form, naming the field and the rule, keeping what was typed and changing nothing', async () => {
    const before = await listUsers(ts.server.ctx.store);
    const typed = { action: 'add', isAdmin: '1', canAccessCCM: '1', theme: 'neptunecolorblind', language: 'en_US' };
    const cases: [Record<string, string>, number, string, string][] = [
      [{ username: '', password: 'long-enough', password2: 'long-enough' }, 400, 'username', 'The field &#39;username&#39; is required.'],
      [{ username: 'NagiosAdmin', password: 'long-enough', password2: 'long-enough' }, 409, 'username',
        'A user named &#39;NagiosAdmin&#39; already exists.'],
      [{ username: 'weak', password: 'short', password2: 'short' }, 400, 'password',
        'The field &#39;password&#39; must be at least 8 characters.'],
      [{ username: 'typo', password: 'long-enough', password2: 'long-enougj' }, 400, 'password2',
        'The passwords do not match: type the same password in both fields.'],
      [{ username: 'themed', password: 'long-enough', password2: 'long-enough', theme: 'hotpink' }, 400, 'theme',
        'The field &#39;theme&#39; must be one of: neptune (Dark), neptunelight (Light)'],
    ];
    for (const [fields, status, field, message] of cases) {
      const res = await send(admin, { ...typed, ...fields });
      expect(res.status, field).toBe(status);
      expect(res.text).toContain(message);
      expect(res.text).toContain('The user was not added.');
      expect(res.text).toMatch(new RegExp(`id="user-${field}" name="${field}"[^>]* aria-invalid="true" aria-describedby="user-error`));
      expect(res.text).toContain(`value="${fields.username}"`);
      expect(res.text).toMatch(/id="user-isAdmin" name="isAdmin" value="1" checked/);
      expect(res.text).toMatch(/id="user-canConfigureObjects" name="canConfigureObjects" value="1"(?! checked)/);
      expect(res.text).not.toContain('long-enough');
    }
    expect(await listUsers(ts.server.ctx.store)).toEqual(before);
  });

  it('refuses a post without the session token or from another site', async () => {
    const form = { action: 'add', username: 'forged', password: 'forged-pass', password2: 'forged-pass', isAdmin: '1' };
    const noNsp = await admin.post(PAGE, form, { headers: { origin: origin() }, xsrf: false });
    const wrongNsp = await admin.post(PAGE, { ...form, nsp: 'wrong' }, { headers: { origin: origin() }, xsrf: false });
    const foreign = await admin.post(PAGE, { ...form, nsp: admin.nsp }, { headers: { origin: 'https://evil.example' }, xsrf: false });
    expect([noNsp.status, wrongNsp.status, foreign.status]).toEqual([403, 403, 403]);
    expect(await user('forged')).toBeUndefined();
  });

  it('edits permissions, theme, language and password; a new password ends the user\'s sessions', async () => {
    const client = await loginAs(ts, 'editee', { isAuthorizedForMonitoringSystem: true });
    const id = await idOf('editee');
    const form = (await admin.get(`${PAGE}?action=edit&id=${id}`)).text;
    expect(form).toContain('<h1>Edit user editee</h1>');
    expect(form).toMatch(/name="isAuthorizedForMonitoringSystem" value="1" checked/);
    const saved = await send(admin, {
      action: 'edit', id, username: 'editee', isAuthorizedForMonitoringSystem: '1', canAccessCCM: '1', theme: 'neptunecolorblind',
      language: 'de_DE', password: 'a-new-password', password2: 'a-new-password',
    });
    expect(saved.status).toBe(303);
    expect(await user('editee')).toMatchObject({ can_access_ccm: 1, theme: 'neptunecolorblind', language: 'de_DE' });
    expect((await client.get('api/v2/account/auth')).status).toBe(401);
    expect(await canLogin('editee', USER_PASSWORD)).toBe(false);
    expect(await canLogin('editee', 'a-new-password')).toBe(true);
    expect(await audited()).toContain("user 'editee': ccm granted, password set, theme neptunecolorblind, language de_DE");

    const same = await send(admin, {
      action: 'edit', id, username: 'editee', isAuthorizedForMonitoringSystem: '1', canAccessCCM: '1', theme: 'neptunecolorblind',
      language: 'de_DE',
    });
    expect(same.headers.get('location')).toContain('done=unchanged');
    const weak = await send(admin, { action: 'edit', id, username: 'editee', theme: 'neptune', language: 'en_US', password: 'short', password2: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.text).toContain('The user was not changed.');
    expect(weak.text).toContain('<option value="neptune" selected>Dark</option>');
    expect(await user('editee')).toMatchObject({ can_access_ccm: 1, theme: 'neptunecolorblind' });
  });

  it('renames a user, who then signs in with the new name; a name taken by another, in any case, is refused', async () => {
    const client = await loginAs(ts, 'typo-name', { isAuthorizedForMonitoringSystem: true });
    const id = await idOf('typo-name');
    const fields = { action: 'edit', id, isAuthorizedForMonitoringSystem: '1', theme: 'neptune', language: 'en_US' };
    const taken = await send(admin, { ...fields, username: 'NAGIOSADMIN' });
    expect(taken.status).toBe(409);
    expect(taken.text).toContain('A user named &#39;NAGIOSADMIN&#39; already exists.');
    expect(taken.text).toMatch(/id="user-username" name="username"[^>]* value="NAGIOSADMIN" aria-invalid="true"/);
    const blank = await send(admin, { ...fields, username: '' });
    expect(blank.text).toContain('The field &#39;username&#39; is required.');
    expect((await user('typo-name'))?.id).toBe(Number(id));

    const renamed = await send(admin, { ...fields, username: 'right-name' });
    expect(renamed.headers.get('location')).toContain('done=saved&user=right-name');
    expect(await user('typo-name')).toBeUndefined();
    expect(await canLogin('right-name', USER_PASSWORD)).toBe(true);
    // A rename alone does not sign anyone out.
    expect((await client.get('api/v2/account/auth')).body).toMatchObject({ username: 'right-name' });
    expect(await audited()).toContain("user 'typo-name': renamed to 'right-name'");
  });

  it('disables a user, who is signed out and cannot sign in, and enables them again', async () => {
    const client = await loginAs(ts, 'leaving', { isAuthorizedForMonitoringSystem: true });
    const id = await idOf('leaving');
    expect((await send(admin, { action: 'disable', id })).status).toBe(303);
    expect((await admin.get(`${PAGE}?done=disabled&user=leaving`)).text)
      .toContain('&#39;leaving&#39; is disabled: they cannot sign in, and their sessions have ended.');
    expect((await client.get('api/v2/account/auth')).status).toBe(401);
    const refused = await new Client(ts.url).request('POST', 'login.php', { form: { username: 'leaving', password: USER_PASSWORD } });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('This account is disabled. Ask an administrator to enable it.');
    // Someone without the password learns nothing of it.
    const guess = await new Client(ts.url).request('POST', 'login.php', { form: { username: 'leaving', password: 'wrong-guess' } });
    expect(guess.text).toContain('Invalid username or password.');
    const row = /<tr><th scope="row">leaving<\/th>[\s\S]*?<\/tr>/.exec((await admin.get(PAGE)).text)![0];
    expect(row).toContain('Disabled');
    expect(row).toContain('aria-label="Enable leaving"');

    expect((await send(admin, { action: 'enable', id })).status).toBe(303);
    expect(await canLogin('leaving', USER_PASSWORD)).toBe(true);
    expect(await audited()).toEqual(expect.arrayContaining(["user 'leaving': disabled", "user 'leaving': enabled"]));
  });

  it('never disables, demotes or deletes the last administrator: a clear message and nothing changed', async () => {
    const id = await idOf('nagiosadmin');
    const before = await user('nagiosadmin');
    const disable = await send(admin, { action: 'disable', id });
    expect(disable.status).toBe(409);
    expect(disable.text).toContain('The last administrator cannot be disabled.');
    const remove = await send(admin, { action: 'delete', id });
    expect(remove.status).toBe(409);
    expect(remove.text).toContain('The last administrator cannot be deleted.');
    const demote = await send(admin, { action: 'edit', id, username: 'nagiosadmin', isAuthorizedForMonitoringSystem: '1', theme: 'neptune', language: 'en_US' });
    expect(demote.status).toBe(409);
    expect(demote.text).toContain('The last administrator must stay an administrator.');
    expect(demote.text).toMatch(/id="user-isAdmin" name="isAdmin" value="1" aria-invalid="true"/);
    expect(await user('nagiosadmin')).toEqual(before);
    expect((await admin.get('api/v2/account/auth')).status).toBe(200);
  });

  it('confirms a delete with what goes with the user, then deletes all of it', async () => {
    const client = await loginAs(ts, 'goner', { isAuthorizedForMonitoringSystem: true });
    const id = await idOf('goner');
    await addFavorite(ts.server.ctx.store, Number(id), 'Problems', 'x', 'maincontentframe');
    await insertDefaultDashboards(ts.server.ctx.store, Number(id), []);
    const confirm = (await admin.get(`${PAGE}?action=delete&id=${id}`)).text;
    expect(confirm).toContain('<h1>Delete user goner?</h1>');
    for (const item of ['3 views in My Views', '2 dashboards, with their dashlets', '1 favorite', '1 open session (signed out at once)',
      '0 paired displays showing their views']) expect(confirm).toContain(item);
    expect(confirm).toContain('This cannot be undone.');
    expect(await user('goner')).toBeDefined();

    expect((await send(admin, { action: 'delete', id })).status).toBe(303);
    expect(await user('goner')).toBeUndefined();
    expect((await client.get('api/v2/account/auth')).status).toBe(401);
    for (const table of ['views', 'dashboards', 'favorites', 'sessions'] as const) {
      const left = await ts.server.ctx.store.selectFrom(table).select('user_id').where('user_id', '=', Number(id)).execute();
      expect(left, table).toEqual([]);
    }
    expect(await audited()).toContain("user 'goner': deleted");
  });

  it('is for administrators only', async () => {
    const ops = await loginAs(ts, 'notadmin', { isAuthorizedForMonitoringSystem: true, canConfigureObjects: true });
    expect((await ops.get(PAGE)).status).toBe(403);
    const res = await send(ops, { action: 'add', username: 'sneaky', password: 'sneaky-pass', password2: 'sneaky-pass', isAdmin: '1' });
    expect(res.status).toBe(403);
    expect(await user('sneaky')).toBeUndefined();
  });

  it('reads in German for a German administrator', async () => {
    const me = (await user('nagiosadmin'))!;
    await setUserLanguage(ts.server.ctx.store, me.id, 'de_DE');
    try {
      const page = (await admin.get(PAGE)).text;
      expect(page).toContain('<h1>Benutzer verwalten</h1>');
      expect(page).toContain('Benutzer hinzufügen');
      expect(page).toContain('<td data-label="Design">Dunkel</td><td data-label="Sprache">English</td>');
      const refused = await send(admin, { action: 'add', username: 'x', password: 'kurz', password2: 'kurz', theme: 'neptune', language: 'en_US' });
      expect(refused.text).toContain('Der Benutzer wurde nicht hinzugefügt.');
    } finally {
      await setUserLanguage(ts.server.ctx.store, me.id, 'en_US');
    }
  });
});
