import type { Page, Request } from '@playwright/test';
import { expect, login, pauseClock, test } from './fixtures';
import { startServer, type RunningServer } from './server';

/** Banners and the licence are server-wide, so these tests get a server of their own. */
let own: RunningServer;
test.beforeAll(async () => { own = await startServer(); });
test.afterAll(async () => { await own.stop(); });

const strip = (page: Page) => page.locator('.shell-banners');
/** Spec 9: the collapse runs this long before the acknowledgement is sent. */
const ACK_DELAY_MS = 1000;

async function addBanner(message: string, color: string, ...extra: string[]): Promise<string> {
  const out = await own.admin('add-banner', '--message', message, '--color', color, ...extra);
  return /banner (\d+)/.exec(out)![1]!;
}

test('announcement banners show their type in words and dismiss with a collapse, then stay acknowledged', async ({ page }) => {
  const warning = await addBanner('Maintenance tonight <b>22:00</b>', 'warning');
  const info = await addBanner('Read-only notice', 'info', '--no-ack');
  await own.admin('create-user', 'bannerviewer', 'e2e-user-password');
  await page.clock.install();
  await login(page, own, 'bannerviewer', 'e2e-user-password');

  const warn = page.getByTestId(`banner-${warning}`);
  await expect(warn).toContainText('Warning:');
  // The message is text: markup in it is shown, never interpreted.
  await expect(warn).toContainText('Maintenance tonight <b>22:00</b>');
  await expect(warn.locator('b')).toHaveCount(0);
  expect(await warn.evaluate((el) => el.getBoundingClientRect().height)).toBe(48);
  const note = page.getByTestId(`banner-${info}`);
  await expect(note).toContainText('Information:');
  await expect(note.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);

  // The clock stands still while the banner collapses, so a loaded machine cannot run past the collapse unseen.
  await pauseClock(page);
  const isAck = (r: Request) => r.method() === 'POST' && r.url().includes('banner_message-ajaxhelper.php');
  let acknowledgedEarly = false;
  page.on('request', (r) => { if (isAck(r)) acknowledgedEarly = true; });
  const acknowledged = page.waitForRequest(isAck);
  await warn.getByRole('button', { name: 'Dismiss' }).click();
  await expect(warn).toHaveAttribute('data-collapsing', 'true');
  await page.clock.runFor(ACK_DELAY_MS - 1);
  expect(acknowledgedEarly).toBe(false);
  await page.clock.runFor(1);
  const request = await acknowledged;
  expect(new URLSearchParams(request.postData() ?? '').get('action')).toBe('acknowledge_banner_message');
  await expect(warn).toHaveCount(0);
  await page.clock.resume();
  await page.reload();
  await expect(note).toBeVisible();
  await expect(page.getByTestId(`banner-${warning}`)).toHaveCount(0);
  await expect(strip(page).getByText('Failed to load')).toHaveCount(0);
});

test('a trial licence near its end shows a dismissible warning that stays dismissed for the session', async ({ page }) => {
  await own.admin('set-license', 'is_trial_license=1', 'trial_days_left=12', 'product_name=Pharos XI');
  try {
    await login(page, own);
    const banner = page.getByTestId('license-banner');
    await expect(banner).toContainText('Warning:');
    await expect(banner).toContainText('This trial copy of Pharos XI will expire in 12 days.');
    await expect(banner.getByRole('link', { name: 'Manage license' })).toHaveAttribute('href', `${own.base}admin/?xiwindow=license.php`);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'About' })).toBeVisible();
    await expect(page.getByTestId('license-banner')).toHaveCount(0);
  } finally {
    await own.admin('set-license', 'is_trial_license=0', 'trial_days_left=0');
  }
});

test('a licence that is not activated asks for activation', async ({ page }) => {
  await own.admin('set-license', 'is_license_activated=0', 'product_name=Pharos XI');
  try {
    await login(page, own);
    const banner = page.getByTestId('license-banner');
    await expect(banner).toContainText('Critical:');
    await expect(banner).toContainText('Your license has not yet been activated. Access to certain features of Pharos XI are restricted or limited.');
    await expect(banner.getByRole('link', { name: 'Activate license' })).toHaveAttribute('href', `${own.base}?xiwindow=admin/activate.php`);
    await expect(banner.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  } finally {
    await own.admin('set-license', 'is_license_activated=1');
  }
});
