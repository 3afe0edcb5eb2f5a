/**
 * What recording the state history costs the status requests (issue 37: "Recording keeps up with a 10,000-host /
 * 100,000-service fleet changing 1 % of its states per minute, without slowing status requests (the capacity figure may
 * drop by at most 5 %)"). Two server processes on SQLite, each with the demo fleet of that size changing every 15 s
 * (the entries recorded per minute of the measured windows are counted and printed: several times the 1 % asked, as
 * a thawed process's overdue update comes at once): one with recording off
 * (PHAROS_HISTORY_RECORD=0), one with it on. They take turns: while one is measured the other is frozen (SIGSTOP), in
 * windows of one fleet update each, off, on, on, off, off, on, ..., so that whatever else the machine runs meanwhile
 * weighs on both alike; the medians of the windows are compared. A frozen process's fleet update comes when it thaws,
 * inside its own window, so each window holds one update and its recording.
 *
 * Capacity here is what a process answers at saturation: a closed loop of connections sending the wall displays'
 * request mix (capacity.ts) back to back. The recorder's work is CPU that requests then do not get, so the drop in
 * requests answered per second is the drop in displays held wherever the CPU bounds them (the display ladder of
 * capacity.ts moves in steps of an eighth: too coarse for 5 %). The same drop is also estimated from the process's CPU
 * time per answered request, which depends less on what else the machine runs. Beside them, at a fixed load of half
 * the saturation throughput (open loop, as the ladder sends), the p50 and p99 latency off and on: whether the
 * recorder's slices hold requests up.
 * Run alone: `npx tsx tests/bench/capacityHistory.ts [windows]`.
 */
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { openStorage } from '../../server/src/db/openStorage.js';
import { startServer, type RunningServer } from '../e2e/server.js';
import { DEMO_FLEET, ENDPOINTS, makeDisplays, send, step, type Display, type Endpoint } from './capacity.js';
import { cpuBetween, sampleCpu, serverPart, type Site } from './cluster.js';

type Mode = 'off' | 'on';
/** Saturation windows per mode, taken in turns (off, on, on, off, ...). */
const WINDOWS = 6;
/** Fixed-load windows per mode. */
const FIXED_WINDOWS = 3;
const TICK_SECONDS = Number(DEMO_FLEET.PHAROS_DEMO_TICK_SECONDS);
/** One fleet update per window. */
const WINDOW_SECONDS = TICK_SECONDS;
/** Connections of the closed loop: enough to keep one process busy while some wait on the network. */
const CONNECTIONS = 24;
/** The fixed load: this share of the saturation throughput with recording off. */
const FIXED_SHARE = 0.5;
const OBJECTS = Number(DEMO_FLEET.PHAROS_DEMO_HOSTS) * (1 + Number(DEMO_FLEET.PHAROS_DEMO_SERVICES_PER_HOST));
/** Requests per second one display sends. */
const PER_DISPLAY = ENDPOINTS.reduce((sum, e) => sum + 1 / e.everySeconds, 0);

interface Side { mode: Mode; server: RunningServer; site: Site; displays: Display[] }
interface Window { rps: number; errors: number; cpuMsPerRequest: number }

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const fmt = (n: number) => Number(n.toFixed(1));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A display request drawn as often as the displays send each. */
function mix(): () => Endpoint {
  const weights = ENDPOINTS.map((e) => 1 / e.everySeconds);
  const total = weights.reduce((a, b) => a + b, 0);
  return () => {
    let r = Math.random() * total;
    for (let i = 0; i < ENDPOINTS.length; i++) {
      r -= weights[i]!;
      if (r < 0) return ENDPOINTS[i]!;
    }
    return ENDPOINTS.at(-1)!;
  };
}

