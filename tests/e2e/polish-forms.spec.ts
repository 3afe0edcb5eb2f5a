import type { Page } from '@playwright/test';
import { expect, loginAsNewUser, test } from './fixtures';

/**
 * Issue 20, forms say why, at 1440×900: a refusal names the field and the rule, the Text note keeps its line breaks,
 * and Add New View's hint says what the form accepts.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const toast = (page: Page) => page.getByTestId('toast');

test('a blank dashboard title is refused with the field and the rule, and the dialog keeps what was typed', async ({ page, server }) => {
  await loginAsNewUser(page, server, 'forms');
  await page.goto(`${server.url}dashboards/manage.php`);
  await page.locator('[data-screen="manageDashboards"]').getByRole('button', { name: 'Add Dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Dashboard' });
  await dialog.getByLabel('Title').fill('   ');
  await dialog.getByLabel('Background Color').fill('#204060');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v2/dashboards') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Add Dashboard' }).click();
  expect((await answer).status()).toBe(400);
  // Spec 8's notice as written, and the reason in the form, beside the fields.
  await expect(toast(page)).toContainText('Failed to add dashboard.');
  await expect(toast(page)).toContainText('Please try again.');
  await expect(dialog.getByRole('alert')).toHaveText("The field 'title' is required.");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Background Color')).toHaveValue('#204060');
});

test('the Text note keeps its line breaks, shown as text', async ({ page, server }) => {
  await loginAsNewUser(page, server, 'forms');
  const note = 'On call this week:\nAnn <ann@example.com>\n\n  Bob, from Monday';
  await page.goto(`${server.url}dashboards/dashlets.php?type=note&dashboard=home`);
  await page.getByLabel('Title').fill('On call');
  await page.getByLabel('Text').fill(note);
  await page.getByRole('button', { name: 'Add to dashboard' }).click();
  await expect(page).toHaveURL(/dashboards\/dashboard\.php\?id=home&edit=1/);
  const shown = page.locator('.dashlet').filter({ has: page.getByRole('heading', { name: 'On call' }) }).locator('.dl-note');
  await expect(shown).toHaveJSProperty('innerText', note);
  await expect(shown.locator('*')).toHaveCount(0);
  // Four lines on screen, not one.
  const lineHeight = await shown.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await shown.boundingBox())!.height).toBeGreaterThanOrEqual(4 * lineHeight - 1);
  // Its options form gives the text back as it was, line breaks and all.
  await page.getByRole('link', { name: 'Options of On call' }).click();
  await expect(page.getByLabel('Text')).toHaveValue(note);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(shown).toHaveJSProperty('innerText', note);
});

test("Add New View's hint names both kinds of address the form accepts, and a page of this server is added", async ({ page, server }) => {
  await loginAsNewUser(page, server, 'forms');
  await page.goto(`${server.url}views/`);
  await page.getByRole('navigation', { name: 'Section menu' }).getByRole('button', { name: 'Add New View' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New View' });
  const url = dialog.getByLabel('URL');
  const hint = await url.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
  expect(hint).toContain('Include the protocol (http:// or https://), for example https://www.example.com/');
  expect(hint).toContain('or give a page of this server, such as includes/page-home-main.php');
  await dialog.getByLabel('Title').fill('Overview by path');
  await url.fill('includes/page-home-main.php');
  await dialog.getByRole('button', { name: 'Add View' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText('View added.');
  await page.goto(`${server.url}views/main.php`);
  await expect(page.getByRole('row', { name: /Overview by path/ })).toContainText('includes/page-home-main.php');
});
