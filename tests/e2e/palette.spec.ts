import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const FRAME = 'iframe[name="maincontentframe"]';
const FOREIGN = 'http://foreign.example';

const header = (page: Page) => page.getByRole('banner');
const palette = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const combobox = (page: Page) => palette(page).getByRole('combobox', { name: 'Search menus, hosts, services and groups' });

/** The app is up: the content frame has loaded its first page (so keys reach the app, and the frame has its key listener). */
async function ready(page: Page): Promise<void> {
  await expect(page.locator('[data-frame-location]')).toHaveCount(1);
  await expect(header(page).getByRole('searchbox', { name: 'Search' })).toBeVisible();
}

async function openWithKeys(page: Page): Promise<void> {
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  await expect(combobox(page)).toBeFocused();
}

/** Marks the document, so a test can tell that a navigation happened inside the app rather than as a page load. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.setAttribute('data-e2e-same-document', ''));
}

/** Resolves once a message has reached the app's window, whatever the app did with it; then two frames for it to render. */
async function nextMessage(page: Page, send: () => Promise<void>): Promise<string> {
  await page.evaluate(() => {
    const w = window as unknown as { e2eMessage?: Promise<string> };
    w.e2eMessage = new Promise((resolve) => window.addEventListener('message', (e) => resolve(`${e.origin} ${String(e.data)}`), { once: true }));
  });
  await send();
  return page.evaluate(async () => {
    const received = await (window as unknown as { e2eMessage: Promise<string> }).e2eMessage;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return received;
  });
}

