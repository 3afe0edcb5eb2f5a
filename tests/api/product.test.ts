import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { formSend, loginAs, querySend, sendOk } from './writeGuards.js';
import type { LicenseState } from '../../src/lib/apiTypes.js';

const { ts, admin } = useTestServer();

const packageVersion = (JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const setLicense = (form: Record<string, string>) => sendOk(formSend('PUT', 'api/v2/admin/license', form), admin);
const setSessionVar = (c: Client, key: string) =>
  sendOk(querySend('GET', 'ajaxhelper.php', { cmd: 'setsessionvars', opts: JSON.stringify({ [key]: 1 }) }), c);

describe('reads need a session', () => {
  it('answers 401 for every product call without one', async () => {
    for (const p of ['license', 'name', 'version', 'update', 'branding']) {
      expect((await new Client(ts.url).get(`api/v2/product/${p}`)).status).toBe(401);
    }
  });
});

describe('GET api/v2/product/license', () => {
  it('starts from the spec defaults: activated, everything else off, product Pharos', async () => {
    const res = await admin.get<LicenseState>('api/v2/product/license');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      is_invalid_license: false, is_enterprise_license: false, has_trialed_enterprise_features: false, is_trial_license: false,
      trial_notice_ignore: false, trial_days_left: 0, is_free_license: false, free_notice_ignored: false,
      is_25_year_celebration_license: false, promo_notice_ignored: false, is_core_services_platform_license: false,
      core_services_platform_notice_ignored: false, is_license_activated: true, is_license_exceeded: false,
      has_activation_key: false, is_enterprise_maintenance_expired: false, is_enterprise_trial: false,
      enterprise_days_left: 0, is_custom_branding: false, product_name: 'Pharos',
    });
  });

  it('shows what an administrator stored', async () => {
    await setLicense({ is_trial_license: '1', trial_days_left: '12' });
    const c = await loginAs(ts, 'reader');
    const body = (await c.get<LicenseState>('api/v2/product/license')).body;
    expect(body.is_trial_license).toBe(true);
    expect(body.trial_days_left).toBe(12);
    await setLicense({ is_trial_license: '0', trial_days_left: '0' });
  });

  it('overlays dismissed notices for the dismissing session only', async () => {
    const first = await loginAs(ts, 'dismisser');
    const second = new Client(ts.url);
    await second.login('dismisser', 'user-password-1');
    expect((await setSessionVar(first, 'ignore_trial_notice')).status).toBe(200);
    expect((await setSessionVar(first, 'ignore_free_notice')).status).toBe(200);
    const mine = (await first.get<LicenseState>('api/v2/product/license')).body;
    expect([mine.trial_notice_ignore, mine.free_notice_ignored, mine.promo_notice_ignored]).toEqual([true, true, false]);
    const theirs = (await second.get<LicenseState>('api/v2/product/license')).body;
    expect([theirs.trial_notice_ignore, theirs.free_notice_ignored]).toEqual([false, false]);
    expect((await admin.get<LicenseState>('api/v2/admin/license')).body.trial_notice_ignore).toBe(false);
  });

  it('lets the promo dismissal cover the core services platform notice too', async () => {
    const c = await loginAs(ts, 'promo');
    await setSessionVar(c, 'ignore_promo_notice');
    const body = (await c.get<LicenseState>('api/v2/product/license')).body;
    expect([body.promo_notice_ignored, body.core_services_platform_notice_ignored, body.trial_notice_ignore]).toEqual([true, true, false]);
  });
});

describe('name, version, update, branding', () => {
  it('names the product after the licence', async () => {
    expect((await admin.get('api/v2/product/name')).body).toEqual({ display_full_name: 'Pharos' });
    await setLicense({ product_name: 'Pharos Enterprise' });
    expect((await admin.get('api/v2/product/name')).body).toEqual({ display_full_name: 'Pharos Enterprise' });
    await setLicense({ product_name: 'Pharos' });
  });

  it('reports the version from package.json', async () => {
    expect((await admin.get('api/v2/product/version')).body).toEqual({ version: packageVersion });
  });

  it('reports no update until a newer release is recorded', async () => {
    const before = await admin.get('api/v2/product/update');
    expect(before.body).toEqual({
      update_url: expect.stringMatching(/^https:\/\//), recordcount: 0, hide_updates: false, lastUpdateCheckSucceeded: true, latest_version: packageVersion,
    });
    await sendOk(formSend('PUT', 'api/v2/admin/update', { latest_version: '99.0.0' }), admin);
    expect((await admin.get('api/v2/product/update')).body).toMatchObject({ recordcount: 1, latest_version: '99.0.0' });
    await sendOk(formSend('PUT', 'api/v2/admin/update', { latest_version: '0.0.1', last_check_succeeded: '0', hide_updates: '1' }), admin);
    expect((await admin.get('api/v2/product/update')).body).toMatchObject({ recordcount: 0, lastUpdateCheckSucceeded: false, hide_updates: true });
  });

  it('reports branding with its defaults', async () => {
    const res = await admin.get('api/v2/product/branding');
    expect(res.body).toEqual({ copyright: expect.any(String), hide_about: false, hide_legal: false, hide_footer_left: false });
  });
});
