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

test.describe('alerts, night and sound (issue 35)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test('the dialog\'s alert, night and sound choices are in the address it builds, and a bad value is named', async ({ loggedIn: page, server }) => {
    const dialog = await openDialog(page, server.url);
    const address = dialog.getByLabel('Address for the TV');
    await expect(address).not.toHaveValue(/alerts=|night=|sound=/);
    await dialog.getByText('Alerts: new problems interrupt the rotation').click();
    await expect(address).toHaveValue(/[?&]alerts=on(&|$)/);
    const seconds = dialog.getByLabel('Seconds per alert (10 to 600, optional)');
    await seconds.fill('45');
    await expect(address).toHaveValue(/[?&]alertseconds=45(&|$)/);
    await dialog.getByLabel('Night hours (such as 22:00-06:00, optional)').fill('22:00-06:00');
    await expect(address).toHaveValue(/[?&]night=22%3A00-06%3A00(&|$)/);
    await dialog.getByLabel('At night').selectOption({ label: 'Blank the screen' });
    await expect(address).toHaveValue(/[?&]nightmode=blank(&|$)/);
    await dialog.getByText('Sound: a tone for new problems and recoveries').click();
    await expect(address).toHaveValue(/[?&]sound=on(&|$)/);
    // A value the wall would leave out is named in the preview, as the strip would name it.
    await seconds.fill('5');
    await expect(dialog.getByTestId('wallboard-link-preview')).toContainText('alertseconds=5');
    await expect(dialog.getByTestId('wallboard-link-preview')).toContainText('seconds from 10 to 600.');
    // Alerts off again: their seconds go with them.
    await dialog.getByText('Alerts: new problems interrupt the rotation').click();
    await expect(address).not.toHaveValue(/alerts=|alertseconds=/);
  });
});
