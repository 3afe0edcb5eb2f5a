import { badRequest, notFound } from '../http/errors.js';
import { mark, t, translate } from '../http/language.js';
import type { Fields } from '../http/input.js';
import { hostKey, type MonitoringSnapshot } from '../monitoring/source.js';
import { html, type SafeHtml, withMarkup } from './html.js';
import { pageBody } from './layout.js';
import { hostBadge, nowSeconds, serviceBadge, timeCell } from './format.js';
import type { CommandTarget } from './commandInput.js';
import { commandForms, deleteDowntimeForm, type FormContext, type FormState } from './commandForms.js';
import { indexOf } from './snapshotIndex.js';
import { servicesOf } from './serviceColumns.js';
import { checkFacts, commentsTable, downtimesTable } from './detailParts.js';
import { historyPart } from './historyPart.js';
import { handlingTags } from './listControls.js';
import { gates, type PageEnv, type PageResult } from './pageRoute.js';
import { COMMAND_LABELS, pendingFor } from './pendingCommands.js';
import { dataTable, factsTable, tableHead } from './table.js';
import { hostUrl, serviceUrl, statusUrl } from './urls.js';
import { laggingEngines } from './engineNotes.js';

export const SUBMITTED_NOTICE = mark('Command submitted. The result appears once the monitoring engine processes it.');

/**
 * The host (and service) a detail page or command names; unknown ones are a 404, not an error. With several engines,
 * `engine` names the host's engine; without it a host name found on one engine only is still that host.
 */
export function findTarget(snap: MonitoringSnapshot, fields: Fields, withService: boolean): CommandTarget {
  const hostName = typeof fields.host === 'string' ? fields.host : '';
  if (!hostName) throw badRequest(t`The parameter 'host' is required.`);
  const engine = typeof fields.engine === 'string' && fields.engine !== '' ? fields.engine : undefined;
  const index = indexOf(snap);
  let host = index.hosts.get(hostKey({ host_name: hostName, engine }));
  if (!host && engine === undefined) {
    const found = snap.hosts.filter((h) => h.host_name === hostName);
    if (found.length > 1) {
      const engines = found.map((h) => h.engine).join(', ');
      throw badRequest(t`The host '${hostName}' is on several engines (${engines}); add engine= to name one.`);
    }
    host = found[0];
  }
  if (!host) {
    throw notFound(engine
      ? t`The host '${hostName}' was not found on engine '${engine}'.`
      : t`The host '${hostName}' was not found.`);
  }
  if (!withService) return { host };
  const serviceName = typeof fields.service === 'string' ? fields.service : '';
  if (!serviceName) throw badRequest(t`The parameter 'service' is required.`);
  const service = servicesOf(snap, hostKey(host)).find((s) => s.service_description === serviceName);
  if (!service) throw notFound(t`The service '${serviceName}' on host '${hostName}' was not found.`);
  return { host, service };
}

export function detailUrl(
  base: string, t: { host: string; service?: string | undefined; engine?: string | undefined },
): string {
  return t.service === undefined ? hostUrl(base, t.host, t.engine) : serviceUrl(base, t.host, t.service, t.engine);
}

function hostServices(env: PageEnv, target: CommandTarget): SafeHtml {
  const { base } = env.ctx;
  const services = servicesOf(env.ctx.monitoring.snapshot(), hostKey(target.host));
  const rows = services.map((s) => html`<tr><th scope="row">\
<a href="${serviceUrl(base, s.host_name, s.service_description, s.engine)}">${s.service_description}</a>\
${handlingTags(s)}</th>
<td>${serviceBadge(s)}</td><td data-label="${t`Last Check`}">${timeCell(s.last_check)}</td>\
<td class="output">${s.output}</td></tr>`);
  const head = tableHead(t`Service`, t`Status`, t`Last Check`, [t`Status Information`, 'wide']);
  // A card per service on phones, like the status lists: the status information is never cut off.
  return dataTable(t`Services on ${target.host.host_name}`, head, rows, t`This host has no services.`, 4,
    'status-list');
}

/** The engine row, with several engines: which engine owns the object, and whether its data is stale. */
function engineFacts(o: { engine?: string; stale?: number }): [string, SafeHtml | string][] {
  if (o.engine === undefined) return [];
  if (o.stale === undefined) return [[t`Engine`, o.engine]];
  const since = withMarkup((when) => t`Not answering: data from ${when}`, timeCell(o.stale));
  return [[t`Engine`, html`${o.engine} <span class="badge state-unknown stale">${since}</span>`]];
}

