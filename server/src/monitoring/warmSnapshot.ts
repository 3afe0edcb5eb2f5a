import type { MonitoringSnapshot, MonitoringSource } from './source.js';

/** How often the warmer looks for a new snapshot. */
const CHECK_MS = 250;

/**
 * Computes the per-snapshot answers (indexes, totals, counts) as soon as a source publishes a new snapshot, one step
 * per event-loop turn. Whoever asks first would otherwise pay for all of them in one go, and every request arriving
 * meanwhile would wait that long: split up, a request waits at most for one step. Steps are memoised per snapshot,
 * so a request that needs one before the warmer gets there just computes it, and the warmer's turn costs nothing.
 */
export function startSnapshotWarmer(source: MonitoringSource, steps: ((snapshot: MonitoringSnapshot) => unknown)[]): () => void {
  let last: MonitoringSnapshot | undefined;
  let warming = false;
  let stopped = false;
  const warm = (snapshot: MonitoringSnapshot, step: number): void => {
    // A newer snapshot makes the rest pointless; the next check starts over with it.
    if (stopped || step >= steps.length || source.snapshot() !== snapshot) {
      warming = false;
      return;
    }
    steps[step]!(snapshot);
    setImmediate(() => warm(snapshot, step + 1));
  };
  const timer = setInterval(() => {
    if (warming) return;
    const snapshot = source.snapshot();
    if (snapshot === last) return;
    last = snapshot;
    warming = true;
    setImmediate(() => warm(snapshot, 0));
  }, CHECK_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
