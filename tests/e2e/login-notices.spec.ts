import type { Browser, Page, Request } from '@playwright/test';
import { expect, runForAnswered, test } from './fixtures';
import { ADMIN, startServer, type RunningServer } from './server';

/**
 * The login notices pop-up (spec 2.15, 4, 6). The update record is server-wide and the seen flag and the
 * setting belong to users, so these tests get a server of their own; they log in through the login page
 * themselves, because the shared login() turns the pop-up off.
 */
let own: RunningServer;
test.beforeAll(async () => {
  own = await startServer();
  // A recorded check found a newer release, but the latest check failed.
  await own.admin('set-update', 'latest_version=99.0.0', 'last_check_succeeded=0', 'update_url=https://updates.example.com/details');
});
test.afterAll(async () => { await own.stop(); });

// page.route() only sees the app's calls when no service worker answers them.
test.use({ serviceWorkers: 'block' });

const DIALOG = { name: 'Login Alerts' };
const ADMIN_LINKS = ['Check for updates manually', 'Update details', 'Download the latest version', 'Program URL setting'];

const isCall = (request: Request, path: string, cmd?: string) => {
  const url = new URL(request.url());
  return url.pathname === `${own.base}${path}` && (cmd === undefined || url.searchParams.get('cmd') === cmd);
};

