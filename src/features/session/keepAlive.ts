import { http } from '../../lib/http';

/** Spec 7/9: every 60 s, also in the background. */
export const KEEPALIVE_MS = 60_000;

/**
 * Pings ajaxhelper keepalive with nsp. A timer (not requestAnimationFrame) keeps running in a background tab;
 * a 401 answer ends the session through the http client's unauthorized handler.
 */
export function startKeepAlive(): () => void {
  const timer = setInterval(() => {
    http.get('ajaxhelper.php', { params: { cmd: 'keepalive' }, write: true }).catch(() => undefined);
  }, KEEPALIVE_MS);
  return () => clearInterval(timer);
}
