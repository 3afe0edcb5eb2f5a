import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  answerVisitor, clearSessionCookies, optionalCaller, rememberLanguage, SESSION_COOKIE, setSessionCookies,
  type AppContext,
} from '../http/context.js';
import { fieldsOf } from '../http/input.js';
import { mark, t, translate } from '../http/language.js';
import { findUserByName } from '../db/users.js';
import { recordAudit } from '../db/auditLog.js';
import { createSession, deleteSession } from '../db/sessions.js';
import { requestSource } from '../pages/formGuard.js';
import { DUMMY_HASH, verifyPassword } from '../auth/password.js';
import { html } from '../pages/html.js';
import { HTML_SECURITY_HEADERS } from '../http/securityHeaders.js';
import { classicDocument } from '../pages/layout.js';

const FAILED = mark('Invalid username or password.');
const DISABLED = mark('This account is disabled. Ask an administrator to enable it.');
/** In the visitor's language; English outside a request. */
export const foreignLogin = (): string => t`The login form was not sent from a page of this server, so it was refused. \
Open the login page and try again.`;

/** The same words whichever part was wrong and whether or not the user exists; in the visitor's language. */
export function lockedMessage(retryMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
  return minutes === 1 ? t`Too many failed logins. Try again in 1 minute.`
    : t`Too many failed logins. Try again in ${minutes} minutes.`;
}

const hasControlCharacter = (s: string): boolean => [...s].some((c) => c.charCodeAt(0) < 0x20);

/** Only paths under the base survive as a post-login destination: no open redirects. */
export function safeRedirect(base: string, target: unknown): string {
  if (typeof target !== 'string' || target === '') return base;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return base;
  }
  if (!target.startsWith(base) || decoded.includes('\\') || hasControlCharacter(decoded) || decoded.startsWith('//')) {
    return base;
  }
  const url = new URL(target, 'http://pharos.invalid');
  return url.origin === 'http://pharos.invalid' && url.pathname.startsWith(base) ? url.pathname + url.search : base;
}

function loginPage(
  ctx: AppContext, opts: { error?: string; notice?: string; username?: string; redirect?: string },
): string {
  return classicDocument({
    base: ctx.base,
    title: t`Login · Pharos`,
    bodyClass: 'login',
    installable: true,
    body: html`<main class="card">
  <h1>Pharos</h1>
  ${opts.notice ? html`<p class="notice" role="status">${opts.notice}</p>` : ''}
  ${opts.error ? html`<p class="error" role="alert">${opts.error}</p>` : ''}
  <form method="post" action="${ctx.base}login.php">
    <input type="hidden" name="redirect" value="${opts.redirect ?? ''}">
    <label for="username">${t`Username`}</label>
    <input id="username" name="username" type="text" autocomplete="username" required\
 value="${opts.username ?? ''}" autofocus>
    <label for="password">${t`Password`}</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button type="submit">${t`Login`}</button>
  </form>
</main>`,
  });
}

export async function registerLogin(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const path = `${ctx.base}login.php`;

  app.get(path, async (req: FastifyRequest, reply: FastifyReply) => {
    const q = fieldsOf(req);
    reply.headers(HTML_SECURITY_HEADERS).header('cache-control', 'no-store').type('text/html; charset=utf-8');
    answerVisitor(req);
    if ('logout' in q) {
      const caller = await optionalCaller(ctx, req);
      // The token proves the logout came from the app, not from a link on another site.
      if (caller && q.nsp !== caller.session.nsp) return reply.redirect(ctx.base);
      if (caller) {
        await deleteSession(ctx.store, caller.session.id);
        await recordAudit(ctx.store, {
          username: caller.user.username, address: req.ip, action: 'logout', object: 'session',
        });
      }
      clearSessionCookies(ctx, req, reply);
      if (caller) rememberLanguage(ctx, req, reply, caller.user.language);
      // In the language of whoever logged out: the one login page that knows it.
      return loginPage(ctx, { notice: t`You have logged out.` });
    }
    if (await optionalCaller(ctx, req)) return reply.redirect(safeRedirect(ctx.base, q.redirect));
    return loginPage(ctx, { redirect: typeof q.redirect === 'string' ? q.redirect : '' });
  });

  app.post(path, async (req, reply) => {
    answerVisitor(req);
    const f = fieldsOf(req);
    const username = typeof f.username === 'string' ? f.username.slice(0, 200) : '';
    const password = typeof f.password === 'string' ? f.password.slice(0, 1000) : '';
    const redirect = typeof f.redirect === 'string' ? f.redirect : '';
    reply.headers(HTML_SECURITY_HEADERS).header('cache-control', 'no-store');
    const refuse = (status: number, error: string) =>
      reply.status(status).type('text/html; charset=utf-8').send(loginPage(ctx, { error, username, redirect }));

    // Login CSRF: another site must not log a visitor into an account of its choosing. Browsers always name the
    // page a form came from; a client that sends neither header (curl, scripts) is not a browser another site drives.
    if (requestSource(req) === 'foreign') return refuse(403, foreignLogin());

    // Refused before the password is looked at, so a locked answer is the same for a right or wrong password.
    const retryMs = await ctx.throttle.retryAfterMs(username, req.ip);
    if (retryMs > 0) {
      reply.header('retry-after', String(Math.ceil(retryMs / 1000)));
      return refuse(429, lockedMessage(retryMs));
    }

    const user = username ? await findUserByName(ctx.store, username) : undefined;
    // Always hash once, so the response time does not tell whether the username exists.
    const ok = verifyPassword(password, user?.password_hash ?? DUMMY_HASH) && user !== undefined;
    if (!ok || !user) {
      await ctx.throttle.failed(username, req.ip);
      await recordAudit(ctx.store, { username, address: req.ip, action: 'failed login', object: 'session' });
      return refuse(401, translate(FAILED));
    }
    await ctx.throttle.succeeded(username);
    // Told only to whoever knows the password: to anyone else a disabled account reads like any failed login.
    if (user.disabled) {
      await recordAudit(ctx.store, {
        username, address: req.ip, action: 'failed login', object: 'session: account disabled',
      });
      return refuse(403, translate(DISABLED));
    }
    // Rotation: a session this browser already had (maybe planted, maybe another user's) ends here.
    const previous = req.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(ctx.store, previous);
    const session = await createSession(ctx.store, user.id);
    setSessionCookies(ctx, req, reply, session);
    rememberLanguage(ctx, req, reply, user.language);
    await recordAudit(ctx.store, { username: user.username, address: req.ip, action: 'login', object: 'session' });
    return reply.redirect(safeRedirect(ctx.base, redirect), 303);
  });
}
