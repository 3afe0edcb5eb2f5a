import type { AppContext } from '../http/context.js';
import type { Dashlet } from '../dashlets/catalogue.js';
import { problemLists } from '../monitoring/problemList.js';
import type { HostStatus, MonitoringSnapshot, ServiceStatus } from '../monitoring/source.js';
import { enabledBadge, nowSeconds, timeCell } from './format.js';
import { hostgroupMembers, hostgroupStats, servicegroupStats, type GroupStats } from './groupStats.js';
import { html, type SafeHtml } from './html.js';
import { tacticalTotals, tiles } from './homePage.js';
import { problemRow } from './problemsBoard.js';
import { indexOf } from './snapshotIndex.js';
import { factsTable } from './table.js';
import { statusUrl } from './urls.js';

interface Count { label: string; count: number; href: string; tone: string }

/** Counts as links to the list they count; the label says the state, the colour only repeats it. */
function counts(label: string, items: Count[]): SafeHtml {
  return html`<ul class="dl-counts" aria-label="${label}">${items.map((c) => html`<li class="state-${c.tone}${c.count ? '' : ' zero'}"><a href="${c.href}"><span class="count">${c.count.toLocaleString('en-US')}</span> <span class="label">${c.label}</span></a></li>`)}</ul>`;
}

const missing = (kind: string, name: string) => html`<p class="dl-message">The ${kind} '${name}' does not exist in the monitoring data.</p>`;

function hostsIn(snap: MonitoringSnapshot, hostgroup: string | undefined): HostStatus[] | undefined {
  if (!hostgroup) return snap.hosts;
  const group = indexOf(snap).hostgroups.get(hostgroup);
  if (!group) return undefined;
  const members = hostgroupMembers(snap, group);
  return snap.hosts.filter((h) => members.has(h.host_name));
}

function hostStatus(base: string, snap: MonitoringSnapshot, d: Dashlet): SafeHtml {
  const hosts = hostsIn(snap, d.options.hostgroup);
  if (!hosts) return missing('host group', d.options.hostgroup!);
  const n = [0, 0, 0];
  let pending = 0;
  for (const h of hosts) if (h.has_been_checked) n[h.current_state]!++; else pending++;
  const href = (state?: number) => statusUrl(base, { show: 'hosts', hostgroup: d.options.hostgroup, state });
  return counts('Hosts by state', [
    { label: 'Up', count: n[0]!, href: href(0), tone: 'ok' },
    { label: 'Down', count: n[1]!, href: href(1), tone: 'critical' },
    { label: 'Unreachable', count: n[2]!, href: href(2), tone: 'unknown' },
    ...(pending ? [{ label: 'Pending', count: pending, href: href(), tone: 'pending' }] : []),
  ]);
}

function serviceStatus(base: string, snap: MonitoringSnapshot, d: Dashlet): SafeHtml {
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
  for (const s of snap.services) if (wanted(s)) { if (s.has_been_checked) n[s.current_state]!++; else pending++; }
  const href = (state?: number) => statusUrl(base, { show: 'services', hostgroup, servicegroup, state });
  return counts('Services by state', [
    { label: 'OK', count: n[0]!, href: href(0), tone: 'ok' },
    { label: 'Warning', count: n[1]!, href: href(1), tone: 'warning' },
    { label: 'Critical', count: n[2]!, href: href(2), tone: 'critical' },
    { label: 'Unknown', count: n[3]!, href: href(3), tone: 'unknown' },
    ...(pending ? [{ label: 'Pending', count: pending, href: href(), tone: 'pending' }] : []),
  ]);
}

function problems(base: string, snap: MonitoringSnapshot, d: Dashlet): SafeHtml {
  const hostgroup = d.options.hostgroup;
  const group = hostgroup ? indexOf(snap).hostgroups.get(hostgroup) : undefined;
  if (hostgroup && !group) return missing('host group', hostgroup);
  const { unhandled } = problemLists(snap, group ? { hostgroup: hostgroupMembers(snap, group) } : {});
  if (!unhandled.length) return html`<p class="dl-ok"><span aria-hidden="true">✔</span> No unhandled problems</p>`;
  const rows = d.options.rows ?? 10;
  const now = nowSeconds();
  const rest = unhandled.length - rows;
  return html`<ol class="problems dl-problems">${unhandled.slice(0, rows).map((p) => problemRow(base, p, now))}</ol>
${rest > 0 ? html`<p class="dl-more"><a href="${statusUrl(base, { show: 'serviceproblems', hostgroup })}">+${rest} more</a></p>` : ''}`;
}

const HOST_WORST: [number, string, string][] = [[1, 'DOWN', 'critical'], [2, 'UNREACHABLE', 'unknown']];
const SERVICE_WORST: [number, string, string][] = [[2, 'CRITICAL', 'critical'], [3, 'UNKNOWN', 'unknown'], [1, 'WARNING', 'warning']];

function worst(stats: GroupStats, kind: 'host' | 'service'): { label: string; tone: string } {
  for (const [i, label, tone] of HOST_WORST) if (kind === 'host' && stats.hosts[i]) return { label, tone };
  for (const [i, label, tone] of SERVICE_WORST) if (stats.services[i]) return { label, tone };
  return { label: 'OK', tone: 'ok' };
}

