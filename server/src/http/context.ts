import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Storage, Store } from '../db/store.js';
import { findLiveSessionWithUser, touchSession, type SessionRow } from '../db/sessions.js';
import { findUserById, permissionsOf, type Permissions, type UserRow } from '../db/users.js';
import { findDisplayByToken, touchDisplay, type DisplayRow } from '../db/displays.js';
import type { MonitoringSource } from '../monitoring/source.js';
import type { LoginThrottle } from '../auth/loginThrottle.js';
import { forbidden, unauthorized } from './errors.js';
import { fieldsOf } from './input.js';
import { answerIn, LANGUAGE_COOKIE, mark, t, visitorLanguage } from './language.js';
import { recordAudit } from '../db/auditLog.js';
import type { ChangeFeed } from '../monitoring/changeFeed.js';
import type { DaemonState } from '../monitoring/grapher.js';
import { lookupOrUnavailable } from '../db/unavailable.js';

export const SESSION_COOKIE = 'pharos_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const OWNER_COOKIE = 'pharos_user';
export const XSRF_HEADER = 'x-xsrf-token';
/** A paired display's device token (issue 10): HttpOnly, SameSite=Strict, long-lived, stored only hashed. */
export const DEVICE_COOKIE = 'pharos_device';
/** Not a secret: tells the wallboard it runs as a paired display, so a revoked one returns to pairing by itself. */
export const DISPLAY_MARK_COOKIE = 'pharos_display';
const DEVICE_COOKIE_MAX_AGE_S = 10 * 365 * 24 * 3600;

export interface AppContext {
  config: Config;
  /** Every storage call goes through this, whichever engine holds the data (issue 22). */
  store: Store;
  storage: Storage;
  monitoring: MonitoringSource;
  /** `config.base`, repeated for brevity in route modules. */
  base: string;
  /** The clock for login throttling; tests move it instead of sleeping. */
  now: () => number;
  throttle: LoginThrottle;
  /** The alert problems' changes for wall displays (`api/v2/status/changes`). */
  changes: ChangeFeed;
  /** The performance grapher's state, for the system status and its page. */
  grapher: () => DaemonState;
  /**
   * Settles once this process has compared its first snapshot with the state history (recorded it, or found another
   * process recording): counts asked before then would miss what changed while the server was down (issue 37).
   */
  historyRecorded: Promise<void>;
}

export interface Caller {
  session: SessionRow;
  user: UserRow;
  perms: Permissions;
  /** Set when the caller is a paired display: read-only, whatever its user may do (docs/security.md, "Displays"). */
  device?: DisplayRow;
}

