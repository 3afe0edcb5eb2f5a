import type { Frame, Locator, Page } from '@playwright/test';
import { expect, loginAsNewUser, test } from './fixtures';
import { startServer, type RunningServer } from './server';

/**
 * Issue 35: a framed page on a wall is sized for the room. At 1920×1080 its text is at least 20 px (the median over its
 * visible characters) and its smallest tenth at least 16 px; at 3840×2160 twice that. The same pages in the shell of a
 * desktop keep the sizes they had before.
 */
const STATUS = 'includes/components/xicore/status.php';
const BOARD = 'includes/components/pharos/problemsboard.php';

/** A new user's My Views (server/src/db/views.ts), by number, and the status lists; `deskMedian`: in the shell. */
interface Item { name: string; wall: string; path: string; deskMedian: number }
const PAGES: Item[] = [
  { name: 'Problems board', wall: 'views=0', path: BOARD, deskMedian: 12 },
  { name: 'Tactical overview', wall: 'views=1', path: 'includes/page-home-main.php', deskMedian: 14 },
  { name: 'Host groups', wall: 'views=2', path: `${STATUS}?show=hostgroups`, deskMedian: 14 },
  ...['hosts', 'services', 'hostproblems', 'serviceproblems'].map((show) => {
    const path = `${STATUS}?show=${show}`;
    return { name: show, wall: `page=${encodeURIComponent(path)}`, path, deskMedian: 14 };
  }),
];

interface TextSizes { median: number; smallestTenth: number; overflowsSideways: boolean }

/**
 * Font sizes in a framed document, weighted by characters: every text a person can see in the frame's viewport (not
 * hidden, not visually hidden, not scrolled out of view), each character counting once.
 */
function textSizes(frame: Frame): Promise<TextSizes> {
  return frame.evaluate(() => {
    const sizes: Array<{ px: number; chars: number }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const chars = (node.textContent ?? '').replace(/\s+/g, '').length;
      const el = node.parentElement;
      if (!chars || !el || el.closest('.visually-hidden, [hidden], script, style, noscript')) continue;
      const style = getComputedStyle(el);
      if (style.visibility !== 'visible') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const onScreen = [...range.getClientRects()]
        .some((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth);
      if (onScreen) sizes.push({ px: parseFloat(style.fontSize), chars });
    }
    sizes.sort((a, b) => a.px - b.px);
    const total = sizes.reduce((sum, s) => sum + s.chars, 0);
    const quantile = (q: number) => {
      let seen = 0;
      for (const s of sizes) {
        seen += s.chars;
        if (seen >= q * total) return s.px;
      }
      return 0;
    };
    const root = document.documentElement;
    return { median: quantile(0.5), smallestTenth: quantile(0.1), overflowsSideways: root.scrollWidth > innerWidth };
  });
}

/** The document in this frame once it shows the page at `path`. */
async function frameOf(element: Locator, path: string): Promise<Frame> {
  await expect(element).toHaveCount(1);
  const frame = (await (await element.elementHandle())!.contentFrame())!;
  await expect.poll(() => decodeURIComponent(frame.url())).toContain(path);
  // The board is shown once fitted to its frame; other pages as soon as they are there.
  await expect(frame.locator('main.page, .board-page[data-fitted]').first()).toBeVisible();
  return frame;
}

/** The item a wallboard with these parameters shows (one item, so it stays on screen). */
async function onWall(page: Page, server: RunningServer, item: Item): Promise<Frame> {
  await page.goto(`${server.url}wallboard?${item.wall}&speed=60`);
  return frameOf(page.locator('.wallboard-stage iframe[data-state="shown"]'), item.path);
}

async function inShell(page: Page, server: RunningServer, path: string): Promise<Frame> {
  await page.goto(`${server.url}?xiwindow=${encodeURIComponent(path)}`);
  return frameOf(page.locator('iframe[name="maincontentframe"]'), path);
}

/**
 * How the board fits its frame: whether it scrolls, whether one more row would still fit (showing the next hidden one
 * would not make it scroll), and whether the rows shown and "+N more" add up to every row.
 */
