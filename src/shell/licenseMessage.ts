import type { LicenseState } from '../lib/apiTypes';
import { enterpriseNoticeDue } from './licenseGate';

export { isEnterprisePage } from './licenseGate';

export type LicenseSeverity = 'info' | 'warning' | 'critical';
export type DismissKind = 'trial' | 'free' | 'promo';
export type LicenseLinkKind = 'license' | 'activate' | 'contactSales' | 'pricing' | 'upgrade' | 'enterpriseTrial' | 'enterpriseKey';

export interface LicenseMessage {
  /** i18n key of the message text; vars fill {{product}} and {{days}}. */
  key: string;
  severity: LicenseSeverity;
  vars: { product: string; days?: number };
  links: LicenseLinkKind[];
  /** Set when the notice can be dismissed: the session flag ignore_{kind}_notice. */
  dismiss?: DismissKind;
  /** Enterprise-feature notices are shown by the enterprise banner region, the rest by the licence banner. */
  enterprise: boolean;
  /** The special-edition promo, which also offers the personal-use terms dialog. */
  promo?: boolean;
}

/** Spec 4 "Licence banner message choice": one message, in the spec's order, or none. */
export function chooseLicenseMessage(license: LicenseState, pathNoBase: string): LicenseMessage | undefined {
  const product = license.product_name;
  const sales: LicenseLinkKind[] = license.is_custom_branding ? [] : ['contactSales'];
  if (enterpriseNoticeDue(license, pathNoBase)) {
    const base = { vars: { product }, enterprise: true };
    if (license.is_enterprise_maintenance_expired) return { ...base, key: 'shell.license.maintenanceExpired', severity: 'critical', links: sales };
    if (license.is_enterprise_trial) return { ...base, key: 'shell.license.enterpriseTrialDays', severity: 'warning', vars: { product, days: license.enterprise_days_left }, links: ['license'] };
    if (license.has_trialed_enterprise_features) return { ...base, key: 'shell.license.featureTrialExpired', severity: 'critical', links: ['enterpriseKey'] };
    return { ...base, key: 'shell.license.enterpriseOffer', severity: 'info', links: ['enterpriseTrial'] };
  }
  const plain = { vars: { product }, enterprise: false };
  if (license.is_trial_license) {
    const days = license.trial_days_left;
    if (days >= 1) {
      if (license.trial_notice_ignore || days > 60) return undefined;
      return { ...plain, key: 'shell.license.trialExpires', severity: 'warning', vars: { product, days }, links: ['license', ...(license.is_custom_branding ? [] : ['pricing' as const])], dismiss: 'trial' };
    }
    return { ...plain, key: 'shell.license.trialExpired', severity: 'critical', links: ['license', ...sales] };
  }
  if (license.is_license_activated) {
    if (license.is_license_exceeded) return { ...plain, key: 'shell.license.exceeded', severity: 'critical', links: ['license', ...sales] };
    if (license.is_free_license && !license.free_notice_ignored) {
      return { ...plain, key: 'shell.license.free', severity: 'info', links: license.is_custom_branding ? [] : ['upgrade'], dismiss: 'free' };
    }
    const promoShown = (license.is_25_year_celebration_license && !license.promo_notice_ignored)
      || (license.is_core_services_platform_license && !license.core_services_platform_notice_ignored);
    if (promoShown) return { ...plain, key: 'shell.license.promo', severity: 'info', links: license.is_custom_branding ? [] : ['upgrade'], dismiss: 'promo', promo: true };
    return undefined;
  }
  if (license.has_activation_key) return { ...plain, key: 'shell.license.reactivate', severity: 'critical', links: ['activate'] };
  return { ...plain, key: 'shell.license.notActivated', severity: 'critical', links: ['activate'] };
}
