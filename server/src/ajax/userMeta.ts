import { badRequest } from '../http/errors.js';
import type { Fields } from '../http/input.js';

export const ROTATION_SPEED = { min: 10, max: 60, fallback: 10 };
const ICON_KEY = /^icon-[A-Za-z0-9_.:-]{1,200}$/;
const ICON_NAME = /^[A-Za-z0-9_-]{1,64}$/;

function knownKey(key: string): void {
  if (key !== 'show_login_alert_screen' && key !== 'view_rotation_speed' && !ICON_KEY.test(key)) {
    throw badRequest(`Unknown user setting '${key}'.`);
  }
}

/** The typed answer for a stored value: speeds are numbers (out of range reads as 10, spec 5), the alert switch 1 or 0. */
export function readUserMeta(key: string, stored: string | undefined): number | string | null {
  knownKey(key);
  if (key === 'view_rotation_speed') {
    const n = Number(stored);
    return Number.isInteger(n) && n >= ROTATION_SPEED.min && n <= ROTATION_SPEED.max ? n : ROTATION_SPEED.fallback;
  }
  if (key === 'show_login_alert_screen') return stored === '0' ? 0 : 1;
  return stored ?? null;
}

/** Validates `{keyname, keyvalue}`; returns what to store and the typed value to echo back. */
export function parseUserMeta(opts: Fields): { keyname: string; stored: string; value: number | string } {
  const { keyname, keyvalue } = opts;
  if (typeof keyname !== 'string' || !keyname) throw badRequest("opts.keyname is required.");
  knownKey(keyname);
  if (keyname === 'show_login_alert_screen') {
    if (keyvalue === 1 || keyvalue === '1' || keyvalue === true) return { keyname, stored: '1', value: 1 };
    if (keyvalue === 0 || keyvalue === '0' || keyvalue === false) return { keyname, stored: '0', value: 0 };
    throw badRequest('show_login_alert_screen must be 1 or 0.');
  }
  if (keyname === 'view_rotation_speed') {
    const n = typeof keyvalue === 'number' ? keyvalue : typeof keyvalue === 'string' && /^\d+$/.test(keyvalue.trim()) ? Number(keyvalue) : NaN;
    if (!Number.isInteger(n) || n < ROTATION_SPEED.min || n > ROTATION_SPEED.max) {
      throw badRequest(`view_rotation_speed must be a whole number of seconds from ${ROTATION_SPEED.min} to ${ROTATION_SPEED.max}.`);
    }
    return { keyname, stored: String(n), value: n };
  }
  if (typeof keyvalue !== 'string' || !ICON_NAME.test(keyvalue)) throw badRequest('An icon must be a name of letters, digits, - and _.');
  return { keyname, stored: keyvalue, value: keyvalue };
}
