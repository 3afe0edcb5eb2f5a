import type { Page } from '@playwright/test';
import { expect, loginAsNewUser, test } from './fixtures';
import { writeAs } from './writes';

/**
 * Issue 20, lists stay in step: a change made anywhere (the shell's dialogs, a native screen, the classic page in the
 * frame, another tab) shows at once in every list of this tab and of the others, without a reload.
 */



const panel = (page: Page) => page.getByRole('navigation', { name: 'Section menu' });
const myViews = (page: Page) => panel(page).getByTestId('nav-group-myviews');
const framed = (page: Page) => page.frameLocator('iframe[name="maincontentframe"]');

async function openGroup(page: Page, name: string): Promise<void> {
  const toggle = panel(page).getByRole('button', { name, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

test.describe('lists stay in step, desktop (1440×900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a view added in the Add View dialog shows in the open Manage My Views table; one removed there leaves the My Views menu at once', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'lists');
    await page.goto(`${server.url}views/?xiwindow=${encodeURIComponent(`${server.base}views/main.php`)}`);
    const table = framed(page).getByRole('table', { name: 'My Views' });
    await expect(table.getByRole('rowheader', { name: 'Problems board' })).toBeVisible();

    await panel(page).getByRole('button', { name: 'Add New View' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New View' });
    await dialog.getByLabel('Title').fill('Night shift board');
    await dialog.getByLabel('URL').fill('includes/page-home-main.php');
    await dialog.getByRole('button', { name: 'Add View' }).click();
    await expect(dialog).toBeHidden();
    // The table in the frame follows without anyone reloading it.
    await expect(table.getByRole('rowheader', { name: 'Night shift board' })).toBeVisible();

    await openGroup(page, 'My Views');
    await expect(myViews(page).getByRole('link', { name: 'Night shift board' })).toBeVisible();
    await table.getByRole('button', { name: 'Remove view Night shift board' }).click();
    await expect(framed(page).getByText('The view was removed.')).toBeVisible();
    // The menu follows the classic page's write within moments, not on the next reload.
    await expect(myViews(page).getByRole('link', { name: 'Night shift board' })).toHaveCount(0, { timeout: 5000 });
    await expect(myViews(page).getByRole('link', { name: 'Problems board' })).toBeVisible();
  });

  test('another tab follows: a dashboard added on Manage My Dashboards and a view removed in the frame show in the other tab without a reload', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'lists');
    const other = await page.context().newPage();
    await other.setViewportSize({ width: 1440, height: 900 });
    await other.goto(`${server.url}views/`);
    await openGroup(other, 'My Views');
    await expect(myViews(other).getByRole('link', { name: 'Tactical overview' })).toBeVisible();

    await page.goto(`${server.url}views/?xiwindow=${encodeURIComponent(`${server.base}views/main.php`)}`);
    await framed(page).getByRole('button', { name: 'Remove view Tactical overview' }).click();
    await expect(framed(page).getByText('The view was removed.')).toBeVisible();
    await expect(myViews(other).getByRole('link', { name: 'Tactical overview' })).toHaveCount(0, { timeout: 5000 });

    // The other tab shows Manage My Dashboards; a dashboard added through this tab's Add Dashboard lands in its table.
    await other.goto(`${server.url}dashboards/manage.php`);
    const dashboards = other.getByTestId('dashboards-table');
    await expect(dashboards.getByRole('rowheader').first()).toBeVisible();
    await page.goto(`${server.url}dashboards/manage.php`);
    await page.locator('[data-screen="manageDashboards"]').getByRole('button', { name: 'Add Dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Dashboard' });
    await dialog.getByLabel('Title').fill('Wall of the night shift');
    await dialog.getByRole('button', { name: 'Add Dashboard' }).click();
    await expect(dialog).toBeHidden();
    await expect(dashboards.getByRole('rowheader', { name: 'Wall of the night shift', exact: true })).toBeVisible({ timeout: 5000 });
  });
});

test.describe('lists stay in step, phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a view removed in the frame leaves the drawer\'s My Views at once', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'lists');
    await writeAs(page, server, 'ajaxhelper.php', { cmd: 'addview', title: 'Phone view', url: 'includes/page-home-main.php' });
    await page.goto(`${server.url}views/?xiwindow=${encodeURIComponent(`${server.base}views/main.php`)}`);
    const remove = framed(page).getByRole('button', { name: 'Remove view Phone view' });
    await remove.click();
    await expect(framed(page).getByText('The view was removed.')).toBeVisible();
    // The phone's menu is in the drawer: open it and look.
    await page.getByRole('banner').getByRole('button', { name: 'Open navigation' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    const toggle = drawer.getByRole('button', { name: 'My Views', exact: true });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.tap();
    const group = drawer.getByTestId('nav-group-myviews');
    await expect(group.getByRole('link', { name: 'Problems board' })).toBeVisible();
    await expect(group.getByRole('link', { name: 'Phone view' })).toHaveCount(0);
  });
});
