import { mark, t, translate } from '../http/language.js';
import type { HostStatus, MonitoringSnapshot } from '../monitoring/source.js';
import { html } from './html.js';
import { pageBody } from './layout.js';
import { hostBadge, listState, nowSeconds, sinceText, timeCell } from './format.js';
import { filtersOf, hostPredicate, type ListFilters } from './listFilters.js';
import { filterForm, handlingTags, stateSummary } from './listControls.js';
import { compareText, orderOf, pagingOf, Picks, sliceOrdered, sortOf } from './listQuery.js';
import { hostsByName } from './snapshotIndex.js';
import { finish, SLICE_ROWS, type Slices } from '../monitoring/slices.js';
import type { PageEnv, PageResult } from './pageRoute.js';
import { dataTable, pager, sortableHeader, type Column } from './table.js';
import { hostUrl, statusUrl, type QueryValues } from './urls.js';
import { laggingEngines } from './engineNotes.js';
import { bulkBar, bulkScript, canBulk, selectAllCell, selectCell } from './bulkSelection.js';

const SORTS = [
  'host_name', 'current_state', 'last_state_change', 'current_check_attempt', 'last_check', 'output',
] as const;
type HostSort = (typeof SORTS)[number];

/** Worst first when sorted descending: UP, UNREACHABLE, DOWN. */
const SEVERITY = [0, 2, 1];

const COMPARE: Record<HostSort, (a: HostStatus, b: HostStatus) => number> = {
  host_name: () => 0,
  current_state: (a, b) => (SEVERITY[a.current_state] ?? 0) - (SEVERITY[b.current_state] ?? 0),
  last_state_change: (a, b) => b.last_state_change - a.last_state_change,
  current_check_attempt: (a, b) => a.current_check_attempt - b.current_check_attempt,
  last_check: (a, b) => a.last_check - b.last_check,
  output: (a, b) => compareText(a.output, b.output),
};

const COLUMNS: Column<HostSort>[] = [
  { label: mark('Host'), sort: 'host_name' }, { label: mark('Status'), sort: 'current_state' },
  { label: mark('Duration'), sort: 'last_state_change' }, { label: mark('Attempt'), sort: 'current_check_attempt' },
  { label: mark('Last Check'), sort: 'last_check' },
  { label: mark('Status Information'), sort: 'output', className: 'wide' },
];

interface HostSelection { picked: Int32Array; counts: number[] }

/** Selections per snapshot and filters, like the service lists': rotating wall displays ask the same few questions. */
const selections = new WeakMap<MonitoringSnapshot, Map<string, HostSelection>>();
const MAX_SELECTIONS_PER_SNAPSHOT = 64;

function selectHosts(snap: MonitoringSnapshot, f: ListFilters): HostSelection {
  return finish(selectSlices(snap, f));
}

/**
 * The default selection of the host problems list wall displays rotate through, for the snapshot warmer (in slices).
 */
export const hostListSelections = Object.assign((snap: MonitoringSnapshot): void => {
  finish(hostListSelections.slices(snap));
}, {
  *slices(snap: MonitoringSnapshot): Slices<void> {
    yield* selectSlices(snap, filtersOf({}, snap, 'host', true));
  },
});

function* selectSlices(snap: MonitoringSnapshot, f: ListFilters): Slices<HostSelection> {
  let memo = selections.get(snap);
  if (!memo) selections.set(snap, (memo = new Map()));
  const key = JSON.stringify([
    f.states ? [...f.states].sort() : null, f.host, f.engine, f.hostgroup?.name ?? null, f.servicegroup?.name ?? null,
    f.search, f.acknowledged, f.downtime, f.unhandled,
  ]);
  const hit = memo.get(key);
  if (hit) return hit;
  const keep = hostPredicate(f);
  const ordered = yield* hostsByName.slices(snap);
  // Per state, then pending (index 3), then (index 4) hosts of an engine that is not answering: counted under no
  // state, left out by a state filter.
  const counts = [0, 0, 0, 0, 0];
  const picked = new Picks(ordered.length);
  for (let i = 0; i < ordered.length; i++) {
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
    const h = ordered[i]!;
    if (!keep(h)) continue;
    if (h.stale !== undefined) {
      counts[4]!++;
      if (!f.states) picked.push(i);
      continue;
    }
    const state = listState(h, 'host');
    counts[state] = (counts[state] ?? 0) + 1;
    if (!f.states || f.states.has(state)) picked.push(i);
  }
  const selection = { picked: picked.done(), counts };
  if (memo.size < MAX_SELECTIONS_PER_SNAPSHOT) memo.set(key, selection);
  return selection;
}