function equalTokens(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * A paired display acts as its user but may only read: no administration, configuration or commands, even when
 * that user could. Its session is made up from the display row, so routes reading nsp or session vars just work.
 */
export async function deviceCaller(ctx: AppContext, req: FastifyRequest): Promise<Caller | undefined> {
  const token = req.cookies[DEVICE_COOKIE];
  if (!token) return undefined;
  const device = await lookupOrUnavailable(() => findDisplayByToken(ctx.store, token));
  if (!device) return undefined;
  const user = await lookupOrUnavailable(() => findUserById(ctx.store, device.user_id));
  if (!user) return undefined;
  answerIn(user.language);
  await lookupOrUnavailable(() => touchDisplay(ctx.store, device.id, ctx.now()));
  const session: SessionRow = { id: `display:${device.id}`, user_id: user.id, nsp: device.nsp, xsrf: device.xsrf, vars: '{}', created_at: device.created_at, last_seen: ctx.now() };
  const perms: Permissions = {
    isAdmin: false,
    isAuthorizedForMonitoringSystem: user.is_admin === 1 || user.is_authorized_for_monitoring_system === 1,
    canConfigureObjects: false,
    canAccessCCM: false,
    canAutoDeploy: false,
  };
  return { session, user, perms, device };
}

/** The logged-in caller (or a paired display), or undefined; any authenticated request counts as activity and extends the session. */
export async function optionalCaller(ctx: AppContext, req: FastifyRequest): Promise<Caller | undefined> {
  const sid = req.cookies[SESSION_COOKIE];
  const idleMs = ctx.config.sessionIdleSeconds * 1000;
  const found = sid ? await lookupOrUnavailable(() => findLiveSessionWithUser(ctx.store, sid, idleMs)) : undefined;
  if (!found) return deviceCaller(ctx, req);
  const { session, user } = found;
  answerIn(user.language);
  // Written at most once a minute (a twentieth of a short idle time): a write on every request was hundreds of SQLite
  // writes a second from wall displays, on the event loop, for an idle timeout that needs the minute at most.
  const now = Date.now();
  if (now - session.last_seen >= Math.min(60_000, idleMs / 20)) await lookupOrUnavailable(() => touchSession(ctx.store, session.id, now));
  return { session, user, perms: permissionsOf(user) };
}

/** Reads: a live session, else 401. */
export async function requireCaller(ctx: AppContext, req: FastifyRequest): Promise<Caller> {
  const caller = await optionalCaller(ctx, req);
  if (!caller) throw unauthorized();
  return caller;
}

/**
 * Writes: a live session (401), the session's nsp token in the body or query (403),
 * and the X-XSRF-TOKEN header equal to both the cookie and the session's own token (403).
 */
export async function requireWriter(ctx: AppContext, req: FastifyRequest): Promise<Caller> {
  const caller = await requireCaller(ctx, req);
  // The keep-alive is the one "write" a display sends: it is its heartbeat and changes nothing.
  if (caller.device && !isDeviceHeartbeat(ctx, req)) throw forbidden(DEVICE_READ_ONLY);
  const nsp = fieldsOf(req).nsp;
  if (typeof nsp !== 'string' || !equalTokens(nsp, caller.session.nsp)) {
    throw forbidden(t`The session token (nsp) is missing or invalid.`);
  }
  const header = req.headers[XSRF_HEADER];
  const cookie = req.cookies[XSRF_COOKIE];
  if (typeof header !== 'string' || !cookie || !equalTokens(header, cookie) || !equalTokens(header, caller.session.xsrf)) {
    throw forbidden(t`The XSRF token is missing or invalid.`);
  }
  await recordAudit(ctx.store, { username: caller.user.username, address: req.ip, action: 'write', object: `${req.method} ${req.url.split('?')[0] ?? ''}` });
  return caller;
}

/**
 * English here, translated as it is sent (the error handler): requireWriter's refusal reads in the display's user's
 * language, while the device scope's gate refuses before any caller, and so any language, is known.
 */
export const DEVICE_READ_ONLY = mark('A paired display can only read.');

function isDeviceHeartbeat(ctx: AppContext, req: FastifyRequest): boolean {
  return req.method === 'GET' && req.url.split('?')[0] === `${ctx.base}ajaxhelper.php` && fieldsOf(req).cmd === 'keepalive';
}

/** The caller when an administrator, else 403: `requireAdmin(await requireWriter(ctx, req))`. */
export function requireAdmin(caller: Caller): Caller {
  if (!caller.perms.isAdmin) throw forbidden(t`Only administrators can do this.`);
  return caller;
}

/**
 * `Secure` when configured (PHAROS_COOKIE_SECURE=1) or when the request came over https. The server itself speaks
 * only http, so https here means a trusted proxy said so in X-Forwarded-Proto (Fastify reads it only when
 * PHAROS_TRUST_PROXY trusts the sender).
 */
export function cookieSecure(ctx: AppContext, req: FastifyRequest): boolean {
  return ctx.config.cookieSecure || req.protocol === 'https';
}

/** Pages shown before anyone signs in (login, pairing) answer in the visitor's language: see `visitorLanguage`. */
export function answerVisitor(req: FastifyRequest): void {
  answerIn(visitorLanguage(req.cookies[LANGUAGE_COOKIE], req.headers['accept-language']));
}

const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** The language of the user who signed in or out here, for the login page that follows (`LANGUAGE_COOKIE`). */
export function rememberLanguage(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, language: string): void {
  reply.setCookie(LANGUAGE_COOKIE, language, {
    path: ctx.base, sameSite: 'lax', secure: cookieSecure(ctx, req), httpOnly: true, maxAge: LANGUAGE_COOKIE_MAX_AGE_S,
  });
}

export function setSessionCookies(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, session: SessionRow): void {
  const opts = { path: ctx.base, sameSite: 'lax', secure: cookieSecure(ctx, req) } as const;
  reply.setCookie(SESSION_COOKIE, session.id, { ...opts, httpOnly: true });
  // Readable by the app, which echoes it in X-XSRF-TOKEN on every write.
  reply.setCookie(XSRF_COOKIE, session.xsrf, { ...opts, httpOnly: false });
  // Not a secret: tells the app whose stored copies it may show (offline too), so one user's never reach another.
  reply.setCookie(OWNER_COOKIE, `u${session.user_id}`, { ...opts, httpOnly: false });
}

export function setDeviceCookies(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, token: string, device: DisplayRow): void {
  const opts = { path: ctx.base, sameSite: 'strict', secure: cookieSecure(ctx, req), maxAge: DEVICE_COOKIE_MAX_AGE_S } as const;
  reply.setCookie(DEVICE_COOKIE, token, { ...opts, httpOnly: true });
  reply.setCookie(DISPLAY_MARK_COOKIE, String(device.id), { ...opts, httpOnly: false });
  reply.setCookie(XSRF_COOKIE, device.xsrf, { ...opts, httpOnly: false });
  reply.setCookie(OWNER_COOKIE, `u${device.user_id}`, { ...opts, httpOnly: false });
}

export function clearDeviceCookies(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): void {
  const opts = { path: ctx.base, sameSite: 'strict', secure: cookieSecure(ctx, req) } as const;
  reply.clearCookie(DEVICE_COOKIE, { ...opts, httpOnly: true });
  reply.clearCookie(DISPLAY_MARK_COOKIE, opts);
}

export function clearSessionCookies(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): void {
  const opts = { path: ctx.base, sameSite: 'lax', secure: cookieSecure(ctx, req) } as const;
  reply.clearCookie(SESSION_COOKIE, { ...opts, httpOnly: true });
  reply.clearCookie(XSRF_COOKIE, opts);
  reply.clearCookie(OWNER_COOKIE, opts);
}
