import type { Locator, Page } from '@playwright/test';
import { expect, loginAsNewUser, test } from './fixtures';
import type { RunningServer } from './server';
import { writeAs } from './writes';

/**
 * Issue 20, any length of name on the classic pages: Manage My Views (views/main.php) and a dashboard's own page never
 * grow sideways because of a name. Names wrap or end in an ellipsis with the full name in the tooltip and the
 * accessible name; right-to-left names and combining characters render as typed.
 */

/** 255 characters, the most a view title or a dashboard title may have, without a space to break at. */
const LONG = `N${'ameWithoutSpaces'.repeat(16)}`.slice(0, 255);
const RTL = 'لوحة المراقبة الرئيسية';
/** Combining characters: an acute accent, a tilde, and marks stacked over Zalgo-style letters. */
const COMBINING = 'Cafe\u0301 Ni\u0303no Z\u0335\u0336a\u0337l\u0338g\u0334o\u0315';


async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, `${what}: the page is no wider than the window`).toBeLessThanOrEqual(clientWidth);
}

/** Whole across: inside the window and not cut off or scrolled away by any box around it. */
async function expectWholeAcross(target: Locator, what: string): Promise<void> {
  const whole = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.right > document.documentElement.clientWidth + 0.5) return false;
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === 'visible') continue;
      const b = box.getBoundingClientRect();
      if (r.left < b.left - 0.5 || r.right > b.right + 0.5) return false;
    }
    return true;
  });
  expect(whole, `${what} is whole across the window`).toBe(true);
}

async function checkViewsPage(page: Page, server: RunningServer, width: number): Promise<void> {
  await loginAsNewUser(page, server, 'names');
  for (const title of [LONG, RTL, COMBINING]) await writeAs(page, server, 'ajaxhelper.php', { cmd: 'addview', title, url: 'includes/page-home-main.php' });
  await page.goto(`${server.url}views/main.php`);
  await expectNoSidewaysScroll(page, `views/main.php at ${width} px`);
  const table = page.getByRole('table', { name: 'My Views' });
  const wrap = table.locator('xpath=..');
  expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth), 'the table is no wider than its box').toBeLessThanOrEqual(1);
  for (const button of await table.getByRole('button', { name: /^Remove view / }).all()) await expectWholeAcross(button, 'Remove');
  for (const link of await table.getByRole('link', { name: 'Open', exact: true }).all()) await expectWholeAcross(link, 'Open');

  // The long name: its row header's accessible name is the whole name, and so is its tooltip; on screen it stops after
  // a few lines with an ellipsis.
  const long = table.getByRole('rowheader', { name: LONG, exact: true });
  await expect(long).toHaveCount(1);
  // The name's own element; the row header also holds the drag grip, titled with what it does.
  const shown = long.locator('[title]:not(.drag-handle)');
  await expect(shown).toHaveAttribute('title', LONG);
  const lineHeight = await shown.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await shown.boundingBox())!.height, 'at most three lines').toBeLessThanOrEqual(3 * lineHeight + 1);
  // What does not fit in those lines ends in an ellipsis (on a phone, most of it).
  expect(await shown.evaluate((el) => getComputedStyle(el).webkitLineClamp)).toBe('3');
  await expect(table.getByRole('button', { name: `Remove view ${LONG}`, exact: true })).toHaveCount(1);

  // Right to left: the name keeps its own direction, isolated from the table's.
  const rtl = table.getByRole('rowheader', { name: RTL, exact: true }).locator('[title]:not(.drag-handle)');
  await expect(rtl).toHaveAttribute('dir', 'auto');
  expect(await rtl.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  expect(await rtl.evaluate((el) => (el as HTMLElement).innerText)).toBe(RTL);
  // Combining characters: exactly as typed (not normalised away), within the row header.
  const combining = table.getByRole('rowheader', { name: COMBINING, exact: true }).locator('[title]:not(.drag-handle)');
  expect(await combining.evaluate((el) => (el as HTMLElement).innerText)).toBe(COMBINING);
  await expectWholeAcross(combining, 'the name with combining characters');
}

test.describe('any length of name, desktop (1440×900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Manage My Views keeps its width with a 255-character name without spaces, a right-to-left name and combining characters', async ({ page, server }) => {
    await checkViewsPage(page, server, 1440);
  });

  test('a dashboard titled with 255 characters without spaces: its page and the dashlet form keep their width', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'names');
    const { id } = await writeAs(page, server, 'api/v2/dashboards', { title: LONG, background: '#131b25' }) as { id: string };
    for (const path of [`dashboards/dashboard.php?id=${encodeURIComponent(id)}`, `dashboards/dashboard.php?id=${encodeURIComponent(id)}&edit=1`, `dashboards/dashlets.php?type=note&dashboard=${encodeURIComponent(id)}`]) {
      await page.goto(`${server.url}${path}`);
      await expectNoSidewaysScroll(page, path);
      await expectWholeAcross(page.locator('h1'), `${path}: its heading`);
    }
    await page.goto(`${server.url}dashboards/dashboard.php?id=${encodeURIComponent(id)}`);
    await expect(page.getByRole('heading', { level: 1, name: LONG, exact: true })).toBeVisible();
    const rtl = await writeAs(page, server, 'api/v2/dashboards', { title: RTL, background: '#131b25' }) as { id: string };
    await page.goto(`${server.url}dashboards/dashboard.php?id=${encodeURIComponent(rtl.id)}`);
    await expect(page.getByRole('heading', { level: 1, name: RTL, exact: true })).toBeVisible();
  });
});

test.describe('any length of name, phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('Manage My Views keeps its width on a phone too', async ({ page, server }) => {
    await checkViewsPage(page, server, 390);
  });
});
