import type { FastifyInstance } from 'fastify';

/**
 * Headers for every HTML document we serve. Scripts come only from our own files (never inline), frames and forms
 * stay same-origin, and nothing else may frame us: untrusted markup that slipped through could not run or leave.
 */
export const HTML_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    // React and the classic pages set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; '),
} as const;

/** Headers every answer carries, whatever its type: no MIME sniffing, and no full URL leaves for another site. */
export const EVERY_RESPONSE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
} as const;

/**
 * One hook for every answer, so no route, static file, error or redirect can forget them:
 * - nosniff and Referrer-Policy everywhere;
 * - the HTML headers (CSP with frame-ancestors) on every HTML answer, including `index.html` fetched directly;
 * - `Cache-Control: no-store` unless the route chose a policy itself. Only static files (no-cache, hashed assets
 *   immutable), translations (no-cache) and the app's HTML (no-cache) choose one; everything else (API, ajax helpers,
 *   errors, redirects) may carry the user's data or nsp and must never be kept by a browser or proxy cache.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.headers(EVERY_RESPONSE_HEADERS);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      for (const [name, value] of Object.entries(HTML_SECURITY_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
