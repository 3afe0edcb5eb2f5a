import type { Page, Route } from '@playwright/test';
import { expect, login, runForAnswered, test, pauseClock } from './fixtures';
import { ADMIN, startServer, type RunningServer } from './server';
import { writeAs } from './writes';

/** A fresh user's My Views: the default playlist of a new install. */
const DEFAULT_VIEWS = ['Problems board', 'Tactical overview', 'Host groups'];
/** The built-in list's pages: never on screen for a user who has views. */
const BUILT_IN_PAGES = ['status.php?show=hostproblems', 'status.php?show=serviceproblems'];
/** What the server answered while it closed, before issue 17: it must never be on a screen. */
const CLOSING_503 = JSON.stringify({ error: 'Service Unavailable', message: 'Service Unavailable', statusCode: 503 });

const position = (page: Page) => page.getByTestId('wallboard-position');
const title = (page: Page) => page.getByTestId('wallboard-title');
const shownFrame = (page: Page) => page.locator('.wallboard-stage iframe[data-state="shown"]');

/**
 * Records, in the wallboard's own document, every title the strip showed and every page a frame was asked for, so a
 * test can say what never appeared. Plain JS: the test runner's transform would name functions.
 */
const RECORD_SCREEN = `(() => {
  if (window.top !== window) return;
  const seen = { titles: [], sources: [] };
  window.seen = seen;
  new MutationObserver(() => {
    const t = document.querySelector('[data-testid="wallboard-title"]');
    if (t && seen.titles[seen.titles.length - 1] !== t.textContent) seen.titles.push(t.textContent);
    for (const f of document.querySelectorAll('.wallboard-stage iframe')) {
      const src = f.getAttribute('src');
      if (src && !seen.sources.includes(src)) seen.sources.push(src);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: { titles: string[]; sources: string[] } }).seen);

/** The strip names what the screen shows: the title of the frame on screen, or of its error card. */
async function expectStripMatchesScreen(page: Page): Promise<void> {
  const frameTitle = await shownFrame(page).getAttribute('title');
  await expect(title(page)).toHaveText(frameTitle!);
  await expect(position(page)).toHaveText(`${DEFAULT_VIEWS.indexOf(frameTitle!) + 1} / 3`);
}

/** No frame on screen shows an error document: no JSON, no status text (a frame loading out of sight is not on screen). */
async function expectNoErrorDocument(page: Page): Promise<void> {
  for (const element of await page.locator('iframe:visible').elementHandles()) {
    const frame = await element.contentFrame();
    const text = frame ? await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '') : '';
    // Plugin output may well say "503 Service Unavailable"; an error document's JSON or the closing page may not show.
    expect(text).not.toContain('statusCode');
    expect(text).not.toMatch(/"(error|message)"\s*:/);
    expect(text).not.toContain('Pharos is restarting');
  }
  await expect(page.locator('body')).not.toContainText('statusCode');
}

test.describe('the wall tells the truth (issue 17)', () => {
  // Frames and API calls must reach the routes below, not the service worker's cache.
  test.use({ serviceWorkers: 'block', viewport: { width: 1920, height: 1080 } });
  let server: RunningServer;
  test.beforeEach(async () => { server = await startServer(); });
  test.afterEach(async () => { await server.stop(); });

  async function openWallboard(page: Page, query = '?speed=10'): Promise<void> {
    await page.addInitScript({ content: RECORD_SCREEN });
    await page.clock.install();
    await login(page, server);
    await page.goto(`${server.url}wallboard${query}`);
    await expect(position(page)).toHaveText('1 / 3');
    await expect(shownFrame(page)).toHaveCount(1);
    await pauseClock(page);
  }

  test('with the menu held back and nothing stored, the screen says it is loading, then rotates the user\'s views; the built-in list never shows', async ({ page }) => {
    await page.addInitScript({ content: RECORD_SCREEN });
    await login(page, server);
    let release!: () => void;
    const released = new Promise<void>((r) => { release = r; });
    await page.route('**/api/v2/app/menu', async (route: Route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${server.url}wallboard?speed=10`);
    await expect(page.getByTestId('wallboard-loading')).toHaveText('Loading your views…');
    await expect(title(page)).toHaveText('Loading your views…');
    await expect(page.locator('.wallboard-stage iframe')).toHaveCount(0);
    release();
    await expect(page.getByTestId('wallboard-loading')).toHaveCount(0);
    await expect(position(page)).toHaveText('1 / 3');
    await expect(title(page)).toHaveText(DEFAULT_VIEWS[0]!);
    await expect(page.getByTestId('wallboard-builtin')).toHaveCount(0);
    const record = await seen(page);
    expect(record.titles.filter((t) => t !== '' && t !== 'Loading your views…')).toEqual([DEFAULT_VIEWS[0]]);
    expect(record.sources.some((src) => BUILT_IN_PAGES.some((p) => src.includes(p)))).toBe(false);
  });

  test('a view added in another page joins the rotation without a reload', async ({ page, context }) => {
    await openWallboard(page);
    await page.evaluate(() => { (window as unknown as { stillHere: boolean }).stillHere = true; });
    const other = await context.newPage();
    await writeAs(other, server, 'ajaxhelper.php', { cmd: 'addview', title: 'Service problems today', url: 'includes/components/xicore/status.php?show=serviceproblems' });
    await other.close();
    // The menu is asked again at a boundary at most every 30 s; the new list takes over at the boundary after that.
    await runForAnswered(page, 40_000, 10_000);
    await expect(position(page)).toHaveText(/\/ 4$/);
    const titles: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      await runForAnswered(page, 10_000, 10_000);
      await expect(page.locator('.wallboard-stage iframe[data-state="loading"]')).toHaveCount(0);
      titles.push((await title(page).textContent())!);
    }
    expect(titles).toContain('Service problems today');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  for (const [screen, viewport] of [['a TV', { width: 1920, height: 1080 }], ['a phone', { width: 390, height: 844 }]] as const) {
    test(`on ${screen}, a server answering every request with its closing 503 never shows that document: the item on screen stays, and the strip names it`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openWallboard(page);
      await page.clock.runFor(10_000);
      await expect(position(page)).toHaveText('2 / 3');
      await expect(page.locator('.wallboard-stage iframe[data-state="loading"]')).toHaveCount(0);
      await page.route(`${server.url}**`, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: CLOSING_503 }));
      for (let step = 0; step < 8; step += 1) {
        await page.clock.runFor(10_000);
        await expectNoErrorDocument(page);
        await expectStripMatchesScreen(page);
      }
      await expect(title(page)).toHaveText(DEFAULT_VIEWS[1]!);
      await expect(page.getByTestId('wallboard-stale')).toBeVisible();
      await expect(page.getByTestId('wallboard-countdown')).toHaveText('Paused');
      await expect(page.getByTestId('wallboard-error')).toHaveCount(0);
      await expect(page.getByTestId('wallboard-connection')).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: test.info().outputPath('closing-503.png') });

      await page.unroute(`${server.url}**`);
      await runForAnswered(page, 130_000);
      await expect(page.getByTestId('wallboard-stale')).toBeHidden();
      // The rotation goes on from the item on screen.
      await expect(page.getByTestId('wallboard-countdown')).toHaveText(/next in \d+ s/);
      await expectStripMatchesScreen(page);
    });
  }

  test('a database restart (every answer a 503 with Retry-After: 2): the wall asks again when told, so it is live again within seconds of the end, not up to a minute later', async ({ page }) => {
    await openWallboard(page);
    // What every process answers while PostgreSQL restarts (tests/api/database.test.ts).
    await page.route(`${server.url}**`, (route) => route.fulfill({
      status: 503, contentType: 'application/json', headers: { 'retry-after': '2' },
      body: JSON.stringify({ message: 'The database is not answering. Pharos keeps trying; try again in a moment.' }),
    }));
    // Two minutes: long enough for a back-off to have reached its minute.
    for (let step = 0; step < 12; step += 1) await page.clock.runFor(10_000);
    await expect(page.getByTestId('wallboard-stale')).toBeVisible();
    await expect(page.getByTestId('wallboard-error')).toHaveCount(0);
    // The notice takes its own room above the page, so it hides none of the board's counts (issue 35).
    const band = (await page.getByTestId('wallboard-stale').boundingBox())!;
    const stage = (await shownFrame(page).boundingBox())!;
    expect(band.y + band.height).toBeLessThanOrEqual(stage.y + 1);
    // A band across the screen, its words in full: none of it off the side but the anti-burn-in shift of a few px.
    expect(band.x).toBeGreaterThanOrEqual(-4);
    expect(band.x + band.width).toBeLessThanOrEqual(page.viewportSize()!.width + 4);
    expect(band.width).toBeGreaterThanOrEqual(stage.width - 1);

    await page.unroute(`${server.url}**`);
    await runForAnswered(page, 4_000, 1_000);
    await expect(page.getByTestId('wallboard-stale')).toBeHidden();
    await expect(page.getByTestId('wallboard-connection')).toContainText('Live');
    await expect(page.getByTestId('wallboard-countdown')).toHaveText(/next in \d+ s/);
  });

  for (const stop of ['SIGTERM', 'SIGKILL'] as const) {
    test(`server stopped with ${stop} while items load: no error text in any frame, the strip follows the screen, and it recovers`, async ({ page }) => {
      await openWallboard(page);
      await page.clock.runFor(10_000);
      await expect(position(page)).toHaveText('2 / 3');
      await expect(page.locator('.wallboard-stage iframe[data-state="loading"]')).toHaveCount(0);
      await (stop === 'SIGTERM' ? server.stop() : server.kill());
      for (let step = 0; step < 9; step += 1) {
        await page.clock.runFor(10_000);
        await expectNoErrorDocument(page);
        await expectStripMatchesScreen(page);
      }
      await expect(page.getByTestId('wallboard-stale')).toBeVisible();
      await expect(title(page)).toHaveText(DEFAULT_VIEWS[1]!);

      await server.start();
      await runForAnswered(page, 130_000);
      await expect(page.getByTestId('wallboard-stale')).toBeHidden();
      await expect(page.getByTestId('wallboard-countdown')).toHaveText(/next in \d+ s/);
      await expect(page.locator('.wallboard-stage iframe[data-state="loading"]')).toHaveCount(0);
      await expectStripMatchesScreen(page);
      await expectNoErrorDocument(page);
    });
  }

  test('every parameter notice can be read in full on a TV, and a view number that does not exist is one of them', async ({ page }) => {
    await openWallboard(page, '?speed=abc&views=0,1,2,99&alertseconds=5&durations=x');
    const list = page.getByTestId('wallboard-notice-list');
    await expect(list.getByRole('listitem')).toHaveText([
      'Ignored speed=abc: seconds from 10 to 60.',
      'Ignored alertseconds=5: seconds from 10 to 600.',
      'Ignored durations=x: seconds from 5 to 3600, separated by commas.',
      'Ignored views=99: there is no such view in My Views.',
    ]);
    await expect(list).toBeInViewport({ ratio: 1 });
    const notice = page.getByTestId('wallboard-notice');
    await expect(notice).toHaveText('Ignored speed=abc: seconds from 10 to 60. (+3 more)');
    // Nothing is cut: the strip's notice is as wide as its text.
    expect(await notice.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await runForAnswered(page, 21_000);
    await expect(list).toHaveCount(0);
    await expect(notice).toBeVisible();
  });
});

