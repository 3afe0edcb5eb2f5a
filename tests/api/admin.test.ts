import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { adminClient, expectBadRequest, expectWriteGuards, formSend, loginAs, querySend, sendOk, USER_PASSWORD } from './writeGuards.js';
import type { LicenseState } from '../../src/lib/apiTypes.js';

interface UserRecord { id: number; username: string; isAdmin: boolean; isAuthorizedForMonitoringSystem: boolean; canConfigureObjects: boolean; canAccessCCM: boolean; canAutoDeploy: boolean; theme: string; language: string; disabled: boolean }
interface BannerRecord { id: number; message: string; color: string; acknowledgeable: boolean; active: boolean; created_at: number }

let { ts, admin } = useTestServer();

const api = 'api/v2/admin/';
const users = async () => (await admin.get<UserRecord[]>(`${api}users`)).body;
const userNamed = async (name: string) => (await users()).find((u) => u.username === name);
const license = async () => (await admin.get<LicenseState>(`${api}license`)).body;
const banners = async () => (await admin.get<BannerRecord[]>(`${api}banners`)).body;
const canLogin = async (username: string, password: string) =>
  (await new Client(ts.url).request('POST', 'login.php', { form: { username, password } })).status === 303;

describe('access', () => {
  it('answers 401 without a session and 403 to non-administrators, for reads and writes', async () => {
    const anonymous = new Client(ts.url);
    const user = await loginAs(ts, 'nonadmin', { canAccessCCM: true, canConfigureObjects: true });
    for (const p of ['users', 'license', 'banners', 'branding', 'update']) {
      expect((await anonymous.get(`${api}${p}`)).status).toBe(401);
      expectBadRequest(await user.get(`${api}${p}`), 403);
    }
    expectBadRequest(await sendOk(formSend('POST', `${api}users`, { username: 'sneaky', password: 'long-enough', isAdmin: '1' }), user), 403);
    expectBadRequest(await sendOk(formSend('PUT', `${api}license`, { is_enterprise_license: '1' }), user), 403);
    expectBadRequest(await sendOk(formSend('POST', `${api}banners`, { message: 'x', color: 'info' }), user), 403);
    expectBadRequest(await sendOk(formSend('PUT', `${api}branding`, { hide_about: '1' }), user), 403);
    expect(await userNamed('sneaky')).toBeUndefined();
    expect((await license()).is_enterprise_license).toBe(false);
  });
});

