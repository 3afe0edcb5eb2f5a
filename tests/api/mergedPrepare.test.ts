/**
 * Several engines with large fleets (issue 21, capacity): a new merged snapshot is built and prepared in slices before
 * it is handed out, so no request computes its indexes; the data is the same as building it at once.
 */
import { describe, expect, it } from 'vitest';
import { MergedSource } from '../../server/src/monitoring/engines/mergedSource.js';
import { PREPARE_ABOVE_ROWS } from '../../server/src/monitoring/preparedSource.js';
import type { MonitoringSnapshot } from '../../server/src/monitoring/source.js';
import { FakeEngine, host, service } from './fakeEngines.js';

function bigEngine(name: string, hosts: number): FakeEngine {
  const hs = Array.from({ length: hosts }, (_, i) => host(`h${String(i).padStart(5, '0')}`));
  const ss = hs.flatMap((h, i) => ['b', 'a', 'c'].map((d) => service(h.host_name, `${d}${i % 3}`, (i % 5 === 0 ? 2 : 0) as 0 | 2)));
  return new FakeEngine(name, hs, ss);
}

const until = async (test: () => boolean) => {
  for (let i = 0; i < 500 && !test(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(test()).toBe(true);
};

describe('a large merged snapshot', () => {
  it('is handed out once prepared, the same as one made at once; a command shows at once', async () => {
    const berlin = bigEngine('berlin', 3000);
    const paris = bigEngine('paris', 3000);
    expect((3000 + 9000) * 2).toBeGreaterThanOrEqual(PREPARE_ABOVE_ROWS);
    const merged = new MergedSource([berlin, paris]);
    const prepared: MonitoringSnapshot[] = [];
    let release: () => void = () => undefined;
    merged.prepareSnapshots(async (snap) => {
      prepared.push(snap);
      await new Promise<void>((resolve) => { release = resolve; });
    });
    const first = merged.snapshot();
    // A change: the previous snapshot until the new one is built and prepared.
    paris.snap = { ...paris.snap, services: paris.snap.services.map((s, i) => (i === 10 ? { ...s, current_state: 1 as const } : s)) };
    expect(merged.snapshot()).toBe(first);
    await until(() => prepared.length === 1);
    expect(merged.snapshot()).toBe(first);
    release();
    await until(() => merged.snapshot() !== first);
    const next = merged.snapshot();
    expect(next).toBe(prepared[0]);
    expect(JSON.stringify(next)).toBe(JSON.stringify(new MergedSource([berlin, paris]).snapshot()));
    expect(next.services.filter((s) => s.engine === 'paris' && s.current_state === 1)).toHaveLength(1);
    // A command whose engine changes its data at once (the demo fleet) is seen by the next read, as before.
    berlin.source.submit = async () => {
      berlin.snap = { ...berlin.snap, hosts: berlin.snap.hosts.map((h, i) => (i === 0 ? { ...h, problem_acknowledged: 1 as const } : h)) };
    };
    await merged.submit({ type: 'schedule_check', host: 'h00000', engine: 'berlin', time: 1, forced: true });
    const after = merged.snapshot();
    expect(after.hosts.find((h) => h.engine === 'berlin' && h.host_name === 'h00000')?.problem_acknowledged).toBe(1);
    expect(prepared).toHaveLength(1);
  });

  it('merges each engine\'s rows in name order, whatever order an engine lists them in, the same as made at once', () => {
    const berlin = bigEngine('berlin', 2000);
    const paris = bigEngine('paris', 2000);
    const merged = new MergedSource([berlin, paris]);
    const key = (s: { host_name: string; engine?: string; service_description: string }) => `${s.host_name}\u0000${s.engine}\u0000${s.service_description}`;
    for (let round = 0; round < 3; round++) {
      const snap = merged.snapshot();
      const keys = snap.services.map(key);
      expect(keys).toEqual([...keys].sort());
      expect(snap.services).toHaveLength(berlin.snap.services.length + paris.snap.services.length);
      // A new snapshot of the same objects in the same places reuses the order found before; a reordered one sorts again.
      berlin.snap = { ...berlin.snap, services: round === 1 ? [...berlin.snap.services].reverse() : [...berlin.snap.services] };
    }
  });
});
