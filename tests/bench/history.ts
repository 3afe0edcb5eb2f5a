/**
 * The state history (issue 37) on SQLite, through the API as a user asks: a fleet of 10,000 hosts / 100,000 services
 * whose 500-host group (5,500 objects) changed 1 % of its states per minute for the last 31 days, one object that
 * changed every 10 minutes for a year, and the rest of the fleet a change per object every few weeks. Then the recorder
 * itself on the whole fleet changing 1 % per minute. Run alone: `npx tsx tests/bench/history.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { Client, startTestServer } from '../api/harness.js';
import { FakeSource, generateFleet } from '../api/pagesFixture.js';
import { insertHistory, type HistoryRow } from '../../server/src/db/history.js';
import { rollUpAllDays } from '../../server/src/db/historyDays.js';
import { localExclusive } from '../../server/src/db/store.js';
import { createHistoryRecorder } from '../../server/src/monitoring/history.js';
import type { MonitoringSnapshot, ServiceStatus } from '../../server/src/monitoring/source.js';

const DAY = 86400;
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function timed(client: Client, url: string, runs: number): Promise<number> {
  const once = async () => {
    const t0 = performance.now();
    const res = await client.get(url);
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text.slice(0, 200)}`);
    return ms;
  };
  await once();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await once());
  return Number(median(times).toFixed(1));
}

const dbBytes = (dir: string) => fs.readdirSync(dir).filter((f) => f.startsWith('pharos.sqlite')).reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);

export async function run(): Promise<Record<string, string | number>> {
  const now = Math.floor(Date.now() / 1000);
  const fleet = generateFleet(10_000, 10);
  // Never checked as far as the server's own recorder knows: the history is what this bench writes.
  const unchecked: MonitoringSnapshot = { ...fleet, updated: now, hosts: fleet.hosts.map((h) => ({ ...h, has_been_checked: 0 })), services: fleet.services.map((s) => ({ ...s, has_been_checked: 0 })) };
  const source = new FakeSource(unchecked);
  const ts = await startTestServer({}, undefined, source);
  const figures: Record<string, string | number> = {};
  try {
    const store = ts.server.ctx.store;
    const group = new Set(fleet.hostgroups.find((g) => g.name === 'group-0')!.members);
    const objects = [...fleet.hosts.map((h) => ({ host: h.host_name, service: '' })), ...fleet.services.map((s) => ({ host: s.host_name, service: s.service_description }))];
    const groupObjects = objects.filter((o) => group.has(o.host));
    const rand = random(37);
    // The year's entries go in through a connection of the bench's own (the same file, in one transaction per 100,000):
    // the server's path is measured on its own below, and at a few thousand entries a second on a busy machine it
    // would take most of the bench's time.
    const direct = new Database(path.join(ts.dataDir, 'pharos.sqlite'));
    const insert = direct.prepare(`INSERT OR IGNORE INTO state_history (time, engine, host, service, type, phase, state, state_type, output)
      VALUES (?, 'nagios', ?, ?, 'state', '', ?, ?, ?)`);
    let rows: [number, string, string, number, number, string][] = [];
    let written = 0;
    const flush = direct.transaction(() => {
      for (const r of rows) insert.run(...r);
      written += rows.length;
      rows = [];
    });
    const before = dbBytes(ts.dataDir);
    const states = new Map<string, number>();
    const change = (o: { host: string; service: string }, time: number) => {
      const key = `${o.host};${o.service}`;
      const state = ((states.get(key) ?? 0) + 1 + Math.floor(rand() * (o.service ? 3 : 2))) % (o.service ? 4 : 3);
      states.set(key, state);
      rows.push([time, o.host, o.service, state, rand() < 0.3 ? 0 : 1, `state ${state} at ${time}`]);
      if (rows.length >= 100_000) flush();
    };
    // The group: 1 % of its 5,500 objects per minute, for 31 days.
    const perMinute = Math.round(groupObjects.length / 100);
    for (let t = now - 31 * DAY; t < now; t += 60) {
      for (let i = 0; i < perMinute; i++) change(groupObjects[Math.floor(rand() * groupObjects.length)]!, t + Math.floor(rand() * 60));
    }
    // One object outside the group: every 10 minutes for a year.
    const one = objects.find((o) => o.service !== '' && !group.has(o.host))!;
    for (let t = now - 365 * DAY; t < now; t += 600) change(one, t);
    // The rest of the fleet: a change per object every three weeks or so, over the year.
    for (const o of objects) if (!group.has(o.host) && o !== one) for (let k = 0; k < 17; k++) change(o, now - Math.floor(rand() * 365 * DAY));
    flush();
    direct.pragma('wal_checkpoint(TRUNCATE)');
    direct.close();
    const grown = dbBytes(ts.dataDir) - before;
    figures['history entries in the database'] = written;
    // Written around the server, so its daily rollups are summed here from every entry (as the migration that adds them
    // does for a database that already holds a history).
    const rolling = performance.now();
    await rollUpAllDays(store);
    figures['daily rollups summed from every entry (ms)'] = Math.round(performance.now() - rolling);
    figures['database growth per million changes (MB, SQLite)'] = Math.round((dbBytes(ts.dataDir) - before) / written * 1e6 / 2 ** 20);
    figures['of which the daily rollups (MB per million changes)'] = Math.round((dbBytes(ts.dataDir) - before - grown) / written * 1e6 / 2 ** 20);
    // The server's own way of writing (insertHistory, batches of 500 with a turn between): 100,000 more entries.
    const extra: HistoryRow[] = Array.from({ length: 100_000 }, (_, i) => ({
      engine: 'nagios', host: `extra-${i % 1000}`, service: `svc ${Math.floor(i / 1000)}`, time: now - i, type: 'state', phase: '', state: i % 4, state_type: 1, output: 'extra',
    }));
    const t0 = performance.now();
    await insertHistory(store, extra, () => new Promise((resolve) => setImmediate(resolve)));
    figures['server writes (insertHistory, entries/s)'] = Math.round(extra.length / ((performance.now() - t0) / 1000));

    // The engine keeps answering: a new snapshot every few seconds, as a live engine's, so no time counts as silent.
    const live = setInterval(() => { source.snap = { ...unchecked, updated: Math.floor(Date.now() / 1000) }; }, 5000);
    const client = new Client(ts.url);
    await client.login();
    const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    figures['history, one object over 30 days (median ms)'] = await timed(client, `api/v2/history?${q({ host: one.host, service: one.service, since: now - 30 * DAY, until: now, limit: 1000 })}`, 20);
    figures["history, the fleet's last 1,000 entries (median ms)"] = await timed(client, `api/v2/history?${q({ since: now - 400 * DAY, until: now + 60, limit: 1000 })}`, 20);
    figures['availability, one object over a year (median ms)'] = await timed(client, `api/v2/availability?${q({ host: one.host, service: one.service, since: now - 365 * DAY, until: now })}`, 10);
    figures['availability, 500-host group over a month (median ms)'] = await timed(client, `api/v2/availability?${q({ hostgroup: 'group-0', since: now - 30 * DAY, until: now })}`, 3);

    clearInterval(live);
    // The recorder on the whole fleet changing 1 % of its 110,000 states per minute: each minute's snapshot compared
    // and written, with the event loop's longest stall meanwhile (what a status request would wait for).
    // Its own once-only lock: the server's recorder, comparing its snapshots meanwhile, holds the server's, which made
    // every observe here return at once (figures of 0 ms).
    const recorder = createHistoryRecorder({ store, exclusive: localExclusive() }, () => 'recorded');
    let snap: MonitoringSnapshot = { ...fleet, updated: now };
    const first = performance.now();
    await recorder.observe(snap);
    figures['recording, first snapshot of 110,000 objects (ms)'] = Math.round(performance.now() - first);
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const perSnapshot: number[] = [];
    for (let minute = 1; minute <= 10; minute++) {
      const services = [...snap.services];
      for (let i = 0; i < 1100; i++) {
        const k = Math.floor(rand() * services.length);
        const s = services[k]!;
        services[k] = { ...s, current_state: ((s.current_state + 1) % 4) as ServiceStatus['current_state'], last_state_change: now + minute * 60, last_check: now + minute * 60 };
      }
      snap = { ...snap, services, updated: now + minute * 60 };
      const t = performance.now();
      await recorder.observe(snap);
      perSnapshot.push(performance.now() - t);
    }
    delay.disable();
    await recorder.stop();
    figures['recording, a minute of 1 % changes (median ms per snapshot)'] = Math.round(median(perSnapshot));
    figures['recording, longest event-loop stall meanwhile (ms)'] = Math.round(delay.max / 1e6);
    return figures;
  } finally {
    await ts.close();
    fs.rmSync(ts.dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await run();
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(64)} ${v}`);
}
