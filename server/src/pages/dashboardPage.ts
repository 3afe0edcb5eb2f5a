import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { mark, t, translate } from '../http/language.js';
import { shownDashboardTitle, type DashboardRow } from '../db/dashboards.js';
import { CATALOGUE, GRID_COLUMNS, MAX_HEIGHT, shownTitle, type Dashlet } from '../dashlets/catalogue.js';
import { editDashlets, ownDashboard as findOwnDashboard } from '../dashlets/dashboards.js';
import { isBroken, readDashlets, storedForm, type BrokenDashlet } from '../dashlets/storage.js';
import { dashletContent } from './dashletContent.js';
import { nspField } from './formGuard.js';
import { html, type SafeHtml, withMarkup } from './html.js';
import { pageBody } from './layout.js';
import { textOf } from './listQuery.js';
import { registerPage, type PageEnv, type PageResult } from './pageRoute.js';
import { withQuery } from './urls.js';
import { ageScript } from './dataAge.js';
import { ARRANGEMENTS, arrange, NOT_HERE, type Arrangement } from '../dashlets/arrange.js';

const HEX = /^[0-9a-fA-F]{6}$/;
const DEFAULT_BACKGROUND = '131b25';

/** Light backgrounds get dark text so a dashboard stays readable whatever colour its owner picked. */
function isLight(hex: string): boolean {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55;
}

/** The user's own dashboard (dashboards are per user, so whoever can open it owns it and may edit it). */
export function ownDashboard(env: PageEnv, id: string): Promise<DashboardRow> {
  return findOwnDashboard(env.ctx.store, env.caller.user.id, id);
}

export { NOT_HERE };

export const dashboardUrl = (base: string, params: Record<string, string | undefined>): string =>
  withQuery(`${base}dashboards/dashboard.php`, params);

/**
 * Edit actions: each one is saved at once. Buttons carry them as `action`; the labels name the dashlet ({0}) for
 * screen readers. English here, translated where the buttons are drawn.
 */
const ACTIONS = [
  { action: 'earlier', text: mark('Earlier'), label: mark('Move {0} earlier') },
  { action: 'later', text: mark('Later'), label: mark('Move {0} later') },
  { action: 'narrower', text: mark('Narrower'), label: mark('Make {0} narrower') },
  { action: 'wider', text: mark('Wider'), label: mark('Make {0} wider') },
  { action: 'shorter', text: mark('Shorter'), label: mark('Make {0} shorter') },
  { action: 'taller', text: mark('Taller'), label: mark('Make {0} taller') },
  { action: 'remove', text: mark('Remove'), label: mark('Remove {0}') },
] as const;
type Action = (typeof ACTIONS)[number]['action'];

function editControls(env: PageEnv, dashboard: string, d: Dashlet | BrokenDashlet): SafeHtml {
  const { base } = env.ctx;
  const title = shownTitle(d);
  const options = isBroken(d) ? '' : html`<a class="button secondary"\
 href="${withQuery(`${base}dashboards/dashlets.php`, { dashboard, dashlet: d.id })}"\
 aria-label="${t`Options of ${title}`}">${t`Options`}</a>`;
  const actions = ACTIONS.filter((a) => !isBroken(d) || ['earlier', 'later', 'remove'].includes(a.action));
  return html`<form method="post" action="${base}dashboards/dashboard.php" class="dashlet-edit">
${nspField(env.caller)}<input type="hidden" name="id" value="${dashboard}">\
<input type="hidden" name="dashlet" value="${d.id}">
${isBroken(d) ? '' : html`<span class="dashlet-size">${d.width} × ${d.height}</span>`}
${actions.map((a) => html`<button type="submit" name="action" value="${a.action}"\
 class="${a.action === 'remove' ? 'danger' : 'secondary'}" data-action="${a.action}"\
 aria-label="${translate(a.label, [title])}">${translate(a.text)}</button>`)}
${options}</form>`;
}

/**
 * The pointer's handles (dashboard.js shows them once it can drag): a grip to move a dashlet and a corner to resize it.
 * Hidden from screen readers; keyboards use the buttons, which do the same one step at a time.
 */
const grip = (): SafeHtml => html`<span class="dashlet-grip" hidden aria-hidden="true"\
 title="${t`Drag to move`}"></span>`;

