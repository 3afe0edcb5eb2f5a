import type { Store } from './store.js';
import { getSetting, setSetting } from './settings.js';
import { boolField, str, type Fields } from '../http/input.js';
import { badRequest } from '../http/errors.js';
import { t } from '../http/language.js';

export interface Branding { copyright: string; hide_about: boolean; hide_legal: boolean; hide_footer_left: boolean }

export const BRANDING_DEFAULTS: Readonly<Branding> = Object.freeze({
  copyright: 'The Pharos Authors',
  hide_about: false,
  hide_legal: false,
  hide_footer_left: false,
});

const FIELDS = Object.keys(BRANDING_DEFAULTS) as (keyof Branding)[];
const KEY = 'branding';

export async function getBranding(store: Store): Promise<Branding> {
  return { ...BRANDING_DEFAULTS, ...await getSetting<Partial<Branding>>(store, KEY, {}) };
}

export async function updateBranding(store: Store, patch: Partial<Branding>): Promise<Branding> {
  const next = { ...await getBranding(store), ...patch };
  await setSetting(store, KEY, next);
  return next;
}

export function parseBrandingPatch(fields: Fields): Partial<Branding> {
  const names = Object.keys(fields).filter((k) => k !== 'nsp');
  const unknown = names.filter((k) => !(FIELDS as string[]).includes(k));
  if (unknown.length) throw badRequest(t`Unknown branding field: ${unknown.join(', ')}.`);
  if (!names.length) throw badRequest(t`Give at least one branding field to change.`);
  const patch: Partial<Branding> = {};
  for (const name of names as (keyof Branding)[]) {
    if (name === 'copyright') patch.copyright = str(fields, name, { required: true, max: 200 });
    else patch[name] = boolField(fields, name);
  }
  return patch;
}
