import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import type { RunningServer } from './server';
import { writeAs } from './writes';

/**
 * Issue 20, a language is the whole product: with German chosen, no English text of the translation keys shows in
 * the shell, its menus (which the server sends), the native screens, or the classic pages in the frame and on the
 * wallboard (the server's own catalogue, server/lang).
 */

const english = JSON.parse(fs.readFileSync('server/static/lang/json/en_US.json', 'utf8')) as Record<string, string>;
const german = JSON.parse(fs.readFileSync('server/static/lang/json/de_DE.json', 'utf8')) as Record<string, string>;
const germanTexts = Object.values(german);

/** English phrases that must not show: two words or more, translated differently, and no part of any German text. */
const PHRASES = [...new Set(Object.entries(english)
  .filter(([key, text]) => german[key] !== text && /\S\s+\S/.test(text) && !text.includes('{{'))
  .map(([, text]) => text.trim())
  .filter((text) => text.length >= 8 && !germanTexts.some((g) => g.includes(text))))];

/** The server's catalogue: English text of the classic pages and refusals, keyed by itself. */
const serverGerman = new Map<string, string>(fs.readdirSync('server/lang/de_DE').flatMap((file) =>
  Object.entries(JSON.parse(fs.readFileSync(`server/lang/de_DE/${file}`, 'utf8')) as Record<string, string>)));
const serverGermanTexts = [...serverGerman.values()];
const PAGE_PHRASES = [...serverGerman].filter(([key, text]) => key !== text && /\S\s+\S/.test(key) && !/\{\d+\}/.test(key))
  .map(([key]) => key).filter((key) => key.length >= 8 && !serverGermanTexts.some((g) => g.includes(key)));

/** English of the server's catalogue in a classic page, read as a user sees it, without the engine's own data. */
async function englishInPage(body: import('@playwright/test').Locator): Promise<string[]> {
  const text = await body.evaluate((body) => {
    const copy = body.cloneNode(true) as HTMLElement;
    for (const data of copy.querySelectorAll('.output, .plugin-output, .perfdata')) data.remove();
    document.body.append(copy);
    const shown = copy.innerText;
    copy.remove();
    return shown;
  });
  return PAGE_PHRASES.filter((phrase) => text.includes(phrase));
}

const PASSWORD = 'e2e-german-password';
let users = 0;
async function loginInGerman(page: Page, server: RunningServer, admin = false): Promise<void> {
  users += 1;
  const name = `german${users}w${test.info().workerIndex}r${test.info().retry}`;
  await server.admin('create-user', name, PASSWORD, admin ? '--admin' : '--monitoring');
  await login(page, server, name, PASSWORD);
  await writeAs(page, server, 'api/v2/account/language', { language: 'de_DE' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
}

/** The app's own text (not the frame's page), with every section of the secondary menu open. */
async function englishShown(page: Page): Promise<string[]> {
  const { text, names } = await page.evaluate(() => {
    const parts = [document.body.innerText];
    // Names the user gave (or the server seeded for a new user, like the default dashboards): shown as they are.
    const names = [...document.querySelectorAll('[data-testid^="nav-group-my"] a, [data-testid="nav-group-favorites"] a, [data-testid^="nav-group-"][data-testid$="tools"] a')]
      .map((a) => (a as HTMLElement).innerText.trim());
    // What a paired screen last reported it shows: another user's view name, in that screen's language.
    for (const m of document.body.innerText.matchAll(/Zeigt (.+?)(?: · |$)/gm)) names.push((m[1] ?? "").trim());
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      for (const name of ['aria-label', 'title', 'placeholder']) { const v = el.getAttribute(name); if (v) parts.push(v); }
    }
    return { text: parts.join('\n'), names };
  });
  return PHRASES.filter((phrase) => text.includes(phrase) && !names.includes(phrase));
}

async function openAllGroups(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Bereichsmenü' }).or(page.getByRole('navigation', { name: 'Section menu' }));
  for (let opened = 0; opened < 20; opened += 1) {
    const closed = nav.getByRole('heading', { level: 3 }).locator('button[aria-expanded="false"]').first();
    if (!(await closed.count())) return;
    await closed.click();
  }
}

test.describe('German everywhere in the app, desktop (1440×900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the shell, the server\'s menus and the native screens show no English text of the translation keys', async ({ page, server }) => {
    test.setTimeout(120_000);
    expect(PHRASES.length).toBeGreaterThan(100);
    await loginInGerman(page, server, true);
    const found = new Map<string, string[]>();
    for (const path of ['', 'views/', 'dashboards/manage.php', 'reports/', 'config/main.php', 'tools/mytools.php', 'help/', 'admin/', 'admin/?xiwindow=displays.php', 'account/']) {
      await page.goto(`${server.url}${path}`);
      await expect(page.getByRole('contentinfo'), `${path}: the app`).toBeVisible();
      if (path !== '') await expect(page.getByRole('navigation', { name: 'Bereichsmenü' }).getByRole('heading', { level: 2 })).toBeVisible();
      await expect(page.getByTestId('tray-alert')).toBeVisible();
      await openAllGroups(page);
      const shown = await englishShown(page);
      if (shown.length) found.set(path || 'home', shown);
    }
    expect(Object.fromEntries(found)).toEqual({});
    // The server's menu is German: a section, a group and an entry.
    const nav = page.getByRole('navigation', { name: 'Bereichsmenü' });
    await page.goto(`${server.url}views/`);
    await expect(nav.getByRole('heading', { level: 2, name: 'Ansichten' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Meine Ansichten', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Meine Ansichten verwalten' })).toBeVisible();
  });
});

test.describe('German on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the drawer\'s menus are German', async ({ page, server }) => {
    await loginInGerman(page, server);
    await page.goto(`${server.url}dashboards/`);
    await page.getByRole('banner').getByRole('button', { name: /Navigation/ }).tap();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Meine Dashboards verwalten' })).toBeVisible();
    expect(await englishShown(page)).toEqual([]);
  });
});

test.describe('German classic pages, in the frame (1440×900), on the wall (1920×1080) and on a phone (390×844)', () => {
  test('Home, Admin Home and the status list in the frame are German', async ({ page, server }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(PAGE_PHRASES.length).toBeGreaterThan(100);
    await loginInGerman(page, server, true);
    const frame = page.frameLocator('iframe[name="maincontentframe"]');
    for (const path of ['', 'admin/']) {
      await page.goto(`${server.url}${path}`);
      await expect(frame.locator('html')).toHaveAttribute('lang', 'de');
      expect(await englishInPage(frame.locator('body')), path || 'home').toEqual([]);
    }
    // A classic page opened on its own (a link opened in a new tab) is German too.
    await page.goto(`${server.url}includes/components/xicore/status.php?show=services`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await englishInPage(page.locator('body'))).toEqual([]);
  });

  test('the wall rotates German classic pages', async ({ page, server }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await loginInGerman(page, server);
    await page.goto(`${server.url}wallboard`);
    const frame = page.frameLocator('iframe').first();
    await expect(frame.locator('html')).toHaveAttribute('lang', 'de');
    expect(await englishInPage(frame.locator('body'))).toEqual([]);
  });

  test('a phone reads the Home page in German', async ({ page, server }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginInGerman(page, server);
    const frame = page.frameLocator('iframe[name="maincontentframe"]');
    await expect(frame.locator('html')).toHaveAttribute('lang', 'de');
    expect(await englishInPage(frame.locator('body'))).toEqual([]);
  });
});
