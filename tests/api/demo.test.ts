import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDemoSource, type DemoSource } from '../../server/src/monitoring/demo/demoSource.js';
import { problemLists } from '../../server/src/monitoring/problemList.js';
import type { HostStatus, MonitoringSnapshot, ServiceStatus } from '../../server/src/monitoring/source.js';

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

/** A fleet on a clock the test moves, so every snapshot is reproducible. */
function fleet(opts: { hosts?: number; servicesPerHost?: number; seed?: number } = {}): { source: DemoSource; advance(seconds: number): void; now(): number } {
  let t = T0;
  const source = createDemoSource({ hosts: opts.hosts ?? 60, servicesPerHost: opts.servicesPerHost ?? 8, tickSeconds: 15, seed: opts.seed, now: () => t });
  return { source, advance: (s) => { t += s * 1000; }, now: () => Math.floor(t / 1000) };
}

const key = (s: ServiceStatus) => `${s.host_name};${s.service_description}`;
const states = (snap: MonitoringSnapshot) => snap.services.map((s) => s.current_state);
const serviceIn = (snap: MonitoringSnapshot, state: number, extra: (s: ServiceStatus) => boolean = () => true) => {
  const hosts = new Map(snap.hosts.map((h) => [h.host_name, h]));
  return snap.services.find((s) => s.current_state === state && hosts.get(s.host_name)!.current_state === 0 && extra(s))!;
};
const findService = (snap: MonitoringSnapshot, s: ServiceStatus) => snap.services.find((x) => key(x) === key(s))!;
const findHost = (snap: MonitoringSnapshot, h: HostStatus) => snap.hosts.find((x) => x.host_name === h.host_name)!;

