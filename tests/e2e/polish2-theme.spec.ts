import type { Page } from '@playwright/test';
import { expect, loginAsNewUser, test } from './fixtures';

/**
 * Issue 20, theme and language apply at once: saving them on My Account Settings (a classic page in the frame) turns
 * the shell around it and an open wallboard tab without a reload; they stay stored per user.
 */



const framed = (page: Page) => page.frameLocator('iframe[name="maincontentframe"]');

/** The account form's words in the language the page is in now, and the notice in the language being saved. */
const WORDS = {
  en: { theme: 'Theme', language: 'Language', save: 'Save settings' },
  de: { theme: 'Design', language: 'Sprache', save: 'Einstellungen speichern' },
};

async function saveAccount(page: Page, theme: string, language: string, shownIn: keyof typeof WORDS = 'en'): Promise<void> {
  const words = WORDS[shownIn];
  const form = framed(page).locator('form').filter({ has: framed(page).getByLabel(words.theme, { exact: true }) });
  await form.getByLabel(words.theme, { exact: true }).selectOption({ label: theme });
  await form.getByLabel(words.language, { exact: true }).selectOption({ label: language });
  await form.getByRole('button', { name: words.save }).click();
  // The page after saving speaks the language just chosen.
  const saved = language.startsWith('Deutsch') ? 'Ihre Einstellungen wurden gespeichert.' : 'Your settings were saved.';
  await expect(framed(page).getByText(saved)).toBeVisible();
}

test.describe('theme and language at once, desktop (1440×900) with a wallboard tab (1920×1080)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('saving Light and Deutsch on My Account Settings turns the shell and the open wallboard at once', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'theme2');
    const wall = await page.context().newPage();
    await wall.setViewportSize({ width: 1920, height: 1080 });
    await wall.goto(`${server.url}wallboard`);
    await expect(wall.locator('html')).toHaveClass(/\bneptune\b/);

    await page.goto(`${server.url}account/`);
    await expect(page.locator('html')).toHaveClass(/\bneptune\b/);
    await expect(framed(page).getByText('as soon as you save')).toBeVisible();
    await expect(framed(page).getByText('the next time it loads')).toHaveCount(0);
    await page.evaluate(() => { (window as unknown as { stillHere: boolean }).stillHere = true; });

    await saveAccount(page, 'Light', 'Deutsch (de_DE)');
    // The shell around the light page is light too, and speaks German, without a reload of the app.
    await expect(page.locator('html')).toHaveClass(/\bneptunelight\b/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Über' })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere), 'the app itself was not reloaded').toBe(true);

    // The wallboard tab follows too.
    await expect(wall.locator('html')).toHaveClass(/\bneptunelight\b/);
    await expect(wall.locator('html')).toHaveAttribute('lang', 'de-DE');

    // Stored per user as before: a new visit starts light and German.
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bneptunelight\b/);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Über' })).toBeVisible();

    await expect(framed(page).locator('html')).toHaveAttribute('lang', 'de');
    await saveAccount(page, 'Dunkel', 'English (en_US)', 'de');
    await expect(page.locator('html')).toHaveClass(/\bneptune\b/);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'About' })).toBeVisible();
    await expect(wall.locator('html')).toHaveClass(/\bneptune\b/);
  });
});

test.describe('theme at once, phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('saving Light on a phone turns the shell light at once', async ({ page, server }) => {
    await loginAsNewUser(page, server, 'theme2');
    await page.goto(`${server.url}account/`);
    await saveAccount(page, 'Light', 'English (en_US)');
    await expect(page.locator('html')).toHaveClass(/\bneptunelight\b/);
  });
});