describe('users', () => {
  it('lists users with their flags', async () => {
    const list = await users();
    expect(list.find((u) => u.username === 'nagiosadmin')).toEqual({
      id: expect.any(Number), username: 'nagiosadmin', isAdmin: true, isAuthorizedForMonitoringSystem: true, canConfigureObjects: true,
      canAccessCCM: true, canAutoDeploy: true, theme: 'neptune', language: 'en_US', disabled: false,
    });
    expect(JSON.stringify(list)).not.toContain('scrypt');
  });

  it('creates a user with each permission flag, who can then log in', async () => {
    const flags = ['isAdmin', 'isAuthorizedForMonitoringSystem', 'canConfigureObjects', 'canAccessCCM', 'canAutoDeploy'] as const;
    for (const flag of flags) {
      const res = await sendOk(formSend('POST', `${api}users`, { username: `only-${flag}`, password: 'flag-password', [flag]: '1' }), admin);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject(Object.fromEntries(flags.map((f) => [f, f === flag])));
      // One administrator only, so the last-administrator rules below have something to protect.
      await sendOk(querySend('DELETE', `${api}users`, { id: String((res.body as UserRecord).id) }), admin);
    }
    const res = await sendOk(formSend('POST', `${api}users`, { username: 'ops', password: 'ops-password', isAuthorizedForMonitoringSystem: '1', canAutoDeploy: '1' }), admin);
    expect(res.body).toMatchObject({ username: 'ops', isAdmin: false, isAuthorizedForMonitoringSystem: true, canConfigureObjects: false, canAccessCCM: false, canAutoDeploy: true });
    expect(await canLogin('ops', 'ops-password')).toBe(true);
  });

  it('refuses bad or duplicate users, creating nothing', async () => {
    const before = (await users()).length;
    const bad: [Record<string, string>, number][] = [
      [{ username: '', password: 'long-enough' }, 400], [{ username: 'bad name', password: 'long-enough' }, 400],
      [{ username: 'short', password: 'short' }, 400], [{ username: 'flag', password: 'long-enough', isAdmin: 'maybe' }, 400],
      [{ username: 'typo', password: 'long-enough', isAdmn: '1' }, 400], [{ username: 'NagiosAdmin', password: 'long-enough' }, 409],
    ];
    for (const [form, status] of bad) expectBadRequest(await sendOk(formSend('POST', `${api}users`, form), admin), status);
    expect((await users()).length).toBe(before);
  });

  it('updates flags and passwords', async () => {
    await sendOk(formSend('POST', `${api}users`, { username: 'changer', password: 'first-password' }), admin);
    const id = (await userNamed('changer'))!.id;
    const res = await sendOk(formSend('PUT', `${api}users`, { id: String(id), canAccessCCM: '1', password: 'second-password' }), admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'changer', canAccessCCM: true, isAdmin: false });
    expect(await canLogin('changer', 'second-password')).toBe(true);
    expect(await canLogin('changer', 'first-password')).toBe(false);
    for (const [form, status] of [[{ id: String(id) }, 400], [{ id: String(id), password: 'short' }, 400], [{ id: '999999', isAdmin: '1' }, 404],
      [{ id: 'x', isAdmin: '1' }, 400], [{ id: String(id), canAutoDeploy: 'yes' }, 400]] as [Record<string, string>, number][]) {
      expectBadRequest(await sendOk(formSend('PUT', `${api}users`, form), admin), status);
    }
    expect(await userNamed('changer')).toMatchObject({ canAccessCCM: true, canAutoDeploy: false });
  });

  it('never removes the last administrator', async () => {
    const me = (await userNamed('nagiosadmin'))!;
    expectBadRequest(await sendOk(formSend('PUT', `${api}users`, { id: String(me.id), isAdmin: '0' }), admin), 409);
    expectBadRequest(await sendOk(querySend('DELETE', `${api}users`, { id: String(me.id) }), admin), 409);
    expect((await userNamed('nagiosadmin'))?.isAdmin).toBe(true);
    await sendOk(formSend('POST', `${api}users`, { username: 'second', password: 'second-admin', isAdmin: '1' }), admin);
    const second = (await userNamed('second'))!;
    const res = await sendOk(formSend('PUT', `${api}users`, { id: String(second.id), isAdmin: '0' }), admin);
    expect(res.status).toBe(200);
  });

  it('sets theme, language and disabled by the rules of Manage Users; a disabled user cannot log in', async () => {
    const made = await sendOk(formSend('POST', `${api}users`, { username: 'profiled', password: 'profile-password', theme: 'neptunelight', language: 'de_DE' }), admin);
    expect(made.body).toMatchObject({ username: 'profiled', theme: 'neptunelight', language: 'de_DE', disabled: false });
    const id = String((made.body as UserRecord).id);
    for (const form of [{ id, theme: 'hotpink' }, { id, language: 'xx_XX' }, { id, disabled: 'perhaps' }] as Record<string, string>[]) {
      expectBadRequest(await sendOk(formSend('PUT', `${api}users`, form), admin));
    }
    expect((await sendOk(formSend('PUT', `${api}users`, { id, disabled: '1' }), admin)).body).toMatchObject({ disabled: true, theme: 'neptunelight' });
    expect(await canLogin('profiled', 'profile-password')).toBe(false);
    const me = String((await userNamed('nagiosadmin'))!.id);
    expectBadRequest(await sendOk(formSend('PUT', `${api}users`, { id: me, disabled: '1' }), admin), 409);
    expect((await sendOk(formSend('PUT', `${api}users`, { id, disabled: '0' }), admin)).body).toMatchObject({ disabled: false });
    expect(await canLogin('profiled', 'profile-password')).toBe(true);
    expectBadRequest(await sendOk(formSend('PUT', `${api}users`, { id, username: 'NagiosAdmin' }), admin), 409);
    expect((await sendOk(formSend('PUT', `${api}users`, { id, username: 'renamed' }), admin)).body).toMatchObject({ id: Number(id), username: 'renamed' });
    expect(await canLogin('renamed', 'profile-password')).toBe(true);
  });

  it('deletes users', async () => {
    await sendOk(formSend('POST', `${api}users`, { username: 'leaver', password: 'leaver-password' }), admin);
    const id = (await userNamed('leaver'))!.id;
    const res = await sendOk(querySend('DELETE', `${api}users`, { id: String(id) }), admin);
    expect(res.body).toEqual({ id, deleted: true });
    expect(await userNamed('leaver')).toBeUndefined();
    expectBadRequest(await sendOk(querySend('DELETE', `${api}users`, { id: String(id) }), admin), 404);
    expectBadRequest(await sendOk(querySend('DELETE', `${api}users`, {}), admin));
  });

  it('guards every user write', async () => {
    await sendOk(formSend('POST', `${api}users`, { username: 'target', password: 'target-password' }), admin);
    const id = String((await userNamed('target'))!.id);
    await expectWriteGuards(ts, admin, formSend('POST', `${api}users`, { username: 'guarded', password: 'guarded-password' }));
    await expectWriteGuards(ts, admin, formSend('PUT', `${api}users`, { id, isAdmin: '1' }));
    await expectWriteGuards(ts, admin, querySend('DELETE', `${api}users`, { id }));
    expect(await userNamed('guarded')).toBeUndefined();
    expect(await userNamed('target')).toMatchObject({ isAdmin: false });
  });
});

