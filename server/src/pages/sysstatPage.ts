import type { AppContext } from '../http/context.js';
import { capabilitiesOf, type CheckCounts, type CheckPerformance } from '../monitoring/source.js';
import { html, type SafeHtml } from './html.js';
import { pageBody, tabs } from './layout.js';
import { durationText, enabledBadge, nowSeconds, timeCell } from './format.js';
import { createHostStatsReader } from '../monitoring/hostStats.js';
import type { PageEnv, PageResult } from './pageRoute.js';
import { dataTable, factsTable, tableHead } from './table.js';

const mb = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 0 })} MB`;
const pct = (n: number) => `${n.toFixed(1)} %`;
/** One reader per process: its CPU percentages cover the time since the previous page view. */
const hostStats = createHostStatsReader();
const ms = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 3 })} s`;

function running(ok: boolean): SafeHtml {
  return ok
    ? html`<span class="badge state-ok">Running</span>`
    : html`<span class="badge state-critical">Not running</span>`;
}

/**
 * The age of the data every status screen shows, and why newer data was refused: stale data must not pass for
 * current.
 */
function monitoringData(ctx: AppContext): SafeHtml {
  const snap = ctx.monitoring.snapshot();
  const problem = ctx.monitoring.dataProblem?.() ?? null;
  const state = problem
    ? html`<span class="badge state-warning">Refused newer data</span> ${problem}`
    : html`<span class="badge state-ok">Current</span>`;
  return html`<h2>Monitoring data</h2>
${factsTable('Monitoring data', [
    ['Last update', timeCell(snap.updated)],
    ['Age', snap.updated ? durationText(nowSeconds() - snap.updated) : 'No data yet'],
    ['Status', state],
  ])}`;
}

function overview(ctx: AppContext): SafeHtml {
  const snap = ctx.monitoring.snapshot();
  const p = snap.program;
  const engineUp = ctx.monitoring.engineRunning() && p.is_currently_running === 1;
  const m = hostStats.read();
  const daemons = tableHead('Daemon', 'Status', ['Details', 'wide']);
  const daemonRows = [
    html`<tr><th scope="row">Monitoring Engine</th><td>${running(engineUp)}</td>\
<td>${capabilitiesOf(ctx.monitoring).description}${p.process_id ? `, process ${p.process_id}` : ''}</td></tr>`,
    html`<tr><th scope="row">Pharos web server</th><td>${running(true)}</td>\
<td>Process ${process.pid}, up ${durationText(process.uptime())}</td></tr>`,
  ];
  const counts = (label: string, c: CheckCounts) => html`<tr><th scope="row">${label}</th>\
<td class="num">${c.val1}</td><td class="num">${c.val5}</td><td class="num">${c.val15}</td></tr>`;
  const perf = (label: string, c: CheckPerformance) => html`<tr><th scope="row">${label}</th>\
<td class="num">${ms(c.min_latency)}</td><td class="num">${ms(c.max_latency)}</td>\
<td class="num">${ms(c.avg_latency)}</td>
<td class="num">${ms(c.min_execution_time)}</td><td class="num">${ms(c.max_execution_time)}</td>\
<td class="num">${ms(c.avg_execution_time)}</td></tr>`;
  const s = snap.stats;
  const countsHead = tableHead('Check type', ['1 min', 'num'], ['5 min', 'num'], ['15 min', 'num']);
  const perfHead = html`<thead><tr><th scope="col">Check type</th><th scope="col" class="num">Min latency</th>\
<th scope="col" class="num">Max latency</th><th scope="col" class="num">Avg latency</th>
<th scope="col" class="num">Min execution</th><th scope="col" class="num">Max execution</th>\
<th scope="col" class="num">Avg execution</th></tr></thead>`;
  return html`<h2>Daemons</h2>${dataTable('Daemon status', daemons, daemonRows, 'No daemons.', 3)}
${monitoringData(ctx)}
<h2>Monitoring engine checks</h2>
${dataTable('Checks run in the last 1, 5 and 15 minutes', countsHead, [
    counts('Active host checks', s.activehostchecks), counts('Passive host checks', s.passivehostchecks),
    counts('Active service checks', s.activeservicechecks), counts('Passive service checks', s.passiveservicechecks),
  ], '', 4)}
${dataTable('Active check performance', perfHead,
    [perf('Host checks', s.activehostcheckperf), perf('Service checks', s.activeservicecheckperf)], '', 7)}
<h2>Server</h2>
<div class="cards">
${factsTable('Load average', [
    ['1 minute', m.load.load1.toFixed(2)], ['5 minutes', m.load.load5.toFixed(2)],
    ['15 minutes', m.load.load15.toFixed(2)],
  ])}
${factsTable('Memory', [
    ['Total', mb(m.memory.total)], ['Used', mb(m.memory.used)], ['Free', mb(m.memory.free)],
    ['Shared', mb(m.memory.shared)], ['Buffers', mb(m.memory.buffers)], ['Cached', mb(m.memory.cached)],
  ])}
${factsTable('Swap', [['Total', mb(m.swap.total)], ['Used', mb(m.swap.used)], ['Free', mb(m.swap.free)]])}
${factsTable('CPU', [
    ['User', pct(m.iostat.user)], ['Nice', pct(m.iostat.nice)], ['System', pct(m.iostat.system)],
    ['I/O wait', pct(m.iostat.iowait)], ['Steal', pct(m.iostat.steal)], ['Idle', pct(m.iostat.idle)],
  ])}
</div>`;
}

