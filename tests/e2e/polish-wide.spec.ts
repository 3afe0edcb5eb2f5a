import type { Frame, Page } from '@playwright/test';
import { expect, loginAsNewUser, test } from './fixtures';
import { writeAs } from './writes';

/** Issue 20: the Tactical overview is laid out for a wall screen, not squeezed into the left third of it. */

const HOME = 'includes/page-home-main.php';

/** How much of the document's width the overview's tiles span, and where its panels are. */
async function layout(where: Page | Frame) {
  return where.evaluate(() => {
    const tiles = Array.from(document.querySelectorAll('.tile')).map((t) => t.getBoundingClientRect());
    const panel = (name: string) => document.querySelector(`section[aria-label="${name}"]`)!.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    return {
      tiles: tiles.length,
      span: (Math.max(...tiles.map((r) => r.right)) - Math.min(...tiles.map((r) => r.left))) / width,
      tops: ['Host status', 'Service status', 'Unhandled problems'].map((n) => Math.round(panel(n).top)),
      tileWidths: tiles.map((r) => Math.round(r.width)),
      scrollHeight: document.documentElement.scrollHeight,
      height: document.documentElement.clientHeight,
    };
  });
}

test.describe('the Tactical overview on a TV (1920×1080)', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('its panels share the full width as one grid of equal tiles, and it all fits the screen', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}${HOME}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tactical Overview' })).toBeVisible();
    const l = await layout(page);
    expect(l.tiles).toBe(13);
    expect(l.span, 'the tiles span most of the width').toBeGreaterThan(0.9);
    // Host, service and problem counts side by side on the first row.
    expect(new Set(l.tops).size, 'the first three panels share a row').toBe(1);
    // Every tile the same width, so the counts line up as one grid.
    expect(Math.max(...l.tileWidths) - Math.min(...l.tileWidths)).toBeLessThanOrEqual(1);
    expect(l.scrollHeight, 'no scrolling on the TV').toBeLessThanOrEqual(l.height);
  });

  test('in the app\'s frame too', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}?xiwindow=${encodeURIComponent(HOME)}`);
    await expect(page.locator('.content-frame')).toHaveAttribute('data-frame-location', `${server.base}${HOME}`);
    const frame = page.frame({ name: 'maincontentframe' })!;
    await expect(frame.getByRole('heading', { level: 1, name: 'Tactical Overview' })).toBeVisible();
    const l = await layout(frame);
    expect(l.span, 'the tiles span most of the frame\'s width').toBeGreaterThan(0.9);
    expect(new Set(l.tops).size).toBe(1);
  });
});

/** The group tables (a column per state) fit a laptop's frame: their count headers wrap instead of pushing it sideways. */
test.describe('the host and service group tables on a laptop (1280×800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('fit the app\'s frame without scrolling sideways, in English and in German', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'groups');
    for (const language of ['en_US', 'de_DE']) {
      await writeAs(page, server, 'api/v2/account/language', { language });
      for (const show of ['hostgroups', 'servicegroups']) {
        const target = `includes/components/xicore/status.php?show=${show}`;
        await page.goto(`${server.url}?xiwindow=${encodeURIComponent(target)}`);
        await expect(page.locator('.content-frame')).toHaveAttribute('data-frame-location', `${server.base}${target}`);
        const table = page.frameLocator('[name="maincontentframe"]').locator('table.data');
        await expect(table.locator('tbody tr').first()).toBeVisible();
        // Eight columns of data and, for an administrator, the bulk actions' checkbox column (issue 38).
        await expect(table.locator('thead th')).toHaveCount(9);
        const wrap = table.locator('xpath=..');
        expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth), `${show} in ${language}: the table is no wider than its box`).toBeLessThanOrEqual(1);
      }
    }
  });
});
