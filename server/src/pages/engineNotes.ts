/**
 * What the overview pages and dashlets say about the engines: with several (issue 21), which are not answering, their
 * rows' count apart from every state, and one line per engine in the engine status; with one, whether it is running.
 */
import type { AppContext } from '../http/context.js';
import { t } from '../http/language.js';
import { notAnsweringLine } from '../monitoring/engines/mergedSource.js';
import { engineCurrentlyRunning, type EngineStatus } from '../monitoring/source.js';
import type { LaggingEngine } from './dataAge.js';
import { durationText, nowSeconds } from './format.js';
import { html, type SafeHtml } from './html.js';
import { statusUrl } from './urls.js';

/** Every engine with its state, once several are configured; empty with one. */
export function severalEngines(ctx: AppContext): EngineStatus[] {
  const engines = ctx.monitoring.engines?.() ?? [];
  return engines.length > 1 ? engines : [];
}

/** The engines not answering, with the time of the rows they left: the pages' data age names them (several engines). */
export function laggingEngines(ctx: AppContext): LaggingEngine[] {
  return severalEngines(ctx).filter((e) => e.state === 'stale').map((e) => ({ name: e.name, updated: e.updated }));
}

/**
 * notAnsweringLine's "1 of 3 engines not answering: paris" in the reader's language (monitoring/ knows no
 * languages), or null while every engine answers.
 */
export function notAnsweringText(statuses: readonly EngineStatus[]): string | null {
  if (!notAnsweringLine(statuses)) return null;
  const down = statuses.filter((s) => s.state === 'stale');
  const names = down.map((s) => s.name).join(', ');
  return statuses.length === 1
    ? t`${down.length} of ${statuses.length} engine not answering: ${names}`
    : t`${down.length} of ${statuses.length} engines not answering: ${names}`;
}

/**
 * A single engine that is not running (or has not written its status for too long): its last data stays on screen,
 * but nothing in it will change, so no overview may look calm without saying so. The top bar's status says the same.
 */
export function engineStopped(ctx: AppContext): boolean {
  if (severalEngines(ctx).length) return false;
  return !engineCurrentlyRunning(ctx.monitoring);
}

/**
 * "1 of 3 engines not answering: paris", or "The monitoring engine is not running" for one engine; null while the
 * engines answer.
 */
export function silentLine(ctx: AppContext): string | null {
  const several = severalEngines(ctx);
  if (several.length) return notAnsweringText(several);
  return engineStopped(ctx) ? t`The monitoring engine is not running` : null;
}

/** What an empty list says while an engine is silent: only the data that is there has no problems. */
export function quietButSilent(ctx: AppContext, kind: 'problems' | 'unhandled'): string {
  const several = severalEngines(ctx).length > 0;
  if (kind === 'problems') {
    return several ? t`No problems on the engines that answer` : t`No problems in the engine's last data`;
  }
  return several
    ? t`No unhandled problems on the engines that answer`
    : t`No unhandled problems in the engine's last data`;
}

/** The same warning as the problems board's, so a dashlet never looks calmer than the board. */
export function silentNotice(line: string | null): SafeHtml | '' {
  return line
    ? html`<p class="engines-silent" role="status"><span class="icon" aria-hidden="true">⚠</span> ${line}</p>`
    : '';
}

export interface StaleCount { label: string; count: number; href: string; tone: string }

/**
 * Rows of engines that are not answering, as one more count after the states: never counted as OK or as a problem.
 * It links to the list of that engine's rows when one engine is silent; it says which engines, so no count is
 * anonymous.
 */
export function staleCount(
  ctx: AppContext, count: number, show: 'hosts' | 'services', params: Record<string, string | undefined> = {},
): StaleCount[] {
  if (!count) return [];
  const silent = severalEngines(ctx).filter((e) => e.state === 'stale').map((e) => e.name);
  const engine = silent.length === 1 ? silent[0] : undefined;
  return [{
    label: silent.length ? t`Stale (${silent.join(', ')})` : t`Stale`, count,
    href: statusUrl(ctx.base, { show, ...params, engine }), tone: 'pending stale',
  }];
}

/** An engine's state in the top bar's words (Running, Failing, Not answering), in the request's language. */
export function engineStateBadge(state: EngineStatus['state']): SafeHtml {
  switch (state) {
    case 'ok': return html`<span class="badge state-ok">${t`Running`}</span>`;
    case 'failing': return html`<span class="badge state-warning">${t`Failing`}</span>`;
    case 'stale': return html`<span class="badge state-critical">${t`Not answering`}</span>`;
  }
}

/** One fact per engine for the engine status tables: its state, the age of its data, and why it is not running. */
export function engineFacts(engines: readonly EngineStatus[]): [string, SafeHtml][] {
  const now = nowSeconds();
  return engines.map((e) => [t`Engine ${e.name}`, html`<span${e.reason ? html` title="${e.reason}"` : ''}>\
${engineStateBadge(e.state)}</span> \
<span class="muted">${e.updated ? t`data ${durationText(now - e.updated)} old` : t`no data yet`}</span>`]);
}
