import type { CheckCounts, CheckPerformance, ExternalCommand, HostStateCode, MonitoringSnapshot, MonitoringSource, ServiceStateCode } from '../source.js';
import { emptyProgramStatus } from '../empty.js';
import { applyCommand } from './commands.js';
import { createRng } from './random.js';
import { seedScenario } from './scenario.js';
import { Simulation, type Ref } from './simulation.js';
import { incompleteSnapshot } from '../snapshotCheck.js';
import { finish, runSliced, SLICE_ROWS, type Slices } from '../slices.js';
import { log } from '../../log.js';

export interface DemoOptions {
  hosts: number;
  servicesPerHost: number;
  tickSeconds: number;
  /** Same seed and options, same fleet and same evolution. */
  seed?: number;
  /** Milliseconds since the epoch; tests pass a fixed clock to make snapshots fully reproducible. */
  now?: () => number;
  /** Tag every host and service with this engine name, as the merged source of several engines does, so it need not copy them. */
  engine?: string;
}

export interface DemoSource extends MonitoringSource {
  readonly kind: 'demo';
  /** Advances the simulation by one step now, as the timer does every `tickSeconds`. */
  tick(): void;
}

/** Per tick and object: chance that a healthy object fails, and that a failing one recovers. */
const HOST_FAIL = 0.0008;
const HOST_RECOVER = 0.012;
const SERVICE_FAIL = 0.002;
const SERVICE_RECOVER = 0.02;
/** Chance that a failing service moves to another problem state instead. */
const SERVICE_SHIFT = 0.01;

export const MAX_DEMO_HOSTS = 10_000;
export const MAX_DEMO_SERVICES_PER_HOST = 10;

/** Per tick: chance that someone acknowledges a given unhandled hard problem, and that a maintenance window starts. */
const ACK_CHANCE = 0.01;
const MAINTENANCE_CHANCE = 0.01;
const OPERATORS = ['nagiosadmin', 'jsmith', 'mgarcia', 'opsteam'];
const ACK_NOTES = ['Looking into it.', 'Ticket opened with the vendor.', 'Known issue, fix scheduled.', 'Escalated to the on-call engineer.'];

/** Simulated colleagues keep acknowledging problems and scheduling maintenance, so a long-running demo never runs out of either. */
function* operators(sim: Simulation): Slices<void> {
  const { rng } = sim;
  const hard = (kind: 'host' | 'service', i: number): boolean => {
    const r = sim.record({ kind, i } as Ref);
    return r.state_type === 1 && !r.problem_acknowledged && r.scheduled_downtime_depth === 0;
  };
  const ack = (ref: Ref): void => sim.acknowledge(ref, { author: rng.pick(OPERATORS), comment: rng.pick(ACK_NOTES), sticky: rng.chance(0.5), persistent: false });
  for (const i of [...sim.hostProblems]) if (hard('host', i) && rng.chance(ACK_CHANCE)) ack({ kind: 'host', i });
  let n = 0;
  for (const j of [...sim.serviceProblems]) {
    if (++n % 512 === 0) yield;
    const host = sim.hosts[sim.fleet.serviceHost[j]!]!;
    if (host.current_state === 0 && hard('service', j) && rng.chance(ACK_CHANCE)) ack({ kind: 'service', i: j });
  }
  if (sim.hosts.length > 1 && rng.chance(MAINTENANCE_CHANCE)) {
    const i = 1 + rng.int(sim.hosts.length - 1);
    const hours = 1 + rng.int(2);
    sim.addDowntime({ kind: 'host', i }, {
      author: rng.pick(OPERATORS), comment: 'Scheduled maintenance', start_time: sim.now, end_time: sim.now + hours * 3600, fixed: 1, duration: hours * 3600,
    });
  }
}

/**
 * However the dice fall, the fleet keeps at least one unhandled WARNING, CRITICAL and UNKNOWN service (on an UP host),
 * so every dashlet and the problems board always have something to show, even on a tiny fleet.
 */
function* keepEveryProblemState(sim: Simulation): Slices<void> {
  const { rng } = sim;
  // The shell's rule: a service problem counts as unhandled only on an UP host that is itself not acknowledged or in downtime.
  const calmHost = (j: number): boolean => {
    const h = sim.hosts[sim.fleet.serviceHost[j]!]!;
    return h.current_state === 0 && !h.problem_acknowledged && h.scheduled_downtime_depth === 0;
  };
  const present = new Set<number>();
  let n = 0;
  for (const j of sim.serviceProblems) {
    if (++n % 512 === 0) yield;
    const s = sim.services[j]!;
    if (calmHost(j) && !s.problem_acknowledged && s.scheduled_downtime_depth === 0) present.add(s.current_state);
  }
  for (const state of [1, 2, 3] as ServiceStateCode[]) {
    if (present.has(state)) continue;
    // A few random tries: on a fleet where every service is down or handled there is simply nothing to pick.
    for (let attempt = 0; attempt < 30 && sim.services.length > 0; attempt++) {
      const j = rng.int(sim.services.length);
      const s = sim.services[j]!;
      if (s.current_state !== 0 || s.scheduled_downtime_depth > 0 || !calmHost(j)) continue;
      sim.check({ kind: 'service', i: j }, state);
      break;
    }
  }
}

