import { formatNumber, t } from '../http/language.js';
import { html, type SafeHtml } from './html.js';
import type { Order, PageSlice } from './listQuery.js';
import type { QueryValues } from './urls.js';

export interface Column<K extends string> { label: string; sort?: K; className?: string }

export interface SortState<K extends string> { sort: K; order: Order }

/**
 * Header cells whose sortable columns are links; aria-sort and an arrow (not colour) mark the current one. `lead` is a
 * cell before them (a list's "select all").
 */
export function sortableHeader<K extends string>(
  columns: Column<K>[], state: SortState<K>, link: (params: QueryValues) => string, lead?: SafeHtml,
): SafeHtml {
  const cells = columns.map((c) => {
    if (!c.sort) return html`<th scope="col" class="${c.className ?? ''}">${c.label}</th>`;
    const current = c.sort === state.sort;
    const next: Order = current && state.order === 'asc' ? 'desc' : 'asc';
    const aria = current ? (state.order === 'asc' ? 'ascending' : 'descending') : 'none';
    const arrow = current ? (state.order === 'asc' ? ' ▲' : ' ▼') : '';
    return html`<th scope="col" class="${c.className ?? ''}" aria-sort="${aria}">\
<a href="${link({ sort: c.sort, order: next, page: 1 })}">${c.label}<span aria-hidden="true">${arrow}</span></a></th>`;
  });
  return html`<thead><tr>${lead ?? ''}${cells}</tr></thead>`;
}

/** A column of a table head that does not sort: its label, or its label and a class (`wide`, `num`). */
export type HeadCell = string | readonly [label: string, className: string];

/** The head of a table whose columns do not sort. */
export function tableHead(...cells: HeadCell[]): SafeHtml {
  return html`<thead><tr>${cells.map((c) => (typeof c === 'string'
    ? html`<th scope="col">${c}</th>`
    : html`<th scope="col" class="${c[1]}">${c[0]}</th>`))}</tr></thead>`;
}

function pageNumbers(page: number, pages: number): number[] {
  const set = new Set<number>([1, pages]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= pages) set.add(p);
  return [...set].sort((a, b) => a - b);
}

/**
 * "Showing X–Y of N things" and page links; `link(page)` keeps every other parameter of the list. `things` is a noun
 * shown as given after the count, or the counted phrase in its own words (n => t`${n} hosts`), so that no bare noun
 * becomes a catalogue entry, which the German page check would find inside names and other words.
 */
export function pager<T>(
  slice: PageSlice<T>, things: string | ((count: string) => string), link: (params: QueryValues) => string,
): SafeHtml {
  const first = slice.total ? (slice.page - 1) * slice.records + 1 : 0;
  const last = Math.min(slice.total, slice.page * slice.records);
  const total = formatNumber(slice.total);
  const counted = typeof things === 'string' ? `${total} ${things}` : things(total);
  const summary = t`Showing ${formatNumber(first)}–${formatNumber(last)} of ${counted}`;
  if (slice.pages <= 1) return html`<p class="pager-summary">${summary}</p>`;
  const items: SafeHtml[] = [];
  const go = (p: number, label: string, rel?: string) =>
    html`<li><a href="${link({ page: p })}"${rel ? html` rel="${rel}"` : ''}>${label}</a></li>`;
  if (slice.page > 1) items.push(go(slice.page - 1, t`Previous`, 'prev'));
  let previous = 0;
  for (const p of pageNumbers(slice.page, slice.pages)) {
    if (p - previous > 1) items.push(html`<li aria-hidden="true">…</li>`);
    items.push(p === slice.page
      ? html`<li><a href="${link({ page: p })}" aria-current="page">${p}</a></li>`
      : go(p, String(p)));
    previous = p;
  }
  if (slice.page < slice.pages) items.push(go(slice.page + 1, t`Next`, 'next'));
  return html`<div class="pager"><p class="pager-summary">${summary} ${t`(page ${slice.page} of ${slice.pages})`}</p>
<nav aria-label="${t`Pages`}"><ul>${items}</ul></nav></div>`;
}

/**
 * A table that scrolls sideways on narrow screens instead of breaking the layout. `status-list` tables (the host and
 * service status and problem lists) instead become one card per row on phones, so nothing is cut off.
 */
export function dataTable(
  caption: string, head: SafeHtml, rows: SafeHtml[], emptyText: string, columns: number, className?: 'status-list',
): SafeHtml {
  const body = rows.length ? rows : [html`<tr><td colspan="${columns}" class="empty">${emptyText}</td></tr>`];
  return html`<div class="table-wrap"><table class="data${className ? ` ${className}` : ''}">\
<caption>${caption}</caption>${head}<tbody>${body}</tbody></table></div>`;
}

/** A two-column table of labelled values, e.g. for a detail page. */
export function factsTable(caption: string, facts: [string, SafeHtml | string | number][]): SafeHtml {
  return html`<div class="table-wrap"><table class="facts"><caption>${caption}</caption>\
<tbody>${facts.map(([k, v]) => html`<tr><th scope="row">${k}</th><td>${v}</td></tr>`)}</tbody></table></div>`;
}

/** Hidden inputs carrying the current list parameters through a GET form. */
export function hiddenFields(params: QueryValues): SafeHtml[] {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => html`<input type="hidden" name="${k}" value="${String(v)}">`);
}
