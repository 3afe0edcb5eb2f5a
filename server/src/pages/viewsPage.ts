import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { t } from '../http/language.js';
import { deleteView, listViews, shownTitle } from '../db/views.js';
import { relativeToSite, requestSite } from '../menu/ownSite.js';
import { html, type SafeHtml } from './html.js';
import { nspField } from './formGuard.js';
import { pageBody } from './layout.js';
import { registerPage, type PageEnv, type PageResult } from './pageRoute.js';
import { dataTable, tableHead } from './table.js';

// Control characters are what this must find: browsers silently drop tabs and newlines from URLs.
// eslint-disable-next-line no-control-regex
const BLOCKED = /[\u0000-\u001f\u007f\\]|%(2f|5c)/i;

/**
 * Where a view opens, resolved like the shell's frame does: a relative URL is relative to the base (not to this
 * page under views/), a page of this server under the base opens here, another site's http(s) address in a new tab.
 */
export function viewLink(url: string, base: string, origin: string): { href: string; external: boolean } | undefined {
  if (BLOCKED.test(url) || url.startsWith('//')) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url, `${origin}${base}`);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  if (parsed.origin !== origin) {
    return parsed.username || parsed.password ? undefined : { href: parsed.href, external: true };
  }
  if (!parsed.pathname.startsWith(base)) return undefined;
  return { href: `${parsed.pathname}${parsed.search}${parsed.hash}`, external: false };
}

async function viewsPage(env: PageEnv): Promise<PageResult> {
  const { ctx, caller } = env;
  const action = `${ctx.base}views/main.php`;
  const origin = `${env.req.protocol}://${env.req.host}`;
  const site = requestSite(ctx.base, env.req, ctx.config.host);
  const rows = (await listViews(ctx.store, caller.user.id)).map((view): SafeHtml => {
    const v = { ...view, title: shownTitle(view), url: relativeToSite(view.url, site) };
    const link = viewLink(v.url, ctx.base, origin);
    const open = link && (link.external
      ? html`<a class="button secondary" href="${link.href}" target="_blank" rel="noopener noreferrer">${t`Open`}</a>`
      : html`<a class="button secondary" href="${link.href}">${t`Open`}</a>`);
    // Any name fits: long ones end in an ellipsis after three lines, the full name in the tooltip and the row header's
    // accessible name; dir=auto keeps a right-to-left name in its own direction. The title is the user's own text
    // (class name), in whatever language they wrote it.
    return html`<tr><th scope="row" class="name-cell">\
<span class="clamped name" dir="auto" title="${v.title}">${v.title}</span></th>
<td class="output"><span class="clamped" title="${v.url}">${v.url}</span></td>
<td class="actions">${open || html`<span class="muted">${t`Not a web address`}</span>`}
<form method="post" action="${action}" class="inline">${nspField(caller)}<input type="hidden" name="id" value="${v.id}">
<button type="submit" class="danger" aria-label="${t`Remove view ${v.title}`}">${t`Remove`}</button></form></td></tr>`;
  });
  const head = tableHead(t`Title`, [t`URL`, 'wide'], t`Actions`);
  const content = html`${dataTable(t`My Views`, head, rows,
    t`You have no views yet. Use "Add to My Views" in the page actions menu of any page.`, 3)}
<p class="hint">${t`Views rotate in the order shown here when you start the view rotation from the Views menu.`}</p>`;
  const notice = env.fields.done === 'removed' ? t`The view was removed.` : undefined;
  return { title: t`My Views`, body: pageBody({ heading: t`My Views`, notice, content }) };
}

export function registerViewsPage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, {
    path: 'views/main.php',
    get: viewsPage,
    async post(env) {
      const id = Number(env.fields.id);
      if (!Number.isSafeInteger(id) || !await deleteView(ctx.store, env.caller.user.id, id)) {
        throw notFound(t`That view does not exist any more.`);
      }
      return { redirect: `${ctx.base}views/main.php?done=removed` };
    },
  });
}