function dashletItem(env: PageEnv, dashboard: string, d: Dashlet | BrokenDashlet, editing: boolean): SafeHtml {
  const { base } = env.ctx;
  const titleId = `dashlet-${d.id}-title`;
  if (isBroken(d)) {
    return html`<li class="dashlet broken" id="dashlet-${d.id}" style="--w: 4; --h: 2" aria-labelledby="${titleId}">\
<header class="dashlet-head">${editing ? grip() : ''}<h2 id="${titleId}">${d.title}</h2></header>
<div class="dashlet-body"><p class="dl-message">${t`This dashlet cannot be shown: ${d.broken}`}</p></div>\
${editing ? editControls(env, dashboard, d) : ''}</li>`;
  }
  const src = withQuery(`${base}dashboards/dashlet.php`, { dashboard, dashlet: d.id });
  return html`<li class="dashlet dashlet-${d.type}" id="dashlet-${d.id}" style="--w: ${d.width}; --h: ${d.height}"\
 aria-labelledby="${titleId}" data-dashlet="${d.id}" data-refresh="${d.refresh}" data-src="${src}">
<header class="dashlet-head">${editing ? grip() : ''}<h2 id="${titleId}">${shownTitle(d)}</h2>\
<span class="dashlet-state" role="status"></span></header>
<div class="dashlet-body">${dashletContent(env.ctx, d)}</div>
${editing ? html`${editControls(env, dashboard, d)}<span class="dashlet-resize" hidden aria-hidden="true"\
 title="${t`Drag to resize`}"></span>` : ''}</li>`;
}

function toolbar(env: PageEnv, dashboard: string, editing: boolean): SafeHtml {
  const { base } = env.ctx;
  if (!editing) {
    return html`<p class="dashboard-tools">\
<a class="button secondary" href="${dashboardUrl(base, { id: dashboard, edit: '1' })}">${t`Edit dashboard`}</a></p>`;
  }
  return html`<div class="dashboard-tools">
<form method="get" action="${base}dashboards/dashlets.php" class="inline add-dashlet">\
<input type="hidden" name="dashboard" value="${dashboard}">
<label for="add-type">${t`Add a dashlet`}</label>\
<select id="add-type" name="type">\
${CATALOGUE.map((c) => html`<option value="${c.type}">${translate(c.name)}</option>`)}</select>
<button type="submit">${t`Add`}</button></form>
<a class="button secondary" href="${dashboardUrl(base, { id: dashboard })}">${t`Done editing`}</a>
<p class="hint">\
${withMarkup(() => t`Changes are saved as you make them. Drag a dashlet by its grip to move it and by its corner \
to resize it, or Tab to its buttons.`)}</p>
<form method="post" action="${base}dashboards/dashboard.php" id="dashlet-arrange" hidden>${nspField(env.caller)}\
<input type="hidden" name="id" value="${dashboard}"><input type="hidden" name="dashlet" value="">\
<input type="hidden" name="action" value=""><input type="hidden" name="position" value="">\
<input type="hidden" name="width" value=""><input type="hidden" name="height" value=""></form></div>`;
}

async function dashboardPage(env: PageEnv): Promise<PageResult> {
  const { ctx, fields } = env;
  const dashboard = await ownDashboard(env, textOf(fields, 'id') || 'home');
  const editing = textOf(fields, 'edit') === '1';
  const background = HEX.test(dashboard.background) ? dashboard.background : DEFAULT_BACKGROUND;
  const dashlets = readDashlets(ctx.base, dashboard.dashlets);
  const style = dashboard.transparent ? '' : `background-color: #${background}`;
  const tone = dashboard.transparent ? ' transparent' : isLight(background) ? ' on-light' : ' on-dark';
  // dashboard.js writes a stale dashlet's age itself: it takes the reader's wording from here (English by default).
  const staleText = t`Stale: last updated {0} ago`;
  const staleAttr = staleText === 'Stale: last updated {0} ago' ? '' : html` data-stale-text="${staleText}"`;
  const content = html`${toolbar(env, dashboard.id, editing)}
<div class="dashboard${tone}${editing ? ' editing' : ''}"${style ? html` style="${style}"` : ''}\
 data-background="${background}"${staleAttr}>
${dashlets.length
    ? html`<ol class="dashlet-grid" aria-label="${t`Dashlets`}" data-columns="${GRID_COLUMNS}"\
 data-max-height="${MAX_HEIGHT}">\
${dashlets.map((d) => dashletItem(env, dashboard.id, d, editing))}</ol>`
    : html`<p class="empty-state">${editing
      ? t`This dashboard has no dashlets yet. Add dashlets from the Dashlets menu or with Add a dashlet above, or \
manage your dashboards under Manage My Dashboards.`
      : t`This dashboard has no dashlets yet. Add dashlets from the Dashlets menu, or manage your dashboards under \
Manage My Dashboards.`}</p>`}
</div>
${ageScript(ctx.base, 'dashboard')}`;
  const title = shownDashboardTitle(dashboard);
  return { title, body: pageBody({ heading: title, content }) };
}

