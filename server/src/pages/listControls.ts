import { formatNumber, t, translate } from '../http/language.js';
import { html, type SafeHtml } from './html.js';
import { HOST_STATES, listStates, SERVICE_STATES, stateClass } from './format.js';
import type { ListFilters, ObjectKind } from './listFilters.js';
import { MAX_RECORDS } from './listQuery.js';
import { hiddenFields } from './table.js';
import { statusUrl, type QueryValues } from './urls.js';

const RECORD_CHOICES = [25, 50, 100, 250, MAX_RECORDS];

/** Search, state and page-size controls as a plain GET form; the other filters ride along as hidden fields. */
export function filterForm(
  base: string, show: string, kind: ObjectKind, f: ListFilters, keep: QueryValues, records: number,
): SafeHtml {
  const names = listStates(kind);
  const problemCodes = (kind === 'host' ? HOST_STATES : SERVICE_STATES).map((_, i) => i).filter((i) => i > 0).join(',');
  // As parsed, so state=critical or state=pending select their option as the codes do.
  const stateValue = f.states ? [...f.states].sort().join(',') : String(f.params.state ?? '');
  const options: [string, string][] = [
    ['', t`All states`], [problemCodes, t`Problems only`],
    ...names.map((n, i): [string, string] => [String(i), translate(n)]),
  ];
  const known = options.some(([v]) => v === stateValue);
  const { search: _search, state: _state, ...rest } = f.params;
  return html`<form class="filters" method="get" action="${statusUrl(base, {})}" role="search"\
 aria-label="${kind === 'host' ? t`Filter hosts` : t`Filter services`}">
${hiddenFields({ show, ...rest, ...keep })}
<div class="field"><label for="filter-search">${t`Search`}</label>
<input id="filter-search" name="search" type="search" value="${String(f.params.search ?? '')}"\
 placeholder="${t`Name, address or output`}"></div>
<div class="field"><label for="filter-state">${t`State`}</label>
<select id="filter-state" name="state">\
${options.map(([v, label]) => html`<option value="${v}"${v === stateValue ? ' selected' : ''}>${label}</option>`)}\
${known ? '' : html`<option value="${stateValue}" selected>${stateValue}</option>`}</select></div>
<div class="field"><label for="filter-records">${t`Per page`}</label>
<select id="filter-records" name="records">\
${RECORD_CHOICES.map((n) => html`<option value="${n}"${n === records ? ' selected' : ''}>${n}</option>`)}</select></div>
<div class="field actions"><button type="submit">${t`Filter`}</button> \
<a class="button secondary" href="${statusUrl(base, { show })}">${t`Clear`}</a></div>
</form>`;
}

/** Count per state as links to the list narrowed to that state; the active filter is marked in text too. */
export function stateSummary(
  kind: ObjectKind, counts: number[], active: Set<number> | undefined, link: (state: string) => string,
): SafeHtml {
  const names = listStates(kind);
  const total = counts.reduce((a, b) => a + b, 0);
  const pending = names.length - 1;
  // Pending shows when there is any, or when it is the filter; after the states, rows of engines that are not
  // answering (several engines), never counted as any state.
  const shown = names.map((n, i) => [n, i] as const).filter(([, i]) => i !== pending || counts[i] || active?.has(i));
  const stale = counts[names.length] ?? 0;
  const staleTitle = t`Engines not answering: their last data, counted under no state`;
  return html`<ul class="state-summary" aria-label="${kind === 'host' ? t`Hosts by state` : t`Services by state`}">
<li><a href="${link('')}"${!active ? html` aria-current="true"` : ''}>\
<span class="count">${formatNumber(total)}</span> ${t`All`}</a></li>
${shown.map(([n, i]) => html`<li class="state-${stateClass(n)}">\
<a href="${link(String(i))}"${active?.size === 1 && active.has(i) ? html` aria-current="true"` : ''}>\
<span class="count">${formatNumber(counts[i] ?? 0)}</span> ${translate(n)}</a></li>`)}
${stale ? html`<li class="state-pending stale" title="${staleTitle}">\
<span class="count">${formatNumber(stale)}</span> ${t`STALE`}</li>` : ''}
</ul>`;
}

/** Small text tags beside a name: the state of handling must be readable without colour. */
export function handlingTags(o: {
  problem_acknowledged: number; scheduled_downtime_depth: number; is_flapping: number; notifications_enabled: number;
  active_checks_enabled: number; passive_checks_enabled: number;
}): SafeHtml {
  const tags: string[] = [];
  if (o.problem_acknowledged) tags.push(t`Acknowledged`);
  if (o.scheduled_downtime_depth > 0) tags.push(t`In downtime`);
  if (o.is_flapping) tags.push(t`Flapping`);
  if (!o.notifications_enabled) tags.push(t`Notifications off`);
  if (!o.active_checks_enabled) tags.push(o.passive_checks_enabled ? t`Passive only` : t`Checks off`);
  return html`${tags.map((tag) => html` <span class="tag">${tag}</span>`)}`;
}
