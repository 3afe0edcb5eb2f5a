import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import type { RunningServer } from './server';

/**
 * Issue 19: index.html and wallboard.html paint a static first screen before any script runs, and the app takes over
 * the same regions without a layout shift.
 */

const SHELL_REGIONS = ['.shell-rail', '.shell-secondary', '.shell-header', '.shell-main', '.shell-footer'] as const;
const WALLBOARD_REGIONS = ['.wallboard-main', '.wallboard-strip'] as const;

type Box = { x: number; y: number; width: number; height: number };

async function boxes(page: Page, scope: string, selectors: readonly string[]): Promise<Record<string, Box>> {
  const out: Record<string, Box> = {};
  for (const s of selectors) {
    const box = await page.locator(`${scope} ${s}`).first().boundingBox();
    expect(box, `${scope} ${s}`).not.toBeNull();
    out[s] = { x: Math.round(box!.x), y: Math.round(box!.y), width: Math.round(box!.width), height: Math.round(box!.height) };
  }
  return out;
}

/** A context signed in as the admin, as a returning user's browser is. */
async function signedIn(browser: Browser, server: RunningServer, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const setup = await browser.newContext();
  const page = await setup.newPage();
  await login(page, server);
  const state = await setup.storageState();
  await setup.close();
  return browser.newContext({ ...options, storageState: state, serviceWorkers: 'block' });
}

/** Sum of the page's layout-shift entries (without recent input), observed from before the first paint. */
const LAYOUT_SHIFTS = `
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

test('the served HTML paints the frame and the wallboard strip with JavaScript disabled', async ({ browser, server }) => {
  const context = await signedIn(browser, server, { javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(server.url);
    for (const region of SHELL_REGIONS) await expect(page.locator(`#first-screen ${region}`)).toBeVisible();
    await expect(page.locator('#first-screen .search-box svg')).toBeVisible();
    // The default (dark) theme: nothing could read the stored one.
    expect(await page.locator('#first-screen .shell-rail').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(28, 39, 51)');
    const shell = await boxes(page, '#first-screen', SHELL_REGIONS);
    expect(shell['.shell-rail']!.width).toBe(56);
    expect(shell['.shell-header']!.height).toBe(48);
    expect(shell['.shell-footer']!.height).toBe(32);

    await page.goto(`${server.url}wallboard`);
    await expect(page.locator('#first-screen .wallboard-strip')).toBeVisible();
    await expect(page.locator('#first-screen .wallboard-clock')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('before the app\'s scripts run the first screen has the stored theme and preloads the stored language', async ({ browser, server }) => {
  const context = await signedIn(browser, server);
  try {
    const owner = (await context.cookies()).find((c) => c.name === 'pharos_user')?.value ?? '';
    expect(owner).not.toBe('');
    await context.addInitScript(([key]) => {
      localStorage.setItem(`pharos.theme:${key}`, 'neptunelight');
      localStorage.setItem(`pharos.language:${key}`, 'de_DE');
    }, [decodeURIComponent(owner)]);
    const page = await context.newPage();
    // The app's code never arrives: what shows is the HTML, its CSS and first-screen.js.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(server.url);
    await expect(page.locator('html')).toHaveClass('neptunelight');
    for (const region of SHELL_REGIONS) await expect(page.locator(`#first-screen ${region}`)).toBeVisible();
    expect(await page.locator('#first-screen .top-bar').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    await expect(page.locator('link[rel="preload"][as="fetch"]')).toHaveAttribute('href', /\/includes\/lang\/json\/de_DE\.json$/);

    await page.goto(`${server.url}wallboard?strip=top`);
    await expect(page.locator('html')).toHaveClass('neptunelight');
    await expect(page.locator('#first-screen .wallboard-clock')).toBeVisible();
    const strip = await boxes(page, '#first-screen', ['.wallboard-strip']);
    expect(strip['.wallboard-strip']!.y).toBe(0);
  } finally {
    await context.close();
  }
});

for (const [name, path, regions, ready] of [
  ['shell', '', SHELL_REGIONS, (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'About' })],
  ['wallboard', 'wallboard', WALLBOARD_REGIONS, (page: Page) => page.getByTestId('wallboard-clock')],
] as const) {
  for (const viewport of [{ width: 412, height: 823 }, { width: 1350, height: 940 }]) {
    test(`the app takes over the ${name}'s first screen in the same boxes, without a layout shift (${viewport.width} px)`, async ({ browser, server }) => {
      const context = await signedIn(browser, server, { viewport });
      try {
        // The first screen alone (the app's code held back), then the app.
        const still = await context.newPage();
        await still.route('**/assets/*.js', (route) => route.abort());
        await still.goto(`${server.url}${path}`);
        const first = await boxes(still, '#first-screen', regions.filter((r) => viewport.width >= 600 || !['.shell-rail', '.shell-secondary'].includes(r)));
        await still.close();

        const page = await context.newPage();
        await page.addInitScript(LAYOUT_SHIFTS);
        await page.goto(`${server.url}${path}`);
        await expect(ready(page)).toBeVisible();
        await expect(page.locator('#first-screen')).toHaveCount(0);
        // Settled: nothing more to fetch, and two frames drawn since, so any late shift has been recorded.
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
        expect(await page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift)).toBeLessThan(0.01);
        const app = await boxes(page, '#root', Object.keys(first));
        for (const [region, box] of Object.entries(first)) {
          // The wallboard moves by a few pixels against burn-in; on a phone its strip wraps onto more lines once
          // filled (the first screen has one), and the stage gives way.
          const wraps = name === 'wallboard' && viewport.width < 600;
          const slack = name === 'wallboard' ? 4 : 0;
          for (const side of ['x', 'y', 'width', 'height'] as const) {
            if (wraps && (side === 'height' || (side === 'y' && region === '.wallboard-strip'))) continue;
            expect(Math.abs(app[region]![side] - box[side]), `${region} ${side}: ${app[region]![side]} vs ${box[side]}`).toBeLessThanOrEqual(slack);
          }
        }
      } finally {
        await context.close();
      }
    });
  }
}