function boardFit(frame: Frame): Promise<{ scrolls: boolean; roomForAnother: boolean; countsAddUp: boolean }> {
  return frame.evaluate(() => {
    const root = document.documentElement;
    const scrolls = () => root.scrollHeight > innerHeight || root.scrollWidth > innerWidth;
    const rows = [...document.querySelectorAll<HTMLElement>('.board-page .problem')];
    const hidden = rows.filter((row) => row.hidden);
    const more = document.querySelector('.board-page .more')!;
    // "+N more" counts the rows on the page it hides and those the server left out (data-extra).
    const counted = Number(more.textContent!.replace(/\D/g, '')) - Number(more.getAttribute('data-extra'));
    const result = { scrolls: scrolls(), roomForAnother: false, countsAddUp: hidden.length === counted };
    const next = hidden[0];
    if (next) {
      const section = next.closest<HTMLElement>('.board-list')!;
      const wasHidden = section.hidden;
      next.hidden = false;
      section.hidden = false;
      result.roomForAnother = !scrolls();
      next.hidden = true;
      section.hidden = wasHidden;
    }
    return result;
  });
}

test.describe('framed pages on a wall', () => {
  let server: RunningServer;
  // The demo fleet holds still (about 50 problems on the board), so every size is measured on the same pages.
  test.beforeAll(async () => { server = await startServer({ PHAROS_DEMO_TICK_SECONDS: '3600' }); });
  test.afterAll(async () => { await server.stop(); });

  test('a new user\'s My Views and the status lists read from across a room at 1920×1080 and grow with a 3840×2160 screen', async ({ page }) => {
    await loginAsNewUser(page, server, 'legible');
    // A screen twice as wide is read from as far: the same thresholds, twice over.
    for (const scale of [1, 2]) {
      await page.setViewportSize({ width: 1920 * scale, height: 1080 * scale });
      for (const p of PAGES) {
        const sizes = await textSizes(await onWall(page, server, p));
        const screen = `${1920 * scale}×${1080 * scale}`;
        expect.soft(sizes.median, `${p.name}: median text at ${screen}`).toBeGreaterThanOrEqual(20 * scale);
        expect.soft(sizes.smallestTenth, `${p.name}: smallest tenth at ${screen}`).toBeGreaterThanOrEqual(16 * scale);
        expect.soft(sizes.overflowsSideways, `${p.name}: wider than the wall at ${screen}`).toBe(false);
      }
      // The strip around them grows with the screen too: its clock and totals are read from as far.
      const strip = await page.getByTestId('wallboard-strip').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect.soft(strip, `the status strip's text at ${1920 * scale}×${1080 * scale}`).toBeGreaterThanOrEqual(20 * scale);
    }
  });

  test('the same pages in the shell at 1440×900 keep their desktop sizes', async ({ page }) => {
    await loginAsNewUser(page, server, 'desk');
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const p of PAGES) {
      const frame = await inShell(page, server, p.path);
      const sizes = await textSizes(frame);
      const root = await frame.evaluate(() => getComputedStyle(document.documentElement).fontSize);
      expect.soft({ median: sizes.median, root, overflowsSideways: sizes.overflowsSideways }, p.name)
        .toEqual({ median: p.deskMedian, root: '16px', overflowsSideways: false });
      // Between the 12-13 px of badges, hints and data ages and the 14 px of body text, as the ages' length has it.
      expect.soft(sizes.smallestTenth, p.name).toBeGreaterThanOrEqual(12);
      expect.soft(sizes.smallestTenth, p.name).toBeLessThanOrEqual(14);
    }
    // A desk's board still shrinks its rows to show every problem.
    const board = await inShell(page, server, BOARD);
    await expect(board.locator('.board-page .more')).toBeHidden();
  });

  test('the problems board on a wall keeps its rows legible and ends in "+N more"', async ({ page }) => {
    await loginAsNewUser(page, server, 'board');
    await page.setViewportSize({ width: 1920, height: 1080 });
    const board = await onWall(page, server, PAGES[0]!);
    const more = board.locator('.board-page .more');
    await expect(more).toBeVisible();
    await expect(more).toHaveText(/^\+\d+ more$/);
    expect(await board.locator('.board-page .problem:visible').count()).toBeGreaterThan(10);
    // As many rows as fit, the rest counted (polled: the strip may still settle its height, and the board then refits).
    await expect.poll(() => boardFit(board)).toEqual({ scrolls: false, roomForAnother: false, countsAddUp: true });
    // Every row shown is as legible as the rest of the wall.
    const rowSizes = await board.locator('.board-page .problem:visible .what').evaluateAll(
      (els) => els.map((el) => parseFloat(getComputedStyle(el).fontSize)),
    );
    expect(Math.min(...rowSizes)).toBeGreaterThanOrEqual(20);
  });
});
