import { request } from '@playwright/test';
import { expect, login, test } from './fixtures';
import { startServer, type RunningServer } from './server';
import { writeAs } from './writes';

/** Issue 20, small things on the admin side, at 1440×900: Admin Home lists Displays; parameters are shown decoded. */

test.use({ viewport: { width: 1440, height: 900 } });

test('Admin Home lists Displays, and the link opens the Displays screen in the app', async ({ loggedIn: page, server }) => {
  await page.goto(`${server.url}admin/main.php`);
  const card = page.locator('section.card').filter({ has: page.getByRole('heading', { name: 'System Config' }) });
  await expect(card.getByRole('link', { name: 'Displays', exact: true })).toHaveAttribute('href', `${server.base}admin/displays.php`);
  // The worker's server is shared: other specs may have paired displays on it, so the count is the server's own.
  const displays = await (await page.request.get(`${server.url}api/v2/admin/displays`)).json() as unknown[];
  await expect(card).toContainText(`${displays.length} paired display${displays.length === 1 ? '' : 's'}`);

  await page.goto(`${server.url}admin/`);
  const frame = page.frameLocator('iframe[name="maincontentframe"]');
  await frame.getByRole('link', { name: 'Displays', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Displays' })).toBeVisible();
  await expect(page.getByTestId('displays-table')).toBeVisible();
});

test.describe('wallboard parameters', () => {
  // Its own server: a paired display is shown to every administrator, and other tests expect none.
  let server: RunningServer;
  test.beforeAll(async () => { server = await startServer(); });
  test.afterAll(async () => { await server.stop(); });

  const TYPED = 'views=0,1,3&night=22:00-06:00';

  test('the Displays pages show the parameters decoded, and saving them unchanged keeps them', async ({ page }) => {
    const tv = await request.newContext();
    const { code } = await (await tv.post(`${server.url}api/v2/displays/pair`)).json() as { code: string };
    await tv.dispose();
    await login(page, server);
    await writeAs(page, server, 'api/v2/admin/displays', { code, name: 'Lobby wall', username: 'nagiosadmin', params: TYPED });
    const stored = async () => ((await (await page.request.get(`${server.url}api/v2/admin/displays`)).json()) as { params: string }[])[0]!.params;
    const before = await stored();
    expect(before).toContain('%2C');

    // The classic page (the classic UI links it): the field holds the parameters as typed.
    await page.goto(`${server.url}admin/displays.php`);
    const field = page.getByLabel('Wallboard parameters of display Lobby wall');
    await expect(field).toHaveValue(TYPED);
    await page.getByRole('table', { name: 'Paired displays' }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('The display was changed.')).toBeVisible();
    expect(await stored()).toBe(before);

    // The native screen in the app: the table and the change dialog alike.
    await page.goto(`${server.url}admin/?xiwindow=${encodeURIComponent(`${server.base}admin/displays.php`)}`);
    const row = page.getByTestId('displays-table').getByRole('row', { name: /Lobby wall/ });
    await expect(row).toContainText(TYPED);
    await expect(row).not.toContainText('%2C');
    await row.getByRole('button', { name: 'Change Lobby wall' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Lobby wall' });
    await expect(dialog.getByLabel('Wallboard parameters (optional)')).toHaveValue(TYPED);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    expect(await stored()).toBe(before);
  });
});
