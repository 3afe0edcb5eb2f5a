import { request } from '@playwright/test';
import { expect, login, pauseClock, runForAnswered, test } from './fixtures';
import { startServer, type RunningServer } from './server';
import { writeAs } from './writes';

/**
 * Issue 38: admin/displays.php opened by its address (the classic UI links it; in the app the native Displays screen
 * stands in for it) is left open like a status list: it takes in a newly paired display by itself, without a reload.
 */
test.use({ viewport: { width: 1440, height: 900 } });

let server: RunningServer;
// Its own server: paired displays are shown to every administrator.
test.beforeAll(async () => { server = await startServer(); });
test.afterAll(async () => { await server.stop(); });

test('the Displays page opened by address shows a display paired meanwhile within 30 seconds, without a reload', async ({ page }) => {
  await login(page, server);
  await page.clock.install();
  await page.goto(`${server.url}admin/displays.php`);
  const table = page.getByRole('table', { name: 'Paired displays' });
  await expect(table).toContainText('No display is paired yet.');
  await expect(page.locator('main.page > .live-age')).toContainText(/^Data from .+, \d+s old$/);
  await page.evaluate(() => { (window as unknown as { stillHere: boolean }).stillHere = true; });
  await pauseClock(page);

  // Another administrator pairs a screen elsewhere.
  const tv = await request.newContext();
  const { code } = await (await tv.post(`${server.url}api/v2/displays/pair`)).json() as { code: string };
  await tv.dispose();
  await writeAs(page, server, 'api/v2/admin/displays', { code, name: 'Lobby wall', username: 'nagiosadmin' });

  await runForAnswered(page, 30_000);
  await expect(page.getByLabel('Name of display Lobby wall')).toHaveValue('Lobby wall');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});
