import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../http/context.js';
import { forbidden } from '../http/errors.js';
import { fieldsOf } from '../http/input.js';
import { t } from '../http/language.js';
import { html, type SafeHtml } from './html.js';

function equalTokens(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Where a request says it comes from: its Origin or, when a browser omits it, its Referer. 'absent' when it sends
 * neither (command-line clients), 'foreign' for another site or the opaque `null` origin. The host part is compared
 * with the request's host rather than the full origin: behind a TLS-terminating proxy this server sees http while
 * the browser's origin is https, and the scheme adds nothing against cross-site forgery because another site
 * cannot send our Host with its own Origin. `req.host` honours X-Forwarded-Host only from a trusted proxy.
 */
export function requestSource(req: FastifyRequest): 'same' | 'foreign' | 'absent' {
  const source = req.headers.origin ?? req.headers.referer;
  if (source === undefined) return 'absent';
  const host = req.host;
  if (!host || typeof source !== 'string' || source === 'null') return 'foreign';
  try {
    return new URL(source).host === host ? 'same' : 'foreign';
  } catch {
    return 'foreign';
  }
}

/** Classic forms always come from a browser, which names the page: neither header is as suspect as a foreign one. */
export function isSameOrigin(req: FastifyRequest): boolean {
  return requestSource(req) === 'same';
}

/** The hidden field every classic form carries: the session's nsp, which requireFormWriter checks. */
export function nspField(caller: Caller): SafeHtml {
  return html`<input type="hidden" name="nsp" value="${caller.session.nsp}">`;
}

/**
 * Writes from classic HTML forms. The API's requireWriter also wants the X-XSRF-TOKEN header, which a plain
 * form post cannot send; instead a form must carry the session's nsp in a hidden field AND come from a page of
 * this server (Origin/Referer check), so a forged cross-site form fails even if the nsp leaked.
 */
export function requireFormWriter(caller: Caller, req: FastifyRequest): void {
  const nsp = fieldsOf(req).nsp;
  if (typeof nsp !== 'string' || !equalTokens(nsp, caller.session.nsp)) {
    throw forbidden(t`The session token (nsp) is missing or invalid. Reload the page and try again.`);
  }
  if (!isSameOrigin(req)) throw forbidden(t`The form was not sent from a page of this server, so it was refused.`);
}
