import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const panel = (page: Page) => page.getByRole('navigation', { name: 'Section menu' });
const frame = (page: Page) => page.locator('iframe[name="maincontentframe"]');

test.describe('secondary navigation', () => {
  test('shows the section title and its groups', async ({ loggedIn: page }) => {
    await expect(panel(page).getByRole('heading', { level: 2 })).toHaveText('Home');
    await expect(panel(page).getByRole('button', { name: 'Quick View' })).toHaveAttribute('aria-expanded', 'true');
    await expect(panel(page).getByRole('button', { name: 'Favorites' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('in-frame entries load their page in the main frame and keep the address in xiwindow', async ({ loggedIn: page, server }) => {
    const link = panel(page).getByRole('link', { name: 'Host Status' });
    await expect(link).not.toHaveAttribute('target');
    await link.click();
    await expect(page).toHaveURL(`${server.url}?xiwindow=${encodeURIComponent('includes/components/xicore/status.php?show=hosts')}`);
    await expect(frame(page)).toHaveAttribute('src', `${server.base}includes/components/xicore/status.php?show=hosts`);
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(page.frameLocator('iframe[name="maincontentframe"]').locator('body')).not.toBeEmpty();
  });

  test('entries in other sections are addressed relative to their section', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}admin/`);
    await panel(page).getByRole('link', { name: 'Manage Users' }).click();
    await expect(page).toHaveURL(`${server.url}admin/?xiwindow=users.php`);
    await expect(frame(page)).toHaveAttribute('src', `${server.base}admin/users.php`);
  });

  test('_top entries navigate the whole app', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}dashboards/`);
    const manage = panel(page).getByRole('link', { name: 'Manage My Dashboards' });
    await expect(manage).toHaveAttribute('href', `${server.base}dashboards/manage.php`);
    await expect(manage).toHaveAttribute('target', '_top');
    const loaded = page.waitForEvent('load');
    await manage.click();
    await loaded;
    await expect(page).toHaveURL(`${server.url}dashboards/manage.php`);
  });

  test('other entries are normal links; new-tab ones carry noopener noreferrer', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}help/`);
    // Help Resources is not one of the groups that start open (spec 2.10).
    const group = panel(page).getByRole('button', { name: 'Help Resources' });
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await group.click();
    const docs = panel(page).getByRole('link', { name: 'Documentation' });
    await expect(docs).toHaveAttribute('href', 'https://library.nagios.com/');
    await expect(docs).toHaveAttribute('target', '_blank');
    await expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('entries without a page are buttons, never links to #', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}views/`);
    await expect(panel(page).getByRole('button', { name: 'Add New View' })).toBeEnabled();
    await expect(panel(page).getByRole('button', { name: 'Rotate Views' })).toHaveAttribute('aria-pressed', 'false');
    await expect(panel(page).locator('a[href="#"], a[href$="/#"]')).toHaveCount(0);
  });

  test('a collapsed group stays collapsed after a reload, for this user only', async ({ loggedIn: page }) => {
    const quickView = panel(page).getByRole('button', { name: 'Quick View' });
    await quickView.click();
    await expect(quickView).toHaveAttribute('aria-expanded', 'false');
    await expect(panel(page).getByRole('link', { name: 'Host Status' })).toBeHidden();
    await page.reload();
    await expect(panel(page).getByRole('button', { name: 'Quick View' })).toHaveAttribute('aria-expanded', 'false');
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('nagiosadmin')));
    expect(stored.length).toBeGreaterThan(0);
    await panel(page).getByRole('button', { name: 'Quick View' }).click();
    await expect(panel(page).getByRole('link', { name: 'Host Status' })).toBeVisible();
  });
});
