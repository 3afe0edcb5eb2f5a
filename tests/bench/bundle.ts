import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from '@playwright/test';
import { ADMIN, startServer } from '../e2e/server.js';
import { libraryFloor } from './libraryFloor.js';

const assets = path.resolve(import.meta.dirname, '..', '..', 'dist', 'assets');

/** The biggest built JS chunk the first load did not fetch: what the slowest on-demand feature costs. */
function largestLazyChunk(loaded: Set<string>): { name: string; gzip: number } | undefined {
  let best: { name: string; gzip: number } | undefined;
  for (const name of fs.readdirSync(assets)) {
    if (!name.endsWith('.js') || loaded.has(name)) continue;
    const gzip = gzipSync(fs.readFileSync(path.join(assets, name)), { level: 9 }).length;
    if (!best || gzip > best.gzip) best = { name, gzip };
  }
  return best;
}

/**
 * Gzip size of the JS a page of an already logged-in context loads until the network is idle (cold HTTP cache).
 * The app's own scripts: a classic page in the content frame brings its scripts whichever document frames it.
 */
async function firstLoad(context: BrowserContext, url: string): Promise<{ js: number; files: number }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const sizes = { js: 0, files: 0 };
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' || res.frame() !== page.mainFrame()) return;
    pending.push(res.body().then((body) => { sizes.js += gzipSync(body, { level: 9 }).length; sizes.files++; }, () => undefined));
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await page.close();
  return sizes;
}

/** Gzip size of every JS and CSS file a logged-in browser loads on opening {base} until the network is idle. */
export async function run(): Promise<Record<string, string | number>> {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.PHAROS_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.url}login.php`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    const sizes = { js: 0, css: 0, jsFiles: 0, cssFiles: 0 };
    const pending: Promise<void>[] = [];
    const loaded = new Set<string>();
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if ((type !== 'script' && type !== 'stylesheet') || res.frame() !== page.mainFrame()) return;
      loaded.add(path.basename(new URL(res.url()).pathname));
      pending.push(res.body().then((body) => {
        const gz = gzipSync(body, { level: 9 }).length;
        if (type === 'script') { sizes.js += gz; sizes.jsFiles++; } else { sizes.css += gz; sizes.cssFiles++; }
      }, () => undefined));
    });
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((u) => !u.pathname.endsWith('login.php'));
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const lazy = largestLazyChunk(loaded);
    const wallboard = await firstLoad(context, `${server.url}wallboard`);
    // Issue 19: the budgets are relative to what the stack's libraries alone cost, measured in this same run.
    const floor = await libraryFloor();
    const kib = (bytes: number) => +(bytes / 1024).toFixed(1);
    return {
      'initial JS (gzip KiB)': kib(sizes.js),
      'initial JS files': sizes.jsFiles,
      'shell initial JS above the library floor (gzip KiB)': kib(sizes.js - floor),
      'initial CSS (gzip KiB)': +(sizes.css / 1024).toFixed(1),
      'initial CSS files': sizes.cssFiles,
      'largest lazy JS chunk (gzip KiB)': lazy ? +(lazy.gzip / 1024).toFixed(1) : 'none',
      'largest lazy JS chunk': lazy?.name ?? 'none',
      'wallboard initial JS (gzip KiB)': kib(wallboard.js),
      'wallboard initial JS files': wallboard.files,
      'wallboard initial JS above the library floor (gzip KiB)': kib(wallboard.js - floor),
      'of which the stack libraries alone (gzip KiB)': kib(floor),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