/** The list after one edit action; the position moves by one place in reading order, sizes by one grid unit. */
export function applyAction(
  list: (Dashlet | BrokenDashlet)[], id: string, action: Action,
): (Dashlet | BrokenDashlet)[] {
  const i = list.findIndex((d) => d.id === id);
  if (i < 0) throw notFound(NOT_HERE);
  const next = list.slice();
  const d = next[i]!;
  const resize = (patch: Partial<Dashlet>): void => {
    if (isBroken(d)) throw badRequest(t`This dashlet cannot be shown, so it cannot be resized; remove it instead.`);
    next[i] = { ...d, ...patch };
  };
  const clamp = (n: number, max: number) => Math.min(max, Math.max(1, n));
  switch (action) {
    case 'earlier':
      if (i > 0) [next[i - 1], next[i]] = [next[i]!, next[i - 1]!];
      break;
    case 'later':
      if (i < next.length - 1) [next[i + 1], next[i]] = [next[i]!, next[i + 1]!];
      break;
    case 'wider': resize({ width: clamp((d as Dashlet).width + 1, GRID_COLUMNS) }); break;
    case 'narrower': resize({ width: clamp((d as Dashlet).width - 1, GRID_COLUMNS) }); break;
    case 'taller': resize({ height: clamp((d as Dashlet).height + 1, MAX_HEIGHT) }); break;
    case 'shorter': resize({ height: clamp((d as Dashlet).height - 1, MAX_HEIGHT) }); break;
    case 'remove': next.splice(i, 1); break;
  }
  return next;
}

async function dashboardPost(env: PageEnv): Promise<PageResult> {
  const { ctx, fields } = env;
  const action = textOf(fields, 'action');
  const id = textOf(fields, 'dashlet');
  const userId = env.caller.user.id;
  const { dashboard, before, after } = await editDashlets(ctx.store, userId, textOf(fields, 'id'), (row) => {
    const list = readDashlets(ctx.base, row.dashlets);
    // A drop or a resize by pointer (dashboard.js), or one button's step.
    const arranged = ARRANGEMENTS.includes(action);
    if (!arranged && !ACTIONS.some((a) => a.action === action)) throw badRequest(t`Unknown action '${action}'.`);
    const next = arranged ? arrange(list, id, action as Arrangement, fields) : applyAction(list, id, action as Action);
    return {
      dashlets: storedForm(ctx.base, row.dashlets, next),
      result: { dashboard: row, before: list, after: next },
    };
  });
  // Keep the keyboard where it was: the same button of the same dashlet, or after a removal the next dashlet.
  const removedAt = before.findIndex((d) => d.id === id);
  const focus = action === 'remove' ? after[Math.min(removedAt, after.length - 1)]?.id : id;
  // No #fragment: jumping to one would move the focus away again; dashboard.js scrolls the focused button into view.
  const did = action === 'remove' ? undefined : action;
  return { redirect: dashboardUrl(ctx.base, { id: dashboard.id, edit: '1', focus, did }) };
}

async function dashletPage(env: PageEnv): Promise<PageResult> {
  const dashboard = await ownDashboard(env, textOf(env.fields, 'dashboard'));
  const id = textOf(env.fields, 'dashlet');
  const d = readDashlets(env.ctx.base, dashboard.dashlets).find((x) => x.id === id);
  if (!d) throw notFound(NOT_HERE);
  if (isBroken(d)) throw badRequest(t`This dashlet cannot be shown: ${d.broken}`);
  const title = shownTitle(d);
  return {
    title,
    body: html`<main class="page dashlet-only"><h1>${title}</h1>\
<div class="dashlet-body">${dashletContent(env.ctx, d)}</div></main>`,
  };
}

export function registerDashboardPage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, { path: 'dashboards/dashboard.php', get: dashboardPage, post: dashboardPost });
  registerPage(app, ctx, { path: 'dashboards/dashlet.php', get: dashletPage });
}
