import { badRequest } from '../http/errors.js';
import { t } from '../http/language.js';

const ORIGIN = 'http://pharos.invalid';

/**
 * A link as menu entries store it: an absolute http(s) URL, or a path relative to the base
 * (given as `/base/...` or already relative). Anything else (javascript:, data:, //host, paths
 * that climb out of the base) is a 400 naming the field.
 */
export function normaliseLink(base: string, raw: string, field: string): string {
  const value = raw.trim();
  const reject = (): never => {
    throw badRequest(t`The field '${field}' must be an http or https address or a path under ${base}.`);
  };
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being refused
  if (!value || value.includes('\\') || /[\u0000-\u001f\u007f]/.test(value)) return reject();
  if (/^https?:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return reject();
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return reject();
    return value;
  }
  if (value.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(value)) return reject();
  const absolute = value.startsWith('/') ? value : base + value;
  if (!absolute.startsWith(base)) return reject();
  let url: URL;
  try {
    url = new URL(absolute, ORIGIN);
  } catch {
    return reject();
  }
  if (url.origin !== ORIGIN || !url.pathname.startsWith(base)) return reject();
  return url.pathname.slice(base.length) + url.search + url.hash;
}
