/**
 * The recorder after another process recorded (issue 37, a cluster): it reads only the entries written since the last
 * one it knew, and goes on from them as if it had recorded them itself. Two recorders on one database stand for the
 * two processes (SQLite in the server project, PostgreSQL in server-pg).
 */
import { describe, expect, it } from 'vitest';
import { localExclusive } from '../../server/src/db/store.js';
import { createHistoryRecorder } from '../../server/src/monitoring/history.js';
import { host } from './fakeEngines.js';
import { at, Timeline } from './historyTimeline.js';
import { useTestServer } from './useTestServer.js';

const T0 = Math.floor(Date.now() / 1000 / 60) * 60 - 3600;
// The server's own engine has no objects: only the two recorders below write history.
const { ts } = useTestServer({ monitoring: () => new Timeline(T0).source });

describe('the recorder after another process recorded (issue 37)', () => {
  it("goes on from the other process's entries: a soft state it recorded turning hard is dated at its check", async () => {
    const { store } = ts.server.ctx;
    const one = createHistoryRecorder({ store, exclusive: localExclusive() }, () => 'rec');
    const other = createHistoryRecorder({ store, exclusive: localExclusive() }, () => 'rec');
    const engine = new Timeline(T0);
    engine.set(T0, [at(host('h'), T0 - 60)], []);
    await one.observe(engine.snap);
    // The other process records h DOWN, soft, at T0 + 60 (its last check then too).
    engine.set(T0 + 60, [at(host('h', 1), T0 + 60, { state_type: 0 })], []);
    await other.observe(engine.snap);
    // Back to the first: h turned hard at its check of T0 + 90, its state unchanged since T0 + 60.
    engine.set(T0 + 90, [{ ...at(host('h', 1), T0 + 60), last_check: T0 + 90 }], []);
    await one.observe(engine.snap);
    const rows = await store.selectFrom('state_history').select(['time', 'state', 'state_type']).where('engine', '=', 'rec').orderBy('id').execute();
    // Without the other's entry the first would take h for UP and date a hard DOWN at its change, T0 + 60.
    expect(rows.map((r) => [Number(r.time), r.state, r.state_type])).toEqual([[T0 - 60, 0, 1], [T0 + 60, 1, 0], [T0 + 90, 1, 1]]);
    await one.stop();
    await other.stop();
  });
});
