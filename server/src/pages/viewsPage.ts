import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { badRequest, HttpError, notFound } from '../http/errors.js';
import { t } from '../http/language.js';
import { fieldRequired, intField, str } from '../http/input.js';
import { deleteView, listViews, moveView, moveViewTo, renameView, shownTitle } from '../db/views.js';
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

/** A refused rename: shown at its own field, with what was typed kept. */
interface Refusal { id: number; title: string; message: string }

const MAX_TITLE = 255;

async function viewsPage(env: PageEnv, refusal?: Refusal): Promise<PageResult> {
  const { ctx, caller } = env;
  const action = `${ctx.base}views/main.php`;
  const origin = `${env.req.protocol}://${env.req.host}`;
  const site = requestSite(ctx.base, env.req, ctx.config.host);
  const views = await listViews(ctx.store, caller.user.id);
  const rows = views.map((view, index): SafeHtml => {
    const v = { ...view, title: shownTitle(view), url: relativeToSite(view.url, site) };
    const link = viewLink(v.url, ctx.base, origin);
    const open = link && (link.external
      ? html`<a class="button secondary" href="${link.href}" target="_blank" rel="noopener noreferrer">${t`Open`}</a>`
      : html`<a class="button secondary" href="${link.href}">${t`Open`}</a>`);
    // Any name fits: long ones end in an ellipsis after three lines, the full name in the tooltip and the row header's
    // accessible name; dir=auto keeps a right-to-left name in its own direction. The title is the user's own text
    // (class name), in whatever language they wrote it.
    const refused = refusal?.id === v.id ? refusal : undefined;
    const hidden = html`${nspField(caller)}<input type="hidden" name="id" value="${v.id}">`;
    // Move up and Move down: the rotation takes its order from here (getviewbynum), so the next item already follows
    // it. Buttons rather than dragging only, so keyboards and phones can reorder too.
    const move = (by: 'up' | 'down', label: string, name: string, disabled: boolean) => html`<form method="post"\
 action="${action}" class="inline">${hidden}<input type="hidden" name="action" value="${by}">\
<button type="submit" class="secondary" aria-label="${name}"${disabled ? html` disabled` : ''}>\
${label}</button></form>`;
    const errorId = `rename-error-${v.id}`;
    // The grip is for a pointer or a finger only (views.js shows it once it can drag); keyboards use Move up and down.
    return html`<tr data-view="${v.id}"><th scope="row" class="name-cell">\
<span class="drag-handle" hidden aria-hidden="true" title="${t`Drag to change the order`}"></span>\
<span class="clamped name" dir="auto" title="${v.title}">${v.title}</span></th>
<td class="output"><span class="clamped" title="${v.url}">${v.url}</span></td>
<td class="actions"><div class="row-actions">${open || html`<span class="muted">${t`Not a web address`}</span>`}
${move('up', t`Move up`, t`Move view ${v.title} up`, index === 0)}
${move('down', t`Move down`, t`Move view ${v.title} down`, index === views.length - 1)}
<form method="post" action="${action}" class="inline rename">${hidden}\
<input type="hidden" name="action" value="rename">\
<label for="rename-${v.id}" class="visually-hidden">${t`New title for view ${v.title}`}</label>\
<input type="text" id="rename-${v.id}" name="title" dir="auto" maxlength="${MAX_TITLE}"\
 value="${refused ? refused.title : v.title}"\
${refused ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''}>\
<button type="submit" class="secondary" aria-label="${t`Rename view ${v.title}`}">${t`Rename`}</button>\
${refused ? html`<span class="error" id="${errorId}" role="alert">${refused.message}</span>` : ''}</form>
<form method="post" action="${action}" class="inline">${hidden}
<button type="submit" class="danger" aria-label="${t`Remove view ${v.title}`}">${t`Remove`}</button></form></div>\
</td></tr>`;
  });
  const head = tableHead(t`Title`, [t`URL`, 'wide'], t`Actions`);
  // A drop sends this form (views.js fills in the view and its new place), so a drag is one ordinary post: the page
  // comes back in the new order, and the shell reloads its menu as after any form of the frame.
  const content = html`<div class="views-order">${dataTable(t`My Views`, head, rows,
    t`You have no views yet. Use "Add to My Views" in the page actions menu of any page.`, 3)}</div>
<form method="post" action="${action}" id="move-view" hidden>${nspField(caller)}\
<input type="hidden" name="action" value="to"><input type="hidden" name="id" value="">\
<input type="hidden" name="position" value=""></form>
<p class="hint">${t`Views rotate in the order shown here when you start the view rotation from the Views menu.`}
${views.length > 1 ? t`Drag a view by its grip to another place, or use Move up and Move down.` : ''}</p>
<script src="${ctx.base}includes/js/views.js" defer></script>`;
  const done: Record<string, string> = {
    removed: t`The view was removed.`, renamed: t`The view was renamed.`, moved: t`The view was moved.`,
  };
  const notice = typeof env.fields.done === 'string' ? done[env.fields.done] : undefined;
  return {
    title: t`My Views`, body: pageBody({ heading: t`My Views`, notice, content }), ...(refusal ? { status: 400 } : {}),
  };
}

export function registerViewsPage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, {
    path: 'views/main.php',
    get: viewsPage,
    async post(env) {
      const id = Number(env.fields.id);
      const userId = env.caller.user.id;
      const gone = () => notFound(t`That view does not exist any more.`);
      if (!Number.isSafeInteger(id)) throw gone();
      const action = str(env.fields, 'action', { max: 20 }) ?? 'remove';
      if (action === 'up' || action === 'down') {
        // Already first (or last) is no error: the order is as asked.
        const mine = (await listViews(ctx.store, userId)).some((v) => v.id === id);
        if (!mine) throw gone();
        await moveView(ctx.store, userId, id, action === 'up' ? -1 : 1);
        return { redirect: `${ctx.base}views/main.php?done=moved` };
      }
      if (action === 'to') {
        // A drop: the place in the list where it landed (past the end is last). The list is as the page showed it.
        const position = intField(env.fields, 'position', { required: true, min: 0, max: 10_000 });
        if (!await moveViewTo(ctx.store, userId, id, position)) throw gone();
        return { redirect: `${ctx.base}views/main.php?done=moved` };
      }
      if (action === 'rename') {
        const typed = typeof env.fields.title === 'string' ? env.fields.title : '';
        let title = '';
        let message: string | undefined;
        try {
          title = (str(env.fields, 'title', { max: MAX_TITLE }) ?? '').trim();
          if (!title) message = fieldRequired('title');
        } catch (error) {
          // The field and the rule, said at the field (issue 38), with what was typed kept to correct.
          if (!(error instanceof HttpError)) throw error;
          message = error.message;
        }
        if (message) return viewsPage(env, { id, title: typed.slice(0, MAX_TITLE), message });
        if (!await renameView(ctx.store, userId, id, title)) throw gone();
        return { redirect: `${ctx.base}views/main.php?done=renamed` };
      }
      if (action !== 'remove') throw badRequest(t`Unknown action.`);
      if (!await deleteView(ctx.store, userId, id)) throw gone();
      return { redirect: `${ctx.base}views/main.php?done=removed` };
    },
  });
}
