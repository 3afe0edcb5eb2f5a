import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const footer = (page: Page) => page.getByRole('contentinfo');
/** Failing reads are retried 3 times from 1 s doubling (spec 9) before a region gives up. */
const AFTER_RETRIES = { timeout: 20_000 };

// Requests a service worker makes bypass page.route, so these tests run without one.
test.use({ serviceWorkers: 'block' });

test.describe('footer', () => {
  test('links to about, legal, the product and updates, with the copyright up to this year', async ({ loggedIn: page, server }) => {
    await expect(footer(page).getByRole('link', { name: 'About' })).toHaveAttribute('href', `${server.base}about/`);
    await expect(footer(page).getByRole('link', { name: 'Legal' })).toHaveAttribute('href', `${server.base}about/?legal`);
    const copyright = footer(page).getByRole('link', { name: /©/ });
    await expect(copyright).toContainText(`© 2008–${new Date().getFullYear()}`);
    const update = footer(page).getByRole('link', { name: 'Check for Updates' });
    await expect(update).toHaveAttribute('target', '_blank');
    await expect(update).toHaveAttribute('rel', 'noopener noreferrer');
    const answer = await page.request.get(`${server.url}api/v2/product/update`);
    const { update_url } = (await answer.json()) as { update_url: string };
    await expect(update).toHaveAttribute('href', update_url);
    const name = await (await page.request.get(`${server.url}api/v2/product/name`)).json() as { display_full_name: string };
    await expect(footer(page).getByRole('link', { name: new RegExp(`^${name.display_full_name}`) })).toHaveAttribute('target', '_blank');
    await footer(page).getByRole('link', { name: 'Legal' }).click();
    await expect(page).toHaveURL(`${server.url}about/?legal`);
  });

  test('branding can hide the about and legal links and the left side', async ({ page, server }) => {
    await page.route('**/api/v2/product/branding', (route) => route.fulfill({
      json: { copyright: 'Example Corp', hide_about: true, hide_legal: true, hide_footer_left: true },
    }));
    await page.goto(`${server.url}login.php`);
    await page.getByLabel('Username').fill('nagiosadmin');
    await page.getByLabel('Password').fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(footer(page).getByRole('link', { name: /© 2008–\d{4} Example Corp/ })).toBeVisible();
    await expect(footer(page).getByRole('link', { name: 'About' })).toHaveCount(0);
    await expect(footer(page).getByRole('link', { name: 'Legal' })).toHaveCount(0);
    await expect(footer(page).getByRole('link', { name: 'Check for Updates' })).toHaveCount(0);
  });

  test('the tray alert icon reflects the tray title and opens the Information and Alerts popover', async ({ loggedIn: page }) => {
    let title = '2 Unhandled Problems';
    await page.route('**/ajaxhelper.php?*', (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('cmd') !== 'getxicoreajax') return route.continue();
      return route.fulfill({ contentType: 'text/html', body: `<div class="tray-alert" title="${title}"><script>window.__tray = 1</script></div>` });
    });
    await page.reload();
    const icon = footer(page).getByRole('button', { name: /Information and Alerts: 2 Unhandled Problems/ });
    await icon.click();
    const popover = page.getByRole('dialog', { name: 'Information and Alerts' });
    await expect(popover).toContainText('2 Unhandled Problems');
    const box = await popover.locator('xpath=..').boundingBox();
    expect(box?.width).toBe(250);
    expect(box?.height).toBe(150);
    expect(await page.evaluate(() => (window as unknown as { __tray?: number }).__tray)).toBeUndefined();
    await page.keyboard.press('Escape');
    title = 'No Problems Detected';
    await page.reload();
    await expect(footer(page).getByRole('link', { name: 'About' })).toBeVisible();
    await expect(footer(page).getByRole('button', { name: /Information and Alerts/ })).toHaveCount(0);
    // An empty title does not contain No Problems Detected either (spec 2.8).
    title = '';
    await page.reload();
    await expect(footer(page).getByRole('button', { name: 'Information and Alerts' })).toBeVisible();
  });
});

test.describe('region failures', () => {
  test('a failing footer shows only its own fallback while the other regions keep working', async ({ page, server }) => {
    await page.route('**/api/v2/product/branding', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
    await page.route('**/admin/banner_message-ajaxhelper.php?*', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
    await page.goto(`${server.url}login.php`);
    await page.getByLabel('Username').fill('nagiosadmin');
    await page.getByLabel('Password').fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Failed to load the footer.')).toBeVisible(AFTER_RETRIES);
    await expect(page.getByText('Failed to load the Announcement banner.')).toBeVisible(AFTER_RETRIES);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Section menu' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: /Profile menu/ })).toBeVisible();
    await expect(page.locator('iframe[name="maincontentframe"]')).toHaveAttribute('src', `${server.base}includes/page-home-main.php`);
    await expect(page.getByText(/Failed to load the (primary menu|secondary menu|header|License banner)/)).toHaveCount(0);
  });

  test('a failing menu call leaves fallbacks in both menus only', async ({ page, server }) => {
    await page.route('**/api/v2/app/menu', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
    await page.goto(`${server.url}login.php`);
    await page.getByLabel('Username').fill('nagiosadmin');
    await page.getByLabel('Password').fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Failed to load the primary menu.')).toBeVisible(AFTER_RETRIES);
    await expect(page.getByText('Failed to load the secondary menu.')).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'About' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Help' })).toBeVisible();
  });
});
