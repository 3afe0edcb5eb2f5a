import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { HttpError, notFound } from '../http/errors.js';
import { t, translate } from '../http/language.js';
import { shownDashboardTitle } from '../db/dashboards.js';
import { editDashlets, ownDashboards } from '../dashlets/dashboards.js';
import {
  CATALOGUE, catalogueEntry, DEFAULT_REFRESH, GRID_COLUMNS, MAX_DASHLETS, MAX_HEIGHT, MAX_NOTE, MAX_REFRESH, MAX_ROWS,
  MAX_TITLE, MIN_REFRESH, shownTitle, type Dashlet,
} from '../dashlets/catalogue.js';
import { dashletFromFields, knownGroups } from '../dashlets/validation.js';
import { isBroken, readDashlets, storedForm } from '../dashlets/storage.js';
import type { Fields } from '../http/input.js';
import type { Group } from '../monitoring/source.js';
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
  // Opened for the dashboard on screen (the shell adds it): each form starts on that dashboard.
  const dashboard = textOf(env.fields, 'dashboard') || undefined;
  const content = html`<ul class="catalogue">${CATALOGUE.map((c) => html`<li class="card">\
<h2>${translate(c.name)}</h2><p>${translate(c.description)}</p>
<a class="button" href="${withQuery(`${base}${PATH}`, { type: c.type, dashboard })}"\
 aria-label="${t`Add ${translate(c.name)} to a dashboard`}">${t`Add to dashboard`}</a></li>`)}</ul>`;
  const title = t`Dashlets`;
  return {
    title,
    body: pageBody({ heading: title, intro: t`Pick a dashlet to add it to one of your dashboards.`, content }),
  };
}

const value = (f: Fields, name: string, fallback: string | number | undefined): string =>
  (typeof f[name] === 'string' ? (f[name] as string) : fallback === undefined ? '' : String(fallback));

/** The field a refusal names ('title', 'hostgroup'...): it is marked invalid and described by the refusal. */
type Invalid = string | undefined;
const ERROR_ID = 'f-error';

/** A field's description: its hint, and the refusal first when the refusal is about this field (issue 38). */
function described(name: string, invalid: Invalid): SafeHtml {
  return invalid === name
    ? html` aria-invalid="true" aria-describedby="${ERROR_ID} f-${name}-hint"`
    : html` aria-describedby="f-${name}-hint"`;
}

function numberField(
  name: string, label: string, v: string, min: number, max: number, hint: string, invalid: Invalid,
): SafeHtml {
  return html`<label for="f-${name}">${label}</label>\
<input type="number" id="f-${name}" name="${name}" value="${v}" min="${min}" max="${max}" required\
${described(name, invalid)}><p class="hint" id="f-${name}-hint">${hint}</p>`;
}

/**
 * A host or service group is picked from the groups the monitoring data has (issue 38: a typed name could be a typo
 * that shows nothing). A saved group that is not there now (its engine silent, or the group removed) stays offered,
 * marked.
 */
function groupField(
  name: 'hostgroup' | 'servicegroup', label: string, all: string, groups: readonly Group[], v: string, hint: string,
  invalid: Invalid,
): SafeHtml {
  const names = new Set(groups.map((g) => g.name));
  const option = (g: Group) => html`<option value="${g.name}"${g.name === v ? html` selected` : ''}>\
${g.alias && g.alias !== g.name ? `${g.alias} (${g.name})` : g.name}</option>`;
  const missing = v && !names.has(v)
    ? html`<option value="${v}" selected>${t`${v} (not in the monitoring data now)`}</option>` : '';
  return html`<label for="f-${name}">${label}</label>\
<select id="f-${name}" name="${name}"${described(name, invalid)}><option value="">${all}</option>${missing}\
${[...groups].sort((a, b) => a.name.localeCompare(b.name)).map(option)}</select>\
<p class="hint" id="f-${name}-hint">${hint}</p>`;
}

