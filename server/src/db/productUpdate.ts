import type { Store } from './store.js';
import { getSetting, setSetting } from './settings.js';
import { boolField, str, type Fields } from '../http/input.js';
import { badRequest } from '../http/errors.js';
import { t } from '../http/language.js';

/**
 * The outcome of the last update check. The server never phones home; an administrator (or a
 * deployment script) records what a check found through the admin API or the CLI.
 */
export interface UpdateSettings {
  update_url: string;
  hide_updates: boolean;
  last_check_succeeded: boolean;
  /** Empty until a check recorded a release. */
  latest_version: string;
}

export const UPDATE_DEFAULTS: Readonly<UpdateSettings> = Object.freeze({
  update_url: 'https://www.nagios.com/checkforupdates/',
  hide_updates: false,
  last_check_succeeded: true,
  latest_version: '',
});

const KEY = 'product.update';
const FIELDS = Object.keys(UPDATE_DEFAULTS) as (keyof UpdateSettings)[];

export async function getUpdateSettings(store: Store): Promise<UpdateSettings> {
  return { ...UPDATE_DEFAULTS, ...await getSetting<Partial<UpdateSettings>>(store, KEY, {}) };
}

export async function updateUpdateSettings(store: Store, patch: Partial<UpdateSettings>): Promise<UpdateSettings> {
  const next = { ...await getUpdateSettings(store), ...patch };
  await setSetting(store, KEY, next);
  return next;
}

const VERSION = /^\d+(\.\d+){0,3}$/;

/** Numeric, dotted comparison: 2.10.0 is newer than 2.9.9. */
export function isNewerVersion(candidate: string, current: string): boolean {
  if (!VERSION.test(candidate) || !VERSION.test(current)) return false;
  const a = candidate.split('.').map(Number);
  const b = current.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return false;
}

export function parseUpdatePatch(fields: Fields): Partial<UpdateSettings> {
  const names = Object.keys(fields).filter((k) => k !== 'nsp');
  const unknown = names.filter((k) => !(FIELDS as string[]).includes(k));
  if (unknown.length) throw badRequest(t`Unknown update field: ${unknown.join(', ')}.`);
  if (!names.length) throw badRequest(t`Give at least one update field to change.`);
  const patch: Partial<UpdateSettings> = {};
  for (const name of names as (keyof UpdateSettings)[]) {
    if (name === 'update_url') {
      const url = str(fields, name, { required: true, max: 2000 });
      if (!/^https?:\/\/[^\s/]+/i.test(url)) throw badRequest(t`The field 'update_url' must be an http or https URL.`);
      patch.update_url = url;
    } else if (name === 'latest_version') {
      patch.latest_version = str(fields, name, {
        max: 40, pattern: VERSION, patternHint: t`The field 'latest_version' must look like 1.2.3.`,
      }) ?? '';
    } else {
      patch[name] = boolField(fields, name);
    }
  }
  return patch;
}
