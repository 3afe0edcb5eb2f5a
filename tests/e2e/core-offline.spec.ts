import { test, expect } from './fixtures';

test.describe('service worker', () => {
  test('after one online visit the app paints offline from the cached shell and API answers', async ({ loggedIn: page, server, context }) => {
    await expect(page.getByText('nagiosadmin').first()).toBeVisible();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(server.url);
    // This load goes through the worker, which keeps the API answers for later.
    await page.reload();
    await expect(page.getByText('nagiosadmin').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Views', exact: true }).first()).toBeVisible();

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByText('nagiosadmin').first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Views', exact: true }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('after logout the worker lets the server send app routes to the login page', async ({ loggedIn: page, server }) => {
    await page.evaluate(async () => { await navigator.serviceWorker.ready; });
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const auth = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
    await page.goto(`${server.url}login.php?logout&nsp=${encodeURIComponent(auth.nsp)}`);
    await expect(page.getByText('You have logged out.')).toBeVisible();
    await page.goto(`${server.url}views/`);
    await expect(page).toHaveURL(/login\.php/);
    await expect(page.getByLabel('Username')).toBeVisible();
  });
});
