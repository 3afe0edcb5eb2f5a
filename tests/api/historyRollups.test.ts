/**
 * Availability from the daily rollups (issue 37's speed): whole UTC days are summed from state_history_days, the rest
 * from the entries. Whatever the window, the answer is the one computed from every entry and gap (statesForWindow and
 * availabilityOf), on SQLite and on PostgreSQL: windows cutting days in the middle, across gaps, after entries written
 * into days already summed (an engine log read back, out of order), and after pruning.
 */
import { describe, expect, it } from 'vitest';
import { insertGap, insertHistory, pruneHistory, statesForWindow, type HistoryRow } from '../../server/src/db/history.js';
import { DAY_SECONDS, dayOf } from '../../server/src/db/historyDays.js';
import { availabilityFor, availabilityOf, NO_DATA, type AvailabilityObject } from '../../server/src/monitoring/history.js';
import { Timeline } from './historyTimeline.js';
import { useTestServer } from './useTestServer.js';

const NOW = Math.floor(Date.now() / 1000);
/** A UTC midnight ten days ago: the entries lie in the six days after it. */
const D = dayOf(NOW) - 10 * DAY_SECONDS;
const H = 3600;

// An engine with no objects: the server records nothing of its own into the history these tests write.
const engine = new Timeline(NOW);
const { ts } = useTestServer({ monitoring: () => engine.source });

const objects: AvailabilityObject[] = [
  { engine: 'n', host: 'h1', service: '' }, { engine: 'n', host: 'h1', service: 'HTTP' },
  { engine: 'n', host: 'h2', service: 'DNS' }, { engine: 'n', host: 'h3', service: '' },
];
const entry = (o: AvailabilityObject, time: number, state: number): HistoryRow => ({
  ...o, time, state, type: 'state', phase: '', state_type: 1, output: `${state} at ${time}`,
});
const [h1, http, dns, h3] = objects as [AvailabilityObject, AvailabilityObject, AvailabilityObject, AvailabilityObject];

/** What availability is by definition: every entry and gap of the window read and laid out. */
async function fromEntries(since: number, end: number) {
  const rows = await statesForWindow(ts.server.ctx.store, since, end, objects.map((o) => o.host));
  return availabilityOf(objects, rows, since, end);
}

/** Windows that cut days in the middle, hold whole days, lie within one day, or start before anything was recorded. */
const WINDOWS: [number, number][] = [
  [D + 5 * H + 17, D + 4 * DAY_SECONDS + 1234], [D, D + 3 * DAY_SECONDS], [D - 2 * DAY_SECONDS, D + 7 * DAY_SECONDS],
  [D + DAY_SECONDS + H, D + DAY_SECONDS + 9 * H], [D + 2 * DAY_SECONDS - 1, D + 5 * DAY_SECONDS + 1],
  [D + 3 * DAY_SECONDS, D + 6 * DAY_SECONDS + 43_210], [D - 5 * DAY_SECONDS, D + 400],
];

async function expectSameAsEntries(): Promise<void> {
  for (const [since, end] of WINDOWS) {
    expect(await availabilityFor(ts.server.ctx.store, objects, since, end), `${since - D} to ${end - D}`).toEqual(await fromEntries(since, end));
  }
}

describe('availability from daily rollups (issue 37)', () => {
  it('equals the computation from every entry, for windows that cut days in the middle', async () => {
    const store = ts.server.ctx.store;
    await insertHistory(store, [
      entry(h1, D + 2 * H, 0), entry(h1, D + DAY_SECONDS + 30, 1), entry(h1, D + 3 * DAY_SECONDS - 1, 0),
      // Two entries at one time: the one written last holds.
      entry(http, D + 10 * H, 0), entry(http, D + 10 * H, 2), entry(http, D + 2 * DAY_SECONDS, 1),
      entry(http, D + 2 * DAY_SECONDS + 600, NO_DATA), entry(http, D + 2 * DAY_SECONDS + 4000, 0),
      entry(http, D + 5 * DAY_SECONDS + 7 * H, 3),
      entry(dns, D - DAY_SECONDS + 5, 2), entry(dns, D + 4 * DAY_SECONDS + 12 * H, 0),
    ]);
    const month = await availabilityFor(store, objects, D, D + 3 * DAY_SECONDS);
    // h1: UP from 02:00 to the next day 00:00:30, DOWN to the end of the third day but a second, UP its last second.
    expect(month[0]!.seconds).toEqual({ UP: 22 * H + 30 + 1, DOWN: 2 * DAY_SECONDS - 31, UNREACHABLE: 0, NODATA: 2 * H });
    expect(month[3]!.seconds.NODATA).toBe(3 * DAY_SECONDS);
    await expectSameAsEntries();
  });

  it('counts the gaps as no data, exactly as the computation from every entry', async () => {
    const store = ts.server.ctx.store;
    // Across a midnight, and one that starts at an entry's very time (h1 DOWN at D + 1 day + 30 s).
    await insertGap(store, 'n', D + DAY_SECONDS + 30, D + DAY_SECONDS + 5 * H);
    await insertGap(store, 'n', D + 3 * DAY_SECONDS + 20 * H, D + 4 * DAY_SECONDS + 3 * H);
    // Another engine's gap changes nothing here.
    await insertGap(store, 'other', D, D + 6 * DAY_SECONDS);
    await expectSameAsEntries();
    const [host] = await availabilityFor(store, [h1], D + DAY_SECONDS, D + 2 * DAY_SECONDS);
    expect(host!.seconds).toEqual({ UP: 30, DOWN: DAY_SECONDS - 5 * H, UNREACHABLE: 0, NODATA: 5 * H - 30 });
  });

  it('sums a day again when an entry is written into it after it was summed (a log read back), in any order', async () => {
    const store = ts.server.ctx.store;
    const before = await availabilityFor(store, objects, D, D + 6 * DAY_SECONDS);
    await insertHistory(store, [
      entry(dns, D + 4 * DAY_SECONDS + 2 * H, 1), entry(h1, D + DAY_SECONDS + 12 * H, 2), entry(h3, D + 3 * H, 1),
      entry(dns, D + H, 3), entry(h3, D + 4 * DAY_SECONDS + 1, 0),
    ]);
    const after = await availabilityFor(store, objects, D, D + 6 * DAY_SECONDS);
    expect(after).not.toEqual(before);
    // h3: DOWN from 03:00 of the first day, no data in both gaps, UP from the second gap's second second (an entry inside
    // a gap stands).
    expect(after[3]!.seconds).toEqual({ UP: 2 * DAY_SECONDS - 1, DOWN: 4 * DAY_SECONDS - 12 * H + 30, UNREACHABLE: 0, NODATA: 12 * H - 29 });
    await expectSameAsEntries();
  });

  it('after pruning, counts what was pruned as no data, as the computation from the entries left', async () => {
    const store = ts.server.ctx.store;
    await pruneHistory(store, D + 2 * DAY_SECONDS + 3000);
    await expectSameAsEntries();
    const [service] = await availabilityFor(store, [http], D + DAY_SECONDS, D + 3 * DAY_SECONDS);
    expect(service!.seconds.NODATA).toBe(DAY_SECONDS + 3000 + 1000);
  });
});
