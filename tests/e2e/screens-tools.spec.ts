import type { Locator, Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import type { RunningServer } from './server';

const FRAME = 'iframe[name="maincontentframe"]';
const PASSWORD = 'e2e-user-password';
let count = 0;

/** A name no other test (or retry) in this worker uses: users and common tools are shared per server. */
function unique(prefix: string): string {
  count += 1;
  return `${prefix}${count}w${test.info().workerIndex}r${test.info().retry}`;
}

async function newUser(server: RunningServer): Promise<string> {
  const name = unique('tools');
  await server.admin('create-user', name, PASSWORD, '--monitoring');
  return name;
}

const panel = (page: Page) => page.getByRole('navigation', { name: 'Section menu' });
const table = (page: Page) => page.getByTestId('tools-table');
const row = (page: Page, name: string) => table(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
const toast = (page: Page) => page.getByTestId('toast');

async function addTool(page: Page, name: string, url: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Tool' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Tool' });
  await dialog.getByLabel('Tool Name').fill(name);
  await dialog.getByLabel('URL').fill(url);
  await dialog.getByRole('button', { name: 'Add Tool' }).click();
  return dialog;
}

test.describe('My Tools', () => {
  test('add, view, edit and delete a personal tool; the table and the menu follow', async ({ page, server }) => {
    await login(page, server, await newUser(server), PASSWORD);
    await page.goto(`${server.url}tools/mytools.php`);
    const screen = page.locator('[data-screen="myTools"]');
    await expect(screen.getByRole('heading', { level: 1, name: 'My Tools' })).toBeVisible();
    await expect(screen.getByText('Personal tools are available only to their owner')).toBeVisible();
    await expect(table(page).getByRole('columnheader')).toHaveText(['Tool Name', 'URL', 'Action']);
    await expect(table(page)).toContainText('You have no tools yet.');

    const name = unique('Summary');
    const dialog = await addTool(page, name, 'reports/statussummary.php');
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText('Tool added.');
    await expect(toast(page)).toContainText('Find it under My Tools in the Tools menu.');
    await expect(row(page, name)).toContainText('reports/statussummary.php');
    const entry = panel(page).getByRole('link', { name, exact: true });
    await expect(entry).toBeVisible();

    // View shows a page of this site in the main frame.
    await row(page, name).getByRole('link', { name: `View ${name}` }).click();
    await expect(page).toHaveURL(`${server.url}tools/?xiwindow=${encodeURIComponent(`${server.base}reports/statussummary.php`)}`);
    await expect(page.locator(FRAME)).toHaveAttribute('src', `${server.base}reports/statussummary.php`);

    // The menu entry (go and id) loads the same tool into the frame, replacing its own address.
    await entry.click();
    await expect(page.locator(FRAME)).toHaveAttribute('src', `${server.base}reports/statussummary.php`);
    await expect(page).toHaveURL(`${server.url}tools/?xiwindow=${encodeURIComponent(`${server.base}reports/statussummary.php`)}`);

    await page.goto(`${server.url}tools/mytools.php`);
    const renamed = `${name}x`;
    await row(page, name).getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Tool' });
    await expect(edit.getByLabel('Tool Name')).toHaveValue(name);
    await expect(edit.getByLabel('URL')).toHaveValue('reports/statussummary.php');
    await edit.getByLabel('Tool Name').fill(renamed);
    await edit.getByLabel('URL').press('Enter');
    await expect(edit).toBeHidden();
    await expect(toast(page)).toContainText('Tool edited.');
    await expect(row(page, renamed)).toBeVisible();
    await expect(panel(page).getByRole('link', { name: renamed, exact: true })).toBeVisible();
    await expect(panel(page).getByRole('link', { name, exact: true })).toHaveCount(0);

    await row(page, renamed).getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Tool' });
    await expect(confirm).toContainText(renamed);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(toast(page)).toContainText('Tool deleted.');
    await expect(table(page)).toContainText('You have no tools yet.');
    await expect(panel(page).getByRole('link', { name: renamed, exact: true })).toHaveCount(0);
  });

  test('a refused save shows Failed to add tool. with the server message and keeps the form', async ({ page, server }) => {
    await login(page, server, await newUser(server), PASSWORD);
    await page.goto(`${server.url}tools/mytools.php`);
    const dialog = await addTool(page, 'Bad', 'javascript:alert(1)');
    await expect(toast(page)).toContainText('Failed to add tool.');
    await expect(toast(page)).toContainText('The URL must start with http:// or https://, or be a path under /nagiosxi/.');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('URL')).toHaveValue('javascript:alert(1)');
  });

  test('a tool on another site opens in a new tab, and its menu entry explains why it is not framed', async ({ page, server }) => {
    await login(page, server, await newUser(server), PASSWORD);
    await page.goto(`${server.url}tools/mytools.php`);
    const name = unique('Elsewhere');
    await addTool(page, name, 'https://example.com/status');
    const view = row(page, name).getByRole('link', { name: `View ${name}` });
    await expect(view).toHaveAttribute('href', 'https://example.com/status');
    await expect(view).toHaveAttribute('target', '_blank');
    await expect(view).toHaveAttribute('rel', /noopener/);
    await panel(page).getByRole('link', { name, exact: true }).click();
    const message = page.getByTestId('tool-elsewhere');
    await expect(message).toContainText(`The tool “${name}” is on another website`);
    await expect(message.getByRole('link', { name: `Open ${name} in a new tab` })).toHaveAttribute('target', '_blank');
    await expect(page.locator(FRAME)).toHaveCount(0);
  });

  test('another user does not see my personal tool', async ({ page, browser, server }) => {
    await login(page, server, await newUser(server), PASSWORD);
    await page.goto(`${server.url}tools/mytools.php`);
    const name = unique('Private');
    await addTool(page, name, 'reports/statussummary.php');
    await expect(row(page, name)).toBeVisible();

    const other = await browser.newPage();
    try {
      await login(other, server, await newUser(server), PASSWORD);
      await other.goto(`${server.url}tools/mytools.php`);
      await expect(table(other)).toContainText('You have no tools yet.');
      await expect(panel(other).getByRole('button', { name: 'My Tools' })).toBeVisible();
      await expect(panel(other).getByRole('link', { name, exact: true })).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('the form dialog keeps focus inside and closes with Escape, returning focus', async ({ page, server }) => {
    await login(page, server, await newUser(server), PASSWORD);
    await page.goto(`${server.url}tools/mytools.php`);
    const opener = page.getByRole('button', { name: 'Add Tool' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Tool' });
    await expect(dialog.getByLabel('Tool Name')).toBeFocused();
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe('Common Tools', () => {
  test('add, edit and delete a common tool; every user sees it, and it opens in a new tab', async ({ page, browser, server }) => {
    await login(page, server, await newUser(server), PASSWORD);
    await page.goto(`${server.url}tools/commontools.php`);
    const screen = page.locator('[data-screen="commonTools"]');
    await expect(screen.getByRole('heading', { level: 1, name: 'Common Tools' })).toBeVisible();
    await expect(screen.getByText('Common tools are available to all users on the system.')).toBeVisible();
    await expect(table(page).getByRole('columnheader')).toHaveText(['Tool Name', 'URL', 'Action']);

    const name = unique('Shared');
    await addTool(page, name, 'https://example.com/shared');
    await expect(toast(page)).toContainText('Find it under Common Tools in the Tools menu.');
    const url = row(page, name).getByRole('link', { name: 'https://example.com/shared' });
    await expect(url).toHaveAttribute('target', '_blank');
    const view = row(page, name).getByRole('link', { name: `View ${name}` });
    await expect(view).toHaveAttribute('target', '_blank');
    await expect(view).toHaveAttribute('rel', /noopener/);
    await expect(panel(page).getByRole('link', { name, exact: true })).toBeVisible();

    const other = await browser.newPage();
    try {
      await login(other, server, await newUser(server), PASSWORD);
      await other.goto(`${server.url}tools/commontools.php`);
      await expect(row(other, name)).toBeVisible();
    } finally {
      await other.close();
    }

    const renamed = `${name}x`;
    await row(page, name).getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Tool' });
    await edit.getByLabel('Tool Name').fill(renamed);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(row(page, renamed)).toBeVisible();
    await expect(panel(page).getByRole('link', { name: renamed, exact: true })).toBeVisible();

    await row(page, renamed).getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete Tool' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText('Tool deleted.');
    await expect(row(page, renamed)).toHaveCount(0);
    await expect(panel(page).getByRole('link', { name: renamed, exact: true })).toHaveCount(0);
  });
});