export function hostListPage(env: PageEnv, show: 'hosts' | 'hostproblems'): PageResult {
  const { ctx, fields } = env;
  const snap = ctx.monitoring.snapshot();
  const unhandled = show === 'hostproblems';
  const f = filtersOf(fields, snap, 'host', unhandled);
  const sort = sortOf(fields, SORTS, 'host_name');
  const order = orderOf(fields);
  const paging = pagingOf(fields);

  const ordered = hostsByName(snap);
  const { picked, counts } = selectHosts(snap, f);
  const primary = COMPARE[sort];
  const sign = order === 'desc' ? -1 : 1;
  const page = sliceOrdered(picked, paging, order,
    sort === 'host_name' ? undefined : (a, b) => sign * (primary(ordered[a]!, ordered[b]!) || a - b));
  const slice = { ...page, rows: page.rows.map((i) => ordered[i]!) };

  const current: QueryValues = {
    show, ...f.params, sort, order, records: paging.records === 50 ? undefined : paging.records,
  };
  const link = (p: QueryValues) => statusUrl(ctx.base, { ...current, page: undefined, ...p });
  const now = nowSeconds();
  // The Engine column once several engines are configured: the same host name on two engines is two rows.
  const multi = (ctx.monitoring.engines?.().length ?? 0) > 1;
  const shown = COLUMNS.map((c) => ({ ...c, label: translate(c.label) }));
  const columns = multi ? [shown[0]!, { label: t`Engine` }, ...shown.slice(1)] : shown;
  const labels = { engine: t`Engine`, duration: t`Duration`, attempt: t`Attempt`, lastCheck: t`Last Check` };
  // A checkbox per row for the action menu, for those who may send commands (issue 38).
  const bulk = canBulk(env);
  const body = slice.rows.map((h) => html`<tr>${bulk ? selectCell(h) : ''}
<th scope="row"><a href="${hostUrl(ctx.base, h.host_name, h.engine)}">${h.host_name}</a>${handlingTags(h)}</th>
${multi ? html`<td data-label="${labels.engine}" class="engine">${h.engine ?? ''}</td>` : ''}<td>${hostBadge(h)}</td>\
<td data-label="${labels.duration}">${sinceText(h.last_state_change, now)}</td>\
<td data-label="${labels.attempt}">${h.current_check_attempt}/${h.max_check_attempts}</td>
<td data-label="${labels.lastCheck}">${timeCell(h.last_check)}</td><td class="output">${h.output}</td></tr>`);

  const head = sortableHeader(columns, { sort, order }, link, bulk ? selectAllCell() : undefined);
  const heading = unhandled ? t`Host Problems` : t`Host Status`;
  return {
    title: heading,
    body: pageBody({
      heading,
      live: { updated: snap.updated, base: ctx.base, lagging: laggingEngines(ctx) },
      intro: unhandled
        ? t`Hosts that are down or unreachable and neither acknowledged nor in scheduled downtime.`
        : undefined,
      content: html`${filterForm(ctx.base, show, 'host', f, { sort, order }, paging.records)}
${bulk ? bulkBar(env, link({ page: paging.page })) : ''}
${stateSummary('host', counts, f.states, (state) => link({ state }))}
${dataTable(unhandled ? t`Unhandled host problems` : t`Hosts`, head, body,
    t`No hosts match these filters.`, columns.length + (bulk ? 1 : 0), 'status-list')}
${pager(slice, (n) => t`${n} hosts`, link)}${bulk ? bulkScript(ctx.base) : ''}`,
    }),
  };
}
