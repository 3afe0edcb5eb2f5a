import type { Locator, Page } from '@playwright/test';
import { expect, login, pauseClock, runForAnswered, test } from './fixtures';
import { startServer, type RunningServer } from './server';

/** The secondary menu's special entries (spec 2.10) and view rotation (spec 4), on a server of their own. */
let server: RunningServer;
const PASSWORD = 'e2e-menu-password';
let users = 0;

test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

/** Views, favourites, icons and dashboards belong to their user: each test starts with a user of its own. */
async function loginAsNewUser(page: Page): Promise<void> {
  users += 1;
  const name = `menu${users}w${test.info().workerIndex}r${test.info().retry}`;
  await server.admin('create-user', name, PASSWORD, '--monitoring');
  await login(page, server, name, PASSWORD);
}

/** A write as the app makes it: form-encoded, with nsp and the XSRF cookie echoed in X-XSRF-TOKEN. */
async function post(page: Page, path: string, form: Record<string, string>): Promise<unknown> {
  const { nsp } = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
  const xsrf = (await page.context().cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(`${server.url}${path}`, { form: { ...form, nsp }, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

const HOSTS = 'includes/components/xicore/status.php?show=hosts';
/** The default My Views of every new user. */
const BOARD = 'includes/components/pharos/problemsboard.php';
const TACTICAL = 'includes/page-home-main.php';
const HOSTGROUPS = 'includes/components/xicore/status.php?show=hostgroups';

/** Through the classic My Views page, so a test can rotate through views of its own. */
async function removeDefaultViews(page: Page): Promise<void> {
  await page.goto(`${server.url}views/main.php`);
  for (const title of ['Problems board', 'Tactical overview', 'Host groups']) {
    await page.getByRole('button', { name: `Remove view ${title}` }).click();
    await expect(page.getByText('The view was removed.')).toBeVisible();
  }
}
const SERVICES = 'includes/components/xicore/status.php?show=services';
const panel = (page: Page) => page.getByRole('navigation', { name: 'Section menu' });
const group = (page: Page, id: string) => panel(page).getByTestId(`nav-group-${id}`);
const frame = (page: Page) => page.locator('iframe[name="maincontentframe"]');
const toast = (page: Page) => page.getByTestId('toast');
const bar = (page: Page) => panel(page).getByRole('group', { name: 'View rotation' });

async function openGroup(page: Page, name: string): Promise<void> {
  const toggle = panel(page).getByRole('button', { name, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

test.describe('views section', () => {
  test('Add New View: a title and a URL with the protocol hint; the view appears in My Views', async ({ page }) => {
    await loginAsNewUser(page);
    await page.goto(`${server.url}views/`);
    await panel(page).getByRole('button', { name: 'Add New View' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New View' });
    await expect(dialog.getByText('Include the protocol (http:// or https://), for example https://www.example.com/')).toBeVisible();
    await dialog.getByLabel('Title').fill('All hosts');
    await dialog.getByLabel('URL').fill(`${server.url}${HOSTS}`);
    await dialog.getByRole('button', { name: 'Add View' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText('View added.');
    await expect(toast(page)).toContainText('A new view has been created.');
    await expect(group(page, 'myviews').getByRole('link', { name: 'All hosts' })).toBeVisible();
  });

  test('a refused view keeps the dialog and its input, and says why', async ({ page }) => {
    await loginAsNewUser(page);
    await page.goto(`${server.url}views/`);
    await panel(page).getByRole('button', { name: 'Add New View' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New View' });
    await dialog.getByLabel('Title').fill('Bad');
    await dialog.getByLabel('URL').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Add View' }).click();
    await expect(toast(page)).toContainText('Failed to add view.');
    await expect(dialog.getByRole('alert')).toContainText("The field 'url' must be an http or https address");
    await expect(dialog.getByLabel('Title')).toHaveValue('Bad');
  });

  test('a fresh user rotates the default views: Problems board, Tactical overview, Host groups', async ({ page }) => {
    await loginAsNewUser(page);
    await page.clock.install();
    await page.goto(`${server.url}views/`);
    await expect(group(page, 'myviews').getByRole('link')).toHaveText(['Problems board', 'Tactical overview', 'Host groups']);
    await panel(page).getByRole('button', { name: 'Rotate Views' }).click();
    await expect(frame(page)).toHaveAttribute('src', `${server.base}${BOARD}`);
    await expect(page.frameLocator('iframe[name="maincontentframe"]').getByRole('heading', { name: 'Problems' })).toBeVisible();
    for (const next of [TACTICAL, HOSTGROUPS, BOARD]) {
      await page.clock.runFor(10_000);
      await expect(frame(page)).toHaveAttribute('src', `${server.base}${next}`);
    }
  });

  test('rotation: start shows the first view, the countdown advances to the next, pause stops it, skip and rewind move', async ({ page }) => {
    await loginAsNewUser(page);
    await removeDefaultViews(page);
    await post(page, 'ajaxhelper.php', { cmd: 'addview', title: 'Hosts', url: HOSTS });
    await post(page, 'ajaxhelper.php', { cmd: 'addview', title: 'Services', url: SERVICES });
    await page.clock.install();
    await page.goto(`${server.url}views/`);
    const rotate = panel(page).getByRole('button', { name: 'Rotate Views' });
    await expect(rotate).toHaveAttribute('aria-pressed', 'false');
    await expect(bar(page).getByRole('timer')).toHaveText('Paused');
    // From here only the test moves the clock: real time on a loaded machine must not advance the rotation.
    await pauseClock(page);
    await rotate.click();
    await expect(rotate).toHaveAttribute('aria-pressed', 'true');
    await expect(frame(page)).toHaveAttribute('src', `${server.base}${HOSTS}`);
    await expect(bar(page).getByRole('timer')).toHaveText('Next view in 10 s');
    await page.clock.runFor(3000);
    await expect(bar(page).getByRole('timer')).toHaveText('Next view in 7 s');
    await page.clock.runFor(7000);
    await expect(frame(page)).toHaveAttribute('src', `${server.base}${SERVICES}`);
    await expect(bar(page).getByRole('timer')).toHaveText('Next view in 10 s');

    await bar(page).getByRole('button', { name: 'Pause rotation' }).click();
    await expect(rotate).toHaveAttribute('aria-pressed', 'false');
    await runForAnswered(page, 30_000);
    await expect(frame(page)).toHaveAttribute('src', `${server.base}${SERVICES}`);

    await bar(page).getByRole('button', { name: 'Previous view' }).click();
    await expect(frame(page)).toHaveAttribute('src', `${server.base}${HOSTS}`);
    await bar(page).getByRole('button', { name: 'Next view' }).click();
    await expect(frame(page)).toHaveAttribute('src', `${server.base}${SERVICES}`);
    // Skip past the last view wraps around to the first.
    await bar(page).getByRole('button', { name: 'Next view' }).click();
    await expect(frame(page)).toHaveAttribute('src', `${server.base}${HOSTS}`);

    await bar(page).getByRole('button', { name: 'Start rotation' }).click();
    await expect(rotate).toHaveAttribute('aria-pressed', 'true');
    await page.clock.runFor(10_000);
    await expect(frame(page)).toHaveAttribute('src', `${server.base}${SERVICES}`);
  });

  test('the speed slider works from the keyboard (10-60, Page Up and Shift+arrows by 10) and is kept across reloads', async ({ page }) => {
    await loginAsNewUser(page);
    await page.goto(`${server.url}views/`);
    const slider = bar(page).getByRole('slider', { name: 'Rotation speed' });
    await expect(slider).toHaveValue('10');
    await expect(slider).toHaveAttribute('aria-valuetext', '10 seconds');
    await slider.focus();
    await page.keyboard.press('PageUp');
    await expect(slider).toHaveValue('20');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(slider).toHaveValue('30');
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveValue('29');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveValue('10');
    await page.keyboard.press('End');
    await page.keyboard.press('PageDown');
    await expect(slider).toHaveValue('50');
    await expect.poll(async () => (await page.request.get(`${server.url}ajaxhelper.php?cmd=getusermeta&opts=view_rotation_speed`)).json()).toBe(50);
    await page.reload();
    await expect(bar(page).getByRole('slider', { name: 'Rotation speed' })).toHaveValue('50');
  });
});

test.describe('favorites', () => {
  async function addFavorite(page: Page, title: string): Promise<Locator> {
    await post(page, 'includes/components/favorites/ajax.php', { mode: 'add', title, url: HOSTS });
    await page.goto(server.url);
    const link = group(page, 'favorites').getByRole('link', { name: title });
    await expect(link).toBeVisible();
    return link;
  }

  test('rename through the context menu (right click); Escape cancels, an empty title is refused', async ({ page }) => {
    await loginAsNewUser(page);
    const link = await addFavorite(page, 'Problems');
    await link.click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'Problems' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Rename', 'Delete']);
    await menu.getByRole('menuitem', { name: 'Rename' }).click();
    const field = group(page, 'favorites').getByRole('textbox', { name: 'Favorite title' });
    await expect(field).toBeFocused();
    await field.fill('Gone');
    await field.press('Escape');
    await expect(group(page, 'favorites').getByRole('link', { name: 'Problems' })).toBeFocused();

    await link.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await field.fill('');
    await field.press('Enter');
    await expect(group(page, 'favorites').getByText('Enter a title for the favorite.')).toBeVisible();
    await field.fill('Host problems');
    await group(page, 'favorites').getByRole('button', { name: 'Save' }).click();
    await expect(group(page, 'favorites').getByRole('link', { name: 'Host problems' })).toBeFocused();
    await expect(toast(page)).toContainText('Favorite renamed.');
    await page.reload();
    await expect(group(page, 'favorites').getByRole('link', { name: 'Host problems' })).toBeVisible();
  });

  test('delete from the keyboard (Shift+F10)', async ({ page }) => {
    await loginAsNewUser(page);
    const link = await addFavorite(page, 'Problems');
    await link.focus();
    await page.keyboard.press('Shift+F10');
    await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(toast(page)).toContainText('Favorite deleted.');
    await expect(link).toBeHidden();
    await page.reload();
    await expect(group(page, 'favorites').getByText('Nothing here yet.')).toBeVisible();
  });

  test('a touch held for 700 ms opens the context menu', async ({ page }) => {
    await loginAsNewUser(page);
    await page.clock.install();
    const link = await addFavorite(page, 'Problems');
    // Paused, so no real time that passes under load counts towards the 700 ms.
    await pauseClock(page);
    await link.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true, button: 0 });
    await page.clock.runFor(699);
    await expect(page.getByRole('menu')).toHaveCount(0);
    await page.clock.runFor(1);
    // The menu's own opening (overlay code, positioning frames) runs on the clock too.
    await page.clock.resume();
    await expect(page.getByRole('menu', { name: 'Problems' })).toBeVisible();
  });
});

test.describe('dashboards section', () => {
  test('Add Dashboard from the menu adds a My Dashboards entry', async ({ page }) => {
    await loginAsNewUser(page);
    await page.goto(`${server.url}dashboards/`);
    await panel(page).getByRole('button', { name: 'Add Dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Dashboard' });
    await dialog.getByLabel('Title').fill('Ops wall');
    await dialog.getByRole('button', { name: 'Add Dashboard' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText('Dashboard added.');
    await openGroup(page, 'My Dashboards');
    await expect(group(page, 'mydashboards').getByRole('link', { name: 'Ops wall' })).toBeVisible();
  });

  test('the change-icon picker: an 8-column grid, keyboard choice, kept across reloads', async ({ page }) => {
    await loginAsNewUser(page);
    await page.goto(`${server.url}dashboards/`);
    await openGroup(page, 'My Dashboards');
    const change = group(page, 'mydashboards').getByRole('button', { name: 'Change icon of Home Dashboard' });
    await expect(change.locator('svg')).toHaveAttribute('data-icon', 'dashboards');
    await change.click();
    const grid = page.getByRole('listbox', { name: 'Choose an icon for Home Dashboard' });
    await expect(grid.getByRole('option')).toHaveCount(24);
    const tops = await grid.getByRole('option').evaluateAll((options) => options.map((o) => o.getBoundingClientRect().top));
    expect(new Set(tops.slice(0, 8)).size).toBe(1);
    expect(tops[8]).toBeGreaterThan(tops[7]!);
    await expect(grid.getByRole('option', { name: 'Dashboard' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect(grid.getByRole('option', { name: 'User' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(grid).toBeHidden();
    await expect(change).toBeFocused();
    await expect(change.locator('svg')).toHaveAttribute('data-icon', 'user');
    await page.reload();
    await openGroup(page, 'My Dashboards');
    await expect(group(page, 'mydashboards').getByRole('button', { name: 'Change icon of Home Dashboard' }).locator('svg')).toHaveAttribute('data-icon', 'user');
  });
});
