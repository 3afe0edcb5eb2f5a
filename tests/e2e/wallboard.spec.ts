import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, login, runForAnswered, test, pauseClock } from './fixtures';
import { startServer, type RunningServer } from './server';

/** A fresh user's My Views: the default playlist of a new install. */
const DEFAULT_VIEWS = ['Problems board', 'Tactical overview', 'Host groups'];

const strip = (page: Page) => page.getByTestId('wallboard-strip');
const position = (page: Page) => page.getByTestId('wallboard-position');
const title = (page: Page) => page.getByTestId('wallboard-title');
/** The item on screen: the one frame that has loaded and been swapped in. */
const shownFrame = (page: Page) => page.locator('.wallboard-stage iframe[data-state="shown"]');

async function openWallboard(page: Page, server: RunningServer, query = ''): Promise<void> {
  await page.clock.install();
  await login(page, server);
  await page.goto(`${server.url}wallboard${query}`);
  await expect(position(page)).toHaveText('1 / 3');
  await expect(shownFrame(page)).toHaveCount(1);
  await pauseClock(page);
}

/** Moves the fake clock a rotation step and waits until the next item is on screen. */
async function nextItem(page: Page, seconds: number, expected: string): Promise<void> {
  await page.clock.runFor(seconds * 1000);
  await expect(position(page), (await strip(page).textContent()) ?? '').toHaveText(expected);
  await expect(page.locator('.wallboard-stage iframe[data-state="loading"]')).toHaveCount(0);
}

