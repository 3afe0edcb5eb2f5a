/**
 * Server capacity (issues 11 and 22): how many wall displays the server holds with the 10,000-host / 100,000-service
 * demo fleet, while every request is answered with p99 under 100 ms and no errors. Measured in one run on three sites
 * (cluster.ts): one process on SQLite; one process on PostgreSQL; three processes on one PostgreSQL behind nginx (each
 * of the three runs its own demo fleet of that size). Three processes should hold clearly more than one: when they do
 * not, the bench says where the CPU went at the load that broke them (each process, nginx, PostgreSQL, this load
 * generator, the rest of the machine) and what a pause in answering looked like.
 *
 * This process is the load generator; the servers are separate processes (`tsx server/src/main.ts`) on loopback. Each
 * display has its own session and sends what the shell sends: a keep-alive every 60 s; the system and program status and
 * the two problem totals every 30 s; the tray alert every 60 s; the banners every 5 minutes; and one classic page per view
 * rotation every 10 s (rotating through the tactical overview, service problems, host problems and all services); and
 * the connection watch's probe, twice in every 30 s.
 *
 * Time is compressed: displays are not in step, so N displays send a steady stream at N times the per-display rate. Each
 * step sends that stream for `windowSeconds` (open loop: requests leave on schedule whether or not earlier ones were
 * answered, so a slow server is not hidden by a waiting client) and latency counts from the scheduled send time. The
 * demo fleet keeps changing every 15 s meanwhile, so per-snapshot work is part of the figures.
 * Run alone: `npx tsx tests/bench/capacity.ts [windowSeconds] [sqlite|postgres|cluster ...]`.
 */
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { openStorage } from '../../server/src/db/openStorage.js';
import { findUserByName } from '../../server/src/db/users.js';
import { createSession } from '../../server/src/db/sessions.js';
import { cpuBetween, sampleCpu, startSite, type CpuUse, type Site, type Target } from './cluster.js';

const HOST_PROBLEMS = 'api/v2/status/host?limitrecords=false&totals=1&current_state=in%3A1%2C2&problem_acknowledged=0&scheduled_downtime_depth=0';
const SERVICE_PROBLEMS = 'api/v2/status/service?limitrecords=false&combinedhost=1&totals=1&host_current_state=0&host_problem_acknowledged=0'
  + '&host_scheduled_downtime_depth=0&current_state=in%3A1%2C2%2C3&problem_acknowledged=0&scheduled_downtime_depth=0';
const TRAY = `ajaxhelper.php?cmd=getxicoreajax&opts=${encodeURIComponent(JSON.stringify({ func: 'get_tray_alert_html' }))}`;
const PAGES = [
  'includes/page-home-main.php',
  'includes/components/xicore/status.php?show=serviceproblems',
  'includes/components/xicore/status.php?show=hostproblems',
  'includes/components/xicore/status.php?show=services',
];

export interface Endpoint { name: string; everySeconds: number; path: (display: Display) => string; write?: boolean }

export interface Display { cookie: string; nsp: string; xsrf: string; rotation: number }

export const ENDPOINTS: Endpoint[] = [
  { name: 'keep-alive', everySeconds: 60, path: () => 'ajaxhelper.php?cmd=keepalive', write: true },
  { name: 'status/system', everySeconds: 30, path: () => 'api/v2/status/system' },
  { name: 'status/program', everySeconds: 30, path: () => 'api/v2/status/program' },
  { name: 'host problem totals', everySeconds: 30, path: () => HOST_PROBLEMS },
  { name: 'service problem totals', everySeconds: 30, path: () => SERVICE_PROBLEMS },
  { name: 'tray alert', everySeconds: 60, path: () => TRAY, write: true },
  { name: 'banners', everySeconds: 300, path: () => 'admin/banner_message-ajaxhelper.php?action=retrieve_active_banner_messages' },
  { name: 'classic page (rotation)', everySeconds: 10, path: (d) => PAGES[d.rotation++ % PAGES.length]! },
  // The connection watch: a probe whenever no API call has answered for 10 s (a frame's page does not count), checked
  // every 5 s; with the polls above every 30 s, that is two probes in each 30 s.
  { name: 'connection watch', everySeconds: 15, path: () => 'api/v2/account/auth' },
];

