/** The host and service status summary dashlets: counts per state, each a link to the list it counts. */
import type { AppContext } from '../http/context.js';
import type { Dashlet } from '../dashlets/catalogue.js';
import type { HostStatus, MonitoringSnapshot, ServiceStatus } from '../monitoring/source.js';
import { staleCount } from './engineNotes.js';
import { pendingCount } from './homePage.js';
import { hostgroupMembers } from './groupStats.js';
import { html, type SafeHtml, withMarkup } from './html.js';
import { formatNumber, t } from '../http/language.js';
import { indexOf } from './snapshotIndex.js';
import { statusUrl } from './urls.js';

interface Count { label: string; count: number; href: string; tone: string }

/** Counts as links to the list they count; the label says the state, the colour only repeats it. */
function counts(label: string, items: Count[]): SafeHtml {
  return html`<ul class="dl-counts" aria-label="${label}">${items.map((c) => html`\
<li class="state-${c.tone}${c.count ? '' : ' zero'}"><a href="${c.href}">\
<span class="count">${formatNumber(c.count)}</span> <span class="label">${c.label}</span></a></li>`)}</ul>`;
}

export const missing = (kind: 'host group' | 'service group', name: string) =>
  html`<p class="dl-message">${kind === 'host group'
    ? withMarkup((g) => t`The host group '${g}' does not exist in the monitoring data.`, name)
    : withMarkup((g) => t`The service group '${g}' does not exist in the monitoring data.`, name)}</p>`;

function hostsIn(snap: MonitoringSnapshot, hostgroup: string | undefined): HostStatus[] | undefined {
  if (!hostgroup) return snap.hosts;
  const group = indexOf(snap).hostgroups.get(hostgroup);
  if (!group) return undefined;
  const members = hostgroupMembers(snap, group);
  return snap.hosts.filter((h) => members.has(h.host_name));
}

// Rows of an engine that is not answering (several engines) count apart, under no state: totals add up the engines
// that answer.
export function hostStatus(ctx: AppContext, snap: MonitoringSnapshot, d: Dashlet): SafeHtml {
  const hosts = hostsIn(snap, d.options.hostgroup);
  if (!hosts) return missing('host group', d.options.hostgroup!);
  const n = [0, 0, 0];
  let pending = 0;
  let stale = 0;
  for (const h of hosts) {
    if (h.stale !== undefined) stale++;
    else if (h.has_been_checked) n[h.current_state]!++;
    else pending++;
  }
  const href = (state?: number | 'pending') =>
    statusUrl(ctx.base, { show: 'hosts', hostgroup: d.options.hostgroup, state });
  return counts(t`Hosts by state`, [
    { label: t`Up`, count: n[0]!, href: href(0), tone: 'ok' },
    { label: t`Down`, count: n[1]!, href: href(1), tone: 'critical' },
    { label: t`Unreachable`, count: n[2]!, href: href(2), tone: 'unknown' },
    ...pendingCount(pending, href('pending')),
    ...staleCount(ctx, stale, 'hosts', { hostgroup: d.options.hostgroup }),
  ]);
}

export function serviceStatus(ctx: AppContext, snap: MonitoringSnapshot, d: Dashlet): SafeHtml {
  const { hostgroup, servicegroup } = d.options;
  const hosts = hostsIn(snap, hostgroup);
  if (!hosts) return missing('host group', hostgroup!);
  const group = servicegroup ? indexOf(snap).servicegroups.get(servicegroup) : undefined;
  if (servicegroup && !group) return missing('service group', servicegroup);
  const hostNames = hostgroup ? new Set(hosts.map((h) => h.host_name)) : undefined;
  const listed = group ? new Set(group.members) : undefined;
  const wanted = (s: ServiceStatus) => (!hostNames || hostNames.has(s.host_name))
    && (!group || s.servicegroups.includes(group.name) || listed!.has(`${s.host_name};${s.service_description}`));
  const n = [0, 0, 0, 0];
  let pending = 0;
  let stale = 0;
  for (const s of snap.services) {
    if (!wanted(s)) continue;
    if (s.stale !== undefined) stale++;
    else if (s.has_been_checked) n[s.current_state]!++;
    else pending++;
  }
  const href = (state?: number | 'pending') =>
    statusUrl(ctx.base, { show: 'services', hostgroup, servicegroup, state });
  return counts(t`Services by state`, [
    { label: t`OK`, count: n[0]!, href: href(0), tone: 'ok' },
    { label: t`Warning`, count: n[1]!, href: href(1), tone: 'warning' },
    { label: t`Critical`, count: n[2]!, href: href(2), tone: 'critical' },
    { label: t`Unknown`, count: n[3]!, href: href(3), tone: 'unknown' },
    ...pendingCount(pending, href('pending')),
    ...staleCount(ctx, stale, 'services', { hostgroup, servicegroup }),
  ]);
}
