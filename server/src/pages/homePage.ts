import type { MonitoringSnapshot } from '../monitoring/source.js';
import { html, type SafeHtml } from './html.js';
import { pageBody } from './layout.js';
import { enabledBadge, HOST_STATES, SERVICE_STATES, timeCell } from './format.js';
import type { PageEnv, PageResult } from './pageRoute.js';
import { engineFacts, severalEngines, silentNotice, silentLine, staleCount } from './engineNotes.js';
import { serviceColumns } from './serviceColumns.js';
import { isUnhandledHostProblem } from '../monitoring/problems.js';
import { memoSliced, SLICE_ROWS, type Slices } from '../monitoring/slices.js';
import { factsTable } from './table.js';
import { statusUrl, withQuery } from './urls.js';

export interface Tile { label: string; count: number; href: string; tone: string }

/** A row of counts, each a link to the list it counts; the label, not the colour, says what it is. */
export function tiles(label: string, items: Tile[]): SafeHtml {
  return html`<section class="overview" aria-label="${label}" style="--tiles: ${items.length}"><h2>${label}</h2>\
<ul class="tiles">
${items.map((t) => html`<li class="tile state-${t.tone}${t.count ? '' : ' zero'}"><a href="${t.href}">\
<span class="count">${t.count.toLocaleString('en-US')}</span> <span class="label">${t.label}</span></a></li>`)}
</ul></section>`;
}

/** Counts of the engines that answer; `staleHosts`/`staleServices`: rows of engines that do not, counted under no state. */
interface Totals {
  hosts: number[]; services: number[]; hostProblems: number; serviceProblems: number; hostAcks: number; serviceAcks: number; hostDowntime: number; serviceDowntime: number;
  staleHosts: number; staleServices: number;
}

/**
 * Everything the overview counts: one pass over hosts; service totals come with the snapshot's service columns. Once
 * per snapshot (in slices by the snapshot warmer): the overview is a page every wall display shows in its rotation.
 */
export const tacticalTotals = memoSliced((snap: MonitoringSnapshot) => snap.services, countTotals, (snap) => snap.hosts);

function* countTotals(snap: MonitoringSnapshot): Slices<Totals> {
  const t: Totals = { hosts: [0, 0, 0], services: [0, 0, 0, 0], hostProblems: 0, serviceProblems: 0, hostAcks: 0, serviceAcks: 0, hostDowntime: 0, serviceDowntime: 0, staleHosts: 0, staleServices: 0 };
  for (let i = 0; i < snap.hosts.length; i++) {
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
    const h = snap.hosts[i]!;
    if (h.stale !== undefined) {
      t.staleHosts++;
      continue;
    }
    t.hosts[h.current_state] = (t.hosts[h.current_state] ?? 0) + 1;
    if (isUnhandledHostProblem(h)) t.hostProblems++;
    if (h.problem_acknowledged) t.hostAcks++;
    if (h.scheduled_downtime_depth > 0) t.hostDowntime++;
  }
  const services = (yield* serviceColumns.slices(snap)).totals;
  return { ...t, services: [...services.states], serviceProblems: services.unhandled, serviceAcks: services.acknowledged, serviceDowntime: services.downtime, staleServices: services.stale };
}

const HOST_TONES = ['ok', 'critical', 'unknown'];
const SERVICE_TONES = ['ok', 'warning', 'critical', 'unknown'];
const title = (s: string) => s.charAt(0) + s.slice(1).toLowerCase();

/** `includes/page-home-main.php`: the tactical overview. */
export function homePage(env: PageEnv): PageResult {
  const { ctx } = env;
  const snap = ctx.monitoring.snapshot();
  const t = tacticalTotals(snap);
  const s = (params: Record<string, string | number>) => statusUrl(ctx.base, params);
  const p = snap.program;
  const running = ctx.monitoring.engineRunning() && p.is_currently_running === 1;
  // Several engines: one line each in the engine table, so a silent one is not hidden behind the others' "Running".
  const engines = severalEngines(ctx);
  // On wide screens (a TV on the wall) the panels share the width as one grid of equal tiles; narrower, they stack.
  const content = html`<div class="tactical">
${silentNotice(silentLine(ctx))}
${tiles('Host status', [
    ...HOST_STATES.map((n, i) =>
      ({ label: title(n), count: t.hosts[i] ?? 0, href: s({ show: 'hosts', state: i }), tone: HOST_TONES[i]! })),
    ...staleCount(ctx, t.staleHosts, 'hosts'),
  ])}
${tiles('Service status', [
    ...SERVICE_STATES.map((n, i) =>
      ({ label: title(n), count: t.services[i] ?? 0, href: s({ show: 'services', state: i }),
        tone: SERVICE_TONES[i]! })),
    ...staleCount(ctx, t.staleServices, 'services'),
  ])}
${tiles('Unhandled problems', [
    {
      label: 'Host problems', count: t.hostProblems, href: s({ show: 'hostproblems' }),
      tone: t.hostProblems ? 'critical' : 'ok',
    },
    {
      label: 'Service problems', count: t.serviceProblems, href: s({ show: 'serviceproblems' }),
      tone: t.serviceProblems ? 'critical' : 'ok',
    },
  ])}
${tiles('Handled', [
    { label: 'Hosts acknowledged', count: t.hostAcks, href: s({ show: 'hosts', acknowledged: 1 }), tone: 'neutral' },
    {
      label: 'Services acknowledged', count: t.serviceAcks, href: s({ show: 'services', acknowledged: 1 }),
      tone: 'neutral',
    },
    { label: 'Hosts in downtime', count: t.hostDowntime, href: s({ show: 'hosts', downtime: 1 }), tone: 'neutral' },
    {
      label: 'Services in downtime', count: t.serviceDowntime, href: s({ show: 'services', downtime: 1 }),
      tone: 'neutral',
    },
  ])}
<section class="engine" aria-labelledby="engine-title"><h2 id="engine-title">Monitoring engine</h2>
${factsTable('Monitoring engine status', [
    ...(engines.length ? engineFacts(engines) : [['Engine', running
      ? html`<span class="badge state-ok">Running</span>`
      : html`<span class="badge state-critical">Not running</span>`] as [string, SafeHtml]]),
    ['Program start', timeCell(p.program_start_time, 'Unknown')],
    ['Last status update', timeCell(p.status_update_time || snap.updated, 'Never')],
    ['Active host checks', enabledBadge(p.active_host_checks_enabled)],
    ['Active service checks', enabledBadge(p.active_service_checks_enabled)],
    ['Notifications', enabledBadge(p.notifications_enabled)],
  ])}
<p><a href="${withQuery(`${ctx.base}admin/sysstat.php`, { pageopt: 'monitoringengine' })}">\
Monitoring engine details</a></p></section></div>`;
  return { title: 'Home', bodyClass: 'wide', body: pageBody({ heading: 'Tactical Overview', content }) };
}
