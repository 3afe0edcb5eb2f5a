import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Issue 20: the Wallboard link dialog lists themes by their names, in selects styled like the dialog's other fields. */

async function openDialog(page: Page, url: string) {
  await page.goto(`${url}views/`);
  await page.getByTestId('rotation-bar').getByRole('button', { name: 'Wallboard link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wallboard link' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function checkDialog(page: Page, url: string): Promise<void> {
  const dialog = await openDialog(page, url);
  const theme = dialog.getByLabel('Theme', { exact: true });
  await expect(theme.locator('option')).toHaveText(["The account's theme", 'Dark', 'Light', 'Colorblind']);
  await expect(dialog.getByText(/neptune/)).toHaveCount(0);
  await theme.selectOption({ label: 'Light' });
  await expect(dialog.getByLabel('Address for the TV')).toHaveValue(/theme=neptunelight/);
  const strip = dialog.getByLabel('Status strip');
  await strip.selectOption({ label: 'Top' });
  await expect(dialog.getByLabel('Address for the TV')).toHaveValue(/strip=top/);
  // Styled like the text fields beside them: same class, border, background and height.
  const look = (el: Element) => { const s = getComputedStyle(el); return [s.borderTopColor, s.backgroundColor, s.borderRadius, s.fontSize].join(' '); };
  const field = await dialog.getByLabel('Seconds per item (10 to 60)').evaluate(look);
  for (const select of [theme, strip]) {
    await expect(select).toHaveClass(/ui-field-input/);
    expect(await select.evaluate(look)).toBe(field);
  }
}

test.describe('desktop (1440×900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test('themes by name in styled selects', async ({ loggedIn: page, server }) => {
    await checkDialog(page, server.url);
  });
});

test.describe('phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
  test('themes by name in styled selects on a phone', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}views/`);
    await page.getByRole('banner').getByRole('button', { name: 'Open navigation' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.getByTestId('rotation-bar').getByRole('button', { name: 'Wallboard link' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Wallboard link' });
    const theme = dialog.getByLabel('Theme', { exact: true });
    await expect(theme.locator('option')).toHaveText(["The account's theme", 'Dark', 'Light', 'Colorblind']);
    await expect(theme).toHaveClass(/ui-field-input/);
  });
});
