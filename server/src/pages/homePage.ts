import { engineCurrentlyRunning, type MonitoringSnapshot } from '../monitoring/source.js';
import { formatNumber, mark, t, translate } from '../http/language.js';
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
${items.map((tile) => html`<li class="tile state-${tile.tone}${tile.count ? '' : ' zero'}"><a href="${tile.href}">\
<span class="count">${formatNumber(tile.count)}</span> <span class="label">${tile.label}</span></a></li>`)}
</ul></section>`;
}

/**
 * Counts of the engines that answer; `staleHosts`/`staleServices`: rows of engines that do not, counted under no
 * state; `pendingHosts`/`pendingServices`: objects not checked yet, which are not Up or Ok either.
 */
interface Totals {
  hosts: number[]; services: number[]; pendingHosts: number; pendingServices: number;
  hostProblems: number; serviceProblems: number;
  hostAcks: number; serviceAcks: number; hostDowntime: number; serviceDowntime: number;
  staleHosts: number; staleServices: number;
}

/**
 * Everything the overview counts: one pass over hosts; service totals come with the snapshot's service columns. Once
 * per snapshot (in slices by the snapshot warmer): the overview is a page every wall display shows in its rotation.
 */
export const tacticalTotals = memoSliced(
  (snap: MonitoringSnapshot) => snap.services, countTotals, (snap) => snap.hosts,
);

function* countTotals(snap: MonitoringSnapshot): Slices<Totals> {
  const c: Totals = {
    hosts: [0, 0, 0], services: [0, 0, 0, 0], pendingHosts: 0, pendingServices: 0, hostProblems: 0, serviceProblems: 0,
    hostAcks: 0, serviceAcks: 0, hostDowntime: 0, serviceDowntime: 0, staleHosts: 0, staleServices: 0,
  };
  for (let i = 0; i < snap.hosts.length; i++) {
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
    const h = snap.hosts[i]!;
    if (h.stale !== undefined) {
      c.staleHosts++;
      continue;
    }
    if (h.has_been_checked) c.hosts[h.current_state] = (c.hosts[h.current_state] ?? 0) + 1;
    else c.pendingHosts++;
    if (isUnhandledHostProblem(h)) c.hostProblems++;
    if (h.problem_acknowledged) c.hostAcks++;
    if (h.scheduled_downtime_depth > 0) c.hostDowntime++;
  }
  const services = (yield* serviceColumns.slices(snap)).totals;
  return {
    ...c, services: [...services.states], pendingServices: services.pending,
    serviceProblems: services.unhandled, serviceAcks: services.acknowledged,
    serviceDowntime: services.downtime, staleServices: services.stale,
  };
}

const HOST_TONES = ['ok', 'critical', 'unknown'];
const SERVICE_TONES = ['ok', 'warning', 'critical', 'unknown'];
// The states as the tiles name them, in the order of HOST_STATES and SERVICE_STATES.
const HOST_LABELS = [mark('Up'), mark('Down'), mark('Unreachable')];
const SERVICE_LABELS = [mark('Ok'), mark('Warning'), mark('Critical'), mark('Unknown')];

/** Objects not checked yet, as the dashlets show them: a tile of their own when there are any, never under Up or Ok. */
export const pendingCount = (count: number, href: string): Tile[] =>
  (count ? [{ label: t`Pending`, count, href, tone: 'pending' }] : []);

/** `includes/page-home-main.php`: the tactical overview. */
export function homePage(env: PageEnv): PageResult {
  const { ctx } = env;
  const snap = ctx.monitoring.snapshot();
  const totals = tacticalTotals(snap);
  const s = (params: Record<string, string | number>) => statusUrl(ctx.base, params);
  const p = snap.program;
  const running = engineCurrentlyRunning(ctx.monitoring);
  // Several engines: one line each in the engine table, so a silent one is not hidden behind the others' "Running".
  const engines = severalEngines(ctx);
  const hostTiles = [
    ...HOST_STATES.map((_, i) => ({
      label: translate(HOST_LABELS[i]!), count: totals.hosts[i] ?? 0, href: s({ show: 'hosts', state: i }),
      tone: HOST_TONES[i]!,
    })),
    ...pendingCount(totals.pendingHosts, s({ show: 'hosts', state: 'pending' })),
    ...staleCount(ctx, totals.staleHosts, 'hosts'),
  ];
  const serviceTiles = [
    ...SERVICE_STATES.map((_, i) => ({
      label: translate(SERVICE_LABELS[i]!), count: totals.services[i] ?? 0, href: s({ show: 'services', state: i }),
      tone: SERVICE_TONES[i]!,
    })),
    ...pendingCount(totals.pendingServices, s({ show: 'services', state: 'pending' })),
    ...staleCount(ctx, totals.staleServices, 'services'),
  ];
  // On wide screens (a TV on the wall) the panels share the width as one grid of equal tiles, the state counts and the
  // two problem counts on its first row, however many state tiles there are (Pending, Stale); narrower, they stack.
  const columns = hostTiles.length + serviceTiles.length + 2;
  const content = html`<div class="tactical" style="--columns: ${columns}; --engine-span: ${columns - 4}">
${silentNotice(silentLine(ctx))}
${tiles(t`Host status`, hostTiles)}
${tiles(t`Service status`, serviceTiles)}
${tiles(t`Unhandled problems`, [
    {
      label: t`Host problems`, count: totals.hostProblems, href: s({ show: 'hostproblems' }),
      tone: totals.hostProblems ? 'critical' : 'ok',
    },
    {
      label: t`Service problems`, count: totals.serviceProblems, href: s({ show: 'serviceproblems' }),
      tone: totals.serviceProblems ? 'critical' : 'ok',
    },
  ])}
${tiles(t`Handled`, [
    {
      label: t`Hosts acknowledged`, count: totals.hostAcks, href: s({ show: 'hosts', acknowledged: 1 }),
      tone: 'neutral',
    },
    {
      label: t`Services acknowledged`, count: totals.serviceAcks, href: s({ show: 'services', acknowledged: 1 }),
      tone: 'neutral',
    },
    {
      label: t`Hosts in downtime`, count: totals.hostDowntime, href: s({ show: 'hosts', downtime: 1 }),
      tone: 'neutral',
    },
    {
      label: t`Services in downtime`, count: totals.serviceDowntime, href: s({ show: 'services', downtime: 1 }),
      tone: 'neutral',
    },
  ])}
<section class="engine" aria-labelledby="engine-title"><h2 id="engine-title">${t`Monitoring engine`}</h2>
${factsTable(t`Monitoring engine status`, [
    ...(engines.length ? engineFacts(engines) : [[t`Engine`, running
      ? html`<span class="badge state-ok">${t`Running`}</span>`
      : html`<span class="badge state-critical">${t`Not running`}</span>`] as [string, SafeHtml]]),
    [t`Program start`, timeCell(p.program_start_time, t`Unknown`)],
    [t`Last status update`, timeCell(p.status_update_time || snap.updated, t`Never`)],
    [t`Active host checks`, enabledBadge(p.active_host_checks_enabled)],
    [t`Active service checks`, enabledBadge(p.active_service_checks_enabled)],
    [t`Notifications`, enabledBadge(p.notifications_enabled)],
  ])}
<p><a href="${withQuery(`${ctx.base}admin/sysstat.php`, { pageopt: 'monitoringengine' })}">\
${t`Monitoring engine details`}</a></p></section></div>`;
  const live = { updated: snap.updated, base: ctx.base };
  return { title: t`Home`, bodyClass: 'wide', body: pageBody({ heading: t`Tactical Overview`, content, live }) };
}