/** Requests answered per second by `CONNECTIONS` connections each sending the next request as soon as one is answered. */
async function saturate(side: Side, seconds: number): Promise<Window> {
  const url = new URL(side.site.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const pick = mix();
  let answered = 0;
  let errors = 0;
  const before = sampleCpu(side.site);
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(Array.from({ length: CONNECTIONS }, async (_, c) => {
    const display = side.displays[c % side.displays.length]!;
    while (performance.now() < end) {
      if ((await send(agent, url, display, pick())) !== 200) errors++;
      answered++;
    }
  }));
  const elapsed = (performance.now() - start) / 1000;
  const cpu = cpuBetween(before, sampleCpu(side.site));
  agent.destroy();
  const rps = answered / elapsed;
  return { rps, errors, cpuMsPerRequest: ((cpu.parts[0]?.[1] ?? 0) * 1000) / rps };
}

/** Entries in the server's database (read beside it). */
async function entryCount(side: Side): Promise<number> {
  const storage = await openStorage(side.site.storage);
  try {
    const row = await storage.store.selectFrom('state_history').select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
    return Number(row?.count ?? 0);
  } finally {
    await storage.close();
  }
}

/** Waits (3 minutes at most) for the recorder's first recording of the whole fleet: entries there, and no more coming for 2 s. */
async function firstRecording(side: Side): Promise<void> {
  const until = Date.now() + 180_000;
  let last = -1;
  while (Date.now() < until) {
    const count = await entryCount(side);
    if (count > 0 && count === last) return;
    last = count;
    await pause(2000);
  }
  throw new Error('the first recording of the fleet did not finish within 3 minutes');
}

async function start(mode: Mode): Promise<Side> {
  const server = await startServer({ ...DEMO_FLEET, PHAROS_HISTORY_RECORD: mode === 'on' ? '1' : '0' });
  const site: Site = { url: server.url, storage: { dataDir: server.dataDir }, parts: [serverPart('Pharos', server)], stop: () => server.stop() };
  return { mode, server, site, displays: await makeDisplays(site, 200, []) };
}

/** Runs `measure` on `side` with the other frozen. */
async function alone<T>(side: Side, other: Side, measure: () => Promise<T>): Promise<T> {
  other.server.pause();
  side.server.resume();
  try {
    return await measure();
  } finally {
    other.server.resume();
  }
}

export async function run(windows = WINDOWS): Promise<Record<string, string | number>> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const sides: Side[] = [];
  try {
    sides.push(await start('off'));
    sides.push(await start('on'));
    const [off, on] = sides as [Side, Side];
    const otherOf = (s: Side) => (s === off ? on : off);
    // Each alone: the ladder's warm-up (the first requests build the per-snapshot indexes, one fleet update is
    // handled), and with recording on its first recording of the whole fleet; measured from then on, as it runs after.
    for (const side of sides) {
      await alone(side, otherOf(side), async () => {
        await step(side.site, side.displays, 3 + TICK_SECONDS);
        if (side.mode === 'on') await firstRecording(side);
      });
    }
    const order = (i: number): Side[] => (i % 2 ? [on, off] : [off, on]);
    const results: Record<Mode, Window[]> = { off: [], on: [] };
    const entriesBefore = await entryCount(on);
    let onSeconds = 0;
    for (let i = 0; i < windows; i++) {
      for (const side of order(i)) {
        const t0 = performance.now();
        const w = await alone(side, otherOf(side), () => saturate(side, WINDOW_SECONDS));
        if (side === on) onSeconds += (performance.now() - t0) / 1000;
        results[side.mode].push(w);
        console.log(`   window ${i + 1}, recording ${side.mode}: ${fmt(w.rps)} req/s, ${w.cpuMsPerRequest.toFixed(2)} ms CPU per request, ${w.errors} errors`);
      }
    }
    const recordedPerMinute = ((await entryCount(on)) - entriesBefore) / (onSeconds / 60);
    const rps = (mode: Mode) => median(results[mode].map((w) => w.rps));
    const cpu = (mode: Mode) => median(results[mode].map((w) => w.cpuMsPerRequest));
    const displays = Math.max(10, Math.round((FIXED_SHARE * rps('off')) / PER_DISPLAY / 10) * 10);
    const fixed: Record<Mode, { p50: number; p99: number; errors: number }[]> = { off: [], on: [] };
    for (const side of sides) side.displays = await makeDisplays(side.site, displays, side.displays);
    for (let i = 0; i < FIXED_WINDOWS; i++) {
      for (const side of order(i)) {
        const r = await alone(side, otherOf(side), () => step(side.site, side.displays.slice(0, displays), WINDOW_SECONDS));
        fixed[side.mode].push(r);
        console.log(`   ${displays} displays, recording ${side.mode}: p50 ${fmt(r.p50)} / p99 ${fmt(r.p99)} ms, ${r.errors} errors`);
      }
    }
    const latency = (mode: Mode, p: 'p50' | 'p99') => fmt(median(fixed[mode].map((r) => r[p])));
    const errors = (mode: Mode) => results[mode].reduce((n, w) => n + w.errors, 0) + fixed[mode].reduce((n, r) => n + r.errors, 0);
    return {
      fleet: `demo, ${Number(DEMO_FLEET.PHAROS_DEMO_HOSTS).toLocaleString('en-US')} hosts x ${DEMO_FLEET.PHAROS_DEMO_SERVICES_PER_HOST} services, changing every ${TICK_SECONDS} s; SQLite, 1 process each`,
      "entries recorded per minute it ran (% of the fleet's states)": `${Math.round(recordedPerMinute).toLocaleString('en-US')} (${((recordedPerMinute / OBJECTS) * 100).toFixed(2)} %)`,
      windows: `${windows} per mode at saturation (${CONNECTIONS} connections, the displays' request mix), ${WINDOW_SECONDS} s each, taking turns`,
      'requests per second at saturation, recording off / on (median)': `${fmt(rps('off'))} / ${fmt(rps('on'))}`,
      'capacity drop with recording on (%)': fmt(((rps('off') - rps('on')) / rps('off')) * 100),
      'CPU per request, recording off / on (median ms)': `${cpu('off').toFixed(2)} / ${cpu('on').toFixed(2)}`,
      'capacity drop by CPU per request (%)': fmt((1 - cpu('off') / cpu('on')) * 100),
      [`${displays} displays (half the saturation, off): p50 off / on (median ms)`]: `${latency('off', 'p50')} / ${latency('on', 'p50')}`,
      [`${displays} displays: p99 off / on (median ms)`]: `${latency('off', 'p99')} / ${latency('on', 'p99')}`,
      'errors, off / on': `${errors('off')} / ${errors('on')}`,
      'each window: req/s (off | on)': `${results.off.map((w) => fmt(w.rps)).join(', ')} | ${results.on.map((w) => fmt(w.rps)).join(', ')}`,
      'machine load average (1 min) at start, at end': `${fmt(loadAtStart)}, ${fmt(os.loadavg()[0] ?? 0)}`,
    };
  } finally {
    for (const side of sides) side.server.resume();
    await Promise.all(sides.map((s) => s.server.stop()));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await run(Number(process.argv[2] ?? WINDOWS));
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(64)} ${v}`);
}
