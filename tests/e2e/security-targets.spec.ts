import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, type BrowserContext, type Page } from '@playwright/test';
import { expect, login } from './fixtures';
import { startServer, type RunningServer } from './server';
import { injectedElements } from './xssPayloads';

/**
 * Issue 11: hostile frame targets (?xiwindow=) and hostile window messages, against the real app in Chromium with a
 * second local server on another port as the hostile origin. Nothing outside the origin loads in the frame, nothing
 * runs, and the app keeps working.
 */
let server: RunningServer;
let hostile: http.Server;
let hostileOrigin = '';
const hostileRequests: string[] = [];

const HOSTILE_PAGE = `<!doctype html><title>Hostile</title><script>
  alert('hostile page ran');
  window.addEventListener('message', (e) => { for (const m of e.data) window.opener.postMessage(m, '*'); });
</script><p>Hostile</p>`;

test.beforeAll(async () => {
  server = await startServer();
  hostile = http.createServer((req, res) => {
    hostileRequests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end(HOSTILE_PAGE);
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  hostileOrigin = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await server.stop();
  await new Promise((resolve) => hostile.close(resolve));
});

/** After the isSafeFrameTarget unit cases (src/features/frame/model.test.ts), with this run's real origins. */
function hostileTargets(): string[] {
  const { origin, base } = server;
  const port = new URL(origin).port;
  return [
    'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'javascript://%0Aalert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)',
    'java\nscript:alert(1)', 'javascript&colon;alert(1)', 'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'vbscript:msgbox(1)', `blob:${origin}/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0`,
    'file:///etc/passwd', `ftp://127.0.0.1${base}`, 'about:blank', 'mailto:root@example.com',
    `${hostileOrigin}${base}index.php`, `${hostileOrigin}/`, `https://127.0.0.1:${port}${base}admin/main.php`,
    `${origin}@127.0.0.1:${new URL(hostileOrigin).port}${base}`, `http://user:pass@127.0.0.1:${port}${base}`,
    `http:127.0.0.1:${new URL(hostileOrigin).port}`, `http:/127.0.0.1:${new URL(hostileOrigin).port}`,
    `http:\\\\127.0.0.1:${new URL(hostileOrigin).port}`, `//127.0.0.1:${new URL(hostileOrigin).port}${base}`,
    `///127.0.0.1:${new URL(hostileOrigin).port}/`, `\\\\127.0.0.1:${new URL(hostileOrigin).port}\\share`,
    `/\\127.0.0.1:${new URL(hostileOrigin).port}`, `\\/127.0.0.1:${new URL(hostileOrigin).port}`,
    `%2F%2F127.0.0.1:${new URL(hostileOrigin).port}`, `${base}%2F%2F127.0.0.1:${new URL(hostileOrigin).port}`,
    `${base}..%2F..%2Fetc/passwd`, `${base}../etc/passwd`, '../../etc/passwd', `${base}%2e%2e/admin`, '/other-app/index.php',
    '/', `${origin}/`, `${origin}/elsewhere/page.php`, `${base}%0d%0aSet-Cookie:x=1`, 'x:y',
  ];
}

/** Every way script could run: alert and friends in every frame, and native dialogs. */
async function watch(context: BrowserContext, hits: string[]): Promise<void> {
  await context.exposeBinding('__hit', ({ frame }, what: string) => { hits.push(`${what} in ${frame.url()}`); });
  await context.addInitScript(() => {
    const w = window as unknown as Record<string, unknown> & { __hit(what: string): void };
    for (const name of ['alert', 'confirm', 'prompt']) w[name] = (arg: unknown) => { w.__hit(`${name}(${String(arg)})`); return null; };
  });
  context.on('page', (p) => p.on('dialog', (d) => { hits.push(`dialog ${d.message()}`); void d.dismiss(); }));
}

const frame = (page: Page) => page.locator('iframe[name="maincontentframe"]');
const palette = (page: Page) => page.getByRole('dialog', { name: 'Search' });

async function expectAppWorking(page: Page): Promise<void> {
  await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Search' })).toBeVisible();
  await expect(page.locator('.content-frame')).toHaveCount(1);
}

test('hostile frame targets: nothing outside the origin loads in the frame, nothing runs, the app keeps working', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const hits: string[] = [];
  const foreign: string[] = [];
  await watch(context, hits);
  context.on('request', (r) => { if (!r.url().startsWith(server.origin)) foreign.push(r.url()); });
  const page = await context.newPage();
  await login(page, server);
  const targets = hostileTargets();
  expect(targets.length).toBeGreaterThanOrEqual(30);
  for (const [i, target] of targets.entries()) {
    // Relative targets resolve against the section's path, so half go to another section.
    await page.goto(`${server.url}${i % 2 ? 'admin/' : ''}?xiwindow=${encodeURIComponent(target)}`);
    await expectAppWorking(page);
    // A refused target leaves the frame empty; whatever it shows is a page of this server under the base.
    const src = (await page.locator('.content-frame').getAttribute('data-frame-src')) ?? '';
    if (src) expect(src, `frame src for ${JSON.stringify(target)}`).toMatch(new RegExp(`^${server.base}[^/\\\\]`));
    // A frame just put in (the content frame replaced for the next target) has no document for a moment: its URL is
    // empty until its first navigation commits, and that is the document to check.
    await expect.poll(() => page.frames().filter((x) => x !== page.mainFrame() && !x.url()).length, { message: 'frames without a document yet' }).toBe(0);
    for (const f of page.frames().filter((x) => x !== page.mainFrame())) {
      expect(new URL(f.url()).origin, `frame document for ${JSON.stringify(target)}`).toBe(server.origin);
      expect(new URL(f.url()).pathname, `frame document for ${JSON.stringify(target)}`).toMatch(new RegExp(`^${server.base}.`));
    }
  }
  expect(hostileRequests).toEqual([]);
  expect(foreign).toEqual([]);
  expect(hits).toEqual([]);
  // A good target still opens: the refusals above were not the app failing.
  await page.goto(`${server.url}?xiwindow=${encodeURIComponent('includes/components/xicore/status.php?show=hosts')}`);
  await expect(frame(page)).toHaveAttribute('src', `${server.base}includes/components/xicore/status.php?show=hosts`);
  await context.close();
});

/** Structured-cloneable data a hostile window might send; only the exact string 'search' from this origin means anything. */
const MESSAGES: unknown[] = [
  'search', 'Search', 'SEARCH', ' search', 'search ', 'search\n', 'search\u0000', '"search"', '{"search":true}', 'searchsearch',
  'open', 'palette', 'javascript:alert(1)', '<img src=x onerror=alert(1)>', '<script>alert(1)</script>',
  '{"type":"SKIP_WAITING"}', { type: 'SKIP_WAITING' }, { type: 'search' }, { search: true }, { data: 'search' }, ['search'],
  { toString: 'search' }, { __proto__: { search: true } }, { constructor: { prototype: { polluted: true } } }, null, 0, -1, Number.NaN,
  true, 'x'.repeat(1_000_000), new Array(10_000).fill('search'), { xiwindow: 'javascript:alert(1)' }, { url: `//evil.example/` },
];

test('hostile window messages: from another origin nothing opens or runs; from this origin only "search" opens the palette', async ({ browser }) => {
  const context = await browser.newContext();
  const hits: string[] = [];
  await watch(context, hits);
  const page = await context.newPage();
  await login(page, server);
  await expectAppWorking(page);
  // The palette's chunk is loaded, so an opening would show in the same render as the message.
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);
  expect(MESSAGES.length).toBeGreaterThanOrEqual(30);

  const received = async (count: number) => page.evaluate((n) => { (window as unknown as { e2eCount: number }).e2eCount = n; }, count);
  await page.evaluate(() => {
    const w = window as unknown as { e2eCount: number };
    w.e2eCount = 0;
    window.addEventListener('message', () => { w.e2eCount += 1; });
  });
  const waitFor = async (n: number) => {
    await expect.poll(() => page.evaluate(() => (window as unknown as { e2eCount: number }).e2eCount)).toBe(n);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  };

  // From another origin's window, every message, 'search' included.
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate((url) => { window.open(url, 'hostile'); }, `${hostileOrigin}/`)]);
  await popup.waitForLoadState();
  hits.length = 0; // The hostile page's own alert ran in its own origin, as it may.
  await received(0);
  await popup.evaluate((all) => { for (const m of all) window.opener.postMessage(m, '*'); }, MESSAGES);
  await waitFor(MESSAGES.length);
  await expect(palette(page)).toHaveCount(0);
  await popup.close();

  // From this origin (the content frame and the app itself), everything but 'search'.
  const local = MESSAGES.slice(1);
  await received(0);
  await page.frameLocator('iframe[name="maincontentframe"]').locator('body').evaluate((_, all) => { for (const m of all) window.parent.postMessage(m, window.location.origin); }, local);
  await page.evaluate((all) => { for (const m of all) window.postMessage(m, window.location.origin); }, local);
  await waitFor(local.length * 2);
  await expect(palette(page)).toHaveCount(0);
  // The service worker's listener gets the same: only its own SKIP_WAITING means anything, and the app stays up.
  await page.evaluate(async (all) => {
    const reg = await navigator.serviceWorker?.ready;
    for (const m of all) reg?.active?.postMessage(m);
  }, local.filter((m) => !(typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'SKIP_WAITING')));

  for (const f of page.frames()) expect(await f.evaluate(injectedElements), f.url()).toEqual([]);
  expect(hits).toEqual([]);
  expect(await page.evaluate(() => ({}) as Record<string, unknown>)).not.toHaveProperty('polluted');
  // Still working: the real message and the key open the palette.
  await page.evaluate(() => window.postMessage('search', window.location.origin));
  await expect(palette(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expectAppWorking(page);
  await context.close();
});