function groupGrid(base: string, kind: 'host' | 'service', stats: GroupStats[]): SafeHtml {
  if (!stats.length) return html`<p class="dl-message">There are no ${kind} groups.</p>`;
  const param = kind === 'host' ? 'hostgroup' : 'servicegroup';
  return html`<ul class="dl-groups">${stats.map((s) => {
    const w = worst(s, kind);
    const hostTotal = s.hosts.reduce((a, b) => a + b, 0);
    const serviceTotal = s.services.reduce((a, b) => a + b, 0);
    const hostProblems = hostTotal - s.hosts[0]!;
    const serviceProblems = serviceTotal - s.services[0]!;
    return html`<li class="dl-group state-${w.tone}"><a href="${statusUrl(base, { show: `${kind}groups`, [param]: s.group.name })}">
<span class="name">${s.group.alias || s.group.name}</span> <span class="badge state-${w.tone}">${w.label}</span>
<span class="facts">${kind === 'host' ? html`${hostTotal} hosts, ${hostProblems} with problems · ` : ''}${serviceTotal} services, ${serviceProblems} with problems</span></a></li>`;
  })}</ul>`;
}

function engine(ctx: AppContext, snap: MonitoringSnapshot): SafeHtml {
  const p = snap.program;
  const running = ctx.monitoring.engineRunning() && p.is_currently_running === 1;
  return factsTable('Monitoring engine status', [
    ['Engine', running ? html`<span class="badge state-ok">Running</span>` : html`<span class="badge state-critical">Not running</span>`],
    ['Last status update', timeCell(p.status_update_time || snap.updated, 'Never')],
    ['Active host checks', enabledBadge(p.active_host_checks_enabled)],
    ['Active service checks', enabledBadge(p.active_service_checks_enabled)],
    ['Notifications', enabledBadge(p.notifications_enabled)],
  ]);
}

function tactical(base: string, snap: MonitoringSnapshot): SafeHtml {
  const t = tacticalTotals(snap);
  const s = (params: Record<string, string | number>) => statusUrl(base, params);
  return html`${tiles('Unhandled problems', [
    { label: 'Host problems', count: t.hostProblems, href: s({ show: 'hostproblems' }), tone: t.hostProblems ? 'critical' : 'ok' },
    { label: 'Service problems', count: t.serviceProblems, href: s({ show: 'serviceproblems' }), tone: t.serviceProblems ? 'critical' : 'ok' },
  ])}${tiles('Hosts', [
    { label: 'Down', count: t.hosts[1] ?? 0, href: s({ show: 'hosts', state: 1 }), tone: 'critical' },
    { label: 'Unreachable', count: t.hosts[2] ?? 0, href: s({ show: 'hosts', state: 2 }), tone: 'unknown' },
    { label: 'Up', count: t.hosts[0] ?? 0, href: s({ show: 'hosts', state: 0 }), tone: 'ok' },
  ])}${tiles('Services', [
    { label: 'Critical', count: t.services[2] ?? 0, href: s({ show: 'services', state: 2 }), tone: 'critical' },
    { label: 'Warning', count: t.services[1] ?? 0, href: s({ show: 'services', state: 1 }), tone: 'warning' },
    { label: 'Unknown', count: t.services[3] ?? 0, href: s({ show: 'services', state: 3 }), tone: 'unknown' },
    { label: 'OK', count: t.services[0] ?? 0, href: s({ show: 'services', state: 0 }), tone: 'ok' },
  ])}${tiles('Handled', [
    { label: 'Acknowledged', count: t.hostAcks + t.serviceAcks, href: s({ show: 'services', acknowledged: 1 }), tone: 'neutral' },
    { label: 'In downtime', count: t.hostDowntime + t.serviceDowntime, href: s({ show: 'services', downtime: 1 }), tone: 'neutral' },
  ])}`;
}

function clock(timezone: string | undefined): SafeHtml {
  const zone = timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const now = new Date();
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(now);
  const date = new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(now);
  return html`<p class="dl-clock" data-timezone="${zone}"><time class="time" datetime="${now.toISOString()}">${time}</time><span class="date">${date}</span><span class="zone">${zone}</span></p>`;
}

/** The inside of one dashlet, from the current snapshot; `dashboard.js` fetches it again on the dashlet's interval. */
export function dashletContent(ctx: AppContext, d: Dashlet): SafeHtml {
  const snap = ctx.monitoring.snapshot();
  const base = ctx.base;
  switch (d.type) {
    case 'hoststatus': return hostStatus(base, snap, d);
    case 'servicestatus': return serviceStatus(base, snap, d);
    case 'problems': return problems(base, snap, d);
    case 'hostgroups': return groupGrid(base, 'host', hostgroupStats(snap));
    case 'servicegroups': return groupGrid(base, 'service', servicegroupStats(snap));
    case 'engine': return engine(ctx, snap);
    case 'tactical': return tactical(base, snap);
    case 'clock': return clock(d.options.timezone);
    case 'note': return html`<p class="dl-note">${d.options.text ?? ''}</p>`;
    case 'page': return html`<iframe class="dl-page" src="${base}${d.options.url ?? ''}" title="${d.title}" sandbox="allow-same-origin allow-scripts allow-forms" referrerpolicy="same-origin"></iframe>`;
  }
}
