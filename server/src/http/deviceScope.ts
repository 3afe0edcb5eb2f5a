import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findLiveSessionWithUser } from '../db/sessions.js';
import { findDisplayByToken } from '../db/displays.js';
import { lookupOrUnavailable } from '../db/unavailable.js';
import { clearDeviceCookies, DEVICE_COOKIE, DEVICE_READ_ONLY, SESSION_COOKIE, type AppContext } from './context.js';
import { forbidden } from './errors.js';

/** The ajaxhelper commands a display needs; keepalive is its heartbeat. */
const AJAX_READS = new Set(['keepalive', 'getusermeta', 'getviewbynum', 'getxicoreajax', 'getsessionvars']);
/** Reads of its user's own settings that the wallboard loads at start, and the display's own report (its heartbeat). */
const ALLOWED = new Set(['api/v2/account/auth', 'api/v2/account/theme', 'api/v2/account/language', 'api/v2/displays/me']);
/** Administration, configuration, account and personal tools, and the display management itself. */
const DENIED_PREFIXES = ['admin', 'account', 'tools', 'config', 'enterprise', 'includes/components/ccm', 'api/v2/admin', 'api/v2/account', 'api/v2/tools', 'api/v2/displays'];

/** Whether a paired display may send this request: reads of what a wallboard shows and classic pages, nothing else. */
export function deviceMayRequest(base: string, req: Pick<FastifyRequest, 'method' | 'url' | 'query'>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const full = req.url.split('?')[0]!;
  if (!full.startsWith(base)) return true;
  const path = full.slice(base.length);
  if (path === 'ajaxhelper.php') {
    const cmd = (req.query as Record<string, unknown> | undefined)?.cmd;
    return typeof cmd === 'string' && AJAX_READS.has(cmd);
  }
  // The announcement banners are shown on every screen; only their read lives under admin/.
  if (path === 'admin/banner_message-ajaxhelper.php') {
    return (req.query as Record<string, unknown> | undefined)?.action === 'retrieve_active_banner_messages';
  }
  if (ALLOWED.has(path)) return true;
  return !DENIED_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}.`));
}

/**
 * One gate in front of every route (docs/security.md, "Displays"): a request carrying only a device token is held
 * to the display's scope here, before any route runs, so a new route cannot forget it. A token the server no longer
 * knows (revoked) loses its cookies, and the route answers 401 as without any session.
 */
export function registerDeviceScope(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (req, reply) => {
    const token = req.cookies[DEVICE_COOKIE];
    if (!token) return;
    const sid = req.cookies[SESSION_COOKIE];
    // Someone signed in on this browser acts as themselves.
    if (sid && await lookupOrUnavailable(() => findLiveSessionWithUser(ctx.store, sid, ctx.config.sessionIdleSeconds * 1000))) return;
    // Only a token the database says it does not know loses its cookies: one it could not read is a 503 (issue 36).
    if (!await lookupOrUnavailable(() => findDisplayByToken(ctx.store, token))) {
      clearDeviceCookies(ctx, req, reply);
      return;
    }
    if (!deviceMayRequest(ctx.base, req)) throw forbidden(DEVICE_READ_ONLY);
  });
}
