import { describe, expect, it } from 'vitest';
import { runSliced, type Slices } from './slices.js';

/** Counts event-loop turns: one step per check phase, for as long as `running()` holds. */
function turnCounter(running: () => boolean): { now: () => number } {
  let turn = 0;
  const tick = () => {
    turn += 1;
    if (running()) setImmediate(tick);
  };
  setImmediate(tick);
  return { now: () => turn };
}

/** `slices` slices of 2 ms each (longer than a turn's budget), calling `note` after each. */
function* job(slices: number, note: () => void): Slices<void> {
  for (let i = 0; i < slices; i++) {
    const until = performance.now() + 2;
    while (performance.now() < until) { /* a slice's worth of work */ }
    note();
    yield;
  }
}

describe('background work in slices', () => {
  it('several jobs at once take one slice per event-loop turn between them, not one each, and all finish', async () => {
    let done = false;
    const counter = turnCounter(() => !done);
    const seen: number[][] = [[], [], []];
    await Promise.all(seen.map((turns) => runSliced(job(6, () => turns.push(counter.now())), 1)));
    done = true;
    for (const turns of seen) expect(turns).toHaveLength(6);
    // Apart from each job's first slice (run at once, before it waits for a turn), no turn ran two jobs' slices.
    const later = seen.flatMap((turns) => turns.slice(1));
    expect(new Set(later).size).toBe(later.length);
  });

  it('a requests-like callback scheduled meanwhile runs between two slices, not after all of them', async () => {
    const order: string[] = [];
    const slice = () => order.push('slice');
    const running = Promise.all([runSliced(job(4, slice), 1), runSliced(job(4, slice), 1)]);
    setImmediate(() => order.push('request'));
    await running;
    // The two first slices run at once; the request comes right after, before the six others.
    expect(order.indexOf('request')).toBeLessThanOrEqual(3);
    expect(order.filter((o) => o === 'slice')).toHaveLength(8);
  });
});
