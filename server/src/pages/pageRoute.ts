import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { optionalCaller, type AppContext, type Caller } from '../http/context.js';
import { HttpError } from '../http/errors.js';
import { mark, t, translate } from '../http/language.js';
import { fieldsOf, type Fields } from '../http/input.js';
import type { Permissions } from '../db/users.js';
import { html, type SafeHtml } from './html.js';
import { classicDocument, classicTheme, onWall, pageBody, type ClassicTheme } from './layout.js';
import { requireFormWriter } from './formGuard.js';
import { recordAudit } from '../db/auditLog.js';
import { HTML_SECURITY_HEADERS } from '../http/securityHeaders.js';
import { log } from '../log.js';

export interface PageEnv {
  ctx: AppContext;
  req: FastifyRequest;
  caller: Caller;
  theme: ClassicTheme;
  /** Query and body merged (body wins), as sent. */
  fields: Fields;
}

export type PageResult = { title: string; body: SafeHtml; status?: number; bodyClass?: string } | { redirect: string };

/** Who may open a page or send its forms; the message (English, translated where shown) is on the 403 page. */
export interface Gate { allows(perms: Permissions): boolean; message: string }

export const gates = {
  admin: { allows: (p) => p.isAdmin, message: mark('Only administrators can open this page.') },
  monitoring: {
    allows: (p) => p.isAdmin || p.isAuthorizedForMonitoringSystem,
    message: mark('You are not authorized to view the monitoring system status.'),
  },
  commands: {
    allows: (p) => p.isAdmin || p.isAuthorizedForMonitoringSystem,
    message: mark('You are not authorized to submit commands to the monitoring engine.'),
  },
  configure: {
    allows: (p) => p.canConfigureObjects, message: mark('You are not authorized to configure monitored objects.'),
  },
  ccm: { allows: (p) => p.canAccessCCM, message: mark('You are not authorized to use the Core Config Manager.') },
  deploy: { allows: (p) => p.canAutoDeploy, message: mark('You are not authorized to deploy agents.') },
} satisfies Record<string, Gate>;

export interface PageSpec {
  /** Path under the base, e.g. `admin/main.php`. */
  path: string;
  /** Required to open the page and to post its forms. */
  gate?: Gate;
  /** Additionally required to post the page's forms. */
  postGate?: Gate;
  get(env: PageEnv): PageResult | Promise<PageResult>;
  post?(env: PageEnv): PageResult | Promise<PageResult>;
}

const TITLES: Record<number, string> = {
  400: mark('Bad Request'), 403: mark('Access Denied'), 404: mark('Not Found'), 500: mark('Server Error'),
};

/** `message` is shown as given: translate it first (t`…`, or translate() of a marked constant). */
export function errorPage(status: number, message: string): PageResult {
  const title = TITLES[status];
  const heading = title ? translate(title) : t`Error`;
  return {
    status, title: heading, body: pageBody({ heading, content: html`<p class="error" role="alert">${message}</p>` }),
  };
}

// Pages live in the shell's frame only (frame-ancestors 'self'); they are per-user, so never cached.
const SECURITY_HEADERS = { 'cache-control': 'no-store', ...HTML_SECURITY_HEADERS };

function send(
  ctx: AppContext, reply: FastifyReply, theme: ClassicTheme, result: PageResult, wall = false,
): FastifyReply {
  reply.headers(SECURITY_HEADERS);
  if ('redirect' in result) return reply.redirect(result.redirect, 303);
  const doc = classicDocument({
    base: ctx.base, title: `${result.title} · Pharos`, theme, body: result.body, bodyClass: result.bodyClass, wall,
  });
  return reply.status(result.status ?? 200).type('text/html; charset=utf-8').send(doc);
}

async function run(env: PageEnv, handler: () => PageResult | Promise<PageResult>): Promise<PageResult> {
  try {
    return await handler();
  } catch (error) {
    // Messages kept as English constants are translated here; t`…` ones already are, and pass through unchanged.
    if (error instanceof HttpError) return errorPage(error.status, translate(error.message));
    log().error({ err: error }, 'A request failed');
    return errorPage(500, t`The page could not be shown because of a server error.`);
  }
}

function loginRedirect(ctx: AppContext, req: FastifyRequest): string {
  return `${ctx.base}login.php?redirect=${encodeURIComponent(req.url)}`;
}

export function registerPage(app: FastifyInstance, ctx: AppContext, spec: PageSpec): void {
  const url = `${ctx.base}${spec.path}`;
  const prepare = async (req: FastifyRequest): Promise<PageEnv | undefined> => {
    const caller = await optionalCaller(ctx, req);
    return caller && { ctx, req, caller, theme: classicTheme(caller.user.theme), fields: fieldsOf(req) };
  };

  app.get(url, async (req, reply) => {
    const env = await prepare(req);
    if (!env) return reply.redirect(loginRedirect(ctx, req));
    const gate = spec.gate;
    const result = gate && !gate.allows(env.caller.perms)
      ? errorPage(403, translate(gate.message))
      : await run(env, () => spec.get(env));
    return send(ctx, reply, env.theme, result, onWall(req.query));
  });

  const post = spec.post;
  if (!post) return;
  app.post(url, async (req, reply) => {
    const env = await prepare(req);
    if (!env) return reply.redirect(loginRedirect(ctx, req), 303);
    const result = await run(env, async () => {
      requireFormWriter(env.caller, req);
      const object = `POST ${req.url.split('?')[0] ?? ''}`;
      await recordAudit(ctx.store, { username: env.caller.user.username, address: req.ip, action: 'write', object });
      for (const gate of [spec.gate, spec.postGate]) {
        if (gate && !gate.allows(env.caller.perms)) return errorPage(403, translate(gate.message));
      }
      return post(env);
    });
    return send(ctx, reply, env.theme, result);
  });
}
