import type { FrameLocator, Locator, Page } from '@playwright/test';
import { expect, loginAsNewUser, test } from './fixtures';
import type { RunningServer } from './server';

/**
 * Issue 38, views that are quick to arrange: Manage My Views renames and reorders (dragged by its grip with a mouse or a
 * finger, or Move up / Move down by click or by keys, on a desk and on a phone), the rotation and the shell's menu
 * follow the new order at once, and a refused rename says the field and the rule at the field.
 */

const BOARD = 'includes/components/pharos/problemsboard.php';
const TACTICAL = 'includes/page-home-main.php';
const HOSTGROUPS = 'includes/components/xicore/status.php?show=hostgroups';
const panel = (page: Page) => page.getByRole('navigation', { name: 'Section menu' });
const frameEl = (page: Page) => page.locator('iframe[name="maincontentframe"]');
const content = (page: Page): FrameLocator => page.frameLocator('iframe[name="maincontentframe"]');
const titles = (views: FrameLocator) => views.locator('tbody th[scope="row"] .name');
const myViews = (page: Page) => panel(page).getByTestId('nav-group-myviews').getByRole('link');
const grip = (views: FrameLocator, title: string) => views.getByRole('row', { name: title }).locator('.drag-handle');

async function centre(target: Locator): Promise<{ x: number; y: number; height: number }> {
  // The grip shows once the page's script runs.
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, height: box.height };
}

/** A mouse drag as a hand makes it: press on the grip, move in steps to the top of the row `onto`, release. */
async function mouseDrag(page: Page, from: Locator, onto: Locator): Promise<void> {
  const start = await centre(from);
  const end = await centre(onto);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x, end.y - end.height / 4, { steps: 12 });
  await page.mouse.up();
}

async function manageViews(page: Page, server: RunningServer): Promise<FrameLocator> {
  await page.goto(`${server.url}views/`);
  await panel(page).getByRole('link', { name: 'Manage My Views' }).click();
  const views = content(page);
  await expect(views.getByRole('heading', { name: 'My Views' })).toBeVisible();
  return views;
}

test.describe('Manage My Views at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('moves a view up and down, renames one, and the rotation follows the new order at once', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'arrange');
    await page.clock.install();
    const views = await manageViews(page, server);
    await expect(titles(views)).toHaveText(['Problems board', 'Tactical overview', 'Host groups']);
    await expect(views.getByRole('button', { name: 'Move view Problems board up' })).toBeDisabled();

    await views.getByRole('button', { name: 'Move view Host groups up' }).click();
    await expect(titles(views)).toHaveText(['Problems board', 'Host groups', 'Tactical overview']);
    await views.getByRole('button', { name: 'Move view Problems board down' }).click();
    await expect(titles(views)).toHaveText(['Host groups', 'Problems board', 'Tactical overview']);
    await expect(views.getByRole('status')).toHaveText('The view was moved.');

    const rename = views.getByLabel('New title for view Problems board');
    await rename.fill('Wall board');
    await rename.press('Enter');
    await expect(titles(views)).toHaveText(['Host groups', 'Wall board', 'Tactical overview']);
    await expect(views.getByRole('status')).toHaveText('The view was renamed.');

    await panel(page).getByRole('button', { name: 'Rotate Views' }).click();
    await expect(frameEl(page)).toHaveAttribute('src', `${server.base}${HOSTGROUPS}`);
    for (const next of [BOARD, TACTICAL, HOSTGROUPS]) {
      await page.clock.runFor(10_000);
      await expect(frameEl(page)).toHaveAttribute('src', `${server.base}${next}`);
    }
  });

  test('a view dragged by its grip with the mouse takes its new place, in the menu and the rotation too', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'drag');
    await page.clock.install();
    const views = await manageViews(page, server);
    await expect(myViews(page)).toHaveText(['Problems board', 'Tactical overview', 'Host groups']);

    await mouseDrag(page, grip(views, 'Host groups'), views.getByRole('row', { name: 'Problems board' }));
    await expect(views.getByRole('status')).toHaveText('The view was moved.');
    await expect(titles(views)).toHaveText(['Host groups', 'Problems board', 'Tactical overview']);
    // The shell's menu follows without a reload of the app.
    await expect(myViews(page)).toHaveText(['Host groups', 'Problems board', 'Tactical overview']);

    const rename = views.getByLabel('New title for view Tactical overview');
    await rename.fill('Overview');
    await rename.press('Enter');
    await expect(views.getByRole('status')).toHaveText('The view was renamed.');
    await expect(myViews(page)).toHaveText(['Host groups', 'Problems board', 'Overview']);

    await panel(page).getByRole('button', { name: 'Rotate Views' }).click();
    await expect(frameEl(page)).toHaveAttribute('src', `${server.base}${HOSTGROUPS}`);
    await page.clock.runFor(10_000);
    await expect(frameEl(page)).toHaveAttribute('src', `${server.base}${BOARD}`);
  });

  test('Escape during a drag puts the view back and sends nothing', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'dragesc');
    const views = await manageViews(page, server);
    const start = await centre(grip(views, 'Problems board'));
    const end = await centre(views.getByRole('row', { name: 'Host groups' }));
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x, end.y + end.height / 4, { steps: 12 });
    await expect(titles(views)).toHaveText(['Tactical overview', 'Host groups', 'Problems board']);
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await expect(titles(views)).toHaveText(['Problems board', 'Tactical overview', 'Host groups']);
    await views.getByRole('heading', { name: 'My Views' }).click();
    await expect(views.getByRole('status')).toHaveCount(0);
    await page.reload();
    await expect(content(page).locator('tbody th[scope="row"] .name')).toHaveText(['Problems board', 'Tactical overview', 'Host groups']);
  });

  test('a blank title is refused at its field, naming the field and the rule, and nothing changes', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'rename');
    const views = await manageViews(page, server);
    const rename = views.getByLabel('New title for view Tactical overview');
    await rename.fill('   ');
    await views.getByRole('button', { name: 'Rename view Tactical overview' }).click();
    const field = views.getByLabel('New title for view Tactical overview');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription("The field 'title' is required.");
    await expect(views.getByRole('alert')).toHaveText("The field 'title' is required.");
    await expect(titles(views)).toHaveText(['Problems board', 'Tactical overview', 'Host groups']);
  });
});

