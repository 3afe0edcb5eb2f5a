import type { MonitoringSnapshot, MonitoringSource } from './source.js';
import { nextTurn, runSliced, type Slices } from './slices.js';

/** How often the warmer looks for a new snapshot. */
const CHECK_MS = 250;

/** A per-snapshot computation; one with `slices` (slices.ts) is done a few milliseconds per event-loop turn. */
export type WarmStep = ((snapshot: MonitoringSnapshot) => unknown) & { slices?: (snapshot: MonitoringSnapshot) => Slices<unknown> };


const run = async (step: WarmStep, snapshot: MonitoringSnapshot): Promise<void> => {
  if (step.slices) await runSliced(step.slices(snapshot));
  else step(snapshot);
};

/**
 * Computes the per-snapshot answers (indexes, totals, counts) as soon as a source publishes a new snapshot, one step
 * per event-loop turn, and a step over every row (`slices`) a few milliseconds per turn. Whoever asks first would
 * otherwise pay for all of them in one go, and every request arriving meanwhile would wait that long: split up, a
 * request waits at most for one slice. Steps are memoised per snapshot, so a request that needs one before the warmer
 * gets there just computes it, and the warmer's turn costs nothing.
 *
 * A source that can hold a new snapshot back until it is ready (`prepareSnapshots`: several engines, where one
 * snapshot has hundreds of thousands of rows) gets the sliced steps to run before it hands the snapshot out, so no
 * request computes them at all: requests keep getting the previous snapshot for the moment this takes.
 */
export function startSnapshotWarmer(source: MonitoringSource, steps: WarmStep[]): () => void {
  let last: MonitoringSnapshot | undefined;
  let warming = false;
  let stopped = false;
  const sliced = steps.filter((s) => s.slices);
  source.prepareSnapshots?.(async (snapshot) => {
    for (const step of sliced) {
      if (stopped) return;
      await run(step, snapshot);
    }
  });
  const warm = async (snapshot: MonitoringSnapshot): Promise<void> => {
    try {
      for (const step of steps) {
        await nextTurn();
        // A newer snapshot makes the rest pointless; the next check starts over with it.
        if (stopped || source.snapshot() !== snapshot) return;
        await run(step, snapshot);
      }
    } finally {
      warming = false;
    }
  };
  const timer = setInterval(() => {
    if (warming) return;
    const snapshot = source.snapshot();
    if (snapshot === last) return;
    last = snapshot;
    warming = true;
    void warm(snapshot);
  }, CHECK_MS);
  timer.unref();
  return () => {
    stopped = true;
    source.prepareSnapshots?.(null);
    clearInterval(timer);
  };
}