/**
 * One simulation step, in slices (slices.ts): at 110,000 objects a step held the event loop for 25 to 100 ms. The
 * same steps in the same order, so a seed still gives the same fleet and evolution.
 */
function* stepSlices(sim: Simulation): Slices<void> {
  const { rng } = sim;
  const hostCount = sim.hosts.length;
  const upHosts = hostCount - sim.hostProblems.size;
  const hostFailures = Math.floor(upHosts * HOST_FAIL + rng.next());
  for (let k = 0; k < hostFailures && hostCount > 1; k++) {
    const i = 1 + rng.int(hostCount - 1);
    if (sim.hosts[i]!.current_state === 0) sim.setHostState(i, (rng.chance(0.8) ? 1 : 2) as HostStateCode);
  }
  for (const i of [...sim.hostProblems]) if (rng.chance(HOST_RECOVER)) sim.setHostState(i, 0);

  const serviceCount = sim.services.length;
  const okServices = serviceCount - sim.serviceProblems.size;
  const serviceFailures = Math.floor(okServices * SERVICE_FAIL + rng.next());
  for (let k = 0; k < serviceFailures && serviceCount > 0; k++) {
    if (k % 64 === 63) yield;
    const j = rng.int(serviceCount);
    const s = sim.services[j]!;
    if (s.current_state !== 0 || sim.hosts[sim.fleet.serviceHost[j]!]!.current_state !== 0) continue;
    const r = rng.next();
    sim.check({ kind: 'service', i: j }, (r < 0.5 ? 1 : r < 0.85 ? 2 : 3) as ServiceStateCode);
  }
  let n = 0;
  for (const j of [...sim.serviceProblems]) {
    if (++n % 512 === 0) yield;
    if (sim.hosts[sim.fleet.serviceHost[j]!]!.current_state !== 0) continue;
    const r = rng.next();
    if (r < SERVICE_RECOVER) sim.check({ kind: 'service', i: j }, 0);
    else if (r < SERVICE_RECOVER + SERVICE_SHIFT) sim.check({ kind: 'service', i: j }, rng.pick([1, 2, 3].filter((x) => x !== sim.services[j]!.current_state)));
  }

  yield* operators(sim);

  // Every other check that is due runs now and confirms the current state (soft problems retry towards hard).
  const due = (ref: Ref, rec: { next_check: number; last_check: number; active_checks_enabled: number; current_state: number }): void => {
    if (rec.last_check === sim.now) return;
    const key = sim.keyOf(ref);
    if (!rec.active_checks_enabled && !sim.forcedChecks.has(key)) return;
    sim.forcedChecks.delete(key);
    sim.check(ref, rec.current_state);
  };
  for (let i = 0; i < hostCount; i++) {
    const h = sim.hosts[i]!;
    if (h.next_check <= sim.now) due({ kind: 'host', i }, h);
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  for (let j = 0; j < serviceCount; j++) {
    const s = sim.services[j]!;
    if (s.next_check <= sim.now) due({ kind: 'service', i: j }, s);
    if (j % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }

  yield;
  sim.refreshDowntimes();
  yield* keepEveryProblemState(sim);
  sim.pruneHistory();
  sim.version++;
}

function step(sim: Simulation): void {
  finish(stepSlices(sim));
}

function counts(sim: Simulation, kind: 'host' | 'service'): CheckCounts {
  const sum = (seconds: number): number => sim.history.reduce((a, b) => (b.t > sim.now - seconds ? a + b[kind] : a), 0);
  return { val1: sum(60), val5: sum(300), val15: sum(900) };
}

function* performance(records: readonly { active_checks_enabled: number }[], latency: Float64Array, exec: Float64Array): Slices<CheckPerformance> {
  let n = 0;
  let minL = Infinity, maxL = 0, sumL = 0, minE = Infinity, maxE = 0, sumE = 0;
  for (let i = 0; i < records.length; i++) {
    if (i % SLICE_ROWS === SLICE_ROWS - 1) yield;
    if (records[i]!.active_checks_enabled !== 1) continue;
    const l = latency[i]!;
    const e = exec[i]!;
    n++;
    sumL += l; sumE += e;
    if (l < minL) minL = l;
    if (l > maxL) maxL = l;
    if (e < minE) minE = e;
    if (e > maxE) maxE = e;
  }
  const r = (x: number): number => Math.round(x * 1000) / 1000;
  if (n === 0) return { min_latency: 0, max_latency: 0, avg_latency: 0, min_execution_time: 0, max_execution_time: 0, avg_execution_time: 0 };
  return { min_latency: r(minL), max_latency: r(maxL), avg_latency: r(sumL / n), min_execution_time: r(minE), max_execution_time: r(maxE), avg_execution_time: r(sumE / n) };
}

function buildSnapshot(sim: Simulation): MonitoringSnapshot {
  return finish(snapshotSlices(sim));
}

function* snapshotSlices(sim: Simulation): Slices<MonitoringSnapshot> {
  const activehostcheckperf = yield* performance(sim.hosts, sim.hostLatency, sim.hostExec);
  const activeservicecheckperf = yield* performance(sim.services, sim.serviceLatency, sim.serviceExec);
  return {
    updated: sim.now,
    hosts: sim.hosts.slice(),
    services: sim.services.slice(),
    hostgroups: sim.hostgroups,
    servicegroups: sim.servicegroups,
    comments: [...sim.comments.values()],
    downtimes: sim.downtimes.slice(),
    program: {
      ...emptyProgramStatus(),
      is_currently_running: 1, process_id: process.pid, process_performance_data: 1, instance_name: 'localhost',
      last_command_check: sim.now, last_log_rotation: sim.programStart - (sim.programStart % 86400),
      program_start_time: sim.programStart, program_run_time: sim.now - sim.programStart, status_update_time: sim.now,
    },
    stats: {
      activehostchecks: counts(sim, 'host'),
      passivehostchecks: { val1: 0, val5: 0, val15: 0 },
      activeservicechecks: counts(sim, 'service'),
      passiveservicechecks: { val1: 0, val5: 0, val15: 0 },
      activehostcheckperf,
      activeservicecheckperf,
    },
  };
}

/**
 * A simulated fleet (default 60 hosts with about 8 services each) whose states drift over time and which obeys the
 * external commands, so the whole product can be used without a monitoring engine.
 */
export function createDemoSource(opts: DemoOptions): DemoSource {
  const hosts = Math.min(Math.max(1, Math.floor(opts.hosts)), MAX_DEMO_HOSTS);
  const perHost = Math.min(Math.max(1, Math.floor(opts.servicesPerHost)), MAX_DEMO_SERVICES_PER_HOST);
  const clock = opts.now ?? Date.now;
  const nowSeconds = (): number => Math.floor(clock() / 1000);
  const start = nowSeconds();
  // Records change by copy (simulation.ts), so the tag carries over to every later version of each.
  const sim = new Simulation(createRng(opts.seed ?? 20080101), hosts, perHost, start, start, opts.engine);
  seedScenario(sim);
  let cached: { version: number; snap: MonitoringSnapshot } | undefined;
  // The fleet as configured: the same completeness rule as a Nagios status file guards every new snapshot.
  const configured = { hosts: sim.hosts.length, services: sim.services.length };
  let refused: string | null = null;
  let refusedVersion = -1;
  let timer: NodeJS.Timeout | undefined;
  /** The timer's step while it runs in slices, and the snapshot it made after it. */
  let stepping: Slices<void> | undefined;
  let built: { version: number; snap: MonitoringSnapshot } | undefined;
  /** Finishes a step in progress at once: commands and tick() apply to a whole step, as before. */
  const settle = (): void => {
    const work = stepping;
    stepping = undefined;
    if (work) finish(work);
  };

  const advance = (): void => {
    sim.now = Math.max(sim.now, nowSeconds());
  };

  return {
    kind: 'demo',
    capabilities: { label: 'Demo fleet', description: 'Simulated demo fleet', simulatedGrapher: true, objects: 'simulated', sharedData: false },
    async start() {
      if (timer) return;
      timer = setInterval(() => {
        // A step still running (a very busy process) is finished first.
        settle();
        advance();
        const work = (function* (): Slices<void> {
          yield* stepSlices(sim);
          // The snapshot of the new state too, so the first reader finds it made.
          const version = sim.version;
          built = { version, snap: yield* snapshotSlices(sim) };
        })();
        stepping = work;
        void runSliced(work).finally(() => {
          if (stepping === work) stepping = undefined;
        });
      }, Math.max(1, opts.tickSeconds) * 1000);
      // The simulation must never keep a process (or a test run) alive on its own.
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    tick() {
      settle();
      advance();
      step(sim);
    },
    snapshot() {
      // Halfway through a step the fleet is half-stepped: the snapshot from before the step until it is done.
      if (stepping) {
        if (cached) return cached.snap;
        settle();
      }
      if (!cached || (cached.version !== sim.version && refusedVersion !== sim.version)) {
        const snap = built?.version === sim.version ? built.snap : buildSnapshot(sim);
        built = undefined;
        const incomplete = incompleteSnapshot({ hosts: snap.hosts.length, services: snap.services.length }, configured);
        if (incomplete && cached) {
          const message = `Demo fleet snapshot refused: ${incomplete}; keeping the last good data.`;
          if (refused !== message) log().warn(message);
          refused = message;
          refusedVersion = sim.version;
          return cached.snap;
        }
        refused = null;
        cached = { version: sim.version, snap };
      }
      return cached.snap;
    },
    dataProblem: () => refused,
    async submit(command: ExternalCommand) {
      settle();
      advance();
      applyCommand(sim, command);
    },
    engineRunning: () => true,
  };
}
