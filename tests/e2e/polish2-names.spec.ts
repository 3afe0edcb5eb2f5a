import type { Locator, Page } from '@playwright/test';
import { expect, loginAsNewUser, test } from './fixtures';
import type { RunningServer } from './server';
import { writeAs } from './writes';

/**
 * Issue 20, any length of name in the native screens and the shell: Manage My Dashboards, My Tools, the secondary
 * menu and the frame never grow sideways because of a name. Names wrap or end in an ellipsis, the full name in the
 * tooltip and the accessible name; right-to-left names and combining characters render as typed.
 */

/** 255 characters without a space to break at. */
const LONG = `D${'ashboardWithoutSpaces'.repeat(13)}`.slice(0, 255);
const RTL = 'لوحة المراقبة الرئيسية للمناوبة الليلية';
const COMBINING = 'Cafe\u0301 Ni\u0303no Z\u0335\u0336a\u0337l\u0338g\u0334o\u0315';


async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, `${what}: the page is no wider than the window`).toBeLessThanOrEqual(clientWidth);
}

/** No box around `target` (up to the body) scrolls sideways, and `target` is inside the window. */
async function expectNotWiderThanItsBox(target: Locator, what: string): Promise<void> {
  const wide = await target.evaluate((el) => {
    const found: string[] = [];
    for (let box: HTMLElement | null = el as HTMLElement; box && box !== document.body; box = box.parentElement) {
      if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== 'visible') found.push(`${box.tagName}.${box.className} ${box.scrollWidth}>${box.clientWidth}`);
    }
    const r = el.getBoundingClientRect();
    if (r.right > document.documentElement.clientWidth + 0.5) found.push(`right edge ${r.right}`);
    return found;
  });
  expect(wide, `${what}: nothing scrolls sideways`).toEqual([]);
}

async function addDashboards(page: Page, server: RunningServer): Promise<void> {
  for (const title of [LONG, RTL, COMBINING]) await writeAs(page, server, 'api/v2/dashboards', { title, background: '#131b25' });
}

async function checkManageDashboards(page: Page, server: RunningServer, width: number): Promise<void> {
  await loginAsNewUser(page, server, 'names2');
  await addDashboards(page, server);
  await page.goto(`${server.url}dashboards/manage.php`);
  const table = page.getByTestId('dashboards-table');
  const long = table.getByRole('rowheader', { name: LONG, exact: true });
  await expect(long).toBeVisible();
  await expectNoSidewaysScroll(page, `Manage My Dashboards at ${width} px`);
  await expectNotWiderThanItsBox(table, 'the dashboards table');
  for (const button of await table.getByRole('button', { name: /^Delete / }).all()) await expectNotWiderThanItsBox(button, 'Delete');
  // The full name is the link's accessible name and its tooltip; on screen it stops after a few lines.
  const link = long.getByRole('link', { name: LONG, exact: true });
  await expect(link.locator('[title]')).toHaveAttribute('title', LONG);
  const shown = link.locator('[title]');
  const lineHeight = await shown.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await shown.boundingBox())!.height, 'at most three lines').toBeLessThanOrEqual(3 * lineHeight + 1);
  const rtl = table.getByRole('rowheader', { name: RTL, exact: true }).locator('[title]');
  expect(await rtl.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  expect(await table.getByRole('rowheader', { name: COMBINING, exact: true }).locator('[title]').evaluate((el) => (el as HTMLElement).innerText)).toBe(COMBINING);
}

async function checkSecondaryMenu(page: Page, nav: Locator): Promise<void> {
  const toggle = nav.getByRole('button', { name: 'My Dashboards', exact: true });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  const entry = nav.getByRole('link', { name: LONG, exact: true });
  await expect(entry).toBeVisible();
  await expect(entry.locator('[title]')).toHaveAttribute('title', LONG);
  await expectNotWiderThanItsBox(entry, 'the long menu entry');
  await expectNotWiderThanItsBox(nav.getByRole('heading', { name: 'Dashboards', exact: true }), 'the section title');
  expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth), 'the menu does not scroll sideways').toBeLessThanOrEqual(0);
  await expect(nav.getByRole('link', { name: RTL, exact: true })).toBeVisible();
}

test.describe('any length of name in the app, desktop (1440×900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Manage My Dashboards keeps its width with a 255-character name, a right-to-left name and combining characters', async ({ page, server }) => {
    await checkManageDashboards(page, server, 1440);
  });

  test('the secondary menu keeps its width, and a long dashboard title never runs under the full-screen button', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'names2');
    await addDashboards(page, server);
    const { id } = await writeAs(page, server, 'api/v2/dashboards', { title: `${'W'.repeat(20)} ${'Title'.repeat(46)}`, background: '#131b25' }) as { id: string };
    await page.goto(`${server.url}dashboards/?xiwindow=${encodeURIComponent(`${server.base}dashboards/dashboard.php?id=${encodeURIComponent(id)}`)}`);
    await checkSecondaryMenu(page, page.getByRole('navigation', { name: 'Section menu' }));
    await expectNoSidewaysScroll(page, 'the dashboards section');

    const heading = page.frameLocator('iframe[name="maincontentframe"]').getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    const button = await page.getByRole('button', { name: 'Full screen' }).boundingBox();
    const frameBox = await page.locator('iframe[name="maincontentframe"]').boundingBox();
    const textRects = await heading.evaluate((el) => {
      const range = el.ownerDocument.createRange();
      range.selectNodeContents(el);
      return [...range.getClientRects()].map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
    });
    for (const r of textRects) {
      const x = r.x + frameBox!.x;
      const y = r.y + frameBox!.y;
      const overlaps = x < button!.x + button!.width && x + r.width > button!.x && y < button!.y + button!.height && y + r.height > button!.y;
      expect(overlaps, 'the title runs under the full-screen button').toBe(false);
    }
  });
});

test.describe('any length of name in the app, TV (1920×1080)', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('Manage My Dashboards on a TV', async ({ page, server }) => {
    await checkManageDashboards(page, server, 1920);
  });
});

test.describe('any length of name in the app, phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('Manage My Dashboards and the drawer\'s menu keep their width on a phone', async ({ page, server }) => {
    await checkManageDashboards(page, server, 390);
    await page.goto(`${server.url}dashboards/`);
    await page.getByRole('banner').getByRole('button', { name: 'Open navigation' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await checkSecondaryMenu(page, drawer.getByRole('navigation', { name: 'Section menu' }));
  });
});
