import { test, expect, login, runForAnswered } from './fixtures';
import type { Page } from '@playwright/test';
import type { RunningServer } from './server';

/** Puts the admin back on the modern theme through the API, whatever a test left behind. */
async function modernTheme(page: Page, server: RunningServer): Promise<void> {
  const auth = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
  const xsrf = (await page.context().cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  await page.request.post(`${server.url}api/v2/account/theme`, { form: { theme: 'neptune', nsp: auth.nsp }, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
}

test.describe('error dialogs and the classic theme (spec 2.15, 7, 8)', () => {
  test.afterEach(async ({ page, server }) => { await modernTheme(page, server); });

  test('a failed system status shows its error dialog; Switch to Modern posts xi5 and the classic UI shows the status pages; switching back returns to the modern shell', async ({ page, server }) => {
    // Before the first load, so no stored status can stand in for the failed one.
    await page.route('**/api/v2/status/system*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"broken"}' }));
    await login(page, server);
    const dialog = page.getByTestId('error-dialog');
    // The resource retries three times with backoff first.
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('heading')).toHaveText(/encountered an unexpected error\.$/);
    await expect(dialog).toContainText('Failed to load the system status.');
    await expect(dialog.getByRole('button', { name: 'Reload' })).toBeVisible();

    const posted = page.waitForRequest((r) => r.url().endsWith('api/v2/account/theme') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Switch to Modern' }).click();
    expect(new URLSearchParams((await posted).postData() ?? '').get('theme')).toBe('xi5');

    const sections = page.getByRole('navigation', { name: 'Sections' });
    await expect(sections).toBeVisible();
    await page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: 'Service Problems' }).click();
    const frame = page.frameLocator('iframe[name="maincontentframe"]');
    await expect(frame.getByRole('heading', { level: 1 })).toContainText(/Service/);
    await page.unroute('**/api/v2/status/system*');

    await page.getByRole('button', { name: 'Switch to the modern theme' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: /Profile menu for nagiosadmin/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch to the modern theme' })).toHaveCount(0);
    await expect(page.getByTestId('error-dialog')).toHaveCount(0);
  });

  test('a system status the server refuses (403) reads "Status unavailable" and is not a load failure: no error dialog', async ({ page, server }) => {
    await page.route('**/api/v2/status/system*', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: '{"message":"You are not authorized to view the system status."}' }));
    await page.clock.install();
    await login(page, server);
    await expect(page.getByTestId('system-status')).toContainText('Status unavailable');
    // Well past the retries after which a failed load shows its dialog (the 500 case above).
    await runForAnswered(page, 120_000);
    await expect(page.getByTestId('system-status')).toContainText('Status unavailable');
    await expect(page.getByTestId('error-dialog')).toHaveCount(0);
  });

  test('an unknown route in the app sends the browser to the classic error page', async ({ loggedIn: page, server }) => {
    await page.evaluate((target) => {
      history.pushState(null, '', target);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `${server.base}no-such-section/`);
    await page.waitForURL((u) => u.pathname === `${server.base}error.php`);
    await expect(page.getByRole('alert')).toHaveText('Failed to load the requested page.');
  });

  test('a failed account theme load shows the account settings error dialog', async ({ page, server }) => {
    await page.route('**/api/v2/account/theme', (route) => route.request().method() === 'GET'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"broken"}' })
      : route.continue());
    await login(page, server);
    const dialog = page.getByTestId('error-dialog');
    await expect(dialog).toContainText('Failed to load your account settings.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('iframe[name="maincontentframe"]')).toBeVisible();
  });
});