test.describe('wallboard', () => {
  // Its own server: other specs add views to the shared one, and these count a fresh user's three default views.
  let server: RunningServer;
  test.beforeAll(async () => { server = await startServer(); });
  test.afterAll(async () => { await server.stop(); });

  test('a fresh user\'s wallboard rotates the default views with titles, position, countdown and problem totals', async ({ page }) => {
    await openWallboard(page, server);
    await expect(title(page)).toHaveText(DEFAULT_VIEWS[0]!);
    const countdown = page.getByTestId('wallboard-countdown');
    // The fake clock ran at real speed until it was paused, seconds on a loaded machine: count from what the wall says.
    await expect(countdown).toHaveText(/next in (10|[1-9]) s/);
    const left = Number(/next in (\d+) s/.exec((await countdown.textContent()) ?? '')![1]);
    await expect(page.getByTestId('wallboard-host-problems')).toContainText(/Host problems: \d+/);
    await expect(page.getByTestId('wallboard-service-problems')).toContainText(/Service problems: \d+/);
    await expect(page.getByTestId('wallboard-connection')).toContainText('Live · updated');
    await expect(page.getByTestId('wallboard-clock')).toHaveText(/\d{1,2}:\d{2}/);
    await nextItem(page, left, '2 / 3');
    // Each item stays the default 10 s, counted down on the strip.
    await expect(countdown).toHaveText(/next in (10|9) s/);
    await page.clock.runFor(3000);
    await expect(countdown).toHaveText(/next in [67] s/);
    await page.clock.runFor(4000);
    await expect(position(page)).toHaveText('2 / 3');
    await expect(title(page)).toHaveText(DEFAULT_VIEWS[1]!);
    await expect(shownFrame(page)).toHaveAttribute('src', `${server.base}includes/page-home-main.php?wall=1`);
    await nextItem(page, 3, '3 / 3');
    await expect(title(page)).toHaveText(DEFAULT_VIEWS[2]!);
    await nextItem(page, 10, '1 / 3');
    // The framed app around it is in full-screen mode: no top bar, rail or footer on the wall.
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByTestId('wallboard')).toBeVisible();
  });

  test('per-item durations hold', async ({ page }) => {
    await openWallboard(page, server, '?durations=25,10,15');
    const countdown = page.getByTestId('wallboard-countdown');
    await expect(countdown).toHaveText(/next in 2[3-5] s/);
    // The clock ran in real time until it was paused, up to 2 s on a loaded machine: count from what the wall says.
    const left = Number(/next in (\d+) s/.exec((await countdown.textContent()) ?? '')![1]);
    await page.clock.runFor((left - 3) * 1000);
    await expect(position(page)).toHaveText('1 / 3');
    await nextItem(page, 3, '2 / 3');
    await expect(page.getByTestId('wallboard-countdown')).toHaveText(/next in (10|9) s/);
    await page.clock.runFor(7000);
    await expect(position(page)).toHaveText('2 / 3');
    await nextItem(page, 3, '3 / 3');
    await expect(page.getByTestId('wallboard-countdown')).toHaveText(/next in 1[45] s/);
  });

  test('a hostile page= is refused with a notice, and the rest still runs', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    await openWallboard(page, server, `?page=${encodeURIComponent('javascript:alert(1)')}&page=${encodeURIComponent('//evil.example/nagiosxi/')}&speed=5`);
    await expect(page.getByTestId('wallboard-notice')).toContainText('Ignored page=javascript:alert(1): only pages of this site can be shown. (+2 more)');
    await expect(title(page)).toHaveText(DEFAULT_VIEWS[0]!);
    const sources = await page.locator('iframe').evaluateAll((frames) => frames.map((f) => f.getAttribute('src') ?? ''));
    expect(sources.every((src) => src.startsWith('/'))).toBe(true);
    expect(sources.some((src) => src.includes('evil') || src.startsWith('javascript'))).toBe(false);
    expect(dialogs).toEqual([]);
  });

  test('remote and keyboard: → skips, ← rewinds, Space pauses and resumes, Escape leaves to the views section', async ({ page }) => {
    await openWallboard(page, server);
    await page.keyboard.press('ArrowRight');
    await expect(position(page)).toHaveText('2 / 3');
    await page.keyboard.press('ArrowRight');
    await expect(position(page)).toHaveText('3 / 3');
    await page.keyboard.press('ArrowLeft');
    await expect(position(page)).toHaveText('2 / 3');
    await page.keyboard.press(' ');
    await expect(page.getByTestId('wallboard-countdown')).toHaveText('Paused');
    await runForAnswered(page, 30_000);
    await expect(position(page)).toHaveText('2 / 3');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('wallboard-countdown')).toHaveText(/next in (10|9) s/);
    // The on-screen controls come with the pointer and are reachable by keyboard.
    await page.mouse.move(200, 200);
    const controls = page.getByTestId('wallboard-controls');
    await expect(controls).toHaveAttribute('data-visible');
    await controls.getByRole('button', { name: 'Next item' }).focus();
    await page.keyboard.press('Enter');
    await expect(position(page)).toHaveText('3 / 3');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/views\/$/);
  });

  test('after 30 rotations history has not grown and at most two item frames exist', async ({ page }) => {
    await openWallboard(page, server, '?speed=10');
    const start = await page.evaluate(() => history.length);
    for (let i = 1; i <= 30; i += 1) await nextItem(page, 10, `${(i % 3) + 1} / 3`);
    expect(await page.evaluate(() => history.length)).toBe(start);
    expect(await page.locator('.wallboard-stage iframe').count()).toBeLessThanOrEqual(2);
  });
});

