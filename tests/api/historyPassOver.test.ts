import { describe, expect, it } from 'vitest';
import type { EngineLogEntry } from '../../server/src/monitoring/engineLog.js';
import { createHistoryRecorder } from '../../server/src/monitoring/history.js';
import { listHistory } from '../../server/src/db/history.js';
import { fixtureSnapshot } from './pagesFixture.js';
import { useTestServer } from './useTestServer.js';

const { ts } = useTestServer();

describe('the recorder passes over records that did not change (issue 37)', () => {
  it('compares every record again after the engine log changed what it knows, even records that are the same objects', async () => {
    const first = fixtureSnapshot();
    const t = first.updated;
    // The engine's log: web01's HTTP entered a downtime while nobody watched (Pharos had no snapshot for 5 minutes).
    const logged: EngineLogEntry[] = [{ time: t + 100, host: 'web01', service: 'HTTP', type: 'downtime', phase: 'start', output: 'entered' }];
    const log = {
      where: 'a test log',
      async *read(since: number, until: number) {
        yield logged.filter((e) => e.time >= since && e.time < until);
      },
    };
    // Its own turns (the server's recorder holds the cluster's recording job for its own engine).
    const storage = { store: ts.server.ctx.store, exclusive: <T>(_job: string, run: () => Promise<T>) => run() };
    const recorder = createHistoryRecorder(storage, () => 'logged', { engines: () => [{ name: 'logged', log }] });
    const entries = async () => (await listHistory(ts.server.ctx.store, { since: 0, until: t + 1000, engine: 'logged', host: 'web01', service: 'HTTP', limit: 100, offset: 0 }))
      .map((r) => [Number(r.time), r.type, r.phase]);
    await recorder.observe(first);
    expect(await entries()).toEqual([[expect.any(Number), 'state', '']]);
    // The same records, 5 minutes on: the engine's data says no downtime, so it ended by then.
    await recorder.observe({ ...first, updated: t + 300 });
    await recorder.stop();
    expect((await entries()).slice(0, 2)).toEqual([[t + 300, 'downtime', 'end'], [t + 100, 'downtime', 'start']]);
  });
});
