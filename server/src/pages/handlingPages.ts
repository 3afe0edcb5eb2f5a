import { t } from '../http/language.js';
import type { Comment, Downtime } from '../monitoring/source.js';
import { html, type SafeHtml } from './html.js';
import { pageBody } from './layout.js';
import { commentsTable, downtimesTable } from './detailParts.js';
import { compareText, pagingOf, slicePage, textOf } from './listQuery.js';
import type { PageEnv, PageResult } from './pageRoute.js';
import { pager } from './table.js';
import { hostUrl, serviceUrl, statusUrl, type QueryValues } from './urls.js';
import { laggingEngines } from './engineNotes.js';

/** The object's links; with several engines they name its engine (the same host name may be on two). */
function objectCells(
  base: string, x: { host_name: string; service_description: string | null; engine?: string },
): SafeHtml {
  return html`<td><a href="${hostUrl(base, x.host_name, x.engine)}">${x.host_name}</a></td>
<td>${x.service_description === null
    ? html`<span class="muted">${t`Host`}</span>`
    : html`<a href="${serviceUrl(base, x.host_name, x.service_description, x.engine)}">\
${x.service_description}</a>`}</td>`;
}

/** `host=` and, with several engines, `engine=` narrow the list. */
function hostFilter(
  env: PageEnv,
): { host: string; engine: string; keep: (x: { host_name: string; engine?: string }) => boolean } {
  const host = textOf(env.fields, 'host');
  const engine = textOf(env.fields, 'engine');
  return { host, engine, keep: (x) => (!host || x.host_name === host) && (!engine || x.engine === engine) };
}

/** The Engine column, once several engines are configured. */
const severalEngines = (env: PageEnv): boolean => (env.ctx.monitoring.engines?.().length ?? 0) > 1;

const byObject = (a: Comment | Downtime, b: Comment | Downtime): number =>
  compareText(a.host_name, b.host_name) || compareText(a.engine ?? '', b.engine ?? '')
  || compareText(a.service_description ?? '', b.service_description ?? '') || a.id - b.id;

/** `show=comments`: every comment (optionally of one `host`), newest first within each object. */
export function commentsPage(env: PageEnv): PageResult {
  const { ctx } = env;
  const { host, engine, keep } = hostFilter(env);
  const snap = ctx.monitoring.snapshot();
  const slice = slicePage(snap.comments.filter(keep), pagingOf(env.fields), byObject);
  const link = (p: QueryValues) => statusUrl(ctx.base, { show: 'comments', host, engine: engine || undefined, ...p });
  const heading = host ? t`Comments for ${host}` : t`Comments`;
  return {
    title: heading,
    body: pageBody({
      heading,
      live: { updated: snap.updated, base: ctx.base, lagging: laggingEngines(ctx) },
      intro: t`Comments are added from a host or service detail page; acknowledgements add one too.`,
      content: html`${commentsTable(slice.rows, t`Comments`, (c) => objectCells(ctx.base, c), severalEngines(env))}\
${pager(slice, t`comments`, link)}`,
    }),
  };
}

/** `show=downtimes`: scheduled downtime of hosts and services, ordered by object. */
export function downtimesPage(env: PageEnv): PageResult {
  const { ctx } = env;
  const { host, engine, keep } = hostFilter(env);
  const snap = ctx.monitoring.snapshot();
  const slice = slicePage(snap.downtimes.filter(keep), pagingOf(env.fields), byObject);
  const link = (p: QueryValues) => statusUrl(ctx.base, { show: 'downtimes', host, engine: engine || undefined, ...p });
  const heading = host ? t`Scheduled Downtime for ${host}` : t`Scheduled Downtime`;
  return {
    title: heading,
    body: pageBody({
      heading,
      live: { updated: snap.updated, base: ctx.base, lagging: laggingEngines(ctx) },
      intro: t`Downtime is scheduled and deleted from a host or service detail page.`,
      content: html`${downtimesTable(slice.rows, t`Scheduled downtime`, {
        objectCell: (d) => objectCells(ctx.base, d), withEngine: severalEngines(env),
      })}${pager(slice, t`downtimes`, link)}`,
    }),
  };
}
