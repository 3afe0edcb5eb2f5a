import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';

const THEMES = ['neptune', 'neptunelight', 'neptunecolorblind'] as const;

/** Saves the account theme through the API, as the account page would. */
async function chooseTheme(page: Page, url: string, theme: string): Promise<void> {
  const { nsp } = (await (await page.request.get(`${url}api/v2/account/auth`)).json()) as { nsp: string };
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await page.request.post(`${url}api/v2/account/theme`, { form: { theme, nsp }, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(answer.ok()).toBe(true);
}

/** A colour custom property as the browser resolves it, for comparison with computed styles. */
function resolvedVar(page: Page, name: string): Promise<string> {
  return page.evaluate((n) => {
    const probe = document.createElement('div');
    probe.style.color = `var(${n})`;
    document.body.append(probe);
    const value = getComputedStyle(probe).color;
    probe.remove();
    return value;
  }, name);
}

const style = (page: Page, selector: string, property: 'backgroundColor' | 'color' | 'borderInlineStartColor') =>
  page.locator(selector).first().evaluate((el, p) => getComputedStyle(el)[p], property);

for (const theme of THEMES) {
  test(`shell regions take their colours from the ${theme} theme`, async ({ page, server }, testInfo) => {
    const name = `theme${theme}${process.pid}`;
    await server.admin('create-user', name, 'e2e-user-password', '--monitoring');
    await login(page, server, name, 'e2e-user-password');
    await chooseTheme(page, server.url, theme);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'About' })).toBeVisible();

    const surface = await resolvedVar(page, '--surface');
    const text = await resolvedVar(page, '--text');
    const accent = await resolvedVar(page, '--accent');
    expect(await style(page, '.top-bar', 'backgroundColor')).toBe(surface);
    expect(await style(page, '.top-bar', 'color')).toBe(text);
    expect(await style(page, '.shell-rail', 'backgroundColor')).toBe(surface);
    expect(await style(page, '.shell-secondary', 'backgroundColor')).toBe(surface);
    expect(await style(page, '.footer', 'backgroundColor')).toBe(surface);
    expect(await style(page, '.primary-nav-link[aria-current="page"]', 'borderInlineStartColor')).toBe(accent);

    const path = testInfo.outputPath(`shell-${theme}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`shell-${theme}`, { path, contentType: 'image/png' });
  });
}
