import type { Frame, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { RunningServer } from './server';

const HOSTS = 'includes/components/xicore/status.php?show=hosts';
const header = (page: Page) => page.getByRole('banner');
const toast = (page: Page) => page.getByTestId('toast');

/** Opens `path` in the home section's frame and waits until the frame has reported where it is. */
async function openFramePage(page: Page, server: RunningServer, path: string): Promise<Frame> {
  await page.goto(`${server.url}?xiwindow=${encodeURIComponent(path)}`);
  await expect(page.locator('.content-frame')).toHaveAttribute('data-frame-location', `${server.base}${path}`);
  const frame = page.frame({ name: 'maincontentframe' });
  if (!frame) throw new Error('no content frame');
  return frame;
}

async function chooseFromOverflow(page: Page, item: string): Promise<void> {
  const more = header(page).getByRole('button', { name: 'More' });
  await expect(more).toBeInViewport({ ratio: 1 });
  await more.tap();
  await page.getByRole('menu', { name: 'More' }).getByRole('menuitem', { name: item }).tap();
}

test.describe('phones (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the top bar\'s overflow menu offers everything of its wide part', async ({ loggedIn: page, server }) => {
    await openFramePage(page, server, HOSTS);
    await header(page).getByRole('button', { name: 'More' }).tap();
    const menu = page.getByRole('menu', { name: 'More' });
    // The menu opens once the overlay code has loaded: wait for its items before reading them.
    await expect(menu.getByRole('menuitem')).toHaveCount(10);
    const names = await menu.getByRole('menuitem').allInnerTexts();
    for (const item of ['Add to My Views', 'Permalink', 'Schedule Page', 'Help', 'Feedback', 'Changelog', 'Support', 'Community Forums', 'Exchange', 'Popout']) {
      expect(names.some((n) => n.includes(item)), item).toBe(true);
    }
    await expect(menu.getByRole('menuitem', { name: /^Help/ })).toHaveAttribute('href', `${server.base}help/`);
    await expect(menu.getByRole('menuitem', { name: /^Support/ })).toHaveAttribute('target', '_blank');
  });

  test('Add to My Views works from the overflow menu', async ({ loggedIn: page, server }) => {
    await openFramePage(page, server, HOSTS);
    await chooseFromOverflow(page, 'Add to My Views');
    const dialog = page.getByRole('dialog', { name: 'Add to My Views' });
    const title = `Phone view ${test.info().workerIndex}-${test.info().retry}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('button', { name: 'Add View' }).tap();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText('View added.');
    const menu = await (await page.request.get(`${server.url}api/v2/app/menu`)).text();
    expect(menu).toContain(title);
  });

  test('Feedback works from the overflow menu', async ({ loggedIn: page }) => {
    await chooseFromOverflow(page, 'Feedback');
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    await dialog.getByLabel('Name').fill('Ann');
    await dialog.getByLabel('Your feedback').fill('Sent from a phone.');
    const sent = page.waitForResponse((r) => r.url().endsWith('/ajaxproxy.php') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Submit' }).tap();
    expect((await sent).status()).toBe(200);
    await expect(toast(page)).toContainText('Thank you for your feedback.');
    await expect(dialog).toBeHidden();
  });

  test('the footer takes one line and no link is cut', async ({ loggedIn: page, server }) => {
    for (const route of ['', 'views/']) {
      await page.goto(`${server.url}${route}`);
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'Legal' })).toBeVisible();
      const box = await footer.boundingBox();
      expect(box!.height, `footer height on ${route || 'home'}`).toBeLessThanOrEqual(34);
      const links = footer.getByRole('link');
      for (let i = 0; i < await links.count(); i++) {
        const link = links.nth(i);
        await expect(link).toBeInViewport({ ratio: 1 });
        const linkBox = await link.boundingBox();
        expect(linkBox!.y, 'on the footer\'s single line').toBeGreaterThanOrEqual(box!.y);
        expect(linkBox!.y + linkBox!.height).toBeLessThanOrEqual(box!.y + box!.height);
      }
      // The visible words are whole; the copyright holder's name stays in the link's accessible name.
      for (const name of ['About', 'Legal', 'Check for Updates']) {
        const cut = await footer.getByRole('link', { name }).evaluate((el) => el.scrollWidth > el.clientWidth);
        expect(cut, name).toBe(false);
      }
      const copyright = footer.getByRole('link', { name: /© 2008–\d{4} The Pharos Authors/ });
      await expect(copyright).toBeVisible();
      expect(await copyright.evaluate((el) => el.scrollWidth > el.clientWidth), 'the copyright years').toBe(false);
    }
  });

  test('the wallboard strip keeps every part on screen: problem totals and the connection state are never cut off', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}wallboard`);
    const strip = page.getByTestId('wallboard-strip');
    await expect(page.getByTestId('wallboard-position')).toHaveText(/^1 \/ \d+$/);
    for (const part of ['wallboard-clock', 'wallboard-position', 'wallboard-countdown', 'wallboard-connection']) {
      await expect(strip.getByTestId(part), part).toBeInViewport({ ratio: 1 });
    }
    await expect(strip.getByText(/^Host problems: \d+$/)).toBeInViewport({ ratio: 1 });
    await expect(strip.getByText(/^Service problems: \d+$/)).toBeInViewport({ ratio: 1 });
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth), 'nothing hidden sideways').toBe(false);
  });

  // Host Status rather than Host Problems: other specs on the shared server may acknowledge the fleet's one host problem.
  for (const [show, heading] of [['serviceproblems', 'Service Problems'], ['services', 'Service Status'], ['hosts', 'Host Status']] as const) {
    test(`${heading}: one card per row, no sideways scroll`, async ({ loggedIn: page, server }) => {
      const frame = await openFramePage(page, server, `includes/components/xicore/status.php?show=${show}`);
      await expect(frame.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const overflow = await frame.evaluate(() => {
        const wide = [document.documentElement, ...document.querySelectorAll('.table-wrap')].filter((el) => el.scrollWidth > el.clientWidth);
        return wide.map((el) => el.className || el.tagName);
      });
      expect(overflow).toEqual([]);
      const rows = frame.locator('table.data tbody tr');
      const count = await rows.count();
      expect(count).toBeGreaterThan(0);
      const frameWidth = await frame.evaluate(() => document.documentElement.clientWidth);
      for (let i = 0; i < Math.min(count, 5); i++) {
        const cells = rows.nth(i).locator('th, td');
        for (let c = 0; c < await cells.count(); c++) {
          const cell = cells.nth(c);
          const cellBox = await cell.boundingBox();
          expect(cellBox!.x + cellBox!.width, `row ${i} cell ${c} inside the screen`).toBeLessThanOrEqual(frameWidth + 0.5);
        }
        // Every card names its host, also when the previous row had the same host; the state is a word plus a shape.
        const hostWidth = await rows.nth(i).locator('th, td').first().evaluate((el) => el.firstElementChild?.getBoundingClientRect().width ?? 0);
        expect(hostWidth, `row ${i} shows its host`).toBeGreaterThan(8);
        await expect(rows.nth(i).locator('.badge')).toHaveText(/^(OK|WARNING|CRITICAL|UNKNOWN|UP|DOWN|UNREACHABLE|PENDING)$/);
        const shape = await rows.nth(i).locator('.badge').evaluate((el) => getComputedStyle(el, '::before').content);
        expect(shape).not.toBe('none');
        await expect(rows.nth(i).locator('td[data-label="Attempt"]')).toBeVisible();
        await expect(rows.nth(i).locator('td[data-label="Last Check"]')).toBeVisible();
      }
    });
  }

  test('native screens\' tables: one card per row, each value under its column\'s name, no sideways scroll', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}dashboards/manage.php`);
    const table = page.getByTestId('dashboards-table');
    const home = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Home Dashboard', exact: true }) });
    // Still a table to assistive tech, with its row header.
    await expect(home).toHaveCount(1);
    const wide = await page.evaluate(() => [document.documentElement, ...document.querySelectorAll('.ui-table-wrap')]
      .filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.className || el.tagName));
    expect(wide).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    const cells = home.getByRole('cell');
    expect(await cells.count()).toBeGreaterThan(0);
    for (let c = 0; c < await cells.count(); c++) {
      const box = (await cells.nth(c).boundingBox())!;
      expect(box.x + box.width, `cell ${c} inside the screen`).toBeLessThanOrEqual(width + 0.5);
      const label = await cells.nth(c).evaluate((el) => getComputedStyle(el, '::before').content);
      expect(label, `cell ${c} is labelled`).not.toBe('none');
    }
  });
});
