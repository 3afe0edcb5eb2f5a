import type { AppContext } from '../http/context.js';
import type { Dashlet } from '../dashlets/catalogue.js';
import { problemLists } from '../monitoring/problemList.js';
import type { MonitoringSnapshot } from '../monitoring/source.js';
import { hostStatus, missing, serviceStatus } from './dashletCounts.js';
import { engineFacts, severalEngines, silentLine, silentNotice, staleCount } from './engineNotes.js';
import { enabledBadge, nowSeconds, timeCell } from './format.js';
import { hostgroupMembers, hostgroupStats, servicegroupStats, type GroupStats } from './groupStats.js';
import { html, type SafeHtml } from './html.js';
import { tacticalTotals, tiles } from './homePage.js';
import { problemRow } from './problemsBoard.js';
import { indexOf } from './snapshotIndex.js';
import { factsTable } from './table.js';
import { statusUrl } from './urls.js';

/**
 * Like the problems board: each row names its engine (several engines), and a silent engine is said, never "no
 * problems".
 */
function problems(ctx: AppContext, snap: MonitoringSnapshot, d: Dashlet): SafeHtml {
  const base = ctx.base;
  const hostgroup = d.options.hostgroup;
  const group = hostgroup ? indexOf(snap).hostgroups.get(hostgroup) : undefined;
  if (hostgroup && !group) return missing('host group', hostgroup);
  const { unhandled } = problemLists(snap, group ? { hostgroup: hostgroupMembers(snap, group) } : {});
  const silent = silentLine(ctx);
  if (!unhandled.length && silent) {
    return html`${silentNotice(silent)}<p class="dl-ok partial">No unhandled problems on the engines that answer</p>`;
  }
  if (!unhandled.length) return html`<p class="dl-ok"><span aria-hidden="true">✔</span> No unhandled problems</p>`;
  const rows = d.options.rows ?? 10;
  const now = nowSeconds();
  const rest = unhandled.length - rows;
  return html`${silentNotice(silent)}<ol class="problems dl-problems">\
${unhandled.slice(0, rows).map((p) => problemRow(base, p, now))}</ol>
${rest > 0
    ? html`<p class="dl-more">\
<a href="${statusUrl(base, { show: 'serviceproblems', hostgroup })}">+${rest} more</a></p>`
    : ''}`;
}

const HOST_WORST: [number, string, string][] = [[1, 'DOWN', 'critical'], [2, 'UNREACHABLE', 'unknown']];
const SERVICE_WORST: [number, string, string][] = [
  [2, 'CRITICAL', 'critical'], [3, 'UNKNOWN', 'unknown'], [1, 'WARNING', 'warning'],
];

