/**
 * Time to first byte of the classic service status page against an in-memory fleet of 10,000 hosts / 100,000 services.
 * Run: `npx tsx tests/bench/statusPage.ts [hosts] [servicesPerHost] [requests]`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Client, startTestServer } from '../api/harness.js';
import { FakeSource, generateFleet } from '../api/pagesFixture.js';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

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

export async function run(hosts = 10_000, servicesPerHost = 10, requests = 30): Promise<Record<string, string | number>> {
  const source = new FakeSource(generateFleet(hosts, servicesPerHost));
  const ts = await startTestServer({}, undefined, source);
  try {
    const client = new Client(ts.url);
    await client.login();
    const pages: [string, string][] = [
      ['services, first page (median ms)', 'includes/components/xicore/status.php?show=services'],
      ['services, sorted by state desc (median ms)', 'includes/components/xicore/status.php?show=services&sort=current_state&order=desc'],
      ['services, search "problem" (median ms)', 'includes/components/xicore/status.php?show=services&search=problem'],
      ['services, page 1000 of 2000 (median ms)', 'includes/components/xicore/status.php?show=services&page=1000'],
      ['service problems (median ms)', 'includes/components/xicore/status.php?show=serviceproblems'],
      ['hosts, first page (median ms)', 'includes/components/xicore/status.php?show=hosts'],
      ['tactical overview (median ms)', 'includes/page-home-main.php'],
    ];
    const figures: Record<string, string | number> = { fleet: `${hosts.toLocaleString('en-US')} hosts / ${(hosts * servicesPerHost).toLocaleString('en-US')} services`, requests };
    for (const [label, path] of pages) {
      await ttfb(client, path); // warm-up: first request builds per-snapshot indexes
      const times: number[] = [];
      for (let i = 0; i < requests; i++) times.push(await ttfb(client, path));
      figures[label] = Number(median(times).toFixed(1));
    }
    // Per-snapshot indexes are rebuilt when the source publishes a new snapshot: the first request after that pays for them.
    const cold: number[] = [];
    for (let i = 0; i < 5; i++) {
      source.snap = { ...source.snap };
      cold.push(await ttfb(client, pages[0]![1]));
    }
    figures['services, first request on a new snapshot (median ms)'] = Number(median(cold).toFixed(1));
    return figures;
  } finally {
    await ts.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [hosts, perHost, requests] = process.argv.slice(2).map(Number);
  const figures = await run(hosts || undefined, perHost || undefined, requests || undefined);
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(44)} ${v}`);
}
