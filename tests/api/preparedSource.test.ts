/**
 * One large engine (capacity): a new snapshot is prepared (the warmer's indexes and totals, in slices) before it is
 * handed out, so no request builds them at once and holds every other request up; a command's effect shows at once.
 */
import { describe, expect, it, vi } from 'vitest';
import { configFromEnv } from '../../server/src/config.js';
import { createMonitoringSource } from '../../server/src/monitoring/create.js';
import { createDemoSource } from '../../server/src/monitoring/demo/demoSource.js';
import { PREPARE_ABOVE_ROWS, PreparedSource } from '../../server/src/monitoring/preparedSource.js';
import type { MonitoringSnapshot, MonitoringSource } from '../../server/src/monitoring/source.js';
import { FakeEngine, host, service } from './fakeEngines.js';

/** A prepare step the test releases: the snapshots it was given, and a promise for the next call. */
function heldPrepare() {
  const given: MonitoringSnapshot[] = [];
  const releases: (() => void)[] = [];
  let called: () => void = () => undefined;
  let nextCall = new Promise<void>((r) => { called = r; });
  const prepare = (snap: MonitoringSnapshot) => {
    given.push(snap);
    called();
    nextCall = new Promise<void>((r) => { called = r; });
    return new Promise<void>((resolve) => releases.push(resolve));
  };
  return { given, releases, prepare, next: () => nextCall };
}

function engine(hosts: number): FakeEngine {
  const hs = Array.from({ length: hosts }, (_, i) => host(`h${i}`));
  return new FakeEngine('one', hs, hs.flatMap((h) => Array.from({ length: 9 }, (_, d) => service(h.host_name, `s${d}`))));
}

const changed = (snap: MonitoringSnapshot): MonitoringSnapshot => ({ ...snap, services: snap.services.map((s, i) => (i === 0 ? { ...s, current_state: 2 as const } : s)) });

describe('one large engine', () => {
  it('keeps handing out the last snapshot until the new one is prepared, then the new one', async () => {
    const fake = engine(2500);
    expect(fake.snap.hosts.length + fake.snap.services.length).toBeGreaterThanOrEqual(PREPARE_ABOVE_ROWS);
    const source = new PreparedSource(fake.source);
    const held = heldPrepare();
    source.prepareSnapshots(held.prepare);
    const first = source.snapshot();
    expect(first).toBe(fake.snap);

    fake.snap = changed(fake.snap);
    const second = fake.snap;
    const called = held.next();
    expect(source.snapshot()).toBe(first);
    await called;
    expect(held.given).toEqual([second]);
    // A newer one meanwhile waits for this job: one preparation at a time.
    fake.snap = changed(second);
    expect(source.snapshot()).toBe(first);
    expect(held.given).toHaveLength(1);

    // Once it is done, the first read hands it out and starts on the newer one.
    held.releases[0]!();
    await vi.waitFor(() => expect(source.snapshot()).toBe(second));
    expect(held.given).toHaveLength(2);
    expect(held.given[1]).toBe(fake.snap);
    held.releases[1]!();
    await vi.waitFor(() => expect(source.snapshot()).toBe(fake.snap));
  });

  it('hands out at once what needs no preparing: a small fleet, the same rows with a new program status, no warmer', () => {
    const small = engine(100);
    const source = new PreparedSource(small.source);
    const held = heldPrepare();
    source.prepareSnapshots(held.prepare);
    source.snapshot();
    small.snap = changed(small.snap);
    expect(source.snapshot()).toBe(small.snap);

    const large = engine(2500);
    const big = new PreparedSource(large.source);
    big.prepareSnapshots(held.prepare);
    big.snapshot();
    large.snap = { ...large.snap, program: { ...large.snap.program, is_currently_running: 0 } };
    expect(big.snapshot()).toBe(large.snap);

    big.prepareSnapshots(null);
    large.snap = changed(large.snap);
    expect(big.snapshot()).toBe(large.snap);
    expect(held.given).toHaveLength(0);
  });

  it('hands out a snapshot whose preparation failed: requests compute what they need themselves', async () => {
    const fake = engine(2500);
    const source = new PreparedSource(fake.source);
    source.prepareSnapshots(async () => { throw new Error('database not answering'); });
    source.snapshot();
    fake.snap = changed(fake.snap);
    source.snapshot();
    await vi.waitFor(() => expect(source.snapshot()).toBe(fake.snap));
  });

  it('shows a command that the demo fleet applies at once to the next read, without waiting for a preparation', async () => {
    const demo = createDemoSource({ hosts: 2000, servicesPerHost: 10, tickSeconds: 3600, seed: 7 });
    const source: MonitoringSource = new PreparedSource(demo);
    const held = heldPrepare();
    source.prepareSnapshots!(held.prepare);
    const problem = source.snapshot().services.find((s) => s.current_state !== 0 && s.problem_acknowledged === 0)!;
    await source.submit({
      type: 'acknowledge', host: problem.host_name, service: problem.service_description, comment: 'on it', author: 'nagiosadmin',
      sticky: false, notify: false, persistent: false,
    });
    const after = source.snapshot().services.find((s) => s.host_name === problem.host_name && s.service_description === problem.service_description);
    expect(after?.problem_acknowledged).toBe(1);
    expect(held.given).toHaveLength(0);
    // The engine's own next change is prepared first again.
    const before = source.snapshot();
    demo.tick();
    expect(source.snapshot()).toBe(before);
    expect(held.given).toHaveLength(1);
  });

  it('is how the server reads one engine, demo fleet or real: the warmer can prepare its snapshots', () => {
    const env = { PHAROS_DATA_DIR: '/nonexistent', PHAROS_DEMO_HOSTS: '3' };
    expect(createMonitoringSource(configFromEnv(env)).prepareSnapshots).toBeTypeOf('function');
    expect(createMonitoringSource(configFromEnv({ ...env, PHAROS_NAGIOS_CFG: '/nonexistent/nagios.cfg' })).prepareSnapshots).toBeTypeOf('function');
    expect(createMonitoringSource(configFromEnv({ ...env, PHAROS_LIVESTATUS: '127.0.0.1:6557' })).prepareSnapshots).toBeTypeOf('function');
  });
});
