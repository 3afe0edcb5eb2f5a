import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isTopLevelNavigation, RETRY_AFTER_SECONDS, wantsJson } from '../http/closing.js';
import { optionalCaller, type AppContext } from '../http/context.js';
import { t, translate } from '../http/language.js';
import { HTML_SECURITY_HEADERS } from '../http/securityHeaders.js';
import { html } from './html.js';
import { classicDocument, classicTheme, pageBody } from './layout.js';
import { MODERN_SWITCH_PATH } from './classicShell.js';

/**
 * Spec 2.15: the error page in the classic location, where the app sends the browser (unknown route, failed theme
 * switch).
 */
export const ERROR_PAGE_PATH = 'error.php';

/** Plain server HTML with no script, shown with or without a session, so it works whatever failed in the app. */
export function registerClassicErrorPage(app: FastifyInstance, ctx: AppContext): void {
  app.get(`${ctx.base}${ERROR_PAGE_PATH}`, async (req, reply) => {
    const caller = await optionalCaller(ctx, req);
    const base = ctx.base;
    const body = pageBody({
      heading: t`Error`,
      content: html`<p class="error" role="alert">${t`Failed to load the requested page.`}</p>
<p>${t`Reload the page. If that does not help, switch theme or contact support.`}</p>
<ul>
<li><a href="${base}">${t`Go to the home page`}</a></li>
${caller
    ? html`<li><a href="${base}${MODERN_SWITCH_PATH}">${t`Theme settings`}</a></li>`
    : html`<li><a href="${base}login.php">${t`Log in`}</a></li>`}
</ul>`,
    });
    const title = `${t`Error`} · Pharos`;
    const doc = classicDocument({ base, title, theme: classicTheme(caller?.user.theme), body });
    return reply.headers(HTML_SECURITY_HEADERS).header('cache-control', 'no-store').type('text/html; charset=utf-8')
      .send(doc);
  });
}

/** A browser opening a page (a frame, a link): a GET that does not ask for JSON. */
export function isPageRequest(req: Pick<FastifyRequest, 'method' | 'url' | 'headers'>): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && !wantsJson(req);
}

/** The error as a classic page with its status: a frame shows a page of ours that says what went wrong. */
export async function sendClassicError(
  ctx: AppContext, req: FastifyRequest, reply: FastifyReply, status: number, message: string, unavailable?: string,
): Promise<FastifyReply> {
  // The theme is the caller's; when the database is what failed, the default theme still gives a page.
  const caller = await optionalCaller(ctx, req).catch(() => undefined);
  const base = ctx.base;
  const heading = status === 404 ? t`Not found` : t`Error`;
  // The message may have been put in English before the caller, and so their language, was known.
  const body = pageBody({
    heading,
    content: html`<p class="error" role="alert">${translate(message)}</p>
<ul><li><a href="${base}">${t`Go to the home page`}</a></li></ul>`,
  });
  const title = `${heading} · Pharos`;
  // As the whole window (someone without the app's worker), an unavailable page comes back by itself; a frame's page is
  // loaded again by the app.
  const refresh = unavailable && isTopLevelNavigation(req) ? RETRY_AFTER_SECONDS : undefined;
  const doc = classicDocument({ base, title, theme: classicTheme(caller?.user.theme), body, unavailable, refresh });
  return reply.status(status).headers(HTML_SECURITY_HEADERS).header('cache-control', 'no-store')
    .type('text/html; charset=utf-8').send(doc);
}
