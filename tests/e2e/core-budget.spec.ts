import zlib from 'node:zlib';
import { test, expect, login } from './fixtures';

/** The brief's budget: all JavaScript loaded on opening {base}, gzip-compressed, at most 110 KiB. */
const BUDGET_BYTES = 110 * 1024;

test('opening the base loads at most 110 KiB of gzip-compressed JavaScript', async ({ browser, server }) => {
  // A fresh context without a service worker, so every script really comes over the network.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await login(page, server);
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.set(response.url(), zlib.gzipSync(body, { level: 9 }).length);
  });
  await page.goto(server.url);
  await expect(page.getByText('nagiosadmin').first()).toBeVisible();
  await expect(page.locator('iframe[name="maincontentframe"]')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  const detail = [...scripts].map(([url, size]) => `${(size / 1024).toFixed(1)} KiB ${new URL(url).pathname}`).join('\n');
  expect(total, `JavaScript on first load:\n${detail}`).toBeLessThanOrEqual(BUDGET_BYTES);
  await context.close();
});
