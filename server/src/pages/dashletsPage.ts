import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { HttpError, notFound } from '../http/errors.js';
import { t, translate } from '../http/language.js';
import { listUserDashboards, shownDashboardTitle } from '../db/dashboards.js';
import { editDashlets } from '../dashlets/dashboards.js';
import {
  CATALOGUE, catalogueEntry, DEFAULT_REFRESH, GRID_COLUMNS, MAX_DASHLETS, MAX_HEIGHT, MAX_NOTE, MAX_REFRESH, MAX_ROWS,
  MAX_TITLE, MIN_REFRESH, shownTitle, type Dashlet,
} from '../dashlets/catalogue.js';
import { dashletFromFields } from '../dashlets/validation.js';
import { isBroken, readDashlets, storedForm } from '../dashlets/storage.js';
import type { Fields } from '../http/input.js';
import { dashboardUrl, NOT_HERE, ownDashboard } from './dashboardPage.js';
import { nspField } from './formGuard.js';
import { html, type SafeHtml } from './html.js';
import { pageBody } from './layout.js';
import { textOf } from './listQuery.js';
import { registerPage, type PageEnv, type PageResult } from './pageRoute.js';
import { withQuery } from './urls.js';

const PATH = 'dashboards/dashlets.php';

function catalogue(env: PageEnv): PageResult {
  const { base } = env.ctx;
  const content = html`<ul class="catalogue">${CATALOGUE.map((c) => html`<li class="card">\
<h2>${translate(c.name)}</h2><p>${translate(c.description)}</p>
<a class="button" href="${withQuery(`${base}${PATH}`, { type: c.type })}"\
 aria-label="${t`Add ${translate(c.name)} to a dashboard`}">${t`Add to dashboard`}</a></li>`)}</ul>`;
  const title = t`Dashlets`;
  return {
    title,
    body: pageBody({ heading: title, intro: t`Pick a dashlet to add it to one of your dashboards.`, content }),
  };
}

const value = (f: Fields, name: string, fallback: string | number | undefined): string =>
  (typeof f[name] === 'string' ? (f[name] as string) : fallback === undefined ? '' : String(fallback));

function numberField(name: string, label: string, v: string, min: number, max: number, hint: string): SafeHtml {
  return html`<label for="f-${name}">${label}</label>\
<input type="number" id="f-${name}" name="${name}" value="${v}" min="${min}" max="${max}" required\
 aria-describedby="f-${name}-hint"><p class="hint" id="f-${name}-hint">${hint}</p>`;
}

function optionFields(type: string, f: Fields, current: Dashlet | undefined): SafeHtml[] {
  const o = current?.options ?? {};
  const text = (name: string, label: string, v: string | undefined, hint: string) =>
    html`<label for="f-${name}">${label}</label>\
<input type="text" id="f-${name}" name="${name}" value="${value(f, name, v)}" aria-describedby="f-${name}-hint">\
<p class="hint" id="f-${name}-hint">${hint}</p>`;
  return (catalogueEntry(type)?.options ?? []).map((name) => {
    switch (name) {
      case 'hostgroup':
        return text('hostgroup', t`Host group`, o.hostgroup,
          t`Only hosts of this host group (its name); empty for all.`);
      case 'servicegroup':
        return text('servicegroup', t`Service group`, o.servicegroup,
          t`Only services of this service group (its name); empty for all.`);
      case 'rows':
        return numberField('rows', t`Rows`, value(f, 'rows', o.rows ?? 10), 1, MAX_ROWS,
          t`At most this many problems, 1 to ${MAX_ROWS}.`);
      case 'timezone':
        return text('timezone', t`Time zone`, o.timezone,
          t`Such as Europe/Berlin or UTC; empty for the server's time zone.`);
      // The line break after <textarea> is dropped by the HTML parser, so a note that starts with an empty line
      // keeps it.
      case 'text':
        return html`<label for="f-text">${t`Text`}</label>\
<textarea id="f-text" name="text" rows="5" maxlength="${MAX_NOTE}" required aria-describedby="f-text-hint">
${value(f, 'text', o.text)}</textarea>\
<p class="hint" id="f-text-hint">${t`Shown as plain text with its line breaks, up to ${MAX_NOTE} characters.`}</p>`;
      case 'url':
        return text('url', t`Page address`, o.url,
          t`A page of this server, such as includes/components/xicore/status.php?show=hosts.`);
    }
  });
}

