import type { Locator, Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import { startServer, type RunningServer } from './server';

/**
 * Issue 20, no collisions: the full-screen offer, a banner's close button and text, and the problems board's data age
 * each have their own place at every width from 320 to 3840 px; a banner cut short opens in full on a tap or click.
 * Banners are server-wide, so this file has a server of its own.
 */

let own: RunningServer;
test.beforeAll(async () => { own = await startServer(); });
test.afterAll(async () => { await own.stop(); });

const PASSWORD = 'e2e-overlays-password';
let users = 0;
async function loginAsNewUser(page: Page): Promise<void> {
  users += 1;
  const name = `overlay${users}w${test.info().workerIndex}r${test.info().retry}`;
  await own.admin('create-user', name, PASSWORD, '--monitoring');
  await login(page, own, name, PASSWORD);
}

const MESSAGE = 'Maintenance tonight 22:00 to 23:30: the monitoring server restarts twice, expect gaps of a few minutes in the graphs and a burst of recoveries afterwards';
let bannerId = '';
test.beforeAll(async () => {
  const out = await own.admin('add-banner', '--message', MESSAGE, '--color', 'warning');
  bannerId = /banner (\d+)/.exec(out)![1]!;
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && a.x + a.width > b.x + 0.5 && a.y < b.y + b.height - 0.5 && a.y + a.height > b.y + 0.5;

/** The boxes of an element's text, line by line (a box around the element would count its empty space too). */
function textBoxes(target: Locator): Promise<Box[]> {
  return target.evaluate((el) => {
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    return [...range.getClientRects()].filter((r) => r.width > 0).map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
  });
}

async function expectApart(a: Box[], b: Box[], what: string): Promise<void> {
  for (const one of a) for (const other of b) expect(overlaps(one, other), what).toBe(false);
}

const WIDTHS: Array<[number, number]> = [[320, 640], [390, 844], [1440, 900], [1920, 1080], [3840, 2160]];

test('the wallboard\'s full-screen offer never lies over a banner\'s close button or text, from 320 to 3840 px', async ({ page }) => {
  await loginAsNewUser(page);
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.goto(`${own.url}wallboard`);
    const offer = page.getByTestId('wallboard-fullscreen-prompt');
    await expect(offer).toBeVisible();
    const banner = page.getByTestId(`banner-${bannerId}`);
    await expect(banner).toBeVisible();
    const offerBoxes = await offer.getByRole('button').evaluateAll((els) => els.map((el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }));
    const close = (await banner.getByRole('button', { name: 'Dismiss' }).boundingBox())!;
    await expectApart(offerBoxes, [close], `at ${width} px: the offer and the banner's ×`);
    await expectApart(offerBoxes, await textBoxes(banner.locator('.banner-message')), `at ${width} px: the offer and the banner's text`);
    const inWindow = offerBoxes.every((b) => b.x >= 0 && b.x + b.width <= width + 0.5 && b.y + b.height <= height + 0.5);
    expect(inWindow, `at ${width} px: the offer is inside the window`).toBe(true);
  }
});

test('the problems board\'s data age stays clear of the full-screen button, from 320 to 3840 px', async ({ page }) => {
  await loginAsNewUser(page);
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.goto(`${own.url}views/?xiwindow=${encodeURIComponent(`${own.base}includes/components/pharos/problemsboard.php`)}`);
    const age = page.frameLocator('iframe[name="maincontentframe"]').locator('.data-age');
    await expect(age).toBeVisible();
    const frame = (await page.locator('iframe[name="maincontentframe"]').boundingBox())!;
    const button = (await page.getByRole('button', { name: 'Full screen' }).boundingBox())!;
    const boxes = (await textBoxes(age)).map((b) => ({ ...b, x: b.x + frame.x, y: b.y + frame.y }));
    await expectApart(boxes, [button], `at ${width} px: the data age and the full-screen button`);
  }
});

test.describe('phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a banner cut short opens in full on a tap, and closes again', async ({ page }) => {
    await loginAsNewUser(page);
    const banner = page.getByTestId(`banner-${bannerId}`);
    const message = banner.locator('.banner-message');
    await expect(message).toBeVisible();
    expect(await message.evaluate((el) => el.scrollWidth > el.clientWidth), 'the message is cut short on a phone').toBe(true);
    await message.tap();
    await expect(banner).toHaveAttribute('data-expanded', 'true');
    await expect(banner.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(await message.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1), 'the whole message shows').toBe(true);
    expect((await banner.boundingBox())!.height).toBeGreaterThan(48);
    await banner.getByRole('button', { name: 'Show less' }).tap();
    await expect(banner).not.toHaveAttribute('data-expanded', 'true');
    expect((await banner.boundingBox())!.height).toBe(48);
  });

  test('on the phone wallboard the Full screen button does not cover the banner text; the banner opens on a tap', async ({ page }) => {
    await loginAsNewUser(page);
    await page.goto(`${own.url}wallboard`);
    const banner = page.getByTestId(`banner-${bannerId}`);
    const offer = page.getByTestId('wallboard-fullscreen-prompt');
    await expect(offer).toBeVisible();
    await expectApart([(await offer.getByRole('button', { name: 'Full screen' }).boundingBox())!], await textBoxes(banner.locator('.banner-message')), 'Full screen and the banner text');
    await banner.locator('.banner-message').tap();
    await expect(banner).toHaveAttribute('data-expanded', 'true');
    await expect(banner.getByText(MESSAGE)).toBeVisible();
  });
});

test('a banner cut short in a narrow desktop window (1440 px screen, 700 px window) opens in full on a click', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAsNewUser(page);
  const banner = page.getByTestId(`banner-${bannerId}`);
  const message = banner.locator('.banner-message');
  await page.setViewportSize({ width: 700, height: 900 });
  await expect.poll(() => message.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await message.click();
  await expect(banner).toHaveAttribute('data-expanded', 'true');
});
