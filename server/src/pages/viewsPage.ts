import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { deleteView, listViews } from '../db/views.js';
import { html, type SafeHtml } from './html.js';
import { pageBody } from './layout.js';
import { registerPage, type PageEnv, type PageResult } from './pageRoute.js';
import { dataTable } from './table.js';

/** Only web addresses become links: a stored `javascript:` URL must never be clickable. */
export function safeHref(url: string): string | undefined {
  try {
    const parsed = new URL(url, 'http://relative.invalid/');
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function viewsPage(env: PageEnv): PageResult {
  const { ctx, caller } = env;
  const action = `${ctx.base}views/main.php`;
  const rows = listViews(ctx.db, caller.user.id).map((v): SafeHtml => {
    const href = safeHref(v.url);
    return html`<tr><th scope="row">${v.title}</th><td class="output">${v.url}</td>
<td class="actions">${href ? html`<a class="button secondary" href="${href}">Open</a>` : html`<span class="muted">Not a web address</span>`}
<form method="post" action="${action}" class="inline"><input type="hidden" name="nsp" value="${caller.session.nsp}"><input type="hidden" name="id" value="${v.id}">
<button type="submit" class="danger" aria-label="Remove view ${v.title}">Remove</button></form></td></tr>`;
  });
  const head = html`<thead><tr><th scope="col">Title</th><th scope="col" class="wide">URL</th><th scope="col">Actions</th></tr></thead>`;
  const content = html`${dataTable('My Views', head, rows, 'You have no views yet. Use "Add to My Views" in the page actions menu of any page.', 3)}
<p class="hint">Views rotate in the order shown here when you start the view rotation from the Views menu.</p>`;
  return { title: 'My Views', body: pageBody({ heading: 'My Views', notice: env.fields.done === 'removed' ? 'The view was removed.' : undefined, content }) };
}

export function registerViewsPage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, {
    path: 'views/main.php',
    get: viewsPage,
    post(env) {
      const id = Number(env.fields.id);
      if (!Number.isSafeInteger(id) || !deleteView(ctx.db, env.caller.user.id, id)) throw notFound('That view does not exist any more.');
      return { redirect: `${ctx.base}views/main.php?done=removed` };
    },
  });
}
