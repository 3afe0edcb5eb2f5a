import { test, expect, login } from './fixtures';
import { startServer } from './server';

const TIMED_OUT = 'Your session has timed out.';

test.describe('session', () => {
  test('logging in shows the app with the username and the menu sections', async ({ loggedIn: page, server }) => {
    expect(new URL(page.url()).pathname).toBe(server.base);
    await expect(page.getByText('nagiosadmin').first()).toBeVisible();
    const menu = await (await page.request.get(`${server.url}api/v2/app/menu`)).json() as Record<string, { label: string; path: string }>;
    expect(Object.keys(menu).length).toBeGreaterThan(5);
    for (const section of Object.values(menu)) {
      if (section.path.endsWith('.php')) continue; // the configuration manager has no rail entry of its own
      await expect(page.getByRole('link', { name: section.label, exact: true }).first()).toBeVisible();
    }
    await expect(page.locator('iframe[name="maincontentframe"]')).toHaveAttribute('src', `${server.base}includes/page-home-main.php`);
  });

  test('the app and its frame run under a content security policy without violating it', async ({ page, server }) => {
    const violations: string[] = [];
    page.on('console', (m) => { if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text()); });
    const response = page.waitForResponse((r) => new URL(r.url()).pathname === server.base && r.request().resourceType() === 'document');
    await login(page, server);
    expect((await response).headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.frameLocator('iframe[name="maincontentframe"]').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('nagiosadmin').first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('logging out returns to the login page, and the app then asks for a login again', async ({ loggedIn: page, server }) => {
    const auth = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
    await page.goto(`${server.url}login.php?logout&nsp=${encodeURIComponent(auth.nsp)}`);
    await expect(page.getByText('You have logged out.')).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
    await page.goto(server.url);
    await expect(page).toHaveURL(/login\.php/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('a 401 on any call swaps the whole app for the session-timeout screen', async ({ page, server }) => {
    await page.clock.install();
    await login(page, server);
    await expect(page.getByText('nagiosadmin').first()).toBeVisible();
    await page.context().clearCookies({ name: 'pharos_session' });
    // The next keep-alive is the next call; it answers 401.
    await page.clock.runFor(61_000);
    await expect(page.getByText(TIMED_OUT)).toBeVisible();
    const link = page.getByRole('link', { name: 'Log in' });
    await expect(link).toHaveAttribute('href', new RegExp(`^${server.base}login\\.php`));
    await expect(page.locator('iframe')).toHaveCount(0);
    await link.click();
    await expect(page.getByLabel('Username')).toBeVisible();
  });
});

test.describe('session expiry', () => {
  test('an idle session ends with the timeout screen once the keep-alive is refused', async ({ page }) => {
    const server = await startServer({ PHAROS_SESSION_IDLE_SECONDS: '2' });
    try {
      await page.clock.install();
      await login(page, server);
      await expect(page.getByText('nagiosadmin').first()).toBeVisible();
      // Each step fires the 60 s keep-alive; once the server has seen 2 s without a call, it answers 401.
      await expect(async () => {
        await page.clock.runFor(61_000);
        await expect(page.getByText(TIMED_OUT)).toBeVisible({ timeout: 3000 });
      }).toPass({ timeout: 40_000 });
      await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    } finally {
      await server.stop();
    }
  });
});
