/**
 * Three engines in one server (issue 21): two 10,000-host demo engines and one Livestatus engine served by a fake peer
 * with generated data (10,000 hosts / 100,000 services, tests/livestatus/generatedPeer.ts). Figures: the merged service
 * status page's first page, what one Livestatus poll at that size costs (wall time, and the longest stretch it
 * holds the event loop, during which the server answers nothing), and how many wall displays one server process holds
 * over the three engines (measured as capacity.ts measures the demo fleet alone).
 * Run alone: `npx tsx tests/bench/engines.ts [hosts] [servicesPerHost] [requests]`, or `npx tsx tests/bench/run.ts engines`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Client, startTestServer } from '../api/harness.js';
import { openLivestatusSource, type LivestatusSource } from '../../server/src/monitoring/livestatus/livestatusSource.js';
import type { MergedSource } from '../../server/src/monitoring/engines/mergedSource.js';
import type { EngineSpec } from '../../server/src/monitoring/engines/enginesFile.js';
import type { SystemStatus } from '../../src/lib/apiTypes.js';
import { generatedPeer } from '../livestatus/generatedPeer.js';
import { measureCapacity } from './capacity.js';

/** The capacity figure under its own name here; the budget row in run.ts. */
const DISPLAYS_HELD = 'displays held by one process, three engines (p99 < 100 ms)';
const CAPACITY_HELD = 'displays held (p99 < 100 ms, no errors)';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const ms = (n: number) => Number(n.toFixed(1));

/** Milliseconds until the response headers arrive; the body is read afterwards so the connection is reused. */
async function ttfb(client: Client, path: string): Promise<number> {
  const headers: Record<string, string> = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  const t0 = performance.now();
  const res = await fetch(client.baseUrl + path, { headers, redirect: 'manual' });
  const t = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${path}: status ${res.status}`);
  await res.text();
  return t;
}

/** One Livestatus poll at full size, by itself: median wall time, and the longest event-loop block within a poll. */
async function pollCost(address: string, polls = 5): Promise<{ wall: number; block: number; hosts: number; services: number }> {
  // No timer polls: only the refreshes below.
  const source = openLivestatusSource(address, { name: 'bench', pollMs: 3_600_000, staleAfterMs: 3_600_000 });
  await source.start(); // warm-up: the peer builds its answers once, and the first parse pays for JIT
  if (source.health().state !== 'ok') throw new Error(`the fake peer's data was not accepted: ${source.health().reason}`);
  const walls: number[] = [];
  const blocks: number[] = [];
  try {
    for (let i = 0; i < polls; i++) {
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const t0 = performance.now();
      await source.refresh();
      walls.push(performance.now() - t0);
      delay.disable();
      blocks.push(delay.max / 1e6);
    }
    const snap = source.snapshot();
    return { wall: median(walls), block: median(blocks), hosts: snap.hosts.length, services: snap.services.length };
  } finally {
    await source.stop();
  }
}

