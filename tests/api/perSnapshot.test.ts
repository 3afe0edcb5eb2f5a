import { describe, expect, it } from 'vitest';
import { createDemoSource } from '../../server/src/monitoring/demo/demoSource.js';
import { perSnapshot } from '../../server/src/monitoring/perSnapshot.js';
import { serviceColumns } from '../../server/src/pages/serviceColumns.js';

/** Per-snapshot answers (issue 11 "server capacity") must follow the data: a new snapshot is never answered from the old one. */
describe('answers computed once per snapshot', () => {
  it('recomputes for a new snapshot and reuses for the same one', () => {
    let clock = Date.UTC(2025, 0, 15, 12);
    const source = createDemoSource({ hosts: 30, servicesPerHost: 6, tickSeconds: 3600, now: () => clock });
    let runs = 0;
    const problems = perSnapshot((snap) => {
      runs++;
      return snap.services.filter((s) => s.current_state !== 0).length;
    });
    const first = source.snapshot();
    expect(problems(first)).toBe(first.services.filter((s) => s.current_state !== 0).length);
    expect(problems({ ...first })).toBe(problems(first));
    expect(runs).toBe(1);
    for (let i = 0; i < 20; i++) {
      clock += 15_000;
      source.tick();
    }
    const later = source.snapshot();
    expect(later.services).not.toBe(first.services);
    expect(problems(later)).toBe(later.services.filter((s) => s.current_state !== 0).length);
    expect(runs).toBe(2);
  });

  it('orders the services of each new snapshot by name, from that snapshot', () => {
    let clock = Date.UTC(2025, 0, 15, 12);
    const source = createDemoSource({ hosts: 30, servicesPerHost: 6, tickSeconds: 3600, now: () => clock });
    const key = (s: { host_name: string; service_description: string }) => `${s.host_name}\u0000${s.service_description}`;
    for (let round = 0; round < 3; round++) {
      const snap = source.snapshot();
      const { ordered } = serviceColumns(snap);
      const own = new Set(snap.services);
      expect(ordered).toHaveLength(snap.services.length);
      expect(ordered.every((s) => own.has(s))).toBe(true);
      expect(ordered.map(key)).toEqual(snap.services.map(key).sort());
      clock += 15_000;
      source.tick();
      source.tick();
    }
  });
});
