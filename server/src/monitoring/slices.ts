import { performance } from 'node:perf_hooks';
import type { HostStatus, MonitoringSnapshot, ServiceStatus } from './source.js';
import { partsOf, type SnapshotParts } from './snapshotParts.js';

/**
 * Work over every row of a snapshot written as a generator that yields between slices of rows: run to the end at once
 * (`finish`) it is the plain computation; run by the snapshot warmer (`runSliced`), requests are answered between the
 * slices. At 300,000 rows a whole pass holds the event loop for 0.1 to 0.5 s, a slice for a few milliseconds.
 */
export type Slices<T> = Generator<void, T, void>;

/** Rows between two yields: a few hundred microseconds of work each. */
export const SLICE_ROWS = 2048;

/** How long one event-loop turn may work on slices before it lets requests in. */
export const TURN_MS = 4;

/** Runs `work` to the end now. */
export function finish<T>(work: Slices<T>): T {
  for (;;) {
    const r = work.next();
    if (r.done) return r.value;
  }
}

/** Background work waiting for its next turn, oldest first. */
const waiting: (() => void)[] = [];
let turnScheduled = false;

function nextInLine(): void {
  const next = waiting.shift();
  // Scheduled from inside this turn, the next waiter runs in the next one, after the requests that came meanwhile.
  if (waiting.length) setImmediate(nextInLine);
  else turnScheduled = false;
  next?.();
}

/**
 * Waits for the background work's next event-loop turn. All of it (engines' polls and ticks, merges, the snapshot
 * warmer, the change feed) shares one line, one slice a turn: with several jobs at once, each taking its own slice
 * every turn made a turn as long as all of them together, and requests queued behind that for hundreds of
 * milliseconds. The line is the process's, as the event loop is.
 */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    if (!turnScheduled) {
      turnScheduled = true;
      setImmediate(nextInLine);
    }
  });
}

/** Runs `work` a few milliseconds per event-loop turn, so whatever else is waiting gets its turn in between. */
export async function runSliced<T>(work: Slices<T>, turnMs = TURN_MS): Promise<T> {
  let until = performance.now() + turnMs;
  for (;;) {
    const r = work.next();
    if (r.done) return r.value;
    if (performance.now() >= until) {
      await nextTurn();
      until = performance.now() + turnMs;
    }
  }
}

/** A per-snapshot value: a plain function for requests, with its work in slices for the warmer. */
export interface SlicedStep<S, T> {
  (snapshot: S): T;
  /** The same computation in slices, shared with the plain call: whichever comes first does the work, once. */
  slices(snapshot: S): Slices<T>;
}

interface Entry<T> { done: boolean; value?: T; work?: Slices<T> }

/**
 * Memoises `compute` per key object (`keyOf(snapshot)`); `matches` checks a hit further (perSnapshot keys on the
 * services array and checks the hosts array). A plain call finishes work the warmer has started, so nothing is done twice.
 */
export function memoSliced<S, K extends object, T>(keyOf: (s: S) => K, compute: (s: S) => Slices<T>, check: (s: S) => unknown = () => undefined): SlicedStep<S, T> {
  const cache = new WeakMap<K, { check: unknown; entry: Entry<T> }>();
  const entryOf = (s: S): Entry<T> => {
    const key = keyOf(s);
    const want = check(s);
    const hit = cache.get(key);
    if (hit && hit.check === want) return hit.entry;
    const entry: Entry<T> = { done: false, work: compute(s) };
    cache.set(key, { check: want, entry });
    return entry;
  };
  const step = (entry: Entry<T>, s: S): boolean => {
    let r: IteratorResult<void, T>;
    try {
      r = entry.work!.next();
    } catch (err) {
      // A failed computation is not remembered: the next call tries again.
      cache.delete(keyOf(s));
      throw err;
    }
    if (!r.done) return false;
    entry.done = true;
    entry.value = r.value;
    entry.work = undefined;
    return true;
  };
  const plain = (s: S): T => {
    const entry = entryOf(s);
    while (!entry.done) step(entry, s);
    return entry.value as T;
  };
  return Object.assign(plain, {
    *slices(s: S): Slices<T> {
      const entry = entryOf(s);
      // A plain call may finish it between two slices.
      while (!entry.done) {
        if (step(entry, s)) break;
        yield;
      }
      return entry.value as T;
    },
  });
}

type Records = Pick<MonitoringSnapshot, 'hosts' | 'services'>;

/**
 * perSnapshot's keying (the services array, checked against the hosts array) for work done in slices. With `combine`,
 * a merged snapshot of several engines (snapshotParts.ts) is answered from each engine's answer, each memoised on its
 * own rows: an engine whose data did not change costs nothing.
 */
export function perSnapshotSliced<T>(compute: (snapshot: Records) => Slices<T>, combine?: (values: T[], parts: SnapshotParts) => T): SlicedStep<Records, T> {
  const whole = !combine ? compute : function* (s: Records): Slices<T> {
    const parts = partsOf(s);
    if (!parts) return yield* compute(s);
    const values: T[] = [];
    for (const part of parts.parts) values.push(yield* step.slices(part));
    return combine(values, parts);
  };
  const step = memoSliced((s: Records) => s.services as readonly ServiceStatus[], whole, (s) => s.hosts as readonly HostStatus[]);
  return step;
}

/** Merges lists each in `compare` order; equal items keep the lists' order. */
export function mergeOrdered<T>(lists: readonly (readonly T[])[], compare: (a: T, b: T) => number): T[] {
  const out: T[] = [];
  const next = lists.map(() => 0);
  for (;;) {
    let best = -1;
    for (let p = 0; p < lists.length; p++) {
      if (next[p]! >= lists[p]!.length) continue;
      if (best < 0 || compare(lists[p]![next[p]!]!, lists[best]![next[best]!]!) < 0) best = p;
    }
    if (best < 0) return out;
    out.push(lists[best]![next[best]!++]!);
  }
}

/** A stable sort of positions (bottom-up merge sort), in slices: the order of `rows` under `compare`. */
export function* sortOrder<T>(rows: readonly T[], compare: (a: T, b: T) => number): Slices<Int32Array> {
  const n = rows.length;
  let from = new Int32Array(n);
  let to = new Int32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  let work = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let x = lo;
      let y = mid;
      let o = lo;
      while (x < mid && y < hi) to[o++] = compare(rows[from[y]!]!, rows[from[x]!]!) < 0 ? from[y++]! : from[x++]!;
      while (x < mid) to[o++] = from[x++]!;
      while (y < hi) to[o++] = from[y++]!;
      work += hi - lo;
      if (work >= SLICE_ROWS) {
        work = 0;
        yield;
      }
    }
    [from, to] = [to, from];
  }
  return from;
}

/** `rows` sorted by `compare` (stably, as Array.prototype.sort), in slices. */
export function* sortedSlices<T>(rows: readonly T[], compare: (a: T, b: T) => number): Slices<T[]> {
  const order = yield* sortOrder(rows, compare);
  const out = new Array<T>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = rows[order[i]!]!;
  return out;
}