test.describe('Add New View at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('starts from the page on screen, its address and title, and both can be edited', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'fromscreen');
    const hosts = 'includes/components/xicore/status.php?show=hosts';
    await page.goto(`${server.url}views/?xiwindow=${encodeURIComponent(server.base + hosts)}`);
    await expect(content(page).getByRole('heading', { level: 1 })).toBeVisible();
    const shown = page.frames().find((f) => f.name() === 'maincontentframe' && f.url().includes('show=hosts'));
    const pageTitle = ((await shown?.title()) ?? '').replace(/\s+·\s+[^·]*$/, '');
    expect(pageTitle.length).toBeGreaterThan(0);

    await panel(page).getByRole('button', { name: 'Add New View' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New View' });
    await expect(dialog.getByLabel('Title')).toHaveValue(pageTitle);
    await expect(dialog.getByLabel('URL')).toHaveValue(`${server.url}${hosts}`);
    await dialog.getByLabel('Title').fill('Every host');
    await dialog.getByRole('button', { name: 'Add View' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel(page).getByTestId('nav-group-myviews').getByRole('link', { name: 'Every host' })).toBeVisible();
  });
});

test.describe('Manage My Views on a 390×844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('reorders by keys: Tab to Move down, Enter', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'phone');
    await page.goto(`${server.url}views/main.php`);
    const views = page.mainFrame();
    const down = page.getByRole('button', { name: 'Move view Problems board down' });
    await page.getByRole('button', { name: 'Move view Problems board up' }).evaluate((b) => {
      // The disabled Move up cannot hold focus: start from the link before it.
      (b.closest('td')!.querySelector('a') as HTMLElement | null)?.focus();
    });
    await page.keyboard.press('Tab');
    await expect(down).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(views.locator('tbody th[scope="row"] .name')).toHaveText(['Tactical overview', 'Problems board', 'Host groups']);
    await expect(down).toBeInViewport();
  });
});

test.describe('Manage My Views on an 820×1180 touch tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });

  test('a finger drags a view by its grip to the end, and the menu beside it follows', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'finger');
    await page.goto(`${server.url}views/?xiwindow=main.php`);
    const views = content(page);
    await expect(titles(views)).toHaveText(['Problems board', 'Tactical overview', 'Host groups']);
    const start = await centre(grip(views, 'Problems board'));
    const end = await centre(views.getByRole('row', { name: 'Host groups' }));
    // A real touch sequence (touchstart, moves, touchend), as a finger makes it.
    const touch = await page.context().newCDPSession(page);
    const at = (y: number) => [{ x: Math.round(start.x), y: Math.round(y) }];
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(start.y) });
    for (let step = 1; step <= 12; step += 1) {
      const y = start.y + ((end.y + end.height / 4 - start.y) * step) / 12;
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(y) });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await touch.detach();
    await expect(views.getByRole('status')).toHaveText('The view was moved.');
    await expect(titles(views)).toHaveText(['Tactical overview', 'Host groups', 'Problems board']);
    await expect(myViews(page)).toHaveText(['Tactical overview', 'Host groups', 'Problems board']);
  });
});