test.describe('wallboard through outages and lost sessions', () => {
  let server: RunningServer;
  test.beforeEach(async () => { server = await startServer(); });
  test.afterEach(async () => { await server.stop(); });

  test('a server that stops between the wall\'s polls shows on the strip within 15 s, with no item change to reveal it', async ({ page }) => {
    // Five minutes per item: no rotation boundary, and no 30 s poll of the strip's totals, in the window below.
    await openWallboard(page, server, '?durations=300,300,300');
    const connection = page.getByTestId('wallboard-connection');
    await expect(connection).toContainText('Live');
    await server.stop();
    await page.clock.runFor(15_000);
    await expect(connection).toContainText(/Server unreachable since \d.*showing data from \d/);
    await expect(page.getByTestId('wallboard-stale')).toBeVisible();
    await expect(position(page)).toHaveText('1 / 3');
  });

  test('the line over the page and the strip give one time for the data on screen: its last data, never the watch\'s last answer', async ({ page }) => {
    // The wall's data comes just after 12:00:50; with nothing else to ask for, its watch asks again 10 to 15 s later,
    // after 12:01, and its next data would come 30 s later.
    await login(page, server);
    await page.clock.install({ time: new Date('2026-11-28T12:00:50') });
    await page.goto(`${server.url}wallboard?durations=300,300,300`);
    await expect(position(page)).toHaveText('1 / 3');
    await expect(shownFrame(page)).toHaveCount(1);
    await pauseClock(page);
    await runForAnswered(page, 20_000);
    await expect(page.getByTestId('wallboard-connection')).toHaveText('Live · updated 12:01');
    await server.stop();
    await page.clock.runFor(15_000);
    const stale = page.getByTestId('wallboard-stale');
    await expect(stale).toContainText(/Server unreachable since 12:01 · showing data from 12:00 /);
    await expect(page.getByTestId('wallboard-connection')).toContainText(/Server unreachable since 12:01 · showing data from 12:00 /);
  });

  test('with the server stopped the last item stays under the stale overlay; restarted, the rotation resumes without a reload', async ({ page }) => {
    await openWallboard(page, server);
    await nextItem(page, 10, '2 / 3');
    await page.evaluate(() => { (window as unknown as { stillHere: boolean }).stillHere = true; });
    await server.stop();
    await page.clock.runFor(61_000);
    const stale = page.getByTestId('wallboard-stale');
    await expect(stale).toContainText(/Server unreachable since \d.*retrying in \d+ s/);
    await expect(page.getByTestId('wallboard-countdown')).toHaveText('Paused');
    // The strip says it too, whole: the outage's words never run off the screen's edge.
    await expect(page.getByTestId('wallboard-connection')).toContainText(/Server unreachable since \d.*retrying in \d+ s/);
    await expect(page.getByTestId('wallboard-connection')).toBeInViewport({ ratio: 1 });
    await page.clock.runFor(30_000);
    await expect(position(page)).toHaveText('2 / 3');
    // The strip names what is on screen, not the item that was asked for when the server went away.
    await expect(title(page)).toHaveText(DEFAULT_VIEWS[1]!);
    await expect(shownFrame(page)).toHaveAttribute('src', `${server.base}includes/page-home-main.php?wall=1`);
    await expect(page.getByTestId('wallboard-error')).toHaveCount(0);

    await server.start();
    // In answered steps: one jump of two minutes runs every probe's timeout before the restarted server can answer it.
    await runForAnswered(page, 130_000);
    await expect(stale).toBeHidden();
    await expect(page.getByTestId('wallboard-connection')).toContainText('Live');
    await expect(page.getByTestId('wallboard-countdown')).toHaveText(/next in \d+ s/);
    // The probes found the server within those two minutes, and the rotation has been going since.
    const at = await position(page).textContent();
    await page.clock.runFor(10_000);
    await expect(position(page)).not.toHaveText(at!);
    await expect(shownFrame(page)).toHaveCount(1);
    await expect(page.getByTestId('wallboard-error')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  test('a session deleted on the server shows "Sign-in needed"; a login in another page of the browser resumes the rotation', async ({ page, context }) => {
    await openWallboard(page, server);
    const db = new Database(path.join(server.dataDir, 'pharos.sqlite'));
    db.prepare('DELETE FROM sessions').run();
    db.close();
    await runForAnswered(page, 61_000);
    const signIn = page.getByTestId('wallboard-signin');
    await expect(signIn).toContainText('Sign-in needed');
    await expect(signIn).toContainText(/At \d.* the server answered/);
    await expect(signIn.getByRole('link', { name: 'Open the sign-in page' })).toHaveAttribute('target', '_blank');
    // Never a login form inside a frame.
    await expect(page.frameLocator('iframe').first().getByLabel('Password')).toHaveCount(0);
    expect(page.url()).toContain('/wallboard');

    const other = await context.newPage();
    await login(other, server);
    await other.close();
    await runForAnswered(page, 130_000);
    await expect(signIn).toBeHidden();
    await expect(page.getByTestId('wallboard-countdown')).toHaveText(/next in \d+ s/);
    const at = await position(page).textContent();
    await page.clock.runFor(10_000);
    await expect(position(page)).not.toHaveText(at!);
  });
});