/** One server process (spawned) over the same three engines, loaded like wall displays: how many it holds. */
async function displaysHeld(address: string, hosts: number, servicesPerHost: number): Promise<Record<string, string | number>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-bench-engines-'));
  try {
    const file = path.join(dir, 'engines.json');
    fs.writeFileSync(file, JSON.stringify([{ name: 'demo-a', type: 'demo' }, { name: 'demo-b', type: 'demo' }, { name: 'ls', type: 'livestatus', address }]));
    const figures = await measureCapacity({ PHAROS_ENGINES: file, PHAROS_DEMO_HOSTS: String(hosts), PHAROS_DEMO_SERVICES_PER_HOST: String(servicesPerHost), PHAROS_DEMO_TICK_SECONDS: '15' });
    // The budget is printed beside the figure (run.ts): the capacity bench's own budget line is left out.
    return Object.fromEntries(Object.entries(figures).filter(([k]) => k !== 'displays budget').map(([k, v]) => [k === CAPACITY_HELD ? DISPLAYS_HELD : k, v]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(hosts = 10_000, servicesPerHost = 10, requests = 30): Promise<Record<string, string | number>> {
  const peer = await generatedPeer({ hosts, servicesPerHost });
  try {
    const poll = await pollCost(peer.address);
    const figures: Record<string, string | number> = {
      engines: `2 demo + 1 Livestatus (${poll.hosts.toLocaleString('en-US')} / ${poll.services.toLocaleString('en-US')})`,
      requests,
      'Livestatus poll, 10,000 hosts / 100,000 services (median ms)': ms(poll.wall),
      'Livestatus poll: longest event-loop block (median ms)': ms(poll.block),
    };

    const engines: EngineSpec[] = [{ name: 'demo-a', type: 'demo' }, { name: 'demo-b', type: 'demo' }, { name: 'ls', type: 'livestatus', address: peer.address }];
    // The SQLite file in its data dir, said outright: outside vitest there is no run-wide database to ask for.
    const ts = await startTestServer({ engines, demoHosts: hosts, demoServicesPerHost: servicesPerHost, databaseUrl: undefined });
    try {
      const client = new Client(ts.url);
      await client.login();
      const deadline = Date.now() + 60_000;
      for (;;) {
        const states = (await client.get<SystemStatus>('api/v2/status/system')).body.monitoring?.engines?.map((e) => e.state);
        if (states?.length === 3 && states.every((s) => s === 'ok')) break;
        if (Date.now() > deadline) throw new Error(`engines not all answering after 60 s: ${JSON.stringify(states)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const total = (await client.get<{ recordcount: number }>('api/v2/status/service?totals=1')).body.recordcount;
      figures['merged services'] = total;
      const pages: [string, string][] = [
        ['merged services, first page (median ms)', 'includes/components/xicore/status.php?show=services'],
        ['merged services, one engine (engine=ls) (median ms)', 'includes/components/xicore/status.php?show=services&engine=ls'],
        ['merged problems board (median ms)', 'includes/components/pharos/problemsboard.php'],
      ];
      for (const [label, path] of pages) {
        await ttfb(client, path); // warm-up: the first request builds per-snapshot indexes
        const times: number[] = [];
        for (let i = 0; i < requests; i++) times.push(await ttfb(client, path));
        figures[label] = ms(median(times));
        // The Livestatus engine polls every 5 s meanwhile: a request that meets a poll waits for it.
        if (label.startsWith('merged services, first page')) figures['merged services, first page (p95 ms, polls meanwhile)'] = ms([...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.95) - 1]!);
      }
      // A new merged snapshot after each Livestatus poll: its per-snapshot indexes are made in slices before it is handed
      // out, so the first request after it waits for none of them; the longest event-loop block from the poll until the
      // new snapshot is handed out is what any request may have waited.
      const merged = ts.server.ctx.monitoring as MergedSource;
      const ls = merged.members.find((e) => e.name === 'ls')!.source as LivestatusSource;
      const cold: number[] = [];
      const blocks: number[] = [];
      for (let i = 0; i < 5; i++) {
        const before = merged.snapshot();
        const delay = monitorEventLoopDelay({ resolution: 1 });
        delay.enable();
        await ls.refresh();
        for (let t = 0; t < 400 && merged.snapshot() === before; t++) await new Promise((resolve) => setTimeout(resolve, 5));
        delay.disable();
        blocks.push(delay.max / 1e6);
        cold.push(await ttfb(client, pages[0]![1]));
      }
      figures['merged services, first request after a poll (median ms)'] = ms(median(cold));
      figures['a poll until its merged snapshot is out: longest event-loop block (median ms)'] = ms(median(blocks));
    } finally {
      await ts.close();
    }
    Object.assign(figures, await displaysHeld(peer.address, hosts, servicesPerHost));
    return figures;
  } finally {
    await peer.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [hosts, perHost, requests] = process.argv.slice(2).map(Number);
  const figures = await run(hosts || undefined, perHost || undefined, requests || undefined);
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(72)} ${v}`);
}
