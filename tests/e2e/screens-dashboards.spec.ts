import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import type { RunningServer } from './server';

const PASSWORD = 'e2e-user-password';
let count = 0;

/** Dashboards belong to their user, so each test gets a user of its own and starts with home and screen only. */
async function loginAsNewUser(page: Page, server: RunningServer): Promise<void> {
  count += 1;
  const name = `dash${count}w${test.info().workerIndex}r${test.info().retry}`;
  await server.admin('create-user', name, PASSWORD, '--monitoring');
  await login(page, server, name, PASSWORD);
  await page.goto(`${server.url}dashboards/manage.php`);
}

const screen = (page: Page) => page.locator('[data-screen="manageDashboards"]');
const table = (page: Page) => page.getByTestId('dashboards-table');
/** A row by its exact title (its row header). */
const row = (page: Page, title: string) =>
  table(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
const toast = (page: Page) => page.getByTestId('toast');
const myDashboards = (page: Page) => page.getByRole('navigation', { name: 'Section menu' }).getByTestId('nav-group-mydashboards');

/** My Dashboards is not one of the groups that start open (spec 2.10). */
async function openMyDashboards(page: Page): Promise<void> {
  const toggle = myDashboards(page).getByRole('button', { name: 'My Dashboards' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

async function addDashboard(page: Page, title: string): Promise<void> {
  await screen(page).getByRole('button', { name: 'Add Dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Dashboard' });
  await expect(dialog.getByLabel('Background Color')).toHaveValue('#131b25');
  await expect(dialog.getByLabel('Transparent')).not.toBeChecked();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Background Color').fill('#204060');
  await dialog.getByLabel('Transparent').check();
  await dialog.getByRole('button', { name: 'Add Dashboard' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('Manage My Dashboards', () => {
  test('lists Title and Action; home cannot be deleted and screen has no actions', async ({ page, server }) => {
    await loginAsNewUser(page, server);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage My Dashboards' })).toBeVisible();
    await expect(table(page).getByRole('columnheader')).toHaveText(['Title', 'Action']);
    await expect(row(page, 'Home Dashboard').getByRole('button')).toHaveText(['Clone', 'Edit', 'Export']);
    await expect(row(page, 'Screen Dashboard')).toBeVisible();
    await expect(row(page, 'Screen Dashboard').getByRole('button')).toHaveCount(0);
  });

  test('add, clone (default title), edit and delete; the table, the menu and the notices follow', async ({ page, server }) => {
    await loginAsNewUser(page, server);
    await openMyDashboards(page);
    await addDashboard(page, 'Network');
    await expect(toast(page)).toContainText('Dashboard added.');
    await expect(row(page, 'Network').getByRole('button')).toHaveText(['Clone', 'Edit', 'Export', 'Delete']);
    await expect(myDashboards(page).getByRole('link', { name: 'Network', exact: true })).toBeVisible();
    const saved = await page.request.get(`${server.url}api/v2/dashboards`);
    expect((await saved.json()) as unknown[]).toContainEqual(expect.objectContaining({ title: 'Network', opts: { background: '204060', transparent: 1 } }));

    await row(page, 'Network').getByRole('button', { name: 'Clone Network' }).click();
    const clone = page.getByRole('dialog', { name: 'Clone Dashboard' });
    await expect(clone.getByLabel('Title')).toHaveValue('Network (Clone)');
    await expect(clone.getByLabel('Background Color')).toHaveValue('#204060');
    await expect(clone.getByLabel('Transparent')).toBeChecked();
    await clone.getByRole('button', { name: 'Clone Dashboard' }).click();
    await expect(toast(page)).toContainText('Dashboard cloned.');
    await expect(row(page, 'Network (Clone)')).toBeVisible();
    await expect(myDashboards(page).getByRole('link', { name: 'Network (Clone)', exact: true })).toBeVisible();

    await row(page, 'Network (Clone)').getByRole('button', { name: 'Edit Network (Clone)' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Dashboard' });
    await expect(edit.getByLabel('Title')).toHaveValue('Network (Clone)');
    await edit.getByLabel('Title').fill('Core switches');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page)).toContainText('Dashboard edited.');
    await expect(row(page, 'Core switches')).toBeVisible();
    await expect(myDashboards(page).getByRole('link', { name: 'Core switches', exact: true })).toBeVisible();

    await row(page, 'Core switches').getByRole('button', { name: 'Delete Core switches' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Dashboard' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(toast(page)).toContainText('Dashboard deleted.');
    await expect(row(page, 'Core switches')).toHaveCount(0);
    await expect(myDashboards(page).getByRole('link', { name: 'Core switches', exact: true })).toHaveCount(0);
  });

  test('export downloads the text named after the title, and importing that file adds the dashboard again', async ({ page, server }) => {
    await loginAsNewUser(page, server);
    await openMyDashboards(page);
    await addDashboard(page, 'Ops wall');
    const downloading = page.waitForEvent('download');
    await row(page, 'Ops wall').getByRole('button', { name: 'Export Ops wall' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Ops wall.txt');
    const file = await download.path();
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ format: 'pharos-dashboard', title: 'Ops wall' });
    await expect(toast(page)).toContainText('Dashboard exported.');

    await screen(page).getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a Dashboard' });
    const submit = dialog.getByRole('button', { name: 'Import', exact: true });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Dashboard File').setInputFiles({ name: 'Ops wall.txt', mimeType: 'text/plain', buffer: fs.readFileSync(file) });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText('Dashboard Imported.');
    await expect(toast(page)).toContainText('Access your new dashboard via My Dashboards.');
    await expect(row(page, 'Ops wall')).toHaveCount(2);
    await expect(myDashboards(page).getByRole('link', { name: 'Ops wall', exact: true })).toHaveCount(2);
  });

  test('a file that is not text is refused on choice, and a text that is not a dashboard by the server', async ({ page, server }) => {
    await loginAsNewUser(page, server);
    await screen(page).getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a Dashboard' });
    const submit = dialog.getByRole('button', { name: 'Import', exact: true });
    await dialog.getByLabel('Dashboard File').setInputFiles({ name: 'picture.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
    await expect(dialog.getByText('File Is Not a Valid Dashboard File!')).toBeVisible();
    await expect(dialog.getByLabel('Dashboard File')).toHaveAttribute('aria-invalid', 'true');
    await expect(submit).toBeDisabled();

    await dialog.getByLabel('Dashboard File').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('shopping list') });
    await expect(dialog.getByText('File Is Not a Valid Dashboard File!')).toHaveCount(0);
    await submit.click();
    await expect(toast(page)).toContainText('Failed to import dashboard.');
    await expect(toast(page)).toContainText('File Is Not a Valid Dashboard File!');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('dialogs keep focus inside, close with Escape and return focus to their button', async ({ page, server }) => {
    await loginAsNewUser(page, server);
    const opener = row(page, 'Home Dashboard').getByRole('button', { name: 'Edit Home Dashboard' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit Dashboard' });
    await expect(dialog.getByLabel('Title')).toBeFocused();
    for (let i = 0; i < 7; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(row(page, 'Home Dashboard')).toBeVisible();
  });

  test('F8 moves focus to the toast, which closes with Escape', async ({ page, server }) => {
    await loginAsNewUser(page, server);
    await addDashboard(page, 'Hotkey');
    await expect(toast(page)).toBeVisible();
    await page.keyboard.press('F8');
    await expect(toast(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toast(page)).toHaveCount(0);
  });
});
