import type { AppContext } from '../http/context.js';
import { formatNumber, t } from '../http/language.js';
import type { HistoryQuery } from '../db/history.js';
import { stateBadge } from './availabilityBar.js';
import { html } from './html.js';
import { pageBody } from './layout.js';
import { dateTimeText, timeCell } from './format.js';
import { historyEntries, problemSummary } from './historyQuery.js';
import { laggingEngines } from './engineNotes.js';
import type { PageResult } from './pageRoute.js';
import { dataTable, tableHead } from './table.js';

/** Rows a wall shows: the newest changes, large enough to read across a room. */
const WALL_ROWS = 15;

/**
 * `reports/history.php?wall=1`, a rotation item of the wallboard (issue 37): how many problems started and ended in the
 * window, then the newest state changes, without the filter form, the export or the pager, refreshed in place.
 */
export async function historyWallPage(ctx: AppContext, filter: HistoryQuery, several: boolean): Promise<PageResult> {
  const [entries, summary] = await Promise.all([
    historyEntries(ctx, { ...filter, type: 'state', limit: WALL_ROWS, offset: 0 }),
    problemSummary(ctx, filter.since, filter.until),
  ]);
  const rows = entries.map((e) => html`<tr><td data-label="${t`Time`}">${timeCell(e.time)}</td>\
<th scope="row">${e.host}${several ? html` <span class="engine">(${e.engine})</span>` : ''}</th>\
<td>${e.service ?? ''}</td><td>${stateBadge(e.state)}${e.stateType === 'soft' ? html` ${t`(soft)`}` : ''}</td>\
<td class="output">${e.output}</td></tr>`);
  const snap = ctx.monitoring.snapshot();
  return {
    title: t`Recent changes`,
    body: pageBody({
      heading: t`Recent changes`,
      live: { updated: snap.updated, base: ctx.base, lagging: laggingEngines(ctx) },
      intro: html`<strong class="history-summary">${t`Problems since ${dateTimeText(filter.since)}: \
${formatNumber(summary.started)} started, ${formatNumber(summary.ended)} ended.`}</strong>`,
      content: dataTable(t`The newest state changes, newest first`, tableHead(t`Time`, t`Host`, t`Service`, t`State`,
        [t`Output`, 'wide']), rows, t`Nothing changed in this window.`, 5),
    }),
  };
}