describe('license', () => {
  it('changes any subset of fields', async () => {
    const res = await sendOk(formSend('PUT', `${api}license`, { is_free_license: '1', enterprise_days_left: '7', product_name: 'Pharos Free' }), admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_free_license: true, enterprise_days_left: 7, product_name: 'Pharos Free', is_license_activated: true });
    expect(await license()).toEqual(res.body);
  });

  it('accepts a JSON body with real booleans and numbers', async () => {
    const res = await admin.request('PUT', `${api}license`, { json: { nsp: admin.nsp, is_trial_license: true, trial_days_left: 20 } });
    expect(res.status).toBe(200);
    expect(await license()).toMatchObject({ is_trial_license: true, trial_days_left: 20 });
  });

  it('refuses unknown fields, wrong types and empty changes, storing nothing', async () => {
    const before = await license();
    for (const form of [{ is_free_license: '0', bogus: '1' }, { is_free_license: 'perhaps' }, { trial_days_left: '-1' }, { trial_days_left: 'ten' },
      { trial_days_left: '1.5' }, { product_name: '' }, { product_name: 'x'.repeat(101) }, {}] as Record<string, string>[]) {
      expectBadRequest(await sendOk(formSend('PUT', `${api}license`, form), admin));
    }
    expect(await license()).toEqual(before);
  });

  it('guards the write', async () => {
    const before = await license();
    await expectWriteGuards(ts, admin, formSend('PUT', `${api}license`, { is_license_exceeded: '1' }));
    expect(await license()).toEqual(before);
  });
});