describe('the simulated fleet', () => {
  it('has 60 realistic hosts with about 8 services each by default', () => {
    const snap = fleet().source.snapshot();
    expect(snap.hosts).toHaveLength(60);
    expect(snap.services).toHaveLength(480);
    const names = snap.hosts.map((h) => h.host_name);
    expect(names).toEqual(expect.arrayContaining(['localhost', 'web01', 'web12', 'db01', 'app01', 'sw01', 'rtr01', 'fw01', 'win01']));
    expect(new Set(names).size).toBe(60);
    expect(snap.hosts.find((h) => h.host_name === 'db01')).toMatchObject({ alias: 'Database Server 01', address: '10.12.0.2', hostgroups: ['linux-servers', 'databases'] });
    const services = new Set(snap.services.map((s) => s.service_description));
    for (const name of ['PING', 'HTTP', 'SSH', 'Disk Usage', 'CPU Load', 'Memory', 'Swap', 'Current Users']) expect(services).toContain(name);
    expect(snap.hostgroups.map((g) => g.name)).toEqual(expect.arrayContaining(['linux-servers', 'web-servers', 'databases', 'network']));
    expect(snap.servicegroups.length).toBeGreaterThan(3);
  });

  it('groups only name objects that exist', () => {
    const snap = fleet().source.snapshot();
    const hosts = new Set(snap.hosts.map((h) => h.host_name));
    const services = new Set(snap.services.map(key));
    for (const g of snap.hostgroups) for (const m of g.members) expect(hosts).toContain(m);
    for (const g of snap.servicegroups) for (const m of g.members) expect(services).toContain(m);
    for (const h of snap.hosts) for (const g of h.hostgroups) expect(snap.hostgroups.find((x) => x.name === g)!.members).toContain(h.host_name);
  });

  it('prints plugin output and performance data that match each state', () => {
    const snap = fleet().source.snapshot();
    for (const s of snap.services) expect(s.output).not.toBe('');
    const ping = snap.services.find((s) => s.service_description === 'PING' && s.current_state === 0)!;
    expect(ping.output).toMatch(/^PING OK - Packet loss = 0%, RTA = [\d.]+ ms$/);
    expect(ping.perfdata).toMatch(/^rta=[\d.]+ms;3000\.000;5000\.000;0; pl=0%;80;100;0;$/);
    for (const s of snap.services.filter((x) => x.current_state === 1 && /^(DISK|SWAP|USERS|PROCS) /.test(x.output))) expect(s.output).toContain('WARNING');
  });

  it('starts with hosts down and unreachable, services in every state, acknowledgements, downtimes and comments', () => {
    const snap = fleet().source.snapshot();
    const hostStates = new Set(snap.hosts.map((h) => h.current_state));
    expect([...hostStates].sort()).toEqual([0, 1, 2]);
    for (const state of [0, 1, 2, 3]) expect(serviceIn(snap, state)).toBeDefined();
    expect(snap.hosts.some((h) => h.problem_acknowledged)).toBe(true);
    expect(snap.services.some((s) => s.problem_acknowledged)).toBe(true);
    expect(snap.hosts.some((h) => h.scheduled_downtime_depth > 0)).toBe(true);
    expect(snap.services.some((s) => s.scheduled_downtime_depth > 0)).toBe(true);
    expect(snap.comments.some((c) => c.entry_type === 1)).toBe(true);
    // Acknowledged objects are problems and carry their acknowledgement comment.
    for (const r of [...snap.hosts, ...snap.services].filter((x) => x.problem_acknowledged)) {
      expect(r.current_state).not.toBe(0);
      expect(snap.comments.some((c) => c.entry_type === 4 && c.host_name === r.host_name
        && c.service_description === ('service_description' in r ? r.service_description : null))).toBe(true);
    }
    // Every object in downtime has a downtime in effect now.
    const now = snap.updated;
    for (const r of [...snap.hosts, ...snap.services].filter((x) => x.scheduled_downtime_depth > 0)) {
      const svc = 'service_description' in r ? r.service_description : null;
      expect(snap.downtimes.some((d) => d.host_name === r.host_name && d.service_description === svc && d.start_time <= now)).toBe(true);
    }
  });

  it('services of a host that is down are critical', () => {
    const snap = fleet().source.snapshot();
    for (const h of snap.hosts.filter((x) => x.current_state !== 0)) {
      for (const s of snap.services.filter((x) => x.host_name === h.host_name)) expect(s.current_state).toBe(2);
    }
  });

  it('is the same fleet for the same options and seed, and a different one for another seed', () => {
    expect(fleet().source.snapshot()).toEqual(fleet().source.snapshot());
    expect(states(fleet({ seed: 7 }).source.snapshot())).not.toEqual(states(fleet({ seed: 8 }).source.snapshot()));
  });

  it('evolves tick by tick, identically for the same seed', () => {
    const a = fleet();
    const b = fleet();
    const first = a.source.snapshot();
    for (let i = 0; i < 40; i++) {
      a.advance(15);
      a.source.tick();
      b.advance(15);
      b.source.tick();
    }
    const later = a.source.snapshot();
    expect(later).toEqual(b.source.snapshot());
    expect(later.updated).toBe(first.updated + 600);
    expect(states(later)).not.toEqual(states(first));
    // Checks kept running: every actively checked service was checked within its interval.
    for (const s of later.services.filter((x) => x.active_checks_enabled)) expect(later.updated - s.last_check).toBeLessThanOrEqual(s.check_interval * 60);
  });

  it('always keeps unhandled problems in several states, on a small fleet too, tick after tick', () => {
    for (const hosts of [10, 60]) {
      const f = fleet({ hosts, seed: 11 });
      for (let i = 0; i < 1500; i++) {
        f.advance(15);
        f.source.tick();
        if (i % 50 !== 0) continue;
        const unhandled = new Set(problemLists(f.source.snapshot()).unhandled.map((p) => p.state));
        expect([...unhandled].filter((s) => ['WARNING', 'CRITICAL', 'UNKNOWN'].includes(s)).sort(), `${hosts} hosts, tick ${i}`).toEqual(['CRITICAL', 'UNKNOWN', 'WARNING']);
      }
    }
  });

  it('leaves earlier snapshots untouched as it moves on', () => {
    const f = fleet();
    const before = f.source.snapshot();
    const copy = structuredClone(before);
    for (let i = 0; i < 10; i++) {
      f.advance(15);
      f.source.tick();
    }
    expect(before).toEqual(copy);
  });

  it('reports engine check counts over 1, 5 and 15 minutes that fit the fleet', () => {
    const f = fleet();
    for (let i = 0; i < 80; i++) {
      f.advance(15);
      f.source.tick();
    }
    const { stats, services, hosts, program } = f.source.snapshot();
    const svc = stats.activeservicechecks;
    expect(svc.val1).toBeLessThanOrEqual(svc.val5);
    expect(svc.val5).toBeLessThanOrEqual(svc.val15);
    // Five-minute check intervals: about one check per service every five minutes, a few more for retries and state changes.
    expect(svc.val5).toBeGreaterThanOrEqual(services.length * 0.9);
    expect(svc.val5).toBeLessThanOrEqual(services.length * 1.3);
    expect(stats.activehostchecks.val5).toBeGreaterThanOrEqual(hosts.length * 0.9);
    expect(stats.passiveservicechecks).toEqual({ val1: 0, val5: 0, val15: 0 });
    const perf = stats.activeservicecheckperf;
    expect(perf.min_latency).toBeLessThanOrEqual(perf.avg_latency);
    expect(perf.avg_latency).toBeLessThanOrEqual(perf.max_latency);
    expect(perf.min_execution_time).toBeLessThanOrEqual(perf.avg_execution_time);
    expect(program).toMatchObject({ is_currently_running: 1, program_start_time: Math.floor(T0 / 1000), status_update_time: f.now(), program_run_time: 1200 });
  });

  it('builds the largest fleet: 10,000 hosts and 100,000 services', () => {
    const snap = fleet({ hosts: 10_000, servicesPerHost: 10 }).source.snapshot();
    expect(snap.hosts).toHaveLength(10_000);
    expect(snap.services).toHaveLength(100_000);
    expect(new Set(snap.hosts.map((h) => h.host_name)).size).toBe(10_000);
    expect(snap.hosts.find((h) => h.host_name === 'web2500')).toBeDefined();
  });
});