test.describe('global search palette', () => {
  test.beforeEach(async ({ loggedIn: page }) => {
    await ready(page);
  });

  test('Ctrl+K opens it, Escape closes it and focus returns to where it was', async ({ loggedIn: page }) => {
    const help = header(page).getByRole('link', { name: 'Help' });
    await help.focus();
    await openWithKeys(page);
    await page.keyboard.press('Escape');
    await expect(palette(page)).toHaveCount(0);
    await expect(help).toBeFocused();
  });

  test('focusing the header search box opens it; closing returns to the box without reopening', async ({ loggedIn: page }) => {
    const box = header(page).getByRole('searchbox', { name: 'Search' });
    await box.click();
    await expect(palette(page)).toBeVisible();
    await expect(combobox(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette(page)).toHaveCount(0);
    await expect(box).toBeFocused();
    // Still closed once the browser has painted again.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(palette(page)).toHaveCount(0);
  });

  test('Ctrl+K inside a classic page in the content frame opens it, and Escape goes back into the frame', async ({ loggedIn: page }) => {
    await page.frameLocator(FRAME).locator('h1').first().click();
    await page.keyboard.press('Control+k');
    await expect(palette(page)).toBeVisible();
    await expect(combobox(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette(page)).toHaveCount(0);
    await expect(page.locator(FRAME)).toBeFocused();
  });

  test('a same-origin search message opens it, from the page or from the content frame', async ({ loggedIn: page }) => {
    await page.evaluate(() => window.postMessage('search', window.location.origin));
    await expect(palette(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette(page)).toHaveCount(0);
    await page.frameLocator(FRAME).locator('body').evaluate(() => window.parent.postMessage('search', window.location.origin));
    await expect(palette(page)).toBeVisible();
  });

  test('messages from another origin, or with other data, do not open it', async ({ loggedIn: page }) => {
    // Load the palette once, so an opening would show in the same render as the message.
    await openWithKeys(page);
    await page.keyboard.press('Escape');
    await expect(palette(page)).toHaveCount(0);

    expect(await nextMessage(page, () => page.evaluate(() => window.postMessage('open', window.location.origin)))).toMatch(/ open$/);
    expect(await nextMessage(page, () => page.evaluate(() => window.postMessage({ search: true }, window.location.origin)))).toMatch(/\[object Object\]$/);
    await expect(palette(page)).toHaveCount(0);

    await page.context().route(`${FOREIGN}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Elsewhere</title><p>Another site</p>' }));
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate((url) => { window.open(url, 'foreign'); }, `${FOREIGN}/`),
    ]);
    await popup.waitForLoadState();
    expect(await nextMessage(page, () => popup.evaluate(() => { window.opener.postMessage('search', '*'); }))).toBe(`${FOREIGN} search`);
    await expect(palette(page)).toHaveCount(0);
    await popup.close();
  });

  test('a host name shows the services search first and the Hosts group; Enter on the host opens its page in the frame', async ({ loggedIn: page, server }) => {
    await markDocument(page);
    await openWithKeys(page);
    await combobox(page).fill('web01');
    const groups = palette(page).getByRole('group');
    await expect(groups.first()).toHaveAccessibleName('Search');
    await expect(groups.first().getByRole('option')).toHaveText('Search services for “web01”');
    const hosts = palette(page).getByRole('group', { name: 'Hosts' });
    const host = hosts.getByRole('option', { name: /^web01\b/ });
    await expect(host).toBeVisible();

    // The first option is active; the host is the next one.
    await expect(groups.first().getByRole('option')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(host).toHaveAttribute('aria-selected', 'true');
    await expect(combobox(page)).toHaveAttribute('aria-activedescendant', (await host.getAttribute('id'))!);
    await page.keyboard.press('Enter');

    await expect(palette(page)).toHaveCount(0);
    await expect(page).toHaveURL((u) => u.searchParams.get('xiwindow') === 'includes/components/xicore/status.php?show=hostdetail&host=web01');
    await expect(page.locator(FRAME)).toHaveAttribute('src', `${server.base}includes/components/xicore/status.php?show=hostdetail&host=web01`);
    await expect(page.frameLocator(FRAME).getByRole('heading', { level: 1 })).toContainText('web01');
    await expect(page.locator('html')).toHaveAttribute('data-e2e-same-document', '');
  });

  test('the services search opens the services status page filtered by the term', async ({ loggedIn: page, server }) => {
    await openWithKeys(page);
    await combobox(page).fill('http');
    await expect(palette(page).getByRole('option', { name: 'Search services for “http”' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page.locator(FRAME)).toHaveAttribute('src', `${server.base}includes/components/xicore/status.php?show=services&search=http`);
  });

  test('a menu label is found and a click opens its page inside the app', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}admin/`);
    await ready(page);
    await markDocument(page);
    await openWithKeys(page);
    await combobox(page).fill('service prob');
    const entry = palette(page).getByRole('group', { name: 'Home' }).getByRole('option', { name: /Service Problems/ });
    await entry.click();
    await expect(palette(page)).toHaveCount(0);
    await expect(page).toHaveURL(`${server.url}?xiwindow=${encodeURIComponent('includes/components/xicore/status.php?show=serviceproblems')}`);
    await expect(page.locator(FRAME)).toHaveAttribute('src', `${server.base}includes/components/xicore/status.php?show=serviceproblems`);
    await expect(page.locator('html')).toHaveAttribute('data-e2e-same-document', '');
  });

  test('gibberish finds nothing', async ({ loggedIn: page }) => {
    await openWithKeys(page);
    await combobox(page).fill('zzqxjv-nothing');
    await expect(palette(page).getByText('No results found.')).toBeVisible();
    await expect(palette(page).getByRole('group')).toHaveCount(1);
  });

  test('the result list is at most about 300 px high and scrolls', async ({ loggedIn: page }) => {
    await openWithKeys(page);
    const list = palette(page).getByRole('listbox');
    await expect(list.getByRole('option').first()).toBeVisible();
    const size = await list.evaluate((el) => ({ height: el.getBoundingClientRect().height, scroll: el.scrollHeight, overflow: getComputedStyle(el).overflowY }));
    expect(size.height).toBeLessThanOrEqual(300);
    expect(size.scroll).toBeGreaterThan(size.height);
    expect(size.overflow).toBe('auto');
  });
});