function identity(env: PageEnv, target: CommandTarget): [string, SafeHtml | string][] {
  const { base } = env.ctx;
  const h = target.host;
  const groupLinks = (param: 'hostgroup' | 'servicegroup', names: string[]) => (names.length
    ? html`${names.map((g, i) => html`${i ? ', ' : ''}\
<a href="${statusUrl(base, { show: `${param}s`, [param]: g })}">${g}</a>`)}`
    : t`None`);
  if (target.service) {
    const s = target.service;
    return [
      [t`Status`, html`${serviceBadge(s)}${handlingTags(s)}`],
      [t`Host`, html`<a href="${hostUrl(base, h.host_name, h.engine)}">${h.host_name}</a> ${hostBadge(h)}`],
      [t`Service groups`, groupLinks('servicegroup', s.servicegroups)],
      ...engineFacts(s),
    ];
  }
  return [
    [t`Status`, html`${hostBadge(h)}${handlingTags(h)}`], [t`Alias`, h.alias], [t`Address`, h.address],
    [t`Host groups`, groupLinks('hostgroup', h.hostgroups)], ...engineFacts(h),
  ];
}

/** A host or service detail page: state, output, its history, handling, comments, downtimes and the command forms. */
export async function objectDetailPage(env: PageEnv, target: CommandTarget, state?: FormState): Promise<PageResult> {
  const { ctx, caller, fields } = env;
  const snap = ctx.monitoring.snapshot();
  const now = nowSeconds();
  const where = {
    host: target.host.host_name, service: target.service?.service_description, engine: target.host.engine,
  };
  const object = target.service ?? target.host;
  const mine = (x: { host_name: string; service_description: string | null; engine?: string }) =>
    x.host_name === where.host && x.engine === where.engine && (x.service_description ?? undefined) === where.service;
  const canCommand = gates.commands.allows(caller.perms);
  const fc: FormContext = { action: detailUrl(ctx.base, where), caller, ...where, object, state, now };
  const pending = pendingFor(caller.session.id, object, where.service, snap, now);
  const service = target.service !== undefined;
  const title = target.service ? t`${target.service.service_description} on ${where.host}` : where.host;
  const pendingItem = (p: (typeof pending)[number]) =>
    withMarkup((what, when) => t`${what}, submitted ${when}`,
      translate(COMMAND_LABELS[p.command.type]), timeCell(p.submitted));

  const history = await historyPart(ctx, where, Math.floor(ctx.now() / 1000));
  const content = html`<p class="breadcrumbs">\
<a href="${statusUrl(ctx.base, { show: service ? 'services' : 'hosts' })}">\
${service ? t`Service Status` : t`Host Status`}</a>
${service
    ? html` · <a href="${hostUrl(ctx.base, where.host, where.engine)}">${t`Host ${where.host}`}</a>`
    : html` · <a href="${statusUrl(ctx.base, { show: 'services', host: where.host, engine: where.engine })}">\
${t`Services of this host`}</a>`}</p>
${pending.length ? html`<section class="pending card" aria-labelledby="pending-title">\
<h2 id="pending-title">${t`Waiting for the monitoring engine`}</h2>
<ul>${pending.map((p) => html`<li>${pendingItem(p)}</li>`)}</ul>\
</section>` : ''}
${factsTable(service ? t`Service state` : t`Host state`, [...identity(env, target), ...checkFacts(object)])}
${service ? '' : hostServices(env, target)}
${history}
<h2>${t`Comments`}</h2>
${commentsTable(snap.comments.filter(mine), service ? t`Comments on this service` : t`Comments on this host`)}
<h2>${t`Scheduled downtime`}</h2>
${downtimesTable(snap.downtimes.filter(mine), service ? t`Downtime for this service` : t`Downtime for this host`,
    canCommand ? { deleteForm: (d) => deleteDowntimeForm(fc, d) } : {})}
<h2>${t`Commands`}</h2>
${canCommand ? commandForms(fc) : html`<p>${translate(gates.commands.message)}</p>`}`;

  return {
    title,
    status: state ? 400 : 200,
    body: pageBody({
      heading: service ? t`Service: ${title}` : t`Host: ${title}`,
      // Its command forms are never replaced under their user: the age counts, and a reload brings newer data.
      live: { updated: snap.updated, base: ctx.base, lagging: laggingEngines(ctx), refresh: 0 },
      notice: fields.notice === 'submitted' ? translate(SUBMITTED_NOTICE) : undefined,
      error: state ? t`The command was not submitted: ${state.error}` : undefined,
      content,
    }),
  };
}
