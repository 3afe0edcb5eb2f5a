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
