/** The demo fleet's state history (issue 37): its changes appear in the history as the simulation runs, tick by tick. */
import { describe, expect, it } from 'vitest';
import { createDemoSource } from '../../server/src/monitoring/demo/demoSource.js';
import type { HostStatus, MonitoringSnapshot, ServiceStatus } from '../../server/src/monitoring/source.js';
import { useTestServer } from './useTestServer.js';

interface Entry { time: number; engine: string; host: string; service?: string; state: string; stateType: string; type: string }

/** The simulation's clock, moved by the test: an hour ago, so its times are within the API's default window. */
let t = (Math.floor(Date.now() / 1000) - 3600) * 1000;
const source = createDemoSource({ hosts: 20, servicesPerHost: 5, tickSeconds: 3600, seed: 7, now: () => t });
const { admin } = useTestServer({ monitoring: () => source });

const keyOf = (o: HostStatus | ServiceStatus) => `${o.host_name};${'service_description' in o ? o.service_description : ''}`;
const stateOf = (snap: MonitoringSnapshot) => new Map([...snap.hosts, ...snap.services].filter((o) => o.has_been_checked === 1)
  .map((o) => [keyOf(o), `${o.current_state};${o.state_type};${o.last_state_change}`]));
/** From the start of time: the fleet's first states changed long before its first tick. */
const since = 0;
const history = async () => (await admin.get<{ entries: Entry[] }>(`api/v2/history?since=${since}&type=state&limit=1000`)).body.entries;

describe('the demo fleet\'s state history (issue 37)', () => {
  it('records each change of the simulation as it runs, at the time of the change, once', async () => {
    const first = source.snapshot();
    await expect.poll(async () => (await history()).length, { timeout: 10_000 }).toBe(stateOf(first).size);
    let before = stateOf(first);
    let changes = 0;
    for (let i = 0; i < 8; i++) {
      t += 60_000;
      source.tick();
      const snap = source.snapshot();
      const after = stateOf(snap);
      const changed = [...snap.hosts, ...snap.services].filter((o) => o.has_been_checked === 1 && before.get(keyOf(o)) !== after.get(keyOf(o)));
      changes += changed.length;
      // Each changed object's newest entry is its new state, at the time the simulation says it changed.
      await expect.poll(async () => {
        const entries = await history();
        return changed.every((o) => {
          const newest = entries.find((e) => `${e.host};${e.service ?? ''}` === keyOf(o));
          return newest?.state !== undefined && newest.time >= o.last_state_change && newest.time <= snap.updated;
        });
      }, { timeout: 10_000 }).toBe(true);
      before = after;
    }
    expect(changes).toBeGreaterThan(0);
    const entries = await history();
    expect(entries.every((e) => e.engine === 'demo')).toBe(true);
    // The first states, plus one entry per change at most (a soft state turning hard is one more change).
    expect(entries.length).toBeLessThanOrEqual(stateOf(first).size + changes);
    expect(entries.length).toBeGreaterThan(stateOf(first).size);
  });
});
