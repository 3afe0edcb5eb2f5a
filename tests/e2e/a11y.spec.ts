import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { RunningServer } from './server';
import { setTheme, THEMES, type Theme } from './writes';

/** Spec 2.1 routes and the native screens; the wallboard is its own app. */
const ROUTES = [
  '', 'views/', 'dashboards/', 'reports/', 'config/', 'help/', 'admin/', 'tools/', 'account/', 'enterprise/', 'about/',
  'config/main.php', 'tools/main.php', 'tools/mytools.php', 'tools/commontools.php', 'enterprise/enterprise.php', 'dashboards/manage.php',
  // Admin → Displays: a native screen inside the frame's place (its own address is the classic page).
  '?xiwindow=admin%2Fdisplays.php',
];
/** Classic pages get their own axe run: the app's runs stop at the content frame. */
const CLASSIC = ['includes/page-home-main.php', 'includes/components/xicore/status.php?show=hosts', 'views/main.php', 'admin/main.php', 'dashboards/dashboard.php?id=home', 'about/main.php',
  // Issue 38: the bulk form (a host and a service selected, the downtime's fields).
  'includes/components/pharos/bulkcommands.php?action=schedule_downtime&o=h%2F%2Fweb01&o=s%2F%2Fweb01%2FHTTP'];


const header = (page: Page) => page.getByRole('banner');

/**
 * axe on the app document only: the classic page in a frame is not the app's markup and gets its own run (CLASSIC).
 * Excluding the frames also skips axe's frame-title rule, so every frame's name is checked here instead.
 * Fails on serious or critical violations, naming each rule and the elements it hit.
 * Legacy mode runs axe in the page itself: the default mode opens a blank page per run to merge its results, which
 * took two thirds of each run's 2-5 s. Its one loss, frames of another origin, does not apply: every frame here is the
 * server's own.
 */
async function expectAccessible(page: Page, where: string, frames = true): Promise<void> {
  const builder = new AxeBuilder({ page }).setLegacyMode();
  if (frames) {
    builder.exclude('iframe');
    const unnamed = await page.locator('iframe').evaluateAll((all) => all.filter((f) => !f.getAttribute('title')?.trim() && !f.getAttribute('aria-label')?.trim()).length);
    expect(unnamed, `${where}: frames without a title`).toBe(0);
  }
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.failureSummary?.replace(/\n/g, ' ') ?? ''}`).join('\n  ')}`);
  expect(report, `${where}: serious or critical axe violations`).toEqual([]);
}

/**
 * Turns the page already open to `theme` the way the app does when another of its tabs saves the account's theme:
 * saved on the server, then the change announced on the app's channel, and the page applies it without a reload
 * (tests/e2e/polish2-theme.spec.ts tests that path). Colours are all a theme changes, and the themes' rules have no
 * transitions, so what axe sees then is what a page loaded in that theme shows.
 */
async function switchTheme(page: Page, server: RunningServer, theme: Theme): Promise<void> {
  const html = page.locator('html');
  if ((await html.getAttribute('class'))?.split(/\s+/).includes(theme)) return;
  await setTheme(page, server, theme);
  await page.evaluate(() => {
    const channel = new BroadcastChannel('pharos-changes');
    channel.postMessage({ changes: ['account'] });
    channel.close();
  });
  await expect(html).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
}

/**
 * Every axe rule in every theme (colours change between themes, and so can what a rule sees), on the page as it is:
 * one load, then one run per theme, starting with the theme it shows.
 */
async function inThemes(page: Page, server: RunningServer, where: string, frames = true): Promise<void> {
  const shown = (await page.locator('html').getAttribute('class'))?.split(/\s+/) ?? [];
  for (const theme of [...THEMES].sort((a, b) => Number(shown.includes(b)) - Number(shown.includes(a)))) {
    await switchTheme(page, server, theme);
    await expectAccessible(page, `${theme} ${where}`, frames);
  }
}

/** The app has painted its shell and the screen or the frame's first page. */
async function ready(page: Page): Promise<void> {
  await expect(header(page)).toBeVisible();
  await expect(page.locator('iframe, [data-screen]').first()).toBeAttached();
  await page.waitForLoadState('networkidle');
}