test.describe('the framed shell never shows an error document either', () => {
  test.use({ serviceWorkers: 'block' });
  let server: RunningServer;
  test.beforeAll(async () => { server = await startServer(); });
  test.afterAll(async () => { await server.stop(); });

  test('a classic page answering a JSON 503, or a proxy\'s 502 page, shows "could not be loaded" instead; our own 404 page shows as it is', async ({ page }) => {
    await login(page, server);
    await page.route('**/includes/components/xicore/status.php?show=hosts', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: CLOSING_503 }));
    await page.goto(`${server.url}?xiwindow=${encodeURIComponent(`${server.base}includes/components/xicore/status.php?show=hosts`)}`);
    await expect(page.getByTestId('frame-unavailable')).toContainText('This page could not be loaded');
    await expectNoErrorDocument(page);

    await page.route('**/includes/components/xicore/status.php?show=services', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>' }));
    await page.goto(`${server.url}?xiwindow=${encodeURIComponent(`${server.base}includes/components/xicore/status.php?show=services`)}`);
    await expect(page.getByTestId('frame-unavailable')).toContainText('This page could not be loaded');
    await expect(page.frameLocator('iframe[name="maincontentframe"]').getByText('Bad Gateway')).toBeHidden();

    await page.goto(`${server.url}?xiwindow=${encodeURIComponent(`${server.base}includes/no-such-page.php`)}`);
    await expect(page.frameLocator('iframe[name="maincontentframe"]').locator('body')).not.toBeEmpty();
    await expect(page.getByTestId('frame-unavailable')).toHaveCount(0);
  });
});

test.describe('the pairing screen', () => {
  let server: RunningServer;
  test.beforeAll(async () => { server = await startServer(); });
  test.afterAll(async () => { await server.stop(); });

  test('offers "Sign in instead", and signing in comes back to the same wallboard address', async ({ page }) => {
    await page.goto(`${server.url}wallboard?views=0,1&speed=20`);
    await expect(page.getByTestId('pairing-code')).toHaveAttribute('data-code', /^[A-Z0-9]{8}$/);
    await page.getByRole('link', { name: 'Sign in instead' }).click();
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(`${server.url}wallboard?views=0,1&speed=20`);
    await expect(position(page)).toHaveText('1 / 2');
  });
});
