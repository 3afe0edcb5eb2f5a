import type { AppContext } from '../http/context.js';
import { t } from '../http/language.js';
import { availabilityFor } from '../monitoring/history.js';
import { availabilityBar, availabilityShares, stateBadge, typeText } from './availabilityBar.js';
import { html, type SafeHtml } from './html.js';
import { timeCell } from './format.js';
import { historyEntries } from './historyQuery.js';
import { dataTable, tableHead } from './table.js';
import { withQuery } from './urls.js';

/** Entries shown on a detail page; the full history is a link away. */
const RECENT = 10;
const DAY = 86400;

export interface HistoryObject { host: string; service?: string | undefined; engine?: string | undefined }

/**
 * A detail page's History part (issue 37): the object's last recorded changes and its availability over the last
 * 24 hours, 7 days and 30 days, with links to the full history and availability reports of the object.
 */
export async function historyPart(ctx: AppContext, o: HistoryObject, now: number): Promise<SafeHtml> {
  const isService = o.service !== undefined;
  const engine = o.engine ?? ctx.monitoring.kind;
  const service = o.service ?? '';
  const windows: [string, number][] = [[t`Last 24 hours`, DAY], [t`Last 7 days`, 7 * DAY], [t`Last 30 days`, 30 * DAY]];
  // Each window from the daily rollups and its partial days' entries (availabilityFor), not 30 days of entries.
  const [recent, ...shares] = await Promise.all([
    historyEntries(ctx, { since: 0, until: now + 1, host: o.host, service, engine, limit: RECENT, offset: 0 }),
    ...windows.map(([, span]) => availabilityFor(ctx.store, [{ engine, host: o.host, service }], now - span, now,
      o.host)),
  ]);
  const availRows = windows.map(([label], i) => {
    const a = shares[i]![0];
    return html`<tr><th scope="row">${label}</th><td class="wide bar">${availabilityBar(a!)}</td>\
<td>${availabilityShares(a!)}</td></tr>`;
  });
  const query = { host: o.host, service: o.service, engine: o.engine, window: '30d' };
  const historyLink = withQuery(`${ctx.base}reports/history.php`, query);
  const availabilityLink = withQuery(`${ctx.base}reports/availability.php`, query);
  // On a phone each row is a card (status-list), its short facts labelled, as on the status lists.
  const changeRows = recent.map((e) => html`<tr><td data-label="${t`Time`}">${timeCell(e.time)}</td>\
<td>${stateBadge(e.state)}</td><td data-label="${t`State type`}">${e.stateType === 'hard' ? t`Hard` : t`Soft`}</td>\
<td data-label="${t`Event`}">${typeText(e)}</td><td class="output">${e.output}</td></tr>`);
  return html`<section class="history-part" aria-labelledby="history-title">
<h2 id="history-title">${t`History`}</h2>
${dataTable(isService ? t`Availability of this service` : t`Availability of this host`,
    tableHead(t`Window`, [t`Time in each state`, 'wide'], t`Share`), availRows, '', 3, 'status-list')}
<p class="history-note">${t`Time before Pharos first recorded this object, and while its engine was not answering, \
counts as no data.`}</p>
${dataTable(t`Last changes, newest first`, tableHead(t`Time`, t`State`, t`State type`, t`Event`,
    [t`Output`, 'wide']), changeRows, t`Pharos has recorded no change of this object yet.`, 5, 'status-list')}
<p class="history-links"><a href="${historyLink}">${t`Full history`}</a> · \
<a href="${availabilityLink}">${t`Availability report`}</a></p>
</section>`;
}