/** The login page, as a user does it. */
async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${own.url}login.php`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('login.php'));
}

/** Waits until the app has settled (every call answered and any pop-up code loaded), so an absent pop-up stays absent. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

async function ipMismatch(page: Page): Promise<void> {
  await page.route('**/api/v2/status/ip', (route) => route.fulfill({
    json: { could_not_resolve: false, mismatch_found: true, internal_url: 'http://192.0.2.10/nagiosxi/', resolved_ip: '192.0.2.10', server_ips: ['127.0.0.1'] },
  }));
}

test('an administrator sees the notices with their links once per session; Escape closes and keeps the setting on', async ({ page }) => {
  await ipMismatch(page);
  const markedSeen = page.waitForRequest((r) => isCall(r, 'ajaxhelper.php', 'setsessionvars'));
  const totals = (path: string) => page.waitForResponse((r) => isCall(r.request(), path)).then(async (r) => (await r.json() as { recordcount: number }).recordcount);
  const hostTotals = totals('api/v2/status/host');
  const serviceTotals = totals('api/v2/status/service');
  await signIn(page, ADMIN.username, ADMIN.password);
  expect(new URL((await markedSeen).url()).searchParams.get('opts')).toBe('{"has_seen_login_alerts":1}');

  const dialog = page.getByRole('dialog', DIALOG);
  await expect(dialog).toBeVisible();
  // The demo fleet has unhandled problems; which kinds depends on its random scenario.
  const [hosts, services] = [await hostTotals, await serviceTotals];
  expect(services).toBeGreaterThan(0);
  await expect(dialog.getByText(`Unhandled service problems: ${services}`, { exact: true })).toBeVisible();
  await expect(dialog.getByText(`Unhandled host problems: ${hosts}`, { exact: true })).toHaveCount(hosts > 0 ? 1 : 0);
  await expect(dialog.getByText('Update Check Failed')).toBeVisible();
  await expect(dialog.getByText('A new release is available')).toBeVisible();
  await expect(dialog.getByText('Version 99.0.0 is available.')).toBeVisible();
  await expect(dialog.getByText('IP address mismatch')).toBeVisible();
  await expect(dialog.getByText('System Status Degraded!')).toHaveCount(0);
  for (const name of ADMIN_LINKS) await expect(dialog.getByRole('link', { name })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'View service problems' })).toHaveAttribute('href', `${own.base}?xiwindow=${encodeURIComponent('includes/components/xicore/status.php?show=serviceproblems')}`);
  await expect(dialog.getByRole('link', { name: 'Update details' })).toHaveAttribute('href', 'https://updates.example.com/details');
  await expect(dialog.getByRole('link', { name: 'Program URL setting' })).toHaveAttribute('href', `${own.base}admin/?xiwindow=main.php`);
  expect((await dialog.boundingBox())?.width).toBe(700);

  // Focus starts on the dialog and Tab never leaves it.
  await expect(dialog).toBeFocused();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
  }
  await dialog.getByRole('link', { name: 'View service problems' }).hover();
  await expect(dialog.getByRole('tooltip').filter({ hasText: 'Opens in the main frame and closes these alerts.' })).toBeVisible();

  const saved = page.waitForRequest((r) => isCall(r, 'ajaxhelper.php', 'setusermeta'));
  // Closing refreshes the alert query (spec 4); those requests belong to this page, not to the reload below.
  const refreshed = Promise.all([
    page.waitForResponse((r) => isCall(r.request(), 'api/v2/status/host')),
    page.waitForResponse((r) => isCall(r.request(), 'api/v2/status/ip')),
  ]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(new URL((await saved).url()).searchParams.get('opts')).toBe('{"keyname":"show_login_alert_screen","keyvalue":1}');
  await refreshed;

  const conditionCalls: string[] = [];
  page.on('request', (r) => { if (isCall(r, 'api/v2/status/host') || isCall(r, 'api/v2/status/ip')) conditionCalls.push(r.url()); });
  await page.reload();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'About' })).toBeVisible();
  await settled(page);
  await expect(page.getByRole('dialog', DIALOG)).toHaveCount(0);
  expect(conditionCalls).toEqual([]);
});

test('a user who is not an administrator sees the notices without the administrator links; a frame link closes the pop-up', async ({ page }) => {
  await own.admin('create-user', 'operator', 'e2e-user-password', '--monitoring');
  await ipMismatch(page);
  await page.route('**/api/v2/status/system', async (route) => {
    type SystemStatus = { daemons: { daemon: { id: string; return_code: number }[] } };
    let status: SystemStatus;
    try {
      status = await (await route.fetch()).json() as SystemStatus;
    } catch {
      // The page dropped this request (a navigation or a newer poll) before its answer was read: nothing to change.
      return;
    }
    for (const d of status.daemons.daemon) if (d.id === 'nagioscore') d.return_code = 1;
    await route.fulfill({ json: status }).catch(() => undefined);
  });
  await signIn(page, 'operator', 'e2e-user-password');

  const dialog = page.getByRole('dialog', DIALOG);
  await expect(dialog.getByText('System Status Degraded!')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'View system status' })).toHaveAttribute('href', `${own.base}admin/?xiwindow=sysstat.php`);
  await expect(dialog.getByText(/^Unhandled service problems: \d+$/)).toBeVisible();
  await expect(dialog.getByText('Update Check Failed')).toBeVisible();
  await expect(dialog.getByText('IP address mismatch')).toBeVisible();
  for (const name of ADMIN_LINKS) await expect(dialog.getByRole('link', { name })).toHaveCount(0);

  await dialog.getByRole('link', { name: 'View service problems' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('iframe[name="maincontentframe"]')).toHaveAttribute('src', `${own.base}includes/components/xicore/status.php?show=serviceproblems`);
});

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  return context.newPage();
}

test('unchecking "Show these alerts when I login" and closing keeps the pop-up away at the next login', async ({ page, browser }) => {
  await own.admin('create-user', 'quietuser', 'e2e-user-password', '--monitoring');
  await signIn(page, 'quietuser', 'e2e-user-password');
  const dialog = page.getByRole('dialog', DIALOG);
  const checkbox = dialog.getByRole('checkbox', { name: 'Show these alerts when I login' });
  await expect(checkbox).toBeChecked();
  await checkbox.uncheck();
  const saved = page.waitForResponse((r) => isCall(r.request(), 'ajaxhelper.php', 'setusermeta'));
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await saved).ok()).toBe(true);
  expect(new URL((await saved).url()).searchParams.get('opts')).toBe('{"keyname":"show_login_alert_screen","keyvalue":0}');

  const next = await newPage(browser);
  try {
    const setting = next.waitForResponse((r) => isCall(r.request(), 'ajaxhelper.php', 'getusermeta'));
    await signIn(next, 'quietuser', 'e2e-user-password');
    expect(await (await setting).json()).toBe(0);
    await settled(next);
    await expect(next.getByRole('dialog', DIALOG)).toHaveCount(0);
  } finally {
    await next.context().close();
  }
});

test('the pop-up does not open when no condition holds', async ({ page }) => {
  await own.admin('create-user', 'calmuser', 'e2e-user-password', '--monitoring');
  const answered: string[] = [];
  const clean = (path: string, json: unknown) => page.route(`**/${path}*`, (route) => {
    answered.push(path);
    return route.fulfill({ json });
  });
  await clean('api/v2/status/host', { recordcount: 0 });
  await clean('api/v2/status/service', { recordcount: 0 });
  await clean('api/v2/product/update', { update_url: 'https://updates.example.com/', recordcount: 0, hide_updates: false, lastUpdateCheckSucceeded: true, latest_version: '0.1.0' });
  await clean('api/v2/status/ip', { could_not_resolve: false, mismatch_found: false, internal_url: 'http://127.0.0.1/nagiosxi/', resolved_ip: '127.0.0.1', server_ips: ['127.0.0.1'] });
  await page.route('**/api/v2/status/system', async (route) => {
    answered.push('api/v2/status/system');
    await route.continue();
  });
  const markedSeen = page.waitForRequest((r) => isCall(r, 'ajaxhelper.php', 'setsessionvars'));
  await signIn(page, 'calmuser', 'e2e-user-password');
  await markedSeen;
  await settled(page);
  expect([...new Set(answered)].sort()).toEqual(['api/v2/product/update', 'api/v2/status/host', 'api/v2/status/ip', 'api/v2/status/service', 'api/v2/status/system']);
  await expect(page.getByRole('dialog', DIALOG)).toHaveCount(0);
});

test('closed, the pop-up stays closed when the server was away and is back', async ({ page }) => {
  await page.clock.install();
  await signIn(page, ADMIN.username, ADMIN.password);
  const dialog = page.getByRole('dialog', DIALOG);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  const indicator = page.getByTestId('connection-indicator');
  await own.stop();
  try {
    await page.clock.runFor(15_000);
    await expect(indicator).toContainText('Server unreachable');
  } finally {
    await own.start();
  }
  // Recovery loads every resource again; in answered steps, then one more, so whatever it brings has come.
  await runForAnswered(page, 130_000);
  await expect(indicator).toBeHidden();
  await runForAnswered(page, 5000);
  await expect(page.getByTestId('system-status')).toContainText('System OK');
  await expect(dialog).toHaveCount(0);
});
