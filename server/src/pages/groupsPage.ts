import { notFound } from '../http/errors.js';
import { t } from '../http/language.js';
import { html } from './html.js';
import { pageBody } from './layout.js';
import { groupStatsTable, hostgroupStats, servicegroupStats } from './groupStats.js';
import { textOf } from './listQuery.js';
import type { PageEnv, PageResult } from './pageRoute.js';
import { indexOf } from './snapshotIndex.js';
import { statusUrl } from './urls.js';
import { laggingEngines } from './engineNotes.js';
import { bulkBar, bulkScript, canBulk } from './bulkSelection.js';

/**
 * `show=hostgroups|servicegroups`: state counts per group, or for the one group named by `hostgroup`/`servicegroup`.
 */
export function groupsPage(env: PageEnv, kind: 'host' | 'service'): PageResult {
  const { ctx, fields } = env;
  const snap = ctx.monitoring.snapshot();
  const host = kind === 'host';
  const param = host ? 'hostgroup' : 'servicegroup';
  const name = textOf(fields, param);
  const index = indexOf(snap);
  const group = name ? (host ? index.hostgroups : index.servicegroups).get(name) : undefined;
  if (name && !group) {
    throw notFound(host ? t`The host group '${name}' was not found.` : t`The service group '${name}' was not found.`);
  }
  const stats = host ? hostgroupStats(snap, group) : servicegroupStats(snap, group);
  const title = group?.alias || group?.name;
  const heading = host
    ? (group ? t`Host Group: ${title}` : t`Host Groups`)
    : (group ? t`Service Group: ${title}` : t`Service Groups`);
  // Issue 38: a group ticked here stands for all its hosts (host groups) or all its services (service groups).
  const bulk = canBulk(env);
  const content = html`${group ? html`<p class="breadcrumbs">\
<a href="${statusUrl(ctx.base, { show: `${kind}groups` })}">${host ? t`All host groups` : t`All service groups`}</a>
· <a href="${statusUrl(ctx.base, { show: 'hosts', [param]: group.name })}">${t`Hosts in this group`}</a>
· <a href="${statusUrl(ctx.base, { show: 'services', [param]: group.name })}">\
${t`Services in this group`}</a></p>` : ''}
${bulk ? bulkBar(env, statusUrl(ctx.base, { show: `${kind}groups`, [param]: group?.name })) : ''}
${groupStatsTable(ctx.base, kind, stats, group
    ? t`State counts for ${group.name}`
    : host ? t`State counts per host group` : t`State counts per service group`, bulk)}\
${bulk ? bulkScript(ctx.base) : ''}`;
  const live = { updated: snap.updated, base: ctx.base, lagging: laggingEngines(ctx) };
  return { title: heading, body: pageBody({ heading, content, live }) };
}
