import type { FrameLocator, Locator, Page } from '@playwright/test';
import { expect, loginAsNewUser, test } from './fixtures';

/**
 * Issue 38, dashboards that are quick to build: a new dashboard opens once added (a refused one says the field and
 * the rule in its form), the Dashlets menu's form starts on the dashboard on screen, host groups are picked from the
 * monitoring data, and dashlets are moved and resized by dragging on the grid, with the buttons kept for keyboards.
 */

const panel = (page: Page) => page.getByRole('navigation', { name: 'Section menu' });
const content = (page: Page): FrameLocator => page.frameLocator('iframe[name="maincontentframe"]');
const dashlet = (board: FrameLocator, title: string) => board.getByRole('listitem').filter({ has: board.getByRole('heading', { name: title, exact: true }) });
const headings = (board: FrameLocator) => board.locator('.dashlet-grid > li h2');

async function box(target: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  // The handles show once the page's script runs.
  await expect(target).toBeVisible();
  const found = await target.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

/** A mouse drag as a hand makes it: press, move in steps, release. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 15 });
  await page.mouse.up();
}

test.describe('building a dashboard at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a new dashboard opens once added, and its dashlet form starts on it with host groups to pick', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'builder');
    await page.goto(`${server.url}dashboards/`);
    await panel(page).getByRole('button', { name: 'Add Dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Dashboard' });
    await dialog.getByRole('button', { name: 'Add Dashboard' }).click();
    // Refused: the form says which field and why; the notice is spec 8's.
    await expect(dialog.getByRole('alert')).toHaveText("The field 'title' is required.");
    await expect(page.getByTestId('toast')).toContainText(/Failed to add dashboard\.\s*Please try again\./);

    await dialog.getByLabel('Title').fill('Ops wall');
    await dialog.getByRole('button', { name: 'Add Dashboard' }).click();
    await expect(dialog).toBeHidden();
    const board = content(page);
    await expect(board.getByRole('heading', { level: 1, name: 'Ops wall' })).toBeVisible();
    await expect(page).toHaveURL(/xiwindow=dashboard\.php%3Fid%3D/);

    await panel(page).getByRole('link', { name: 'Host status summary' }).click();
    const form = content(page);
    await expect(form.getByRole('heading', { level: 1, name: 'Add Host status summary' })).toBeVisible();
    await expect(form.getByLabel('Dashboard')).toHaveValue(/^d/);
    await expect(form.getByLabel('Dashboard').locator('option:checked')).toHaveText('Ops wall');
    const groups = form.getByLabel('Host group');
    await expect(groups.locator('option:checked')).toHaveText('All host groups');
    await expect(groups.locator('option')).toContainText(['Web Servers (web-servers)']);
    await groups.selectOption({ label: 'Web Servers (web-servers)' });
    await form.getByLabel('Title').fill('Web farm');
    await form.getByRole('button', { name: 'Add to dashboard' }).click();
    await expect(board.getByRole('heading', { level: 1, name: 'Ops wall' })).toBeVisible();
    await expect(dashlet(board, 'Web farm')).toBeVisible();
    await expect(dashlet(board, 'Web farm').getByRole('link', { name: /Up/ })).toHaveAttribute('href', /hostgroup=web-servers/);
  });

  test('dashlets are moved by their grip and resized by their corner, saved at once; the buttons still work by keys', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'arranger');
    await page.goto(`${server.url}dashboards/?xiwindow=${encodeURIComponent('dashboard.php?id=home&edit=1')}`);
    const board = content(page);
    await expect(headings(board)).toHaveText(['Host status summary', 'Service status summary', 'Clock', 'Unhandled problems', 'Monitoring engine status', 'Host group grid']);

    // Move: the Clock's grip dropped on the left half of the first dashlet.
    const grip = await box(dashlet(board, 'Clock').locator('.dashlet-grip'));
    const first = await box(dashlet(board, 'Host status summary'));
    await drag(page, { x: grip.x + grip.width / 2, y: grip.y + grip.height / 2 }, { x: first.x + first.width / 4, y: first.y + first.height / 2 });
    await expect(board.locator('.dashlet-grid')).not.toHaveAttribute('aria-busy', 'true');
    await expect(headings(board)).toHaveText(['Clock', 'Host status summary', 'Service status summary', 'Unhandled problems', 'Monitoring engine status', 'Host group grid']);

    // Resize: the Clock's corner pulled two columns wider and one row taller.
    const clock = dashlet(board, 'Clock');
    await expect(clock.locator('.dashlet-size')).toHaveText('3 × 2');
    const grid = await box(board.locator('.dashlet-grid'));
    const column = grid.width / 12;
    const corner = await box(clock.locator('.dashlet-resize'));
    const cornerAt = { x: corner.x + corner.width / 2, y: corner.y + corner.height / 2 };
    await drag(page, cornerAt, { x: cornerAt.x + 2 * column, y: cornerAt.y + 100 });
    await expect(dashlet(board, 'Clock').locator('.dashlet-size')).toHaveText('5 × 3');
    await page.reload();
    await expect(content(page).locator('.dashlet-grid > li h2').first()).toHaveText('Clock');
    await expect(dashlet(content(page), 'Clock').locator('.dashlet-size')).toHaveText('5 × 3');

    // Keyboards keep their buttons: Tab to "Move Clock later" and press Enter.
    const later = content(page).getByRole('button', { name: 'Move Clock later' });
    await content(page).getByRole('button', { name: 'Move Clock earlier' }).focus();
    await page.keyboard.press('Tab');
    await expect(later).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(headings(content(page)).first()).toHaveText('Host status summary');
    await expect(content(page).getByRole('button', { name: 'Move Clock later' })).toBeFocused();
  });

  test('Escape while resizing puts the dashlet back and saves nothing', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'escaper');
    await page.goto(`${server.url}dashboards/?xiwindow=${encodeURIComponent('dashboard.php?id=home&edit=1')}`);
    const board = content(page);
    const clock = dashlet(board, 'Clock');
    await expect(clock.locator('.dashlet-size')).toHaveText('3 × 2');
    const corner = await box(clock.locator('.dashlet-resize'));
    await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
    await page.mouse.down();
    await page.mouse.move(corner.x - 150, corner.y + 200, { steps: 10 });
    await expect(clock.locator('.dashlet-size')).not.toHaveText('3 × 2');
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await expect(clock.locator('.dashlet-size')).toHaveText('3 × 2');
    await page.reload();
    await expect(dashlet(content(page), 'Clock').locator('.dashlet-size')).toHaveText('3 × 2');
  });
});

test.describe('arranging a dashboard on a 390×844 touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a finger drags a dashlet by its grip above the first one', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'fingerdash');
    await page.goto(`${server.url}dashboards/?xiwindow=${encodeURIComponent('dashboard.php?id=home&edit=1')}`);
    const board = content(page);
    await expect(headings(board).first()).toHaveText('Host status summary');
    // On a phone the grid is one column: the Service status summary sits right below the first dashlet.
    const grip = await box(dashlet(board, 'Service status summary').locator('.dashlet-grip'));
    const first = await box(dashlet(board, 'Host status summary'));
    const touch = await page.context().newCDPSession(page);
    const from = { x: grip.x + grip.width / 2, y: grip.y + grip.height / 2 };
    const to = { x: first.x + first.width / 4, y: first.y + first.height / 3 };
    const at = (p: { x: number; y: number }) => [{ x: Math.round(p.x), y: Math.round(p.y) }];
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from) });
    for (let step = 1; step <= 12; step += 1) {
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at({ x: from.x + ((to.x - from.x) * step) / 12, y: from.y + ((to.y - from.y) * step) / 12 }) });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await touch.detach();
    await expect(headings(content(page)).first()).toHaveText('Service status summary');
    await page.reload();
    await expect(headings(content(page)).nth(1)).toHaveText('Host status summary');
  });
});
