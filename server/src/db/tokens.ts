import crypto from 'node:crypto';

/**
 * A random URL-safe token: session ids, nsp and XSRF tokens, display secrets, generated passwords. It lives in db/
 * (the domain folders may import it, db/ may import no domain folder) because query modules make the keys of the
 * rows they insert.
 */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}
