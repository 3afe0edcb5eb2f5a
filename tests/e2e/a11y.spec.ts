import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { RunningServer } from './server';
import { setTheme, THEMES } from './writes';

/** Spec 2.1 routes and the native screens; the wallboard is its own app. */
const ROUTES = [
  '', 'views/', 'dashboards/', 'reports/', 'config/', 'help/', 'admin/', 'tools/', 'account/', 'enterprise/', 'about/',
  'config/main.php', 'tools/main.php', 'tools/mytools.php', 'tools/commontools.php', 'enterprise/enterprise.php', 'dashboards/manage.php',
  // Admin → Displays: a native screen inside the frame's place (its own address is the classic page).
  '?xiwindow=admin%2Fdisplays.php',
];
/** Classic pages get their own axe run: the app's runs stop at the content frame. */
const CLASSIC = ['includes/page-home-main.php', 'includes/components/xicore/status.php?show=hosts', 'views/main.php', 'admin/main.php', 'dashboards/dashboard.php?id=home', 'about/main.php'];


const header = (page: Page) => page.getByRole('banner');

/**
 * axe on the app document only: the classic page in a frame is not the app's markup and gets its own run (CLASSIC).
 * Excluding the frames also skips axe's frame-title rule, so every frame's name is checked here instead.
 * Fails on serious or critical violations, naming each rule and the elements it hit.
 */
async function expectAccessible(page: Page, where: string, frames = true): Promise<void> {
  const builder = new AxeBuilder({ page });
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

async function checkDialog(page: Page, name: string, where: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, `${where}: ${name} dialog`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

async function walkRoutes(page: Page, server: RunningServer, theme: string): Promise<void> {
  // Every axe rule in every theme: colours change between themes, and so can what a rule sees.
  for (const route of ROUTES) {
    await page.goto(`${server.url}${route}`);
    await ready(page);
    await expectAccessible(page, `${theme} /${route}`);
  }
}

async function walkOverlays(page: Page, server: RunningServer, theme: string): Promise<void> {
  await page.goto(server.url);
  await ready(page);
  await openMenu(page, /Profile menu for/);
  await expectAccessible(page, `${theme} profile menu`);
  await page.keyboard.press('Escape');
  await openMenu(page, /^System status/);
  await expectAccessible(page, `${theme} system status menu`);
  await page.keyboard.press('Escape');
  await openMenu(page, 'Page actions');
  await expectAccessible(page, `${theme} page actions menu`);
  await page.getByRole('menuitem', { name: /^Add to My Views/ }).click();
  await checkDialog(page, 'Add to My Views', theme);
  await openMenu(page, 'Page actions');
  await page.getByRole('menuitem', { name: /^Permalink/ }).click();
  await checkDialog(page, 'Permalink', theme);
  await header(page).getByRole('button', { name: 'Feedback' }).click();
  await checkDialog(page, 'Feedback', theme);
  await page.keyboard.press('Control+k');
  await checkDialog(page, 'Search', theme);

  await page.goto(`${server.url}views/`);
  await ready(page);
  await page.getByRole('navigation', { name: 'Section menu' }).getByRole('button', { name: 'Add New View' }).click();
  await checkDialog(page, 'Add New View', theme);
  await page.getByTestId('rotation-bar').getByRole('button', { name: 'Wallboard link' }).click();
  await checkDialog(page, 'Wallboard link', theme);

  await page.goto(`${server.url}dashboards/manage.php`);
  await ready(page);
  await page.locator('[data-screen="manageDashboards"]').getByRole('button', { name: 'Add Dashboard' }).click();
  await checkDialog(page, 'Add Dashboard', theme);

  await page.goto(`${server.url}tools/mytools.php`);
  await ready(page);
  await page.getByRole('button', { name: 'Add Tool' }).click();
  await checkDialog(page, 'Add Tool', theme);

  await page.goto(`${server.url}wallboard`);
  await expect(page.getByTestId('wallboard-position')).toHaveText(/1 \/ \d/);
  await expectAccessible(page, `${theme} wallboard`);

  for (const path of CLASSIC) {
    await page.goto(`${server.url}${path}`);
    await expectAccessible(page, `${theme} classic ${path}`, false);
  }
}

test.describe('accessibility (axe): no serious or critical violations', () => {
  test.describe.configure({ mode: 'parallel' });
  // The theme is the user's: the worker's server goes on to other spec files.
  test.afterEach(async ({ page, server }) => { await setTheme(page, server, 'neptune'); });
  for (const theme of THEMES) {
    for (const [part, walk] of [['every route', walkRoutes], ['every dialog and open menu, the wallboard and classic pages', walkOverlays]] as const) {
      test(`${part} in the ${theme} theme`, async ({ loggedIn: page, server }) => {
        test.setTimeout(150_000);
        await setTheme(page, server, theme);
        await walk(page, server, theme);
      });
    }
  }
});
