/**
 * Issue 36: what the server's own observability costs. The request log's overhead on a wall's mix of requests (the
 * same server, rounds with the log on and off interleaved, so the machine's drift falls on both), and the time of one
 * Prometheus scrape. Run alone: `npx tsx tests/bench/serverLog.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { Client, startTestServer } from '../api/harness.js';
import { FakeSource, generateFleet } from '../api/pagesFixture.js';
import { createLogger, setLog } from '../../server/src/log.js';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** What a wall sends most: the status calls and a classic page, a few at a time as several screens would. */
const MIX = [
  'api/v2/status/program',
  'api/v2/status/host?records=50',
  'api/v2/account/auth',
  'includes/components/xicore/status.php?show=hostproblems',
];

async function round(client: Client, requests: number, parallel = 8): Promise<number> {
  const headers = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < requests) {
      const res = await fetch(client.baseUrl + MIX[next++ % MIX.length]!, { headers });
      await res.arrayBuffer();
    }
  }));
  return performance.now() - t0;
}

export async function run(requests = 800, rounds = 7): Promise<Record<string, string | number>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-log-bench-'));
  const logged = createLogger({ level: 'info', stream: pino.destination({ dest: path.join(dir, 'pharos.log'), sync: false }) });
  const quiet = createLogger({ level: 'warn' });
  const ts = await startTestServer({ metricsToken: 'bench-token' }, undefined, new FakeSource(generateFleet(1000, 10)));
  try {
    const client = new Client(ts.url);
    await client.login();
    await round(client, 200);
    const on: number[] = [];
    const off: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      setLog(quiet);
      off.push(await round(client, requests));
      setLog(logged);
      on.push(await round(client, requests));
    }
    const lines = fs.readFileSync(path.join(dir, 'pharos.log'), 'utf8').split('\n').filter(Boolean).length;
    const scrape = new Client(ts.url);
    const scrapes: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const t0 = performance.now();
      const res = await fetch(`${scrape.baseUrl}metrics`, { headers: { authorization: 'Bearer bench-token' } });
      await res.text();
      scrapes.push(performance.now() - t0);
    }
    return {
      'requests per round (8 at a time)': requests,
      'round, log off (median ms)': Number(median(off).toFixed(0)),
      'round, log on (median ms)': Number(median(on).toFixed(0)),
      'request log overhead (%)': Number(((median(on) / median(off) - 1) * 100).toFixed(1)),
      'log lines written': lines,
      'metrics scrape (median ms)': Number(median(scrapes.slice(10)).toFixed(2)),
    };
  } finally {
    setLog(createLogger({ level: 'warn' }));
    await ts.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) console.log(await run());
