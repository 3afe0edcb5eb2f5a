import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import { ADMIN, startServer, type RunningServer } from './server';

const BOARD = 'includes/components/pharos/problemsboard.php';

/** The board is a classic page: a session cookie is all it needs, so these tests log in through the form post alone. */
async function openBoard(page: Page, server: RunningServer): Promise<void> {
  const res = await page.request.post(`${server.url}login.php`, { form: { username: ADMIN.username, password: ADMIN.password }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  await page.goto(`${server.url}${BOARD}`);
}

async function expectNoScroll(page: Page): Promise<void> {
  const m = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight, scrollWidth: document.documentElement.scrollWidth,
    innerHeight: window.innerHeight, innerWidth: window.innerWidth,
  }));
  expect(m.scrollHeight).toBeLessThanOrEqual(m.innerHeight);
  expect(m.scrollWidth).toBeLessThanOrEqual(m.innerWidth);
}

/** As many rows as fit: showing the next hidden one would make the page scroll. */
async function expectNoRoomForAnother(page: Page): Promise<void> {
  const overflows = await page.evaluate(() => {
    const next = document.querySelector<HTMLElement>('.board-page .problem[hidden]')!;
    const section = next.closest<HTMLElement>('.board-list')!;
    const wasHidden = section.hidden;
    next.hidden = false;
    section.hidden = false;
    const root = document.documentElement;
    const result = root.scrollHeight > window.innerHeight || root.scrollWidth > window.innerWidth;
    next.hidden = true;
    section.hidden = wasHidden;
    return result;
  });
  expect(overflows).toBe(true);
}

test.describe('problems board with more than 200 problems', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    // 400 demo hosts start with about 240 unhandled problems and 100 handled ones.
    server = await startServer({ PHAROS_DEMO_HOSTS: '400', PHAROS_DEMO_TICK_SECONDS: '3600' });
  });
  test.afterAll(async () => server.stop());

  for (const size of [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }, { width: 3840, height: 2160 }]) {
    test(`fits ${size.width}×${size.height} without a scroll bar and ends with "+N more"`, async ({ page }) => {
      await page.setViewportSize(size);
      await openBoard(page, server);
      const counts = page.getByRole('list', { name: 'Unhandled problems' });
      const hostCount = Number(await counts.locator('.board-count').nth(0).locator('.n').textContent());
      const serviceCount = Number(await counts.locator('.board-count').nth(1).locator('.n').textContent());
      expect(hostCount + serviceCount).toBeGreaterThanOrEqual(200);
      const more = page.locator('.board-page .more');
      await expect(more).toBeVisible();
      await expect(more).toHaveText(/^\+\d+ more$/);
      await expectNoScroll(page);
      await expectNoRoomForAnother(page);
      const shown = await page.locator('.board-page .problem:visible').count();
      const hidden = Number((await more.textContent())!.replace(/\D/g, ''));
      const all = await page.locator('.board-page .problem').count();
      expect(shown).toBeGreaterThan(10);
      expect(shown + hidden).toBe(all);
      // The rows that are shown are the worst ones: hosts first.
      await expect(page.locator('.board-page .problem').first().locator('.state')).toHaveText(/DOWN|UNREACHABLE/);
      // A larger window shows more again, still without scrolling.
      await page.setViewportSize({ width: size.width, height: size.height + 300 });
      await expect.poll(() => page.locator('.board-page .problem:visible').count()).toBeGreaterThan(shown);
      await expectNoScroll(page);
    });
  }

  test('fits the app\'s content frame when opened from My Views', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await login(page, server);
    await page.goto(`${server.url}views/`);
    await page.getByRole('navigation', { name: 'Section menu' }).getByTestId('nav-group-myviews').getByRole('link', { name: 'Problems board' }).click();
    await expect(page.frameLocator('iframe[name="maincontentframe"]').locator('.board-page .more')).toBeVisible();
    const board = page.frames().find((f) => f.name() === 'maincontentframe')!;
    const m = await board.evaluate(() => ({ scrollHeight: document.documentElement.scrollHeight, innerHeight: window.innerHeight }));
    expect(m.scrollHeight).toBeLessThanOrEqual(m.innerHeight);
  });

  test('reads on a phone without scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openBoard(page, server);
    await expect(page.locator('.board-page .more')).toBeVisible();
    await expectNoScroll(page);
    await expectNoRoomForAnother(page);
  });
});

test('the default fleet shows every problem on a 1920×1080 screen, refreshes in place and marks a failed refresh', async ({ page }) => {
  const server = await startServer({ PHAROS_DEMO_TICK_SECONDS: '3600' });
  try {
    await page.clock.install();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openBoard(page, server);
    await expect(page.locator('.board-page .more')).toBeHidden();
    await expectNoScroll(page);
    const states = await page.locator('.board-page .board-list:not(.handled) .problem .state').allTextContents();
    expect(new Set(states).size).toBeGreaterThanOrEqual(3);
    // The page refreshes itself: the new board replaces the old one without a navigation.
    await page.evaluate(() => { (document.querySelector('.board-page') as HTMLElement).dataset.marker = 'old'; });
    const refreshed = page.waitForResponse((r) => r.url().includes('problemsboard.php'));
    await page.clock.runFor(30_000);
    await refreshed;
    await expect(page.locator('.board-page[data-marker="old"]')).toHaveCount(0);
    await expect(page.locator('.board-page .problem').first()).toBeVisible();
    await server.stop();
    await page.clock.runFor(30_000);
    await expect(page.getByText('Could not refresh: showing the last data received.')).toBeVisible();
    await expect(page.locator('.board-page .problem').first()).toBeVisible();
  } finally {
    await server.stop();
  }
});