describe('external commands', () => {
  it('acknowledges a problem with a comment, and removing the acknowledgement removes a non-persistent comment', async () => {
    const f = fleet();
    const target = serviceIn(f.source.snapshot(), 2, (s) => !s.problem_acknowledged);
    await f.source.submit({ type: 'acknowledge', host: target.host_name, service: target.service_description, comment: 'On it', author: 'alice', sticky: true, notify: false, persistent: false });
    let snap = f.source.snapshot();
    expect(findService(snap, target)).toMatchObject({ problem_acknowledged: 1, acknowledgement_type: 2 });
    expect(snap.comments.filter((c) => c.text === 'On it')).toEqual([expect.objectContaining({
      host_name: target.host_name, service_description: target.service_description, author: 'alice', entry_type: 4, persistent: 0,
    })]);
    await f.source.submit({ type: 'remove_acknowledgement', host: target.host_name, service: target.service_description });
    snap = f.source.snapshot();
    expect(findService(snap, target)).toMatchObject({ problem_acknowledged: 0, acknowledgement_type: 0 });
    expect(snap.comments.some((c) => c.text === 'On it')).toBe(false);
  });

  it('refuses to acknowledge an object without a problem', async () => {
    const f = fleet();
    const ok = serviceIn(f.source.snapshot(), 0);
    await expect(f.source.submit({ type: 'acknowledge', host: ok.host_name, service: ok.service_description, comment: 'x', author: 'a', sticky: false, notify: false, persistent: false }))
      .rejects.toThrow(/no problem to acknowledge/);
  });

  it('puts a host into downtime while the window is open and takes it out when the downtime is deleted or over', async () => {
    const f = fleet();
    const host = f.source.snapshot().hosts.find((h) => h.current_state === 0 && h.scheduled_downtime_depth === 0)!;
    const now = f.now();
    await f.source.submit({ type: 'schedule_downtime', host: host.host_name, start: now - 60, end: now + 600, fixed: true, duration: 0, author: 'bob', comment: 'Reboot' });
    let snap = f.source.snapshot();
    expect(findHost(snap, host).scheduled_downtime_depth).toBe(1);
    const downtime = snap.downtimes.find((d) => d.comment === 'Reboot')!;
    expect(downtime).toMatchObject({ host_name: host.host_name, service_description: null, author: 'bob', start_time: now - 60, end_time: now + 600, fixed: 1 });
    await f.source.submit({ type: 'delete_downtime', id: downtime.id, service: false });
    snap = f.source.snapshot();
    expect(findHost(snap, host).scheduled_downtime_depth).toBe(0);
    expect(snap.downtimes.some((d) => d.id === downtime.id)).toBe(false);

    await f.source.submit({ type: 'schedule_downtime', host: host.host_name, start: now + 60, end: now + 120, fixed: true, duration: 0, author: 'bob', comment: 'Later' });
    expect(findHost(f.source.snapshot(), host).scheduled_downtime_depth).toBe(0);
    f.advance(75);
    f.source.tick();
    expect(findHost(f.source.snapshot(), host).scheduled_downtime_depth).toBe(1);
    f.advance(60);
    f.source.tick();
    snap = f.source.snapshot();
    expect(findHost(snap, host).scheduled_downtime_depth).toBe(0);
    expect(snap.downtimes.some((d) => d.comment === 'Later')).toBe(false);
  });

  it('starts a flexible service downtime only once the service has a problem', async () => {
    const f = fleet();
    const snap = f.source.snapshot();
    const ok = serviceIn(snap, 0, (s) => s.scheduled_downtime_depth === 0);
    const bad = serviceIn(snap, 1, (s) => s.scheduled_downtime_depth === 0);
    const now = f.now();
    for (const s of [ok, bad]) {
      await f.source.submit({ type: 'schedule_downtime', host: s.host_name, service: s.service_description, start: now, end: now + 3600, fixed: false, duration: 600, author: 'c', comment: 'Flex' });
    }
    const after = f.source.snapshot();
    expect(findService(after, ok).scheduled_downtime_depth).toBe(0);
    expect(findService(after, bad).scheduled_downtime_depth).toBe(1);
  });

  it('runs a scheduled check now, or at the time given', async () => {
    const f = fleet();
    const s = f.source.snapshot().services[5]!;
    f.advance(1);
    await f.source.submit({ type: 'schedule_check', host: s.host_name, service: s.service_description, time: f.now(), forced: false });
    let now = findService(f.source.snapshot(), s);
    expect(now.last_check).toBe(f.now());
    expect(now.next_check).toBeGreaterThan(f.now());
    const at = f.now() + 30;
    await f.source.submit({ type: 'schedule_check', host: s.host_name, service: s.service_description, time: at, forced: false });
    expect(findService(f.source.snapshot(), s).next_check).toBe(at);
    f.advance(45);
    f.source.tick();
    now = findService(f.source.snapshot(), s);
    expect(now.last_check).toBe(f.now());
  });

  it('switches active checks and notifications, and stops checking an object whose checks are off', async () => {
    const f = fleet();
    const h = f.source.snapshot().hosts[3]!;
    await f.source.submit({ type: 'set_active_checks', host: h.host_name, enabled: false });
    await f.source.submit({ type: 'set_notifications', host: h.host_name, enabled: false });
    expect(findHost(f.source.snapshot(), h)).toMatchObject({ active_checks_enabled: 0, notifications_enabled: 0 });
    const lastCheck = findHost(f.source.snapshot(), h).last_check;
    for (let i = 0; i < 30; i++) {
      f.advance(15);
      f.source.tick();
    }
    expect(findHost(f.source.snapshot(), h).last_check).toBe(lastCheck);
    await f.source.submit({ type: 'schedule_check', host: h.host_name, time: f.now(), forced: true });
    expect(findHost(f.source.snapshot(), h).last_check).toBe(f.now());
    await f.source.submit({ type: 'set_active_checks', host: h.host_name, enabled: true });
    expect(findHost(f.source.snapshot(), h).active_checks_enabled).toBe(1);
  });

  it('adds comments', async () => {
    const f = fleet();
    const s = f.source.snapshot().services[0]!;
    await f.source.submit({ type: 'add_comment', host: s.host_name, service: s.service_description, author: 'dora', comment: 'Looked fine', persistent: true });
    expect(f.source.snapshot().comments.at(-1)).toMatchObject({
      host_name: s.host_name, service_description: s.service_description, author: 'dora', text: 'Looked fine', persistent: 1, entry_type: 1, entry_time: f.now(),
    });
  });

  it('rejects commands for objects that do not exist, saying which', async () => {
    const { source } = fleet();
    await expect(source.submit({ type: 'add_comment', host: 'nohost', author: 'a', comment: 'c', persistent: false })).rejects.toThrow("Host 'nohost' does not exist.");
    await expect(source.submit({ type: 'set_notifications', host: 'web01', service: 'Nope', enabled: false })).rejects.toThrow("Service 'Nope' on host 'web01' does not exist.");
    await expect(source.submit({ type: 'delete_downtime', id: 99999, service: true })).rejects.toThrow(/downtime 99999 does not exist/);
    await expect(source.submit({ type: 'schedule_downtime', host: 'web01', start: 100, end: 50, fixed: true, duration: 0, author: 'a', comment: 'c' })).rejects.toThrow(/end after it starts/);
  });
});

describe('the timer', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('advances the fleet every tick while started, and not after stop', async () => {
    vi.useFakeTimers({ now: T0 });
    const source = createDemoSource({ hosts: 20, servicesPerHost: 5, tickSeconds: 10 });
    const first = source.snapshot().updated;
    await source.start();
    await vi.advanceTimersByTimeAsync(10_000);
    // The step runs in slices, a few milliseconds of real time each; a fake immediate scheduled during a tick is due a
    // millisecond later, so on a busy machine the step's later slices need the clock moved on (well before a next tick).
    for (let ms = 0; ms < 1000 && source.snapshot().updated === first; ms++) await vi.advanceTimersByTimeAsync(1);
    expect(source.snapshot().updated).toBe(first + 10);
    await source.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(source.snapshot().updated).toBe(first + 10);
  });
});