async function form(env: PageEnv, error?: string): Promise<PageResult> {
  const { ctx, caller, fields } = env;
  const dashboardId = textOf(fields, 'dashboard');
  const dashletId = textOf(fields, 'dashlet');
  let current: Dashlet | undefined;
  if (dashletId) {
    const found = readDashlets(ctx.base, (await ownDashboard(env, dashboardId)).dashlets)
      .find((d) => d.id === dashletId);
    if (!found || isBroken(found)) throw notFound(NOT_HERE);
    current = found;
  }
  const type = current?.type ?? textOf(fields, 'type');
  const entry = catalogueEntry(type);
  if (!entry) return type ? { ...catalogue(env), status: 404 } : catalogue(env);
  const dashboards = await listUserDashboards(ctx.store, caller.user.id);
  const chosen = dashboardId || 'home';
  const heading = current ? t`Options of ${shownTitle(current)}` : t`Add ${translate(entry.name)}`;
  const content = html`<form method="post" action="${ctx.base}${PATH}" class="card narrow">
${nspField(caller)}
${current
    ? html`<input type="hidden" name="dashboard" value="${dashboardId}">\
<input type="hidden" name="dashlet" value="${current.id}">`
    : html`<input type="hidden" name="type" value="${entry.type}">\
<label for="f-dashboard">${t`Dashboard`}</label><select id="f-dashboard" name="dashboard">${dashboards.map((d) =>
    html`<option value="${d.id}"${d.id === chosen ? html` selected` : ''}>\
${shownDashboardTitle(d)}</option>`)}</select>`}
<label for="f-title">${t`Title`}</label>\
<input type="text" id="f-title" name="title"\
 value="${value(fields, 'title', current ? shownTitle(current) : translate(entry.name))}"\
 maxlength="${MAX_TITLE}">
${numberField('width', t`Width`, value(fields, 'width', current?.width ?? entry.width), 1, GRID_COLUMNS,
    t`In grid columns, 1 to ${GRID_COLUMNS} (the full width).`)}
${numberField('height', t`Height`, value(fields, 'height', current?.height ?? entry.height), 1, MAX_HEIGHT,
    t`In grid rows, 1 to ${MAX_HEIGHT}.`)}
${numberField('refresh', t`Refresh every (seconds)`, value(fields, 'refresh', current?.refresh ?? DEFAULT_REFRESH),
    MIN_REFRESH, MAX_REFRESH, t`${MIN_REFRESH} to ${MAX_REFRESH} seconds.`)}
${optionFields(entry.type, fields, current)}
<button type="submit">${current ? t`Save` : t`Add to dashboard`}</button></form>`;
  return {
    title: heading, status: error ? 400 : 200,
    body: pageBody({ heading, intro: current ? undefined : translate(entry.description), error, content }),
  };
}

async function post(env: PageEnv): Promise<PageResult> {
  const { ctx, caller, fields } = env;
  try {
    const dashletId = textOf(fields, 'dashlet');
    const { id, focus } = await editDashlets(ctx.store, caller.user.id, textOf(fields, 'dashboard'), (dashboard) => {
      const list = readDashlets(ctx.base, dashboard.dashlets);
      let next: typeof list;
      let focus: string;
      if (dashletId) {
        const i = list.findIndex((d) => d.id === dashletId);
        const current = list[i];
        if (!current || isBroken(current)) throw notFound(NOT_HERE);
        const changed = dashletFromFields(ctx.base, fields, current);
        next = list.map((d) => (d.id === dashletId ? changed : d));
        focus = changed.id;
      } else {
        if (list.length >= MAX_DASHLETS) {
          throw new HttpError(400, t`A dashboard holds at most ${MAX_DASHLETS} dashlets. Remove one first.`);
        }
        const added = dashletFromFields(ctx.base, fields, undefined, new Set(list.map((d) => d.id)));
        next = [...list, added];
        focus = added.id;
      }
      return { dashlets: storedForm(ctx.base, dashboard.dashlets, next), result: { id: dashboard.id, focus } };
    });
    return { redirect: dashboardUrl(ctx.base, { id, edit: '1', focus }) };
  } catch (error) {
    // Bad options: the form again with what was typed and the reason; nothing was saved.
    if (error instanceof HttpError && error.status === 400) return form(env, translate(error.message));
    throw error;
  }
}

export function registerDashletsPage(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, {
    path: PATH,
    get: (env) => (textOf(env.fields, 'type') || textOf(env.fields, 'dashlet') ? form(env) : catalogue(env)),
    post,
  });
}
