import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 38's smaller points on the shell: the footer lays out cleanly at every width from a small phone to a desk, and
 * a phone held sideways reaches every entry of its More menu by swiping it.
 */

/** Each side of the footer on one line, nothing cut or off screen; below 360 px the two sides take a line each. */
async function expectTidyFooter(page: Page, width: number): Promise<void> {
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Legal' })).toBeVisible();
  const box = (await footer.boundingBox())!;
  const links = footer.getByRole('link');
  const tops: number[] = [];
  for (let i = 0; i < await links.count(); i++) {
    const link = links.nth(i);
    await expect(link, `${await link.innerText()} at ${width}`).toBeInViewport({ ratio: 1 });
    expect(await link.evaluate((el) => el.scrollWidth > el.clientWidth), `${await link.innerText()} cut at ${width}`).toBe(false);
    tops.push(Math.round((await link.boundingBox())!.y));
  }
  await expect(footer.getByTestId('tray-alert')).toBeInViewport({ ratio: 1 });
  expect(await footer.evaluate((el) => el.scrollWidth <= el.clientWidth), `nothing past the edge at ${width}`).toBe(true);
  const [product, update, about, legal, copyright] = tops;
  // The left side (product, updates) and the right side (about, legal, copyright) each on one line.
  expect(update, `left side on one line at ${width}`).toBe(product);
  expect([legal, copyright], `right side on one line at ${width}`).toEqual([about, about]);
  if (width >= 360) {
    expect(about, `one line at ${width}`).toBe(product);
    expect(box.height, `footer height at ${width}`).toBeLessThanOrEqual(34);
  } else {
    expect(about!, `right side below the left at ${width}`).toBeGreaterThan(product!);
  }
}

test.describe('the footer from 320 to 1200 px', () => {
  for (const width of [320, 390, 820, 1024, 1200]) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });

      test('each side on one line, nothing cut', async ({ loggedIn: page }) => {
        await expectTidyFooter(page, width);
      });
    });
  }
});

test.describe('a phone held sideways, 844×390', () => {
  test.use({ viewport: { width: 844, height: 390 }, hasTouch: true });

  test('the More menu stays on screen and a swipe brings its last entry within reach', async ({ loggedIn: page }) => {
    await page.getByRole('button', { name: 'More' }).tap();
    const menu = page.getByRole('menu', { name: 'More' });
    const last = menu.getByRole('menuitem').last();
    await expect(last).toHaveText(/Popout/);
    const popover = page.locator('.ui-popover').filter({ has: menu });
    const box = (await popover.boundingBox())!;
    expect(box.y + box.height, 'the menu ends on screen').toBeLessThanOrEqual(390);

    // A finger swipes the menu up.
    const touch = await page.context().newCDPSession(page);
    const x = Math.round(box.x + box.width / 2);
    const from = Math.round(box.y + box.height - 20);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: from }] });
    for (let step = 1; step <= 10; step += 1) {
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: from - step * 20 }] });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await touch.detach();
    await expect(last).toBeInViewport({ ratio: 1 });
    const opened = page.waitForEvent('popup');
    await last.tap();
    expect((await opened).url()).toContain('/nagiosxi/');
  });
});