async function openMenu(page: Page, name: string | RegExp): Promise<void> {
  await header(page).getByRole('button', { name }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

async function checkDialog(page: Page, server: RunningServer, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await inThemes(page, server, `${name} dialog`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

async function walkRoutes(page: Page, server: RunningServer, routes: readonly string[]): Promise<void> {
  for (const route of routes) {
    await page.goto(`${server.url}${route}`);
    await ready(page);
    await inThemes(page, server, `/${route}`);
  }
}

async function walkOverlays(page: Page, server: RunningServer): Promise<void> {
  await page.goto(server.url);
  await ready(page);
  await openMenu(page, /Profile menu for/);
  await inThemes(page, server, 'profile menu');
  await page.keyboard.press('Escape');
  await openMenu(page, /^System status/);
  await inThemes(page, server, 'system status menu');
  await page.keyboard.press('Escape');
  await openMenu(page, 'Page actions');
  await inThemes(page, server, 'page actions menu');
  await page.getByRole('menuitem', { name: /^Add to My Views/ }).click();
  await checkDialog(page, server, 'Add to My Views');
  await openMenu(page, 'Page actions');
  await page.getByRole('menuitem', { name: /^Permalink/ }).click();
  await checkDialog(page, server, 'Permalink');
  await header(page).getByRole('button', { name: 'Feedback' }).click();
  await checkDialog(page, server, 'Feedback');
  await page.keyboard.press('Control+k');
  await checkDialog(page, server, 'Search');

  await page.goto(`${server.url}views/`);
  await ready(page);
  await page.getByRole('navigation', { name: 'Section menu' }).getByRole('button', { name: 'Add New View' }).click();
  await checkDialog(page, server, 'Add New View');
  await page.getByTestId('rotation-bar').getByRole('button', { name: 'Wallboard link' }).click();
  await checkDialog(page, server, 'Wallboard link');

  await page.goto(`${server.url}dashboards/manage.php`);
  await ready(page);
  await page.locator('[data-screen="manageDashboards"]').getByRole('button', { name: 'Add Dashboard' }).click();
  await checkDialog(page, server, 'Add Dashboard');

  await page.goto(`${server.url}tools/mytools.php`);
  await ready(page);
  await page.getByRole('button', { name: 'Add Tool' }).click();
  await checkDialog(page, server, 'Add Tool');

  // The wallboard follows the account's theme like the frame (polish2-theme.spec.ts).
  await page.goto(`${server.url}wallboard`);
  await expect(page.getByTestId('wallboard-position')).toHaveText(/1 \/ \d/);
  await inThemes(page, server, 'wallboard');
}

/** The server renders a classic page in the account's theme: each theme is a load of its own. */
async function walkClassic(page: Page, server: RunningServer): Promise<void> {
  for (const theme of THEMES) {
    await setTheme(page, server, theme);
    for (const path of CLASSIC) {
      await page.goto(`${server.url}${path}`);
      await expectAccessible(page, `${theme} classic ${path}`, false);
    }
  }
}

const HALF = Math.ceil(ROUTES.length / 2);
const PARTS = [
  ['the first half of the routes', (page, server) => walkRoutes(page, server, ROUTES.slice(0, HALF))],
  ['the second half of the routes', (page, server) => walkRoutes(page, server, ROUTES.slice(HALF))],
  ['every dialog and open menu, and the wallboard', walkOverlays],
  ['the classic pages', walkClassic],
] as const satisfies ReadonlyArray<readonly [string, (page: Page, server: RunningServer) => Promise<void>]>;

test.describe('accessibility (axe): no serious or critical violations, in every theme', () => {
  test.describe.configure({ mode: 'parallel' });
  // The theme is the user's: the worker's server goes on to other spec files.
  test.afterEach(async ({ page, server }) => { await setTheme(page, server, 'neptune'); });
  for (const [part, walk] of PARTS) {
    test(`${part} in the ${THEMES.join(', ')} themes`, async ({ loggedIn: page, server }) => {
      test.setTimeout(150_000);
      await walk(page, server);
    });
  }
});
