import { notFound } from '../http/errors.js';
import { html } from './html.js';
import { pageBody } from './layout.js';
import { groupStatsTable, hostgroupStats, servicegroupStats } from './groupStats.js';
import { textOf } from './listQuery.js';
import type { PageEnv, PageResult } from './pageRoute.js';
import { indexOf } from './snapshotIndex.js';
import { statusUrl } from './urls.js';

/**
 * `show=hostgroups|servicegroups`: state counts per group, or for the one group named by `hostgroup`/`servicegroup`.
 */
export function groupsPage(env: PageEnv, kind: 'host' | 'service'): PageResult {
  const { ctx, fields } = env;
  const snap = ctx.monitoring.snapshot();
  const param = kind === 'host' ? 'hostgroup' : 'servicegroup';
  const label = kind === 'host' ? 'Host Group' : 'Service Group';
  const name = textOf(fields, param);
  const index = indexOf(snap);
  const group = name ? (kind === 'host' ? index.hostgroups : index.servicegroups).get(name) : undefined;
  if (name && !group) throw notFound(`The ${label.toLowerCase()} '${name}' was not found.`);
  const stats = kind === 'host' ? hostgroupStats(snap, group) : servicegroupStats(snap, group);
  const heading = group ? `${label}: ${group.alias || group.name}` : `${label}s`;
  const content = html`${group ? html`<p class="breadcrumbs">\
<a href="${statusUrl(ctx.base, { show: `${kind}groups` })}">All ${label.toLowerCase()}s</a>
· <a href="${statusUrl(ctx.base, { show: 'hosts', [param]: group.name })}">Hosts in this group</a>
· <a href="${statusUrl(ctx.base, { show: 'services', [param]: group.name })}">Services in this group</a></p>` : ''}
${groupStatsTable(ctx.base, kind, stats,
    group ? `State counts for ${group.name}` : `State counts per ${label.toLowerCase()}`)}`;
  return { title: heading, body: pageBody({ heading, content }) };
}
