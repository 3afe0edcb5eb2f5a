import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import type { RunningServer } from './server';

/** A write as the app makes it: form-encoded, with nsp and the XSRF cookie echoed in X-XSRF-TOKEN. */
async function postForm(page: Page, server: RunningServer, path: string, form: Record<string, string>): Promise<void> {
  const auth = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
  const xsrf = (await page.context().cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(`${server.url}${path}`, {
    form: { ...form, nsp: auth.nsp },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const THEMES = [
  { theme: 'neptune', background: 'rgb(19, 27, 37)' },
  { theme: 'neptunelight', background: 'rgb(244, 246, 249)' },
  { theme: 'neptunecolorblind', background: 'rgb(18, 24, 32)' },
];

test.describe('theme and language', () => {
  test.afterEach(async ({ page, server }) => {
    await postForm(page, server, 'api/v2/account/theme', { theme: 'neptune' });
    await postForm(page, server, 'api/v2/account/language', { language: 'en_US' });
  });

  test('the account theme puts its class on the document root and colours the page', async ({ loggedIn: page, server }, testInfo) => {
    await expect(page.locator('html')).toHaveClass(/(^|\s)neptune(\s|$)/);
    for (const { theme, background } of THEMES) {
      await postForm(page, server, 'api/v2/account/theme', { theme });
      await page.goto(server.url);
      await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
      const others = THEMES.map((t) => t.theme).filter((t) => t !== theme);
      for (const other of others) await expect(page.locator('html')).not.toHaveClass(new RegExp(`(^|\\s)${other}(\\s|$)`));
      await expect(page.locator('body')).toHaveCSS('background-color', background);
      await expect(page.getByText('nagiosadmin').first()).toBeVisible();
      await testInfo.attach(`theme-${theme}.png`, { body: await page.screenshot(), contentType: 'image/png' });
    }
  });

  test('switching the account language to German shows German strings after a reload', async ({ loggedIn: page, server }) => {
    await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();
    await postForm(page, server, 'api/v2/account/language', { language: 'de_DE' });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Vollbild' })).toBeVisible();
    await expect(page.locator('iframe[name="maincontentframe"]')).toHaveAttribute('title', 'Hauptinhalt');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await postForm(page, server, 'api/v2/account/language', { language: 'en_US' });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();
  });
});
