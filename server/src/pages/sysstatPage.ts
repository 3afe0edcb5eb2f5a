import type { AppContext } from '../http/context.js';
import { formatNumber, t, translate } from '../http/language.js';
import {
  capabilitiesOf, engineCurrentlyRunning, type CheckCounts, type CheckPerformance,
} from '../monitoring/source.js';
import { html, type SafeHtml } from './html.js';
import { pageBody, tabs } from './layout.js';
import { durationText, enabledBadge, nowSeconds, timeCell } from './format.js';
import { createHostStatsReader } from '../monitoring/hostStats.js';
import { engineFacts, engineStateBadge, severalEngines } from './engineNotes.js';
import type { PageEnv, PageResult } from './pageRoute.js';
import { dataTable, factsTable, tableHead } from './table.js';

/** toFixed's digits (and its rounding) with the reader's decimal mark. */
const fixed = (n: number, digits: number) => formatNumber(Number(n.toFixed(digits)), {
  minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false,
});
const mb = (n: number) => `${formatNumber(n, { maximumFractionDigits: 0 })} MB`;
const pct = (n: number) => `${fixed(n, 1)} %`;
/** One reader per process: its CPU percentages cover the time since the previous page view. */
const hostStats = createHostStatsReader();
const ms = (n: number) => `${formatNumber(n, { maximumFractionDigits: 3 })} s`;

function running(ok: boolean): SafeHtml {
  return ok
    ? html`<span class="badge state-ok">${t`Running`}</span>`
    : html`<span class="badge state-critical">${t`Not running`}</span>`;
}

/** The grapher's row: the top bar's system status counts it, so this page, which its menu item opens, says why. */
function grapherRow(ctx: AppContext): SafeHtml {
  const state = ctx.grapher();
  const simulated = capabilitiesOf(ctx.monitoring).simulatedGrapher;
  const status = state === 'absent'
    ? html`<span class="badge">${t`Not installed`}</span>`
    : running(state === 'running');
  const details = simulated ? t`Simulated with the demo fleet`
    : state === 'absent' ? t`No PNP4Nagios (npcd) is installed on this machine.`
    : t`PNP4Nagios (npcd) on this machine`;
  return html`<tr><th scope="row">${t`Performance Grapher`}</th><td>${status}</td><td>${details}</td></tr>`;
}

/**
 * The age of the data every status screen shows, and why newer data was refused: stale data must not pass for
 * current.
 */
function monitoringData(ctx: AppContext): SafeHtml {
  const snap = ctx.monitoring.snapshot();
  const problem = ctx.monitoring.dataProblem?.() ?? null;
  const state = problem
    ? html`<span class="badge state-warning">${t`Refused newer data`}</span> ${problem}`
    : html`<span class="badge state-ok">${t`Current`}</span>`;
  return html`<h2>${t`Monitoring data`}</h2>
${factsTable(t`Monitoring data`, [
    [t`Last update`, timeCell(snap.updated)],
    [t`Age`, snap.updated ? durationText(nowSeconds() - snap.updated) : t`No data yet`],
    [t`Status`, state],
  ])}`;
}

/**
 * The engine's row of the daemon table; with several engines one row each, in the top bar's words (issue 36: with one
 * engine stopped, a single "Monitoring Engine: Running" row stood next to "1 of 2 engines not answering: paris").
 */
function engineRows(ctx: AppContext): SafeHtml[] {
  const several = severalEngines(ctx);
  if (!several.length) {
    const p = ctx.monitoring.snapshot().program;
    // The source describes itself in English; a description the catalogue knows is translated.
    const source = translate(capabilitiesOf(ctx.monitoring).description);
    const state = running(engineCurrentlyRunning(ctx.monitoring));
    return [html`<tr><th scope="row">${t`Monitoring Engine`}</th><td>${state}</td>\
<td>${p.process_id ? t`${source}, process ${p.process_id}` : source}</td></tr>`];
  }
  const now = nowSeconds();
  return several.map((e) => {
    const age = e.updated ? t`data ${durationText(now - e.updated)} old` : t`no data yet`;
    return html`<tr><th scope="row">${t`Engine ${e.name}`}</th><td>${engineStateBadge(e.state)}</td>\
<td>${e.kind}: ${e.address} · ${age}${e.reason ? html` · ${e.reason}` : ''}</td></tr>`;
  });
}