/** Requests per second one display sends. */
const PER_DISPLAY = ENDPOINTS.reduce((sum, e) => sum + 1 / e.everySeconds, 0);

const P99_BUDGET_MS = 100;
const DISPLAY_BUDGET = 2000;

/** Late answers that overlap in time: a stretch when the site answered nothing in time. */
interface Pauses { count: number; longestMs: number }

export interface StepResult {
  displays: number; rps: number; errors: number; p50: number; p99: number; perEndpoint: Map<string, number[]>;
  pauses: Pauses; cpu: CpuUse;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export async function makeDisplays(site: Site, count: number, from: Display[]): Promise<Display[]> {
  if (from.length >= count) return from;
  const storage = await openStorage(site.storage);
  try {
    const admin = (await findUserByName(storage.store, 'nagiosadmin'))!;
    // Sessions are made directly in the database: a login each costs a deliberate scrypt, which is not what is measured.
    await storage.store.transaction().execute(async (trx) => {
      while (from.length < count) {
        const s = await createSession(trx, admin.id);
        from.push({ cookie: `pharos_session=${s.id}; XSRF-TOKEN=${s.xsrf}`, nsp: s.nsp, xsrf: s.xsrf, rotation: from.length });
      }
    });
  } finally {
    await storage.close();
  }
  return from;
}

export function send(agent: http.Agent, url: URL, display: Display, endpoint: Endpoint): Promise<number> {
  let target = url.pathname + endpoint.path(display);
  const headers: Record<string, string> = { cookie: display.cookie, accept: 'application/json, text/html' };
  if (endpoint.write) {
    target += `${target.includes('?') ? '&' : '?'}nsp=${display.nsp}`;
    headers['x-xsrf-token'] = display.xsrf;
  }
  return new Promise((resolve) => {
    const req = http.request({ host: url.hostname, port: url.port, path: target, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.setTimeout(10_000, () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** Merges the late answers' [sent, answered] spans that overlap (or nearly): each merged span is one pause. */
function pausesOf(late: [number, number][]): Pauses {
  late.sort((a, b) => a[0] - b[0]);
  let count = 0;
  let longestMs = 0;
  let span: [number, number] | undefined;
  for (const [from, to] of late) {
    if (span && from <= span[1] + 50) span[1] = Math.max(span[1], to);
    else {
      span = [from, to];
      count++;
    }
    longestMs = Math.max(longestMs, span[1] - span[0]);
  }
  return { count, longestMs };
}

/** One step: `displays` displays' worth of requests for `seconds`, each spread evenly with a random phase. */
export async function step(site: Site, displays: Display[], seconds: number): Promise<StepResult> {
  const url = new URL(site.url);
  // One connection per display at most, as browsers keep one alive each; the agent reuses them.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.min(displays.length, 1024) });
  const schedule: { at: number; display: Display; endpoint: Endpoint }[] = [];
  for (const endpoint of ENDPOINTS) {
    const count = Math.round((displays.length * seconds) / endpoint.everySeconds);
    for (let i = 0; i < count; i++) {
      schedule.push({ at: ((i + Math.random()) / count) * seconds * 1000, display: displays[Math.floor(Math.random() * displays.length)]!, endpoint });
    }
  }
  schedule.sort((a, b) => a.at - b.at);
  const perEndpoint = new Map<string, number[]>(ENDPOINTS.map((e) => [e.name, []]));
  const all: number[] = [];
  const late: [number, number][] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const cpuBefore = sampleCpu(site);
  const start = performance.now();
  let next = 0;
  await new Promise<void>((done) => {
    const pump = () => {
      const now = performance.now() - start;
      while (next < schedule.length && schedule[next]!.at <= now) {
        const item = schedule[next++]!;
        const scheduled = start + item.at;
        pending.push(send(agent, url, item.display, item.endpoint).then((status) => {
          const ms = performance.now() - scheduled;
          if (status !== 200) errors++;
          if (ms >= P99_BUDGET_MS) late.push([item.at, item.at + ms]);
          all.push(ms);
          perEndpoint.get(item.endpoint.name)!.push(ms);
        }));
      }
      if (next >= schedule.length) done();
      else setTimeout(pump, Math.max(0, Math.min(5, schedule[next]!.at - now)));
    };
    pump();
  });
  await Promise.all(pending);
  const cpu = cpuBetween(cpuBefore, sampleCpu(site));
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  all.sort((a, b) => a - b);
  for (const list of perEndpoint.values()) list.sort((a, b) => a - b);
  return {
    displays: displays.length, rps: all.length / elapsed, errors, p50: percentile(all, 50), p99: percentile(all, 99), perEndpoint,
    pauses: pausesOf(late), cpu,
  };
}

const passes = (r: StepResult) => r.errors === 0 && r.p99 < P99_BUDGET_MS;
const fmt = (n: number) => Number(n.toFixed(1));
const cores2 = (n: number) => n.toFixed(2);

/** Where the CPU went during a step, in cores: each part, the load generator, the rest of the machine. */
function cpuText(cpu: CpuUse): string {
  const parts = cpu.parts.map(([name, c]) => `${name} ${cores2(c)}`).join(', ');
  return `${parts}, load generator ${cores2(cpu.generator)}, other ${cores2(cpu.other)}; machine ${cores2(cpu.machine)} of ${os.cpus().length}`;
}

/** The step window: compressed time per load step, in seconds. */
export const WINDOW_SECONDS = Number(process.env.PHAROS_BENCH_WINDOW ?? 15);

/** The 10,000-host / 100,000-service demo fleet, changing every 15 s. */
export const DEMO_FLEET = { PHAROS_DEMO_HOSTS: '10000', PHAROS_DEMO_SERVICES_PER_HOST: '10', PHAROS_DEMO_TICK_SECONDS: '15' };

/** One site's ladder: every step, the load held at every step up to it, and the first load that was not held. */
export interface Capacity {
  target: Target;
  windowSeconds: number;
  loadAtStart: number;
  /** The 200-display warm-up after start-up, not counted. */
  warmUp: { seconds: number; result: StepResult };
  /** The steps, by load. */
  results: StepResult[];
  /** Displays held at every load up to it (0: none). */
  held: number;
  /** The largest single step that held (0: none). */
  good: number;
  /** The lowest load that was not held: where to look for the bottleneck. */
  firstMiss?: StepResult;
  /** The last step at the held load. */
  best?: StepResult;
}

/** 3 s, and one engine update period on top when the engines update on a period (the demo fleet's tick). */
function warmUpSeconds(env: Record<string, string>): number {
  return 3 + Number(env.PHAROS_DEMO_TICK_SECONDS ?? 0);
}

/**
 * Starts the site (`target`, its servers run with `env`, their monitoring settings) and finds how many displays it
 * holds: the ladder of loads below.
 */
export async function ladder(target: Target, env: Record<string, string>, windowSeconds = WINDOW_SECONDS): Promise<Capacity> {
  const site = await startSite(target, env);
  const loadAtStart = os.loadavg()[0] ?? 0;
  try {
    let pool: Display[] = [];
    // Warm-up: first requests build the per-snapshot indexes and JIT the handlers; and it lasts until every engine has
    // sent its first update since start-up, whose handling (the first merge of changed rows, the first change-feed
    // record, compiling the update paths) happens once per process, not once per load. Its figures are printed apart.
    pool = await makeDisplays(site, 200, pool);
    const seconds = warmUpSeconds(env);
    const warmUp = { seconds, result: await step(site, pool.slice(0, 200), seconds) };

    const results: StepResult[] = [];
    const tryDisplays = async (n: number) => {
      pool = await makeDisplays(site, n, pool);
      const r = await step(site, pool.slice(0, n), windowSeconds);
      results.push(r);
      console.log(`   ${String(n).padStart(6)} displays: ${fmt(r.rps)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, errors ${r.errors}; `
        + `${plural(r.pauses.count, 'pause')}, longest ${Math.round(r.pauses.longestMs)} ms; CPU (cores): ${cpuText(r.cpu)}`);
      return passes(r);
    };
    // A ladder of loads, kept going while the server keeps up (a short stall can fail p99 at a low rate and pass at a
    // higher one, where it is a smaller share of the requests), then the gap above the largest pass is halved.
    const loads = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000, 12000, 16000];
    let good = 0;
    for (const n of loads) {
      const pass = await tryDisplays(n);
      const r = results.at(-1)!;
      if (pass) good = n;
      const keepingUp = r.p50 < P99_BUDGET_MS && r.errors === 0;
      if (!keepingUp) break;
    }
    let bad = results.find((r) => r.displays > good && !passes(r))?.displays ?? 0;
    for (let i = 0; i < 3 && bad && bad - good > Math.max(good, 250) / 8; i++) {
      const mid = Math.round((good + bad) / 2 / 100) * 100;
      // Below 200 displays the rounding lands on a load already tried: nothing left to halve.
      if (mid === good || mid === bad) break;
      if (await tryDisplays(mid)) good = mid;
      else bad = mid;
    }
    // Held means held at every load up to it: a lucky window at a high load (no fleet update inside it) is not a capacity.
    const ordered = [...results].sort((x, y) => x.displays - y.displays);
    const firstMiss = ordered.find((r) => !passes(r));
    const held = ordered.filter((r) => passes(r) && (!firstMiss || r.displays < firstMiss.displays)).at(-1)?.displays ?? 0;
    const best = results.filter((r) => r.displays === held).at(-1);
    return { target, windowSeconds, loadAtStart, warmUp, results: ordered, held, good, firstMiss, best };
  } finally {
    await site.stop();
  }
}

/** The figures of one site's ladder, as the capacity bench printed them for one process (engines.ts reuses them). */
function figuresOf(c: Capacity): Record<string, string | number> {
  const figures: Record<string, string | number> = {
    'displays held (p99 < 100 ms, no errors)': c.held || 'none',
    'largest single step that held': c.good || 'none',
    'displays budget': `>= ${DISPLAY_BUDGET}`,
    'requests per display per minute': fmt(PER_DISPLAY * 60),
    'window per step (s, time compressed)': c.windowSeconds,
    // The server and this generator share the machine with whatever else runs: a busy machine holds fewer displays.
    'machine load average (1 min) at start': fmt(c.loadAtStart),
  };
  figures['warm-up, 200 displays, not counted: seconds, p50 / p99 ms'] = `${c.warmUp.seconds}, ${fmt(c.warmUp.result.p50)} / ${fmt(c.warmUp.result.p99)}`;
  for (const r of c.results) {
    figures[`  ${r.displays} displays: req/s, p50 / p99 ms, errors`] = `${fmt(r.rps)}, ${fmt(r.p50)} / ${fmt(r.p99)}, ${r.errors}`;
  }
  if (c.best) {
    figures['at that load: requests per second'] = fmt(c.best.rps);
    figures['at that load: p50 / p99 (ms)'] = `${fmt(c.best.p50)} / ${fmt(c.best.p99)}`;
    for (const [name, list] of c.best.perEndpoint) figures[`  ${name} p50 / p99 (ms)`] = `${fmt(percentile(list, 50))} / ${fmt(percentile(list, 99))}`;
  }
  return figures;
}

/**
 * Starts one server process with `env` (its monitoring settings), on SQLite unless `target` says otherwise, and finds
 * how many displays it holds. The three-engine bench (engines.ts) measures the same way over its engines.
 */
export async function measureCapacity(env: Record<string, string>, windowSeconds = WINDOW_SECONDS, target: Target = 'sqlite'): Promise<Record<string, string | number>> {
  return figuresOf(await ladder(target, env, windowSeconds));
}

/** Short names for the table rows. */
const ROW: Record<Target, string> = { sqlite: 'SQLite, 1 process', postgres: 'PostgreSQL, 1 process', cluster: 'PostgreSQL, 3 processes + nginx' };
/** "Clearly more": three processes should hold at least this many times what one holds (on the same engine). */
export const CLEARLY_MORE = 1.5;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const serverCores = (cpu: CpuUse) => cpu.parts.filter(([n]) => n.startsWith('Pharos')).map(([, c]) => c);
const partCores = (cpu: CpuUse, name: string) => cpu.parts.find(([n]) => n === name)?.[1] ?? 0;

/** Cores as a line in the load: a fixed part (the fleet's own updates, timers) plus a part per 1,000 displays. */
interface Line { fixed: number; per1k: number }

/** Least squares over (displays, cores); through zero when there is one point or the fit goes below it. */
function fit(points: [number, number][]): Line {
  const n = points.length;
  const mx = sum(points.map(([x]) => x)) / n;
  const my = sum(points.map(([, y]) => y)) / n;
  const sxx = sum(points.map(([x]) => (x - mx) ** 2));
  const slope = sxx > 0 ? sum(points.map(([x, y]) => (x - mx) * (y - my))) / sxx : 0;
  const fixed = my - slope * mx;
  if (n < 2 || slope <= 0 || fixed < 0) return { fixed: 0, per1k: (sum(points.map(([, y]) => y)) / sum(points.map(([x]) => x))) * 1000 };
  return { fixed, per1k: slope * 1000 };
}

const lineText = (l: Line) => `${cores2(l.fixed)} + ${cores2(l.per1k)}/1k`;

/**
 * What a site's CPU costs, fitted over the steps that kept up (p50 well under budget, no errors: the processes got
 * the CPU they asked for, so their use is the demand, not their share of a saturated machine).
 */
interface Cost { steps: number; pharos: Line; site: Line; generator: Line }
function costOf(c: Capacity): Cost | undefined {
  const kept = c.results.filter((x) => x.errors === 0 && x.p50 < P99_BUDGET_MS / 5);
  if (!kept.length) return undefined;
  const over = (cores: (r: StepResult) => number) => fit(kept.map((r) => [r.displays, cores(r)]));
  return {
    steps: kept.length,
    pharos: over((r) => sum(serverCores(r.cpu))),
    site: over((r) => sum(serverCores(r.cpu)) + partCores(r.cpu, 'nginx') + partCores(r.cpu, 'PostgreSQL')),
    generator: over((r) => r.cpu.generator),
  };
}

/** Displays the CPU allows at most: each Pharos process has one event loop (one core); all of it, the machine's cores. */
function ceiling(cost: Cost, processes: number, cores: number): number {
  const limit = (l: Line, capacity: number) => (l.per1k > 0 ? ((capacity - l.fixed) / l.per1k) * 1000 : Infinity);
  const all = { fixed: cost.site.fixed + cost.generator.fixed, per1k: cost.site.per1k + cost.generator.per1k };
  return Math.max(0, Math.floor(Math.min(limit(cost.pharos, processes), limit(all, cores))));
}

/**
 * Where three processes' capacity went, measured at the lowest load they did not hold: a line an operator can act on,
 * the measured CPU of each part beside it.
 */
function bottleneck(three: Capacity, one: Capacity | undefined): string {
  const s = three.firstMiss ?? three.results.at(-1);
  if (!s) return 'no load step was measured';
  const cores = os.cpus().length;
  const { cpu } = s;
  const servers = serverCores(cpu);
  const ours = sum(servers) + partCores(cpu, 'nginx') + partCores(cpu, 'PostgreSQL');
  // Other work on the machine over the whole three-process ladder, not only at the break.
  const otherMean = sum(three.results.map((r) => r.cpu.other)) / three.results.length;
  const measured = `at ${s.displays} displays (${fmt(s.rps)} req/s, p50 ${fmt(s.p50)} ms, p99 ${fmt(s.p99)} ms, `
    + `${plural(s.pauses.count, 'pause')} up to ${Math.round(s.pauses.longestMs)} ms in ${three.windowSeconds} s), CPU in cores: ${cpuText(cpu)}`;

  // What the CPU alone would allow, from each site's measured cost per display.
  const cost3 = costOf(three);
  const cost1 = one && costOf(one);
  let ceilings = '';
  if (cost1 && cost3) {
    const c1 = ceiling(cost1, 1, cores);
    const c3 = ceiling(cost3, 3, cores);
    // Cores that would let three processes hold CLEARLY_MORE times what one holds, by the same measured costs.
    const target = CLEARLY_MORE * c1;
    const needed = Math.ceil(cost3.site.fixed + cost3.generator.fixed + (target / 1000) * (cost3.site.per1k + cost3.generator.per1k));
    ceilings = `; CPU in cores, fixed + per 1,000 displays: one process ${lineText(cost1.pharos)} (with PostgreSQL ${lineText(cost1.site)}), `
      + `three processes ${lineText(cost3.pharos)} in all (with nginx and PostgreSQL ${lineText(cost3.site)}), load generator ${lineText(cost3.generator)}; `
      + `so on ${cores} cores the CPU allows about ${c1.toLocaleString('en-US')} displays with one process and ${c3.toLocaleString('en-US')} with three`
      + (c3 < target ? `, and three need about ${needed} cores (this generator beside them) to hold ${CLEARLY_MORE}x one` : '');
  }

  let where: string;
  if (cpu.generator >= 0.85) {
    where = `the load generator: it used ${cores2(cpu.generator)} of its one core, so late answers may be its own; run it on another machine`;
  } else if (otherMean >= 0.25 * cores) {
    where = `a shared machine: other work used ${cores2(otherMean)} of ${cores} cores on average during the three-process ladder `
      + `(${cores2(cpu.other)} at the break) and the site only ${cores2(ours)}; these figures are floors: rerun on a quiet machine`;
  } else if (cpu.machine >= 0.85 * cores) {
    where = `CPU: the machine's ${cores} cores were busy (${cores2(cpu.machine)}), three Pharos processes, nginx and PostgreSQL `
      + `(${cores2(ours)} together) sharing them with the load generator (${cores2(cpu.generator)}) and other work (${cores2(cpu.other)}); `
      + 'a process only adds capacity with a core of its own';
  } else if (Math.max(...servers) >= 0.85 && Math.min(...servers) < 0.5) {
    where = `one Pharos process is saturated (${servers.map(cores2).join(' / ')} cores) while another is not: nginx does not spread the displays evenly`;
  } else if (partCores(cpu, 'PostgreSQL') >= 0.85) {
    where = `PostgreSQL (${cores2(partCores(cpu, 'PostgreSQL'))} cores): every request's queries meet in one database`;
  } else if (partCores(cpu, 'nginx') >= 0.85) {
    where = `nginx's one worker (${cores2(partCores(cpu, 'nginx'))} cores): raise worker_processes`;
  } else if (s.errors === 0 && s.p50 < 20 && s.pauses.count > 0) {
    const fleetUpdates = servers.length * Math.max(1, Math.round(three.windowSeconds / Number(DEMO_FLEET.PHAROS_DEMO_TICK_SECONDS)));
    where = `not CPU (${cores2(cpu.machine)} of ${cores} cores busy) and not throughput (p50 ${fmt(s.p50)} ms): the late answers came in `
      + `${plural(s.pauses.count, 'pause')} of up to ${Math.round(s.pauses.longestMs)} ms (about ${fleetUpdates} fleet updates fell in the window, one per `
      + `process every ${DEMO_FLEET.PHAROS_DEMO_TICK_SECONDS} s); a process that pauses keeps getting its share of requests round-robin, so `
      + 'more processes pause more often for a smaller share each: shorter pauses, or an upstream that skips a busy process, add capacity';
  } else {
    where = `nothing saturated that the bench can see (${cores2(cpu.machine)} of ${cores} cores busy): look at the per-step lines above`;
  }
  return `${where}${ceilings} — measured ${measured}`;
}

/** The 1 / 1 / 3 capacity figures (issue 22), or some sites only (`targets`). */
export async function run(windowSeconds = WINDOW_SECONDS, targets: Target[] = ['sqlite', 'postgres', 'cluster']): Promise<Record<string, string | number>> {
  const cores = os.cpus().length;
  const figures: Record<string, string | number> = {
    fleet: `demo, ${Number(DEMO_FLEET.PHAROS_DEMO_HOSTS).toLocaleString('en-US')} hosts x ${DEMO_FLEET.PHAROS_DEMO_SERVICES_PER_HOST} services, changing every ${DEMO_FLEET.PHAROS_DEMO_TICK_SECONDS} s`,
    'three processes: fleets': 'each process runs its own demo fleet of that size',
    'displays held': 'p99 < 100 ms and no errors at every load up to it',
    'requests per display per minute': fmt(PER_DISPLAY * 60),
    'window per step (s, time compressed)': windowSeconds,
    // The servers and this generator share the machine with whatever else runs: a busy machine holds fewer displays.
    'machine load average (1 min) at start': fmt(os.loadavg()[0] ?? 0),
  };
  const measured = new Map<Target, Capacity>();
  for (const target of targets) {
    console.log(`  ${ROW[target]}`);
    try {
      const c = await ladder(target, DEMO_FLEET, windowSeconds);
      measured.set(target, c);
      figures[`${ROW[target]}: displays held, p99 < 100 ms`] = c.held || 'none';
      if (target === 'cluster') figures[`${ROW[target]}: cores on this machine`] = cores;
      figures[`${ROW[target]}: largest single step that held`] = c.good || 'none';
      for (const r of c.results) {
        figures[`  ${ROW[target]}, ${r.displays}: req/s, p50/p99 ms, errors`] = `${fmt(r.rps)}, ${fmt(r.p50)} / ${fmt(r.p99)}, ${r.errors}`;
      }
      const at = c.firstMiss ?? c.best;
      if (at) figures[`${ROW[target]}: CPU at ${at.displays} displays (cores)`] = cpuText(at.cpu);
      const cost = costOf(c);
      if (cost) figures[`${ROW[target]}: CPU: fixed + per 1k displays (cores)`] = `Pharos ${lineText(cost.pharos)}, all ${lineText(cost.site)}`;
    } catch (err) {
      figures[`${ROW[target]}: failed`] = (err as Error).message.split('\n')[0]!;
    }
  }
  const one = measured.get('postgres');
  const three = measured.get('cluster');
  if (three && one) {
    const ratio = one.held ? three.held / one.held : three.held ? Infinity : 0;
    figures['3 processes / 1 process, PostgreSQL (displays held)'] = Number.isFinite(ratio) ? Number(ratio.toFixed(2)) : 'one held none';
    if (!(ratio >= CLEARLY_MORE)) figures['bottleneck (3 processes not clearly above 1)'] = bottleneck(three, one);
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const targets = process.argv.slice(3).filter((t): t is Target => ['sqlite', 'postgres', 'cluster'].includes(t));
  const figures = await run(Number(process.argv[2] ?? WINDOW_SECONDS), targets.length ? targets : undefined);
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(64)} ${v}`);
}
