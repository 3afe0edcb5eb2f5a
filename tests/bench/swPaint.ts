// Parts of this file run in the page (Playwright evaluate), so it needs the DOM types the server config leaves out.
/// <reference lib="dom" />
/**
 * Time to a painted shell from the service-worker cache: a logged-in browser whose worker has installed reloads the
 * app with the server stopped, so everything comes from the device. Measured in the page from navigation start:
 * first contentful paint, and the moment the shell's top bar is on screen. Median over several reloads.
 */
import { chromium } from '@playwright/test';
import { signIn, startServer } from '../e2e/server.js';

const RUNS = 7;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(): Promise<Record<string, string | number>> {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.PHAROS_CHROMIUM ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);
    await page.evaluate(async () => { await navigator.serviceWorker.ready; });
    // Controlled, with the precache and the stored copies in place.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('banner').waitFor();
    await server.stop();
    const fcp: number[] = [];
    const shell: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.reload();
      shell.push(await (await page.waitForFunction(() => (document.querySelector('[role="banner"], header') ? performance.now() : 0), undefined, { polling: 'raf' })).jsonValue());
      fcp.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0));
    }
    return {
      reloads: RUNS,
      'first contentful paint from the SW cache (median ms)': Math.round(median(fcp)),
      'shell painted from the SW cache (median ms)': Math.round(median(shell)),
    };
  } finally {
    await browser.close();
    await server.stop().catch(() => undefined);
  }
}
