import { chromium, expect } from '@playwright/test';
import { signIn, startServer } from '../e2e/server.js';

const PAGES_COUNT = 3;
/** At least 500, rounded up to whole rounds, so the end is measured on the same page as the start. */
const ROTATIONS = Math.ceil(Number(process.env.PHAROS_SOAK_ROTATIONS ?? 500) / PAGES_COUNT) * PAGES_COUNT;
const PAGES = ['includes/components/xicore/status.php?show=hosts', 'includes/components/xicore/status.php?show=services', 'includes/page-home-main.php'];

/**
 * The wallboard soak (issue 8): many rotations through classic pages on an accelerated clock, with JS heap after GC,
 * DOM nodes and JS event listeners (CDP Performance.getMetrics) at the start and at the end.
 */
export async function run(): Promise<Record<string, string | number>> {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.PHAROS_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await page.clock.install();
    await signIn(page, server);
    const query = PAGES.map((p) => `page=${encodeURIComponent(p)}`).join('&');
    await page.goto(`${server.url}wallboard?${query}&speed=10`);
    const position = page.getByTestId('wallboard-position');
    await expect(position).toHaveText('1 / 3');
    // Time moves only when the soak says so: exactly one rotation per step, however long the machine takes.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
        break;
      } catch (error) {
        if (attempt >= 5) throw error;
      }
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const step = async (i: number) => {
      await page.clock.runFor(10_000);
      await expect(position).toHaveText(`${((i + 1) % 3) + 1} / 3`, { timeout: 30_000 });
      await expect(page.locator('.wallboard-stage iframe[data-state="loading"]')).toHaveCount(0, { timeout: 30_000 });
    };
    const metrics = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics: list } = await cdp.send('Performance.getMetrics');
      const get = (name: string) => list.find((m) => m.name === name)?.value ?? 0;
      return { heap: get('JSHeapUsedSize'), nodes: get('Nodes'), listeners: get('JSEventListeners') };
    };
    // A few rotations first, so every page and chunk has been loaded once.
    for (let i = 0; i < 6; i++) await step(i);
    const before = await metrics();
    const started = Date.now();
    for (let i = 6; i < 6 + ROTATIONS; i++) await step(i);
    const after = await metrics();
    const historyGrowth = await page.evaluate(() => (globalThis as unknown as { history: { length: number } }).history.length);
    const mb = (n: number) => +(n / 1024 / 1024).toFixed(2);
    const pct = (a: number, b: number) => +(((b - a) / Math.max(a, 1)) * 100).toFixed(1);
    return {
      rotations: ROTATIONS,
      'soak wall time (s)': Math.round((Date.now() - started) / 1000),
      'JS heap after GC, start (MB)': mb(before.heap),
      'JS heap after GC, end (MB)': mb(after.heap),
      'JS heap growth (MB)': mb(after.heap - before.heap),
      'DOM nodes start / end': `${before.nodes} / ${after.nodes}`,
      'DOM nodes change (%)': pct(before.nodes, after.nodes),
      'JS event listeners start / end': `${before.listeners} / ${after.listeners}`,
      'JS event listeners change (%)': pct(before.listeners, after.listeners),
      'history.length at the end': historyGrowth,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
