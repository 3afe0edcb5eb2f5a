import type { FrameLocator } from '@playwright/test';
import { expect, login, pauseClock, runForAnswered, test } from './fixtures';
import { startServer, type RunningServer } from './server';
import { writeAs } from './writes';

/**
 * A monitoring page left open (an operator's frame, a wall's item shown for minutes) never shows old data as current:
 * it says how old its data is, takes in new states in place, and says so when it could not refresh.
 */
const STATUS = 'includes/components/xicore/status.php';

test.describe('monitoring pages left open', () => {
  let server: RunningServer;
  // The demo fleet holds still: only the state this test sets changes.
  test.beforeEach(async () => { server = await startServer({ PHAROS_DEMO_TICK_SECONDS: '3600' }); });
  test.afterEach(async () => { await server.stop(); });

  test('a status list open in the frame counts its data age, shows a new state within a minute without a reload, and says when it could not refresh', async ({ page }) => {
    await login(page, server);
    await page.clock.install();
    await page.goto(`${server.url}?xiwindow=${encodeURIComponent(`${STATUS}?show=services&records=500`)}`);
    const frame: FrameLocator = page.frameLocator('iframe[name=maincontentframe]');
    const age = frame.locator('main.page > .live-age');
    await expect(age).toContainText(/^Data from .+, \d+s old$/);
    const okRow = frame.locator('table.status-list tbody tr').filter({ has: frame.locator('.badge', { hasText: /^OK$/ }) }).first();
    const params = new URL((await okRow.locator('a[href*="show=servicedetail"]').getAttribute('href'))!, server.url).searchParams;
    const [host, service] = [params.get('host')!, params.get('service')!];
    const row = frame.locator('table.status-list tbody tr').filter({ has: frame.getByRole('link', { name: service, exact: true }) })
      .filter({ has: frame.getByRole('link', { name: host, exact: true }) });
    await expect(row.locator('.badge')).toHaveText('OK');
    const framed = await (await page.locator('iframe[name=maincontentframe]').elementHandle())!.contentFrame();
    await framed!.evaluate(() => { (window as unknown as { stillHere: boolean }).stillHere = true; });
    await pauseClock(page);

    await writeAs(page, server, 'api/v2/admin/checkresult', { host, service, state: '2', output: 'CRITICAL - left open' });
    await runForAnswered(page, 60_000);
    await expect(row.locator('.badge')).toHaveText('CRITICAL');
    await expect(row.locator('td.output')).toHaveText('CRITICAL - left open');
    expect(await framed!.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await expect(frame.getByRole('status').filter({ hasText: 'Could not refresh' })).toHaveCount(0);

    await server.stop();
    await page.clock.runFor(61_000);
    // What it showed stays, its age keeps counting, and it says it could not refresh.
    await expect(frame.getByRole('status').filter({ hasText: 'Could not refresh: showing the last data received.' })).toBeVisible();
    await expect(age).toHaveAttribute('data-failed', '');
    await expect(age).toContainText(/, 1m \d+s old$/);
    await expect(row.locator('.badge')).toHaveText('CRITICAL');
    expect(await framed!.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  test('a filter typed and not sent is never replaced: the page waits until it is sent or put back', async ({ page }) => {
    await login(page, server);
    await page.clock.install();
    await page.goto(`${server.url}?xiwindow=${encodeURIComponent(`${STATUS}?show=services`)}`);
    const frame = page.frameLocator('iframe[name=maincontentframe]');
    const search = frame.getByLabel('Search');
    await expect(frame.locator('main.page > .live-age')).toContainText(/^Data from /);
    await search.fill('web');
    // The focus moves away: the typed text is all that says someone is using the page.
    await frame.getByRole('heading', { name: 'Service Status' }).click();
    await pauseClock(page);
    // The page's own refreshes: fetches of its address from inside the frame.
    let refreshes = 0;
    page.on('request', (r) => { if (r.resourceType() === 'fetch' && r.url().includes('show=services') && r.frame() !== page.mainFrame()) refreshes += 1; });
    await runForAnswered(page, 130_000);
    expect(refreshes).toBe(0);
    await expect(search).toHaveValue('web');
    await search.fill('');
    await frame.getByRole('heading', { name: 'Service Status' }).click();
    await runForAnswered(page, 60_000);
    await expect.poll(() => refreshes).toBeGreaterThan(0);
  });
});