describe('banners', () => {
  it('adds, lists and removes banners; users see them through the banner helper', async () => {
    const res = await sendOk(formSend('POST', `${api}banners`, { message: 'Patch day', color: 'warning', acknowledgeable: '0' }), admin);
    expect(res.status).toBe(200);
    const banner = res.body as BannerRecord;
    expect(banner).toEqual({ id: expect.any(Number), message: 'Patch day', color: 'warning', acknowledgeable: false, active: true, created_at: expect.any(Number) });
    expect(await banners()).toContainEqual(banner);
    const user = await loginAs(ts, 'bannerreader');
    const shown = await user.get<{ msg_id: string }[]>('admin/banner_message-ajaxhelper.php?action=retrieve_active_banner_messages');
    expect(shown.body.map((b) => b.msg_id)).toContain(String(banner.id));
    expect((await sendOk(querySend('DELETE', `${api}banners`, { id: String(banner.id) }), admin)).body).toEqual({ id: banner.id, deleted: true });
    expect((await banners()).map((b) => b.id)).not.toContain(banner.id);
    expectBadRequest(await sendOk(querySend('DELETE', `${api}banners`, { id: String(banner.id) }), admin), 404);
  });

  it('refuses bad banners, adding nothing', async () => {
    const before = (await banners()).length;
    for (const form of [{ message: '', color: 'info' }, { message: 'x', color: 'purple' }, { message: 'x' }, { message: 'm'.repeat(1001), color: 'info' },
      { message: 'x', color: 'info', acknowledgeable: 'sometimes' }, { message: 'x', color: 'info', extra: '1' }] as Record<string, string>[]) {
      expectBadRequest(await sendOk(formSend('POST', `${api}banners`, form), admin));
    }
    expect((await banners()).length).toBe(before);
  });

  it('guards every banner write', async () => {
    const { id } = (await sendOk(formSend('POST', `${api}banners`, { message: 'Stay', color: 'info' }), admin)).body as BannerRecord;
    const before = await banners();
    await expectWriteGuards(ts, admin, formSend('POST', `${api}banners`, { message: 'Guarded', color: 'info' }));
    await expectWriteGuards(ts, admin, querySend('DELETE', `${api}banners`, { id: String(id) }));
    expect(await banners()).toEqual(before);
  });
});

describe('branding and update', () => {
  it('changes branding fields and refuses unknown or mistyped ones', async () => {
    const res = await sendOk(formSend('PUT', `${api}branding`, { copyright: 'ACME Corp', hide_legal: '1' }), admin);
    expect(res.body).toEqual({ copyright: 'ACME Corp', hide_about: false, hide_legal: true, hide_footer_left: false });
    expect((await admin.get('api/v2/product/branding')).body).toEqual(res.body);
    for (const form of [{ logo: 'x.png' }, { hide_about: 'sure' }, { copyright: '' }, {}] as Record<string, string>[]) {
      expectBadRequest(await sendOk(formSend('PUT', `${api}branding`, form), admin));
    }
    await expectWriteGuards(ts, admin, formSend('PUT', `${api}branding`, { hide_about: '1' }));
    expect((await admin.get('api/v2/product/branding')).body).toEqual(res.body);
  });

  it('records update check results and refuses bad ones', async () => {
    const res = await sendOk(formSend('PUT', `${api}update`, { latest_version: '9.9.9', update_url: 'https://updates.example/' }), admin);
    expect(res.status).toBe(200);
    for (const form of [{ latest_version: 'latest' }, { update_url: 'javascript:alert(1)' }, { hide_updates: 'x' }, { channel: 'beta' }] as Record<string, string>[]) {
      expectBadRequest(await sendOk(formSend('PUT', `${api}update`, form), admin));
    }
    await expectWriteGuards(ts, admin, formSend('PUT', `${api}update`, { latest_version: '1.0.0' }));
    expect((await admin.get(`${api}update`)).body).toMatchObject({ latest_version: '9.9.9', update_url: 'https://updates.example/' });
  });
});

describe('persistence', () => {
  it('keeps users, licence, banners, branding and update results across a restart', async () => {
    const beforeLicense = await license();
    const beforeBanners = await banners();
    ts = await ts.restart();
    admin = await adminClient(ts);
    expect(await license()).toEqual(beforeLicense);
    expect(await banners()).toEqual(beforeBanners);
    expect((await admin.get('api/v2/product/branding')).body).toMatchObject({ copyright: 'ACME Corp', hide_legal: true });
    expect((await admin.get(`${api}update`)).body).toMatchObject({ latest_version: '9.9.9' });
    expect(await userNamed('ops')).toMatchObject({ canAutoDeploy: true });
    expect(await canLogin('changer', 'second-password')).toBe(true);
    expect(await canLogin('nagiosadmin', ADMIN_PASSWORD)).toBe(true);
    expect(await canLogin('nonadmin', USER_PASSWORD)).toBe(true);
  });
});
