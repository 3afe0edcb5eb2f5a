import type { Store } from './store.js';
import { getSetting, setSetting } from './settings.js';
import { boolField, fieldRequired, intField, str, type Fields } from '../http/input.js';
import { badRequest } from '../http/errors.js';
import { t } from '../http/language.js';

// One definition of the licence state for the server and the app (spec section 3).
import type { LicenseState } from '../../../src/lib/apiTypes.js';

export type { LicenseState };

export const LICENSE_DEFAULTS: Readonly<LicenseState> = Object.freeze({
  is_invalid_license: false,
  is_enterprise_license: false,
  has_trialed_enterprise_features: false,
  is_trial_license: false,
  trial_notice_ignore: false,
  trial_days_left: 0,
  is_free_license: false,
  free_notice_ignored: false,
  is_25_year_celebration_license: false,
  promo_notice_ignored: false,
  is_core_services_platform_license: false,
  core_services_platform_notice_ignored: false,
  is_license_activated: true,
  is_license_exceeded: false,
  has_activation_key: false,
  is_enterprise_maintenance_expired: false,
  is_enterprise_trial: false,
  enterprise_days_left: 0,
  is_custom_branding: false,
  product_name: 'Pharos',
});

export type LicenseField = keyof LicenseState;
export const LICENSE_FIELDS = Object.keys(LICENSE_DEFAULTS) as LicenseField[];

const KEY = 'license';

export async function getLicense(store: Store): Promise<LicenseState> {
  return { ...LICENSE_DEFAULTS, ...await getSetting<Partial<LicenseState>>(store, KEY, {}) };
}

export async function updateLicense(store: Store, patch: Partial<LicenseState>): Promise<LicenseState> {
  const next = { ...await getLicense(store), ...patch };
  await setSetting(store, KEY, next);
  return next;
}

/** Validates a partial licence from form fields or CLI pairs; anything unknown or mistyped is a 400 and nothing is stored. */
export function parseLicensePatch(fields: Fields): Partial<LicenseState> {
  const names = Object.keys(fields).filter((k) => k !== 'nsp');
  const unknown = names.filter((k) => !(LICENSE_FIELDS as string[]).includes(k));
  if (unknown.length) throw badRequest(t`Unknown licence field: ${unknown.join(', ')}.`);
  if (!names.length) throw badRequest(t`Give at least one licence field to change.`);
  const patch: Record<string, boolean | number | string> = {};
  for (const name of names as LicenseField[]) {
    const fallback = LICENSE_DEFAULTS[name];
    if (typeof fallback === 'boolean') patch[name] = boolField(fields, name);
    else if (typeof fallback === 'number') patch[name] = intField(fields, name, { required: true, min: 0, max: 36500 });
    else patch[name] = str(fields, name, { required: true, max: 100 }).trim() || badField(name);
  }
  return patch as Partial<LicenseState>;
}

function badField(name: string): never {
  throw badRequest(fieldRequired(name));
}
