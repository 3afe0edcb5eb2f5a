/*
 * Issue 19: whether the licence may call for a notice, on the first load; the choice itself (licenseMessage.ts), the
 * banner and its links load only when one may (most licences never show one).
 */

import type { LicenseState } from '../lib/apiTypes';

/**
 * Spec 2.4: the pages (relative to the base) that carry the enterprise-feature notice. The spec names the
 * features; the file names follow the classic product's layout.
 */
const ENTERPRISE_PAGES: RegExp[] = [
  /^admin\/(deadpool|sshterm|auditlog)\.php$/,
  /^includes\/components\/autodiscovery\/(index\.php)?$/,
  /^includes\/components\/bulkmodifications\/(index|step2)\.php$|^includes\/components\/bulkmodifications\/$/,
  /^includes\/components\/capacityplanning\/(capacityplanning\.php|cp-include\.inc\.php|capacityplanning-dashlet\.php|index\.php)?$/,
  /^includes\/components\/deploynotification\/(deploynotification\.php|index\.php)?$/,
  /^includes\/components\/nxti\/(index\.php)?$/,
  /^includes\/components\/rename\/(rename\.php|index\.php)?$/,
  /^includes\/components\/scheduledreporting\/(history|manage|schedulereport)\.php$/,
  /^reports\/sla\.php$/,
];

export function isEnterprisePage(pathNoBase: string): boolean {
  const path = pathNoBase.replace(/^\/+/, '').split(/[?#]/)[0] ?? '';
  return ENTERPRISE_PAGES.some((re) => re.test(path));
}

/** The enterprise-feature notice (spec 2.4): on an enterprise page without an enterprise licence, always one. */
export function enterpriseNoticeDue(license: LicenseState, pathNoBase: string): boolean {
  return !license.is_enterprise_license && isEnterprisePage(pathNoBase);
}

/**
 * Whether chooseLicenseMessage may choose a licence notice (not the enterprise one) here: true for every licence it
 * chooses one for, and for a few it then does not (a trial far from its end, a dismissed free notice).
 */
export function licenseNoticePossible(license: LicenseState, pathNoBase: string): boolean {
  if (enterpriseNoticeDue(license, pathNoBase)) return false;
  return !license.is_license_activated || license.is_trial_license || license.is_license_exceeded || license.is_free_license
    || license.is_25_year_celebration_license || license.is_core_services_platform_license;
}