function optionFields(env: PageEnv, type: string, current: Dashlet | undefined, invalid: Invalid): SafeHtml[] {
  const f = env.fields;
  const o = current?.options ?? {};
  const text = (name: string, label: string, v: string | undefined, hint: string) =>
    html`<label for="f-${name}">${label}</label>\
<input type="text" id="f-${name}" name="${name}" value="${value(f, name, v)}"${described(name, invalid)}>\
<p class="hint" id="f-${name}-hint">${hint}</p>`;
  const snap = env.ctx.monitoring.snapshot();
  return (catalogueEntry(type)?.options ?? []).map((name) => {
    switch (name) {
      case 'hostgroup':
        return groupField('hostgroup', t`Host group`, t`All host groups`, snap.hostgroups, value(f, name, o.hostgroup),
          t`Only hosts of this host group; all hosts when none is picked.`, invalid);
      case 'servicegroup':
        return groupField('servicegroup', t`Service group`, t`All service groups`, snap.servicegroups,
          value(f, name, o.servicegroup), t`Only services of this service group; all services when none is picked.`,
          invalid);
      case 'rows':
        return numberField('rows', t`Rows`, value(f, 'rows', o.rows ?? 10), 1, MAX_ROWS,
          t`At most this many problems, 1 to ${MAX_ROWS}.`, invalid);
      case 'timezone':
        return text('timezone', t`Time zone`, o.timezone,
          t`Such as Europe/Berlin or UTC; empty for the server's time zone.`);
      // The line break after <textarea> is dropped by the HTML parser, so a note that starts with an empty line
      // keeps it.
      case 'text':
        return html`<label for="f-text">${t`Text`}</label>\
<textarea id="f-text" name="text" rows="5" maxlength="${MAX_NOTE}" required${described('text', invalid)}>
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
  const dashboards = await ownDashboards(ctx.store, caller.user.id);
  // The dashboard on screen when the form was opened from it (the shell passes it along), else Home.
  const chosen = dashboards.some((d) => d.id === dashboardId) ? dashboardId : 'home';
  const heading = current ? t`Options of ${shownTitle(current)}` : t`Add ${translate(entry.name)}`;
  // Refusals name their field in quotes, in every language ("The field 'hostgroup' ...", "Das Feld 'hostgroup' ...").
  const invalid = error ? /'([a-z]+)'/.exec(error)?.[1] : undefined;
  const content = html`<form method="post" action="${ctx.base}${PATH}" class="card narrow">
${nspField(caller)}
${error ? html`<p class="error" id="${ERROR_ID}" role="alert">${error}</p>` : ''}
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
 maxlength="${MAX_TITLE}"${invalid === 'title' ? html` aria-invalid="true" aria-describedby="${ERROR_ID}"` : ''}>
${numberField('width', t`Width`, value(fields, 'width', current?.width ?? entry.width), 1, GRID_COLUMNS,
    t`In grid columns, 1 to ${GRID_COLUMNS} (the full width).`, invalid)}
${numberField('height', t`Height`, value(fields, 'height', current?.height ?? entry.height), 1, MAX_HEIGHT,
    t`In grid rows, 1 to ${MAX_HEIGHT}.`, invalid)}
${numberField('refresh', t`Refresh every (seconds)`, value(fields, 'refresh', current?.refresh ?? DEFAULT_REFRESH),
    MIN_REFRESH, MAX_REFRESH, t`${MIN_REFRESH} to ${MAX_REFRESH} seconds.`, invalid)}
${optionFields(env, entry.type, current, invalid)}
<button type="submit">${current ? t`Save` : t`Add to dashboard`}</button></form>`;
  return {
    title: heading, status: error ? 400 : 200,
    body: pageBody({ heading, intro: current ? undefined : translate(entry.description), content }),
  };
}

async function post(env: PageEnv): Promise<PageResult> {
  const { ctx, caller, fields } = env;
  try {
    const dashletId = textOf(fields, 'dashlet');
    const known = knownGroups(ctx.monitoring.snapshot());
    const { id, focus } = await editDashlets(ctx.store, caller.user.id, textOf(fields, 'dashboard'), (dashboard) => {
      const list = readDashlets(ctx.base, dashboard.dashlets);
      let next: typeof list;
      let focus: string;
      if (dashletId) {
        const i = list.findIndex((d) => d.id === dashletId);
        const current = list[i];
        if (!current || isBroken(current)) throw notFound(NOT_HERE);
        const changed = dashletFromFields(ctx.base, fields, current, undefined, known);
        next = list.map((d) => (d.id === dashletId ? changed : d));
        focus = changed.id;
      } else {
        if (list.length >= MAX_DASHLETS) {
          throw new HttpError(400, t`A dashboard holds at most ${MAX_DASHLETS} dashlets. Remove one first.`);
        }
        const added = dashletFromFields(ctx.base, fields, undefined, new Set(list.map((d) => d.id)), known);
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
