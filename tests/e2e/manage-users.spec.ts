import AxeBuilder from '@axe-core/playwright';
import type { Browser, FrameLocator, Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import { ADMIN, startServer, type RunningServer } from './server';
import { setTheme, THEMES } from './writes';

/**
 * Issue 38, users in the UI: an administrator runs users from Manage Users (admin/users.php in the app's frame), by
 * clicks and keys. A server of its own: the last-administrator rule needs exactly one administrator.
 */
test.use({ viewport: { width: 1440, height: 900 } });

let server: RunningServer;
test.beforeAll(async () => { server = await startServer(); });
test.afterAll(async () => { await server.stop(); });

const frame = (page: Page): FrameLocator => page.frameLocator('iframe[name="maincontentframe"]');
const usersTable = (page: Page) => frame(page).getByRole('table', { name: 'User accounts and their permissions' });
const rowOf = (page: Page, name: string) => usersTable(page).getByRole('row').filter({ has: frame(page).getByRole('rowheader', { name, exact: true }) });

/** Admin → Manage Users, as the menus lead there. */
async function openManageUsers(page: Page): Promise<void> {
  await login(page, server);
  await page.goto(`${server.url}admin/`);
  await page.getByRole('navigation', { name: 'Section menu' }).getByRole('link', { name: 'Manage Users' }).click();
  await expect(frame(page).getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
}

/** Another person at another browser. */
async function otherBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

test('a user made on Manage Users who then signs in', async ({ page, browser }) => {
  const name = `newop${test.info().retry}`;
  await openManageUsers(page);
  const f = frame(page);
  await f.getByRole('link', { name: 'Add user' }).click();
  await expect(f.getByRole('heading', { level: 1, name: 'Add a user' })).toBeVisible();
  await f.getByLabel('Username').fill(name);
  await f.getByLabel('Password', { exact: true }).fill('short');
  await f.getByLabel('Repeat the password').fill('short');
  await f.getByLabel('Monitoring system').check();
  await f.getByLabel('Theme').selectOption({ label: 'Light' });
  await f.getByRole('button', { name: 'Add user' }).click();

  // Refused in the form: the field and the rule named, the field marked, what was typed kept but the password.
  await expect(f.getByRole('alert').filter({ hasText: 'password' })).toHaveText("The field 'password' must be at least 8 characters.");
  await expect(f.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(f.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(f.getByLabel('Username')).toHaveValue(name);
  await expect(f.getByLabel('Monitoring system')).toBeChecked();
  await expect(f.getByLabel('Theme')).toHaveValue('neptunelight');

  await f.getByLabel('Password', { exact: true }).fill('operator-password');
  await f.getByLabel('Repeat the password').fill('operator-password');
  await f.getByLabel('Repeat the password').press('Enter');
  await expect(f.getByRole('status')).toHaveText(`The user '${name}' was added.`);
  const row = rowOf(page, name);
  await expect(row.getByRole('cell')).toHaveText(['Active', 'No', 'Yes', 'No', 'No', 'No', 'Light', 'English', /Edit/]);

  const theirs = await otherBrowser(browser);
  await login(theirs, server, name, 'operator-password');
  await expect(theirs.getByRole('banner', { includeHidden: true }).getByRole('button', { name: `Profile menu for ${name}`, includeHidden: true }))
    .toBeVisible();
  await expect(theirs.locator('html')).toHaveClass(/neptunelight/);
  await theirs.context().close();
});

test('delete asks first, says what goes with the user, and Cancel keeps them', async ({ page }) => {
  const name = `leaver${test.info().retry}`;
  await server.admin('create-user', name, 'leaver-password', '--monitoring');
  await openManageUsers(page);
  const f = frame(page);
  await rowOf(page, name).getByRole('link', { name: `Delete ${name}` }).click();
  await expect(f.getByRole('heading', { level: 1, name: `Delete user ${name}?` })).toBeVisible();
  const goes = f.getByRole('region', { name: 'These are deleted with the user:' }).getByRole('listitem');
  await expect(goes.first()).toHaveText('3 views in My Views');
  await expect(goes).toContainText(['dashboards', 'favorites', 'personal tools', 'scheduled page reports', 'paired displays',
    'open sessions', 'their settings']);
  await f.getByRole('link', { name: 'Cancel' }).click();
  await expect(rowOf(page, name)).toBeVisible();

  await rowOf(page, name).getByRole('link', { name: `Delete ${name}` }).click();
  await f.getByRole('button', { name: `Delete user ${name}` }).click();
  await expect(f.getByRole('status')).toHaveText(`The user '${name}' was deleted.`);
  await expect(rowOf(page, name)).toHaveCount(0);
});

test('the last administrator cannot be disabled or deleted: a clear message, nothing changed', async ({ page }) => {
  await openManageUsers(page);
  const f = frame(page);
  await rowOf(page, ADMIN.username).getByRole('button', { name: `Disable ${ADMIN.username}` }).click();
  await expect(f.getByRole('alert')).toHaveText('The last administrator cannot be disabled.');
  await expect(rowOf(page, ADMIN.username).getByRole('cell').first()).toHaveText('Active');

  await rowOf(page, ADMIN.username).getByRole('link', { name: `Delete ${ADMIN.username}` }).click();
  await f.getByRole('button', { name: `Delete user ${ADMIN.username}` }).click();
  await expect(f.getByRole('alert')).toHaveText('The last administrator cannot be deleted.');
  await expect(rowOf(page, ADMIN.username)).toBeVisible();
  // Still signed in, still an administrator.
  await page.reload();
  await expect(frame(page).getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
});

test('a disabled user is signed out at once and cannot sign in until enabled again', async ({ page, browser }) => {
  const name = `paused${test.info().retry}`;
  await server.admin('create-user', name, 'paused-password', '--monitoring');
  const theirs = await otherBrowser(browser);
  await login(theirs, server, name, 'paused-password');

  await openManageUsers(page);
  const f = frame(page);
  await rowOf(page, name).getByRole('button', { name: `Disable ${name}` }).click();
  await expect(f.getByRole('status')).toHaveText(`'${name}' is disabled: they cannot sign in, and their sessions have ended.`);
  await expect(rowOf(page, name).getByRole('cell').first()).toHaveText('Disabled');

  await theirs.goto(server.url);
  await expect(theirs).toHaveURL(/login\.php/);
  await theirs.getByLabel('Username').fill(name);
  await theirs.getByLabel('Password').fill('paused-password');
  await theirs.getByRole('button', { name: 'Login' }).click();
  await expect(theirs.getByRole('alert')).toHaveText('This account is disabled. Ask an administrator to enable it.');

  await rowOf(page, name).getByRole('button', { name: `Enable ${name}` }).click();
  await expect(rowOf(page, name).getByRole('cell').first()).toHaveText('Active');
  await theirs.getByLabel('Password').fill('paused-password');
  await theirs.getByRole('button', { name: 'Login' }).click();
  await theirs.waitForURL((u) => !u.pathname.endsWith('login.php'));
  await theirs.context().close();
});

test('its list, forms, a refusal and the delete confirmation have no serious accessibility faults in any theme', async ({ page }) => {
  await login(page, server);
  const pages = ['admin/users.php', 'admin/users.php?action=add', 'admin/users.php?action=edit&id=1', 'admin/users.php?action=delete&id=1'];
  try {
    for (const theme of THEMES) {
      await setTheme(page, server, theme);
      for (const path of pages) {
        await page.goto(`${server.url}${path}`);
        await expectNoSeriousFaults(page, `${theme} ${path}`);
      }
      // A refused form: the message, the marked field.
      await page.goto(`${server.url}admin/users.php?action=add`);
      await page.getByRole('button', { name: 'Add user' }).click();
      await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousFaults(page, `${theme} refused add`);
    }
  } finally {
    await setTheme(page, server, 'neptune');
  }
});

async function expectNoSeriousFaults(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, where).toEqual([]);
}

test.describe('on a phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('each user is a card with every value named, and an edit by taps is saved', async ({ page }) => {
    const name = `phoneop${test.info().retry}`;
    await server.admin('create-user', name, 'phone-password', '--monitoring');
    await login(page, server);
    await page.goto(`${server.url}admin/?xiwindow=users.php`);
    const f = frame(page);
    const row = rowOf(page, name);
    await expect(row).toBeVisible();
    // Each value is named before it on the card (the table's head is not shown there).
    const shown = () => row.getByRole('cell').evaluateAll((cells) => cells
      .map((c) => `${getComputedStyle(c, '::before').content.replace(/^"|"$/g, '').replace(/^none$/, '')}${c.textContent!.trim()}`));
    expect((await shown()).slice(0, 8)).toEqual(['Active', 'Administrator: No', 'Monitoring system: Yes', 'Configure objects: No',
      'Core Config Manager: No', 'Auto-deploy: No', 'Theme: Dark', 'Language: English']);
    // The card fits: nothing of it is cut off or scrolls sideways.
    const wrap = f.locator('.table-wrap');
    expect(await wrap.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);

    await row.getByRole('link', { name: `Edit ${name}` }).tap();
    await f.getByLabel('Theme').selectOption({ label: 'Colorblind' });
    await f.getByLabel('Language').selectOption({ label: 'Deutsch' });
    await f.getByRole('button', { name: 'Save changes' }).tap();
    await expect(f.getByRole('status')).toHaveText(`The changes to '${name}' were saved.`);
    await expect.poll(async () => (await shown()).slice(6, 8)).toEqual(['Theme: Colorblind', 'Language: Deutsch']);
  });
});
