import { describe, expect, it } from 'vitest';
import type { LicenseState } from '../lib/apiTypes';
import { DEFAULT_LICENSE } from '../features/shellData/shellData';
import { enterpriseNoticeDue, licenseNoticePossible } from './licenseGate';
import { chooseLicenseMessage, isEnterprisePage } from './licenseMessage';

const lic = (over: Partial<LicenseState>): LicenseState => ({ ...DEFAULT_LICENSE, product_name: 'Pharos XI', ...over });
const pick = (over: Partial<LicenseState>, page = 'includes/page-home-main.php') => chooseLicenseMessage(lic(over), page);

describe('licence banner choice (spec 4)', () => {
  it('shows nothing for an activated licence in good standing', () => {
    expect(pick({})).toBeUndefined();
  });
  it('warns about a trial ending within 60 days, dismissibly, and not when ignored or further away', () => {
    expect(pick({ is_trial_license: true, trial_days_left: 12 })).toMatchObject({ key: 'shell.license.trialExpires', severity: 'warning', dismiss: 'trial', vars: { days: 12 } });
    expect(pick({ is_trial_license: true, trial_days_left: 61 })).toBeUndefined();
    expect(pick({ is_trial_license: true, trial_days_left: 5, trial_notice_ignore: true })).toBeUndefined();
  });
  it('reports an expired trial as critical', () => {
    expect(pick({ is_trial_license: true, trial_days_left: 0 })).toMatchObject({ key: 'shell.license.trialExpired', severity: 'critical' });
  });
  it('puts exceeded limits before the free and promo notices', () => {
    expect(pick({ is_license_exceeded: true, is_free_license: true })).toMatchObject({ key: 'shell.license.exceeded', severity: 'critical' });
    expect(pick({ is_free_license: true })).toMatchObject({ key: 'shell.license.free', dismiss: 'free' });
    expect(pick({ is_free_license: true, free_notice_ignored: true })).toBeUndefined();
    expect(pick({ is_core_services_platform_license: true })).toMatchObject({ key: 'shell.license.promo', dismiss: 'promo', promo: true });
    expect(pick({ is_25_year_celebration_license: true, promo_notice_ignored: true })).toBeUndefined();
  });
  it('asks for re-activation only when an activation key exists', () => {
    expect(pick({ is_license_activated: false, has_activation_key: true })).toMatchObject({ key: 'shell.license.reactivate', links: ['activate'] });
    expect(pick({ is_license_activated: false })).toMatchObject({ key: 'shell.license.notActivated' });
  });
  it('shows the enterprise notices only on enterprise pages without an enterprise licence', () => {
    const page = 'reports/sla.php';
    expect(isEnterprisePage(page)).toBe(true);
    expect(pick({ is_enterprise_license: true }, page)).toBeUndefined();
    expect(pick({ is_enterprise_maintenance_expired: true }, page)).toMatchObject({ key: 'shell.license.maintenanceExpired', enterprise: true, links: ['contactSales'] });
    expect(pick({ is_enterprise_maintenance_expired: true, is_custom_branding: true }, page)).toMatchObject({ links: [] });
    expect(pick({ is_enterprise_trial: true, enterprise_days_left: 9 }, page)).toMatchObject({ severity: 'warning', vars: { days: 9 } });
    expect(pick({ has_trialed_enterprise_features: true }, page)).toMatchObject({ key: 'shell.license.featureTrialExpired', severity: 'critical' });
    expect(pick({}, page)).toMatchObject({ key: 'shell.license.enterpriseOffer', severity: 'info' });
  });
  it('hides sales links when branding is custom', () => {
    expect(pick({ is_trial_license: true, trial_days_left: 0, is_custom_branding: true })?.links).toEqual(['license']);
  });
});

describe('the first load\'s licence gate (issue 19)', () => {
  const FLAGS = [
    'is_enterprise_license', 'is_trial_license', 'trial_notice_ignore', 'is_free_license', 'free_notice_ignored', 'is_25_year_celebration_license',
    'promo_notice_ignored', 'is_core_services_platform_license', 'core_services_platform_notice_ignored', 'is_license_activated',
    'is_license_exceeded', 'has_activation_key',
  ] as const;

  it('lets through every licence and page the choice shows a notice for, each in its own banner', () => {
    for (const page of ['includes/page-home-main.php', 'reports/sla.php']) {
      for (let bits = 0; bits < 2 ** FLAGS.length; bits++) {
        for (const trial_days_left of [0, 12, 61]) {
          const license = lic({ trial_days_left, ...Object.fromEntries(FLAGS.map((flag, i) => [flag, (bits & (1 << i)) !== 0])) });
          const message = chooseLicenseMessage(license, page);
          expect(enterpriseNoticeDue(license, page)).toBe(message?.enterprise === true);
          if (message && !message.enterprise) expect(licenseNoticePossible(license, page)).toBe(true);
        }
      }
    }
    // 24,576 combinations: about a second on a quiet machine, over five on a loaded one.
  }, 30_000);

  it('keeps the notice code off the first load for a licence in good standing', () => {
    expect(licenseNoticePossible(lic({}), 'includes/page-home-main.php')).toBe(false);
    expect(licenseNoticePossible(lic({ is_enterprise_license: true }), 'reports/sla.php')).toBe(false);
    expect(enterpriseNoticeDue(lic({ is_enterprise_license: true }), 'reports/sla.php')).toBe(false);
  });
});
