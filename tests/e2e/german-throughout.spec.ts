import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import type { RunningServer } from './server';
import { writeAs } from './writes';

/**
 * Issue 38, one language throughout: a German user reads German from the login page to the wall, driven by clicks
 * and keys as a person would: the key hint in the header, logging out and back in, a refused login, the pairing
 * screen on that browser, the problems board's "+N more" on a wall and Add New View's refusal.
 */

const PASSWORD = 'e2e-german-throughout';
let users = 0;

async function loginInGerman(page: Page, server: RunningServer): Promise<string> {
  users += 1;
  const name = `throughout${users}w${test.info().workerIndex}r${test.info().retry}`;
  await server.admin('create-user', name, PASSWORD, '--monitoring');
  await login(page, server, name, PASSWORD);
  await writeAs(page, server, 'api/v2/account/language', { language: 'de_DE' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  return name;
}

test.describe('a German user at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('sees Strg+K, logs out to a German login page, is refused in German, and the pairing screen is German', async ({ page, server }) => {
    const name = await loginInGerman(page, server);
    await expect(page.locator('.search-box-hint')).toHaveText('Strg+K');

    await page.getByRole('button', { name: /^Profilmenü/ }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page.getByText('Sie haben sich abgemeldet.')).toBeVisible();

    // The next visit to the login page, with no session left, is still German.
    await page.goto(server.url);
    await expect(page).toHaveURL(/login\.php/);
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await page.getByLabel('Benutzername').fill(name);
    await page.getByLabel('Passwort').fill('not-the-password');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Benutzername oder Passwort ist falsch.');

    // A screen nobody is signed in on, in the same browser: the pairing code in German.
    await page.goto(`${server.url}wallboard`);
    await expect(page.getByRole('heading', { name: 'Diese Anzeige koppeln' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Warten auf einen Administrator …');
    await page.getByRole('link', { name: 'Stattdessen anmelden' }).click();
    await page.getByLabel('Benutzername').fill(name);
    await page.getByLabel('Passwort').fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/wallboard/);
  });

  test('Add New View refuses an address in German, in the form, with spec 8\'s notice in German', async ({ page, server }) => {
    await loginInGerman(page, server);
    await page.goto(`${server.url}views/`);
    const panel = page.getByRole('navigation', { name: 'Bereichsmenü' });
    await panel.getByRole('button', { name: 'Neue Ansicht hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Ansicht hinzufügen' });
    await dialog.getByLabel('Titel').fill('Falsch');
    await dialog.getByLabel('URL').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Ansicht hinzufügen' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/^Das Feld 'url' muss eine http- oder https-Adresse/);
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Ansicht konnte nicht hinzugefügt werden.');
    await expect(toast).toContainText('Die Ansicht konnte nicht zu Meine Ansichten hinzugefügt werden. Bitte versuchen Sie es erneut.');
    await expect(dialog.getByLabel('Titel')).toHaveValue('Falsch');
  });
});

test.describe('a German user on a wall at 1920×1080', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('the problems board ends in "+N weitere", not in English', async ({ page, server }) => {
    await loginInGerman(page, server);
    await page.goto(`${server.url}includes/components/pharos/problemsboard.php?wall=1`);
    const more = page.locator('.board-page .more');
    await expect(more).toBeVisible();
    await expect(page.locator('.board-page[data-fitted]')).toBeAttached();
    await expect(more).toHaveText(/^\+\d+ weitere$/);
  });
});
