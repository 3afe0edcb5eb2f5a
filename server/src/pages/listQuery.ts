import type { Fields } from '../http/input.js';

export const DEFAULT_RECORDS = 50;
export const MAX_RECORDS = 500;

export type Order = 'asc' | 'desc';

export interface Paging { page: number; records: number }

/** A positive whole number from a query value, or undefined when it is anything else. */
function wholeNumber(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\s*-?\d{1,12}\s*$/.test(value)) return undefined;
  return Number(value);
}

/** `page` (1-based) and `records` clamped to sane ranges: a bad link still shows a page instead of an error. */
export function pagingOf(fields: Fields): Paging {
  const records = wholeNumber(fields.records);
  const page = wholeNumber(fields.page);
  return {
    records: records === undefined || records < 1 ? DEFAULT_RECORDS : Math.min(records, MAX_RECORDS),
    page: page === undefined || page < 1 ? 1 : page,
  };
}

export function orderOf(fields: Fields): Order {
  return fields.order === 'desc' ? 'desc' : 'asc';
}

/** The `sort` value when it names a known column, else the default: unknown columns are not worth an error page. */
export function sortOf<K extends string>(fields: Fields, columns: readonly K[], fallback: K): K {
  const sort = fields.sort;
  return typeof sort === 'string' && (columns as readonly string[]).includes(sort) ? (sort as K) : fallback;
}

export function textOf(fields: Fields, name: string, max = 200): string {
  const v = fields[name];
  return typeof v === 'string' ? v.trim().slice(0, max) : '';
}

export interface PageSlice<T> { rows: T[]; total: number; page: number; pages: number; records: number }

function siftDown<T>(heap: T[], i: number, worse: (a: T, b: T) => number): void {
  const n = heap.length;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let top = i;
    if (l < n && worse(heap[l]!, heap[top]!) > 0) top = l;
    if (r < n && worse(heap[r]!, heap[top]!) > 0) top = r;
    if (top === i) return;
    [heap[i], heap[top]] = [heap[top]!, heap[i]!];
    i = top;
  }
}

function siftUp<T>(heap: T[], i: number, worse: (a: T, b: T) => number): void {
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (worse(heap[i]!, heap[parent]!) <= 0) return;
    [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
    i = parent;
  }
}

/**
 * The first `k` items in `compare` order, sorted. A bounded max-heap keeps it O(n log k): for the first pages of
 * 100,000 services that is one comparison per item instead of a full sort.
 */
export function smallest<T>(items: ArrayLike<T>, k: number, compare: (a: T, b: T) => number): T[] {
  if (k >= items.length) return Array.from(items).sort(compare);
  const heap: T[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (heap.length < k) {
      heap.push(item);
      siftUp(heap, heap.length - 1, compare);
    } else if (k > 0 && compare(item, heap[0]!) < 0) {
      heap[0] = item;
      siftDown(heap, 0, compare);
    }
  }
  return heap.sort(compare);
}

/** One page of already-filtered items; a page past the end shows the last page. */
export function slicePage<T>(items: ArrayLike<T>, paging: Paging, compare: (a: T, b: T) => number): PageSlice<T> {
  const total = items.length;
  const pages = Math.max(1, Math.ceil(total / paging.records));
  const page = Math.min(paging.page, pages);
  const offset = (page - 1) * paging.records;
  const rows = smallest(items, offset + paging.records, compare).slice(offset);
  return { rows, total, page, pages, records: paging.records };
}

/**
 * A page of items that are already in the base order: without `compare` the page is cut straight out of that order
 * (or its reverse for `desc`), so the default sort of 100,000 services costs nothing beyond the filter pass.
 */
export function sliceOrdered<T>(
  items: ArrayLike<T>, paging: Paging, order: Order, compare?: (a: T, b: T) => number,
): PageSlice<T> {
  if (compare) return slicePage(items, paging, compare);
  const total = items.length;
  const pages = Math.max(1, Math.ceil(total / paging.records));
  const page = Math.min(paging.page, pages);
  const offset = (page - 1) * paging.records;
  const end = Math.min(total, offset + paging.records);
  const rows: T[] = [];
  for (let i = offset; i < end; i++) rows.push(items[order === 'asc' ? i : total - 1 - i]!);
  return { rows, total, page, pages, records: paging.records };
}

/** Plain code-unit order: locale-aware comparison is far too slow for 100,000 rows and names are mostly ASCII. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Positions picked out of at most `capacity` rows, kept in a typed array: a list of 300,000 positions grown by push
 * was copied as it grew and then promoted, several megabytes of old garbage per snapshot that a full collection had to
 * sweep; a typed array's contents live off the JS heap, and nothing in them is ever marked or copied.
 */
export class Picks {
  private readonly all: Int32Array;
  private count = 0;

  constructor(capacity: number) {
    this.all = new Int32Array(capacity);
  }

  push(position: number): void {
    this.all[this.count++] = position;
  }

  /** The picks, in a buffer of their own size. */
  done(): Int32Array {
    return this.count === this.all.length ? this.all : this.all.slice(0, this.count);
  }
}
