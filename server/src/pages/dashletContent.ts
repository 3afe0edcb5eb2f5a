import type { AppContext } from '../http/context.js';
import { shownTitle, type Dashlet } from '../dashlets/catalogue.js';
import { DEFAULT_LANGUAGE, mark, requestLanguage, requestLocale, t, translate } from '../http/language.js';
import { problemLists } from '../monitoring/problemList.js';
import { engineCurrentlyRunning, type MonitoringSnapshot } from '../monitoring/source.js';
import { hostStatus, missing, serviceStatus } from './dashletCounts.js';
import { engineFacts, quietButSilent, severalEngines, silentLine, silentNotice, staleCount } from './engineNotes.js';
import { enabledBadge, nowSeconds, timeCell } from './format.js';
import { hostgroupMembers, hostgroupStats, pendingOf, servicegroupStats, type GroupStats } from './groupStats.js';
import { html, type SafeHtml } from './html.js';
import { pendingCount, tacticalTotals, tiles } from './homePage.js';
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
    return html`${silentNotice(silent)}\
<p class="dl-ok partial">${quietButSilent(ctx, 'unhandled')}</p>`;
  }
  if (!unhandled.length) {
    return html`<p class="dl-ok"><span aria-hidden="true">✔</span> ${t`No unhandled problems`}</p>`;
  }
  const rows = d.options.rows ?? 10;
  const now = nowSeconds();
  const rest = unhandled.length - rows;
  return html`${silentNotice(silent)}<ol class="problems dl-problems">\
${unhandled.slice(0, rows).map((p) => problemRow(base, p, now))}</ol>
${rest > 0
    ? html`<p class="dl-more">\
<a href="${statusUrl(base, { show: 'serviceproblems', hostgroup })}">${t`+${rest} more`}</a></p>`
    : ''}`;
}

// State names in English, translated where the badge is drawn.
const HOST_WORST: [number, string, string][] = [[1, mark('DOWN'), 'critical'], [2, mark('UNREACHABLE'), 'unknown']];
const SERVICE_WORST: [number, string, string][] = [
  [2, mark('CRITICAL'), 'critical'], [3, mark('UNKNOWN'), 'unknown'], [1, mark('WARNING'), 'warning'],
];

function worst(stats: GroupStats, kind: 'host' | 'service'): { label: string; tone: string } {
  for (const [i, label, tone] of HOST_WORST) if (kind === 'host' && stats.hosts[i]) return { label, tone };
  for (const [i, label, tone] of SERVICE_WORST) if (stats.services[i]) return { label, tone };
  // Members on an engine that is not answering: their last state is not known to be OK now.
  if (stats.stale) return { label: mark('STALE'), tone: 'pending' };
  // Members not checked yet are not known to be OK either.
  const pending = (kind === 'host' && pendingOf(stats.hosts)) || pendingOf(stats.services);
  if (pending) return { label: mark('PENDING'), tone: 'pending' };
  return { label: mark('OK'), tone: 'ok' };
}

function groupGrid(base: string, kind: 'host' | 'service', stats: GroupStats[]): SafeHtml {
  if (!stats.length) {
    const none = kind === 'host' ? t`There are no host groups.` : t`There are no service groups.`;
    return html`<p class="dl-message">${none}</p>`;
  }
  const param = kind === 'host' ? 'hostgroup' : 'servicegroup';
  return html`<ul class="dl-groups">${stats.map((s) => {
    const w = worst(s, kind);
    const hostTotal = s.hosts.reduce((a, b) => a + b, 0);
    const serviceTotal = s.services.reduce((a, b) => a + b, 0);
    // Neither OK nor pending.
    const hostProblems = hostTotal - s.hosts[0]! - pendingOf(s.hosts);
    const serviceProblems = serviceTotal - s.services[0]! - pendingOf(s.services);
    return html`<li class="dl-group state-${w.tone}${s.stale ? ' stale' : ''}">\
<a href="${statusUrl(base, { show: `${kind}groups`, [param]: s.group.name })}">
<span class="name">${s.group.alias || s.group.name}</span> \
<span class="badge state-${w.tone}">${translate(w.label)}</span>
<span class="facts">${kind === 'host' ? html`${t`${hostTotal} hosts, ${hostProblems} with problems`} · ` : ''}\
${t`${serviceTotal} services, ${serviceProblems} with problems`}${s.stale ? ` · ${t`${s.stale} stale`}` : ''}\
</span></a></li>`;
  })}</ul>`;
}