function worst(stats: GroupStats, kind: 'host' | 'service'): { label: string; tone: string } {
  for (const [i, label, tone] of HOST_WORST) if (kind === 'host' && stats.hosts[i]) return { label, tone };
  for (const [i, label, tone] of SERVICE_WORST) if (stats.services[i]) return { label, tone };
  // Members on an engine that is not answering: their last state is not known to be OK now.
  if (stats.stale) return { label: 'STALE', tone: 'pending' };
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
    return html`<li class="dl-group state-${w.tone}${s.stale ? ' stale' : ''}">\
<a href="${statusUrl(base, { show: `${kind}groups`, [param]: s.group.name })}">
<span class="name">${s.group.alias || s.group.name}</span> <span class="badge state-${w.tone}">${w.label}</span>
<span class="facts">${kind === 'host' ? html`${hostTotal} hosts, ${hostProblems} with problems · ` : ''}\
${serviceTotal} services, ${serviceProblems} with problems${s.stale ? ` · ${s.stale} stale` : ''}</span></a></li>`;
  })}</ul>`;
}

function engine(ctx: AppContext, snap: MonitoringSnapshot): SafeHtml {
  const p = snap.program;
  const running = ctx.monitoring.engineRunning() && p.is_currently_running === 1;
  const engines = severalEngines(ctx);
  return factsTable('Monitoring engine status', [
    // Several engines: one line each, so one that is not answering is never hidden behind the others' "Running".
    ...(engines.length ? engineFacts(engines) : [['Engine', running
      ? html`<span class="badge state-ok">Running</span>`
      : html`<span class="badge state-critical">Not running</span>`] as [string, SafeHtml]]),
    ['Last status update', timeCell(p.status_update_time || snap.updated, 'Never')],
    ['Active host checks', enabledBadge(p.active_host_checks_enabled)],
    ['Active service checks', enabledBadge(p.active_service_checks_enabled)],
    ['Notifications', enabledBadge(p.notifications_enabled)],
  ]);
}

function tactical(ctx: AppContext, snap: MonitoringSnapshot): SafeHtml {
  const t = tacticalTotals(snap);
  const s = (params: Record<string, string | number>) => statusUrl(ctx.base, params);
  return html`${tiles('Unhandled problems', [
    {
      label: 'Host problems', count: t.hostProblems, href: s({ show: 'hostproblems' }),
      tone: t.hostProblems ? 'critical' : 'ok',
    },
    {
      label: 'Service problems', count: t.serviceProblems, href: s({ show: 'serviceproblems' }),
      tone: t.serviceProblems ? 'critical' : 'ok',
    },
  ])}${tiles('Hosts', [
    { label: 'Down', count: t.hosts[1] ?? 0, href: s({ show: 'hosts', state: 1 }), tone: 'critical' },
    { label: 'Unreachable', count: t.hosts[2] ?? 0, href: s({ show: 'hosts', state: 2 }), tone: 'unknown' },
    { label: 'Up', count: t.hosts[0] ?? 0, href: s({ show: 'hosts', state: 0 }), tone: 'ok' },
    ...staleCount(ctx, t.staleHosts, 'hosts'),
  ])}${tiles('Services', [
    { label: 'Critical', count: t.services[2] ?? 0, href: s({ show: 'services', state: 2 }), tone: 'critical' },
    { label: 'Warning', count: t.services[1] ?? 0, href: s({ show: 'services', state: 1 }), tone: 'warning' },
    { label: 'Unknown', count: t.services[3] ?? 0, href: s({ show: 'services', state: 3 }), tone: 'unknown' },
    { label: 'OK', count: t.services[0] ?? 0, href: s({ show: 'services', state: 0 }), tone: 'ok' },
    ...staleCount(ctx, t.staleServices, 'services'),
  ])}${tiles('Handled', [
    {
      label: 'Acknowledged', count: t.hostAcks + t.serviceAcks, href: s({ show: 'services', acknowledged: 1 }),
      tone: 'neutral',
    },
    {
      label: 'In downtime', count: t.hostDowntime + t.serviceDowntime, href: s({ show: 'services', downtime: 1 }),
      tone: 'neutral',
    },
  ])}`;
}

function clock(timezone: string | undefined): SafeHtml {
  const zone = timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const now = new Date();
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false,
  }).format(now);
  const date = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric',
  }).format(now);
  return html`<p class="dl-clock" data-timezone="${zone}">\
<time class="time" datetime="${now.toISOString()}">${time}</time>\
<span class="date">${date}</span><span class="zone">${zone}</span></p>`;
}

/** The inside of one dashlet, from the current snapshot; `dashboard.js` fetches it again on the dashlet's interval. */
export function dashletContent(ctx: AppContext, d: Dashlet): SafeHtml {
  const snap = ctx.monitoring.snapshot();
  const base = ctx.base;
  switch (d.type) {
    case 'hoststatus': return hostStatus(ctx, snap, d);
    case 'servicestatus': return serviceStatus(ctx, snap, d);
    case 'problems': return problems(ctx, snap, d);
    case 'hostgroups': return groupGrid(base, 'host', hostgroupStats(snap));
    case 'servicegroups': return groupGrid(base, 'service', servicegroupStats(snap));
    case 'engine': return engine(ctx, snap);
    case 'tactical': return tactical(ctx, snap);
    case 'clock': return clock(d.options.timezone);
    case 'note': return html`<p class="dl-note">${d.options.text ?? ''}</p>`;
    case 'page': return html`<iframe class="dl-page" src="${base}${d.options.url ?? ''}" title="${d.title}"\
 sandbox="allow-same-origin allow-scripts allow-forms" referrerpolicy="same-origin"></iframe>`;
  }
}