function overview(ctx: AppContext): SafeHtml {
  const snap = ctx.monitoring.snapshot();
  const m = hostStats.read();
  const daemons = tableHead(t`Daemon`, t`Status`, [t`Details`, 'wide']);
  const daemonRows = [
    ...engineRows(ctx),
    html`<tr><th scope="row">${t`Pharos web server`}</th><td>${running(true)}</td>\
<td>${t`Process ${process.pid}, up ${durationText(process.uptime())}`}</td></tr>`,
    grapherRow(ctx),
  ];
  const counts = (label: string, c: CheckCounts) => html`<tr><th scope="row">${label}</th>\
<td class="num">${c.val1}</td><td class="num">${c.val5}</td><td class="num">${c.val15}</td></tr>`;
  const perf = (label: string, c: CheckPerformance) => html`<tr><th scope="row">${label}</th>\
<td class="num">${ms(c.min_latency)}</td><td class="num">${ms(c.max_latency)}</td>\
<td class="num">${ms(c.avg_latency)}</td>
<td class="num">${ms(c.min_execution_time)}</td><td class="num">${ms(c.max_execution_time)}</td>\
<td class="num">${ms(c.avg_execution_time)}</td></tr>`;
  const s = snap.stats;
  const countsHead = tableHead(t`Check type`, [t`1 min`, 'num'], [t`5 min`, 'num'], [t`15 min`, 'num']);
  const perfHead = html`<thead><tr><th scope="col">${t`Check type`}</th>\
<th scope="col" class="num">${t`Min latency`}</th>\
<th scope="col" class="num">${t`Max latency`}</th><th scope="col" class="num">${t`Avg latency`}</th>
<th scope="col" class="num">${t`Min execution`}</th><th scope="col" class="num">${t`Max execution`}</th>\
<th scope="col" class="num">${t`Avg execution`}</th></tr></thead>`;
  return html`<h2>${t`Daemons`}</h2>${dataTable(t`Daemon status`, daemons, daemonRows, t`No daemons.`, 3)}
${monitoringData(ctx)}
<h2>${t`Monitoring engine checks`}</h2>
${dataTable(t`Checks run in the last 1, 5 and 15 minutes`, countsHead, [
    counts(t`Active host checks`, s.activehostchecks), counts(t`Passive host checks`, s.passivehostchecks),
    counts(t`Active service checks`, s.activeservicechecks),
    counts(t`Passive service checks`, s.passiveservicechecks),
  ], '', 4)}
${dataTable(t`Active check performance`, perfHead,
    [perf(t`Host checks`, s.activehostcheckperf), perf(t`Service checks`, s.activeservicecheckperf)], '', 7)}
<h2>${t`Server`}</h2>
<div class="cards">
${factsTable(t`Load average`, [
    [t`1 minute`, fixed(m.load.load1, 2)], [t`5 minutes`, fixed(m.load.load5, 2)],
    [t`15 minutes`, fixed(m.load.load15, 2)],
  ])}
${factsTable(t`Memory`, [
    [t`Total`, mb(m.memory.total)], [t`Used`, mb(m.memory.used)], [t`Free`, mb(m.memory.free)],
    [t`Shared`, mb(m.memory.shared)], [t`Buffers`, mb(m.memory.buffers)], [t`Cached`, mb(m.memory.cached)],
  ])}
${factsTable(t`Swap`, [[t`Total`, mb(m.swap.total)], [t`Used`, mb(m.swap.used)], [t`Free`, mb(m.swap.free)]])}
${factsTable(t`CPU`, [
    [t`User`, pct(m.iostat.user)], [t`Nice`, pct(m.iostat.nice)], [t`System`, pct(m.iostat.system)],
    [t`I/O wait`, pct(m.iostat.iowait)], [t`Steal`, pct(m.iostat.steal)], [t`Idle`, pct(m.iostat.idle)],
  ])}
</div>`;
}

function engine(ctx: AppContext): SafeHtml {
  const p = ctx.monitoring.snapshot().program;
  const on = (v: number) => enabledBadge(v);
  // Several engines: each one's state, never one "Running" for all of them.
  const several = severalEngines(ctx);
  const status: [string, SafeHtml | string][] = several.length
    ? engineFacts(several) : [[t`Status`, running(engineCurrentlyRunning(ctx.monitoring))]];
  return html`${factsTable(t`Process`, [
    ...status,
    [t`Process ID`, p.process_id || t`Unknown`], [t`Instance`, p.instance_name],
    [t`Program start`, timeCell(p.program_start_time, t`Unknown`)],
    [t`Running for`, p.program_start_time ? durationText(nowSeconds() - p.program_start_time) : t`Unknown`],
    [t`Last status update`, timeCell(p.status_update_time)],
    [t`Last command check`, timeCell(p.last_command_check)],
    [t`Last log rotation`, timeCell(p.last_log_rotation)],
  ])}
${factsTable(t`Program status toggles`, [
    [t`Active host checks`, on(p.active_host_checks_enabled)],
    [t`Active service checks`, on(p.active_service_checks_enabled)],
    [t`Passive host checks`, on(p.passive_host_checks_enabled)],
    [t`Passive service checks`, on(p.passive_service_checks_enabled)],
    [t`Notifications`, on(p.notifications_enabled)], [t`Event handlers`, on(p.event_handlers_enabled)],
    [t`Flap detection`, on(p.flap_detection_enabled)],
    [t`Performance data processing`, on(p.process_performance_data)],
    [t`Obsess over hosts`, on(p.obsess_over_hosts)], [t`Obsess over services`, on(p.obsess_over_services)],
  ])}
<p class="hint">${t`Global settings come from the engine's main configuration file; \
per-host and per-service checks and notifications are switched on their detail pages.`}</p>`;
}

/** `admin/sysstat.php`, with `pageopt=monitoringengine` for the engine tab (spec 2.7 links both). */
export function sysstatPage(env: PageEnv): PageResult {
  const { ctx, fields } = env;
  const isEngine = fields.pageopt === 'monitoringengine';
  const url = `${ctx.base}admin/sysstat.php`;
  const nav = tabs(t`System status views`, [
    { label: t`System Status`, href: url, current: !isEngine },
    { label: t`Monitoring Engine`, href: `${url}?pageopt=monitoringengine`, current: isEngine },
  ]);
  const heading = isEngine ? t`Monitoring Engine Status` : t`System Status`;
  return { title: heading, body: pageBody({ heading, nav, content: isEngine ? engine(ctx) : overview(ctx) }) };
}
