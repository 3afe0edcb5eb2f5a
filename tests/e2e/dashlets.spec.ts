import type { FrameLocator, Page } from '@playwright/test';
import { expect, loginAsNewUser, test } from './fixtures';
import { ADMIN, startServer, type RunningServer } from './server';



/** A write as the app makes it: form-encoded, with nsp and the XSRF cookie echoed in X-XSRF-TOKEN. */
async function api(page: Page, server: RunningServer, method: 'POST' | 'PUT', path: string, form: Record<string, string>): Promise<{ id: string }> {
  const { nsp } = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
  const xsrf = (await page.context().cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(`${server.url}${path}`, { method, form: { ...form, nsp }, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json() as Promise<{ id: string }>;
}

const frame = (page: Page): FrameLocator => page.frameLocator('iframe[name="maincontentframe"]');
const titles = (f: FrameLocator) => f.locator('.dashlet-grid > li > .dashlet-head h2');
const dashlet = (f: FrameLocator, title: string) => f.locator('.dashlet-grid > li').filter({ has: f.locator('.dashlet-head').getByRole('heading', { name: title, exact: true }) });

const CATALOGUE = ['Host status summary', 'Service status summary', 'Unhandled problems', 'Host group grid', 'Service group grid',
  'Monitoring engine status', 'Tactical overview', 'Clock', 'Text note', 'Embedded page'];
/** The same catalogue by the type the API takes, in the same order. */
const CATALOGUE_TYPES = ['hoststatus', 'servicestatus', 'problems', 'hostgroups', 'servicegroups', 'engine', 'tactical', 'clock', 'note', 'page'];

test('add every catalogue dashlet from the Dashlets menu, each with its own form, in catalogue order', async ({ page, server }) => {
  await loginAsNewUser(page, server, 'dashlet');
  await api(page, server, 'POST', 'api/v2/dashboards', { title: 'Wall' });
  await page.goto(`${server.url}dashboards/`);
  const menu = page.getByRole('navigation', { name: 'Section menu' }).getByTestId('nav-group-dashlets');
  // The Dashlets group is open by default (spec 2.10).
  await expect(menu.getByRole('button', { name: 'Dashlets' })).toHaveAttribute('aria-expanded', 'true');
  const f = frame(page);
  for (const name of CATALOGUE) {
    await menu.getByRole('link', { name, exact: true }).click();
    await expect(f.getByRole('heading', { name: `Add ${name}` })).toBeVisible();
    await f.getByLabel('Dashboard').selectOption({ label: 'Wall' });
    if (name === 'Text note') await f.getByLabel('Text').fill('Call <Ann> on 555');
    if (name === 'Embedded page') await f.getByLabel('Page address').fill('includes/components/xicore/status.php?show=hosts');
    if (name === 'Unhandled problems') await f.getByLabel('Rows').fill('5');
    await f.getByRole('button', { name: 'Add to dashboard' }).click();
    await expect(f.getByRole('heading', { name: 'Wall', level: 1 })).toBeVisible();
    await expect(titles(f).last()).toHaveText(name);
  }
  await expect(titles(f)).toHaveText(CATALOGUE);
  await expect(dashlet(f, 'Text note').locator('.dl-note')).toHaveText('Call <Ann> on 555');
  await expect(dashlet(f, 'Embedded page').locator('iframe')).toHaveAttribute('src', `${server.base}includes/components/xicore/status.php?show=hosts`);
});

test('move and resize dashlets with the keyboard, remove one with a click, and keep the layout after a reload', async ({ page, server }) => {
  await loginAsNewUser(page, server, 'arrange');
  const { id } = await api(page, server, 'POST', 'api/v2/dashboards', { title: 'Wall' });
  for (const type of CATALOGUE_TYPES) {
    const extra: Record<string, string> = type === 'note' ? { text: 'Call <Ann> on 555' } : type === 'page' ? { url: 'includes/components/xicore/status.php?show=hosts' } : {};
    await api(page, server, 'POST', 'api/v2/dashboards/dashlets', { dashboard: id, type, ...extra });
  }
  await page.goto(`${server.url}dashboards/?xiwindow=${encodeURIComponent(`dashboard.php?id=${id}`)}`);
  const f = frame(page);
  await expect(titles(f)).toHaveText(CATALOGUE);
  await f.getByRole('link', { name: 'Edit dashboard' }).click();
  await expect(f.getByRole('link', { name: 'Done editing' })).toBeVisible();

  // Resize with the keyboard: each press saves and brings the focus back to the same button.
  const note = dashlet(f, 'Text note');
  await expect(note.locator('.dashlet-size')).toHaveText('4 × 2');
  await note.getByRole('button', { name: 'Make Text note wider' }).focus();
  await page.keyboard.press('Enter');
  await expect(note.locator('.dashlet-size')).toHaveText('5 × 2');
  await expect(note.getByRole('button', { name: 'Make Text note wider' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(note.locator('.dashlet-size')).toHaveText('6 × 2');
  // The page after the post puts the focus back once it has loaded: a Tab before that would start from elsewhere.
  await expect(note.getByRole('button', { name: 'Make Text note wider' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(note.getByRole('button', { name: 'Make Text note shorter' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(note.locator('.dashlet-size')).toHaveText('6 × 3');
  // Move with the keyboard: two places earlier.
  await note.getByRole('button', { name: 'Move Text note earlier' }).focus();
  await page.keyboard.press('Enter');
  // The move reloads the page: wait for the new one, or the second press can land on the page that is going away.
  await expect(titles(f).nth(7)).toHaveText('Text note');
  await expect(note.getByRole('button', { name: 'Move Text note earlier' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(titles(f).nth(6)).toHaveText('Text note');
  // And with a plain click: the clock goes.
  await dashlet(f, 'Clock').getByRole('button', { name: 'Remove Clock' }).click();
  await expect(dashlet(f, 'Clock')).toHaveCount(0);

  const expected = ['Host status summary', 'Service status summary', 'Unhandled problems', 'Host group grid', 'Service group grid',
    'Monitoring engine status', 'Text note', 'Tactical overview', 'Embedded page'];
  await expect(titles(f)).toHaveText(expected);
  await page.reload();
  await expect(titles(f)).toHaveText(expected);
  await expect(dashlet(f, 'Text note')).toHaveAttribute('style', '--w: 6; --h: 3');
});

test.describe('dashlet refresh', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({ PHAROS_DEMO_TICK_SECONDS: '3600' });
  });
  test.afterAll(async () => server.stop());

  test('a dashlet shows new data on its interval without a page reload, and goes stale with its content kept when the server stops', async ({ page }) => {
    await page.request.post(`${server.url}login.php`, { form: { username: ADMIN.username, password: ADMIN.password }, maxRedirects: 0 });
    const { id } = await api(page, server, 'POST', 'api/v2/dashboards', { title: 'Live' });
    const note = await api(page, server, 'POST', 'api/v2/dashboards/dashlets', { dashboard: id, type: 'note', text: 'first text', refresh: '10' });
    await api(page, server, 'POST', 'api/v2/dashboards/dashlets', { dashboard: id, type: 'hoststatus' });
    await page.clock.install();
    await page.goto(`${server.url}dashboards/dashboard.php?id=${id}`);
    await expect(page.locator('.dl-note')).toHaveText('first text');
    await page.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true; });

    await api(page, server, 'PUT', 'api/v2/dashboards/dashlets', { dashboard: id, dashlet: note.id, text: 'second text' });
    await page.clock.runFor(10_000);
    await expect(page.locator('.dl-note')).toHaveText('second text');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    await server.stop();
    await page.clock.runFor(30_000);
    const status = page.locator('.dashlet').filter({ hasText: 'second text' }).getByRole('status');
    await expect(status).toHaveText(/^Stale: last updated \d+s ago$/);
    await expect(page.locator('.dl-note')).toHaveText('second text');
    await expect(page.locator('.dashlet-hoststatus [data-stale], .dashlet-hoststatus[data-stale]')).toHaveCount(1);
    await expect(page.locator('.dashlet-hoststatus .dl-counts')).toBeVisible();
    await page.clock.runFor(5_000);
    await expect(status).toHaveText(/^Stale: last updated (3\d|4\d)s ago$/);
  });
});
