import { mark, t, translate } from '../http/language.js';
import type { MonitoringSnapshot } from '../monitoring/source.js';
import { html } from './html.js';
import { pageBody } from './layout.js';
import { nowSeconds, serviceBadge, sinceText, timeCell } from './format.js';
import { filtersOf } from './listFilters.js';
import { filterForm, handlingTags, stateSummary } from './listControls.js';
import { compareText, orderOf, pagingOf, sliceOrdered, sortOf } from './listQuery.js';
import { numericColumn, serviceColumns } from './serviceColumns.js';
import { selectServices } from './serviceSelect.js';
import type { PageEnv, PageResult } from './pageRoute.js';
import { dataTable, pager, sortableHeader, type Column } from './table.js';
import { hostUrl, serviceUrl, statusUrl, type QueryValues } from './urls.js';
import { laggingEngines } from './engineNotes.js';
import { bulkBar, bulkScript, canBulk, selectAllCell, selectCell } from './bulkSelection.js';

const SORTS = [
  'host_name', 'service_description', 'current_state', 'last_state_change', 'current_check_attempt', 'last_check',
  'output',
] as const;
type ServiceSort = (typeof SORTS)[number];

/** Worst first when sorted descending: OK, WARNING, UNKNOWN, CRITICAL. */
const SEVERITY = [0, 1, 3, 2];

/** Compares positions in name order; undefined means name order itself. Ties fall back to name order. */
function comparer(snap: MonitoringSnapshot, sort: ServiceSort): ((a: number, b: number) => number) | undefined {
  const { ordered, state } = serviceColumns(snap);
  switch (sort) {
    case 'host_name': return undefined;
    case 'current_state': return (a, b) => SEVERITY[state[a]!]! - SEVERITY[state[b]!]! || a - b;
    case 'last_state_change': {
      const col = numericColumn(snap, sort);
      return (a, b) => col[b]! - col[a]! || a - b;
    }
    case 'last_check':
    case 'current_check_attempt': {
      const col = numericColumn(snap, sort);
      return (a, b) => col[a]! - col[b]! || a - b;
    }
    case 'service_description':
    case 'output': return (a, b) => compareText(ordered[a]![sort], ordered[b]![sort]) || a - b;
  }
}

const COLUMNS: Column<ServiceSort>[] = [
  { label: mark('Host'), sort: 'host_name' }, { label: mark('Service'), sort: 'service_description' },
  { label: mark('Status'), sort: 'current_state' }, { label: mark('Duration'), sort: 'last_state_change' },
  { label: mark('Attempt'), sort: 'current_check_attempt' }, { label: mark('Last Check'), sort: 'last_check' },
  { label: mark('Status Information'), sort: 'output', className: 'wide' },
];

/**
 * Built for 100,000 services: one pass over compact per-snapshot columns filters and counts states, a bounded heap
 * picks only the rows of the requested page (the default name order needs no sorting), nothing touches the database
 * per row.
 */
export function serviceListPage(env: PageEnv, show: 'services' | 'serviceproblems'): PageResult {
  const { ctx, fields } = env;
  const snap = ctx.monitoring.snapshot();
  const unhandled = show === 'serviceproblems';
  const f = filtersOf(fields, snap, 'service', unhandled);
  const sort = sortOf(fields, SORTS, 'host_name');
  const order = orderOf(fields);
  const paging = pagingOf(fields);

  const { picked, counts } = selectServices(snap, f);
  const { ordered } = serviceColumns(snap);
  const compare = comparer(snap, sort);
  const sign = order === 'desc' ? -1 : 1;
  const page = sliceOrdered(picked, paging, order, compare && ((a, b) => sign * compare(a, b)));
  const slice = { ...page, rows: page.rows.map((i) => ordered[i]!) };

  const current: QueryValues = {
    show, ...f.params, sort, order, records: paging.records === 50 ? undefined : paging.records,
  };
  const link = (p: QueryValues) => statusUrl(ctx.base, { ...current, page: undefined, ...p });
  const now = nowSeconds();
  let previousHost = '';
  // The Engine column once several engines are configured: the same host name on two engines is two hosts.
  const multi = (ctx.monitoring.engines?.().length ?? 0) > 1;
  const shown = COLUMNS.map((c) => ({ ...c, label: translate(c.label) }));
  const columns = multi ? [shown[0]!, { label: t`Engine` }, ...shown.slice(1)] : shown;
  const labels = { engine: t`Engine`, duration: t`Duration`, attempt: t`Attempt`, lastCheck: t`Last Check` };
  // A checkbox per row for the action menu, for those who may send commands (issue 38).
  const bulk = canBulk(env);
  const body = slice.rows.map((s) => {
    // Like the classic page, a host name is printed once for its run of services; a phone's card shows it in every
    // row.
    const key = `${s.host_name}\u0000${s.engine ?? ''}`;
    const hostCell = key === previousHost
      ? html`<span class="visually-hidden repeated-host">${s.host_name}</span>`
      : html`<a href="${hostUrl(ctx.base, s.host_name, s.engine)}">${s.host_name}</a>`;
    previousHost = key;
    return html`<tr>${bulk ? selectCell(s) : ''}
<td>${hostCell}</td>${multi ? html`<td data-label="${labels.engine}" class="engine">${s.engine ?? ''}</td>` : ''}\
<th scope="row">\
<a href="${serviceUrl(ctx.base, s.host_name, s.service_description, s.engine)}">${s.service_description}</a>\
${handlingTags(s)}</th>
<td>${serviceBadge(s)}</td><td data-label="${labels.duration}">${sinceText(s.last_state_change, now)}</td>\
<td data-label="${labels.attempt}">${s.current_check_attempt}/${s.max_check_attempts}</td>
<td data-label="${labels.lastCheck}">${timeCell(s.last_check)}</td><td class="output">${s.output}</td></tr>`;
  });

  const head = sortableHeader(columns, { sort, order }, link, bulk ? selectAllCell() : undefined);
  const heading = unhandled ? t`Service Problems` : t`Service Status`;
  return {
    title: heading,
    body: pageBody({
      heading,
      live: { updated: snap.updated, base: ctx.base, lagging: laggingEngines(ctx) },
      intro: unhandled
        ? t`Services in a problem state on hosts that are up, neither acknowledged nor in scheduled downtime.`
        : undefined,
      content: html`${filterForm(ctx.base, show, 'service', f, { sort, order }, paging.records)}
${bulk ? bulkBar(env, link({ page: paging.page })) : ''}
${stateSummary('service', counts, f.states, (state) => link({ state }))}
${dataTable(unhandled ? t`Unhandled service problems` : t`Services`, head,
    body, t`No services match these filters.`, columns.length + (bulk ? 1 : 0), 'status-list')}
${pager(slice, (n) => t`${n} services`, link)}${bulk ? bulkScript(ctx.base) : ''}`,
    }),
  };
}