function engine(ctx: AppContext, snap: MonitoringSnapshot): SafeHtml {
  const p = snap.program;
  const running = engineCurrentlyRunning(ctx.monitoring);
  const engines = severalEngines(ctx);
  return factsTable(t`Monitoring engine status`, [
    // Several engines: one line each, so one that is not answering is never hidden behind the others' "Running".
    ...(engines.length ? engineFacts(engines) : [[t`Engine`, running
      ? html`<span class="badge state-ok">${t`Running`}</span>`
      : html`<span class="badge state-critical">${t`Not running`}</span>`] as [string, SafeHtml]]),
    [t`Last status update`, timeCell(p.status_update_time || snap.updated, t`Never`)],
    [t`Active host checks`, enabledBadge(p.active_host_checks_enabled)],
    [t`Active service checks`, enabledBadge(p.active_service_checks_enabled)],
    [t`Notifications`, enabledBadge(p.notifications_enabled)],
  ]);
}

function tactical(ctx: AppContext, snap: MonitoringSnapshot): SafeHtml {
  const n = tacticalTotals(snap);
  const s = (params: Record<string, string | number>) => statusUrl(ctx.base, params);
  return html`${tiles(t`Unhandled problems`, [
    {
      label: t`Host problems`, count: n.hostProblems, href: s({ show: 'hostproblems' }),
      tone: n.hostProblems ? 'critical' : 'ok',
    },
    {
      label: t`Service problems`, count: n.serviceProblems, href: s({ show: 'serviceproblems' }),
      tone: n.serviceProblems ? 'critical' : 'ok',
    },
  ])}${tiles(t`Hosts`, [
    { label: t`Down`, count: n.hosts[1] ?? 0, href: s({ show: 'hosts', state: 1 }), tone: 'critical' },
    { label: t`Unreachable`, count: n.hosts[2] ?? 0, href: s({ show: 'hosts', state: 2 }), tone: 'unknown' },
    { label: t`Up`, count: n.hosts[0] ?? 0, href: s({ show: 'hosts', state: 0 }), tone: 'ok' },
    ...pendingCount(n.pendingHosts, s({ show: 'hosts', state: 'pending' })),
    ...staleCount(ctx, n.staleHosts, 'hosts'),
  ])}${tiles(t`Services`, [
    { label: t`Critical`, count: n.services[2] ?? 0, href: s({ show: 'services', state: 2 }), tone: 'critical' },
    { label: t`Warning`, count: n.services[1] ?? 0, href: s({ show: 'services', state: 1 }), tone: 'warning' },
    { label: t`Unknown`, count: n.services[3] ?? 0, href: s({ show: 'services', state: 3 }), tone: 'unknown' },
    { label: t`OK`, count: n.services[0] ?? 0, href: s({ show: 'services', state: 0 }), tone: 'ok' },
    ...pendingCount(n.pendingServices, s({ show: 'services', state: 'pending' })),
    ...staleCount(ctx, n.staleServices, 'services'),
  ])}${tiles(t`Handled`, [
    {
      label: t`Acknowledged`, count: n.hostAcks + n.serviceAcks, href: s({ show: 'services', acknowledged: 1 }),
      tone: 'neutral',
    },
    {
      label: t`In downtime`, count: n.hostDowntime + n.serviceDowntime, href: s({ show: 'services', downtime: 1 }),
      tone: 'neutral',
    },
  ])}`;
}

function clock(timezone: string | undefined): SafeHtml {
  const zone = timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const now = new Date();
  // English keeps the British day-month order it always had; other languages write the date their own way.
  const locale = requestLanguage() === DEFAULT_LANGUAGE ? 'en-GB' : requestLocale();
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false,
  }).format(now);
  const date = new Intl.DateTimeFormat(locale, {
    timeZone: zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric',
  }).format(now);
  // The page script ticks the clock on in the same locale (English pages carry none: en-GB is its default).
  const own = locale === 'en-GB' ? '' : html` data-locale="${locale}"`;
  return html`<p class="dl-clock" data-timezone="${zone}"${own}>\
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
    case 'page': return html`<iframe class="dl-page" src="${base}${d.options.url ?? ''}" title="${shownTitle(d)}"\
 sandbox="allow-same-origin allow-scripts allow-forms" referrerpolicy="same-origin"></iframe>`;
  }
}
