import { BASE } from './base';

// Control characters are exactly what these must find: browsers silently drop tabs and newlines from URLs.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u001f\u007f\s]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const ENCODED_SEPARATOR = /%(2f|5c)/i;

/** Every form the browser or a server might see after (repeated) percent-decoding; null when it does not decode. */
function decodings(value: string): string[] | null {
  const out = [value];
  let current = value;
  for (let i = 0; i < 4; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) break;
    out.push(next);
    current = next;
  }
  return out;
}

/**
 * The frame target as an absolute same-origin path under the base (pathname + search + hash), or null.
 *
 * Accepted: paths relative to the base, absolute paths under the base, and http(s) URLs of this origin under the base.
 * Refused: other schemes (javascript:, data:, vbscript:, blob:, file:…), other origins, protocol-relative `//host`,
 * backslashes, whitespace or control characters in the path (browsers drop tabs and newlines inside schemes),
 * encoded slashes or backslashes at any decoding depth, credentials, and anything that resolves outside the base.
 */
export function isSafeFrameTarget(raw: string, base: string = BASE, origin: string = window.location.origin): string | null {
  if (typeof raw !== 'string' || raw === '' || raw !== raw.trim()) return null;
  if (CONTROL.test(raw)) return null;
  const pathPart = raw.split(/[?#]/, 1)[0] ?? '';
  const forms = decodings(pathPart);
  if (!forms) return null;
  for (const form of forms) {
    if (form.includes('\\') || CONTROL_OR_SPACE.test(form) || form.startsWith('//')) return null;
  }
  if (forms.some((form) => ENCODED_SEPARATOR.test(form))) return null;

  const scheme = SCHEME.exec(raw)?.[0].toLowerCase();
  // "http:foo" would resolve relative to the page; only the full http(s)://host form is an absolute URL here.
  if (scheme !== undefined && !/^https?:\/\/[^/]/i.test(raw)) return null;

  let url: URL;
  try {
    url = new URL(raw, origin + base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== origin || url.username !== '' || url.password !== '') return null;
  if (!url.pathname.startsWith(base)) return null;
  if (ENCODED_SEPARATOR.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}