function engine(ctx: AppContext): SafeHtml {
  const p = ctx.monitoring.snapshot().program;
  const on = (v: number) => enabledBadge(v);
  return html`${factsTable('Process', [
    ['Status', running(ctx.monitoring.engineRunning() && p.is_currently_running === 1)],
    ['Process ID', p.process_id || 'Unknown'], ['Instance', p.instance_name],
    ['Program start', timeCell(p.program_start_time, 'Unknown')],
    ['Running for', p.program_start_time ? durationText(nowSeconds() - p.program_start_time) : 'Unknown'],
    ['Last status update', timeCell(p.status_update_time)], ['Last command check', timeCell(p.last_command_check)],
    ['Last log rotation', timeCell(p.last_log_rotation)],
  ])}
${factsTable('Program status toggles', [
    ['Active host checks', on(p.active_host_checks_enabled)],
    ['Active service checks', on(p.active_service_checks_enabled)],
    ['Passive host checks', on(p.passive_host_checks_enabled)],
    ['Passive service checks', on(p.passive_service_checks_enabled)],
    ['Notifications', on(p.notifications_enabled)], ['Event handlers', on(p.event_handlers_enabled)],
    ['Flap detection', on(p.flap_detection_enabled)], ['Performance data processing', on(p.process_performance_data)],
    ['Obsess over hosts', on(p.obsess_over_hosts)], ['Obsess over services', on(p.obsess_over_services)],
  ])}
<p class="hint">Global settings come from the engine's main configuration file; \
per-host and per-service checks and notifications are switched on their detail pages.</p>`;
}

/** `admin/sysstat.php`, with `pageopt=monitoringengine` for the engine tab (spec 2.7 links both). */
export function sysstatPage(env: PageEnv): PageResult {
  const { ctx, fields } = env;
  const isEngine = fields.pageopt === 'monitoringengine';
  const url = `${ctx.base}admin/sysstat.php`;
  const nav = tabs('System status views', [
    { label: 'System Status', href: url, current: !isEngine },
    { label: 'Monitoring Engine', href: `${url}?pageopt=monitoringengine`, current: isEngine },
  ]);
  const heading = isEngine ? 'Monitoring Engine Status' : 'System Status';
  return { title: heading, body: pageBody({ heading, nav, content: isEngine ? engine(ctx) : overview(ctx) }) };
}
