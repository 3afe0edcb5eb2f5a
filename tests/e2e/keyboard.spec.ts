import type { Locator, Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import { ADMIN } from './server';
import { writeAs } from './writes';

/**
 * Issue 11's keyboard-only walk: login, the rail and a section menu, the palette, a dashboard's edit mode and the
 * wallboard controls, with no pointer. At each step the focused element must show it (spec: visible focus).
 */

/** The focused element, followed into same-origin frames, matches :focus-visible and draws an outline or a shadow. */
async function expectVisibleFocus(page: Page, step: string): Promise<void> {
  const ring = await page.evaluate(() => {
    let doc: Document = document;
    let el = doc.activeElement;
    while (el instanceof HTMLIFrameElement && el.contentDocument) {
      doc = el.contentDocument;
      el = doc.activeElement;
    }
    if (!el || el === doc.body) return { tag: 'none', visible: false, outline: '', shadow: '' };
    const style = (doc.defaultView ?? window).getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? `${style.outlineStyle} ${style.outlineWidth}` : '';
    const shadow = style.boxShadow !== 'none' ? style.boxShadow : '';
    return { tag: `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}`, visible: el.matches(':focus-visible'), outline, shadow };
  });
  expect(ring.visible, `${step}: ${ring.tag} matches :focus-visible`).toBe(true);
  expect(ring.outline || ring.shadow, `${step}: ${ring.tag} has an outline or a box-shadow`).not.toBe('');
}

/** Without waiting: the target may not be there at all. */
const isFocused = (target: Locator) => target.evaluateAll((all) => all.some((el) => el.ownerDocument.activeElement === el)).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. Focus on the header search
 * box opens the palette (spec 2.5): a keyboard user closes it with Escape, is back on the box, and tabs on.
 */
async function tabTo(page: Page, target: Locator, max = 80, key = 'Tab'): Promise<void> {
  const searchBox = page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
  const palette = page.getByRole('dialog', { name: 'Search' });
  for (let i = 0; i < max; i += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
    if (await isFocused(searchBox)) {
      await expect(palette).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(palette).toHaveCount(0);
      await expect(searchBox).toBeFocused();
    }
  }
  await expect(target).toBeFocused();
}

const FRAME = 'iframe[name="maincontentframe"]';

test.describe('keyboard only', () => {
  test('login, rail, section menu, palette and a dashboard edit, with visible focus at each step', async ({ page, browser, server }) => {
    test.setTimeout(90_000);
    // Turns the login notices off for the user (through the API, in another browser context), so the walk starts at the form.
    const other = await browser.newContext();
    await login(await other.newPage(), server);
    await other.close();

    await page.goto(`${server.url}login.php`);
    await tabTo(page, page.getByLabel('Username'));
    await expectVisibleFocus(page, 'login: username');
    await page.keyboard.type(ADMIN.username);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await expectVisibleFocus(page, 'login: password');
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => !u.pathname.endsWith('login.php'));
    await expect(page.locator('[data-frame-location]')).toHaveCount(1);

    // The rail: Tab to a section, Enter opens it.
    const rail = page.getByRole('navigation', { name: 'Sections' });
    await tabTo(page, rail.getByRole('link', { name: 'Views', exact: true }));
    await expectVisibleFocus(page, 'rail: Views');
    await page.keyboard.press('Enter');
    // Spec 2.9: the views icon keeps the page the frame shows (as the address's xiwindow).
    await expect(page).toHaveURL((u) => u.href.startsWith(`${server.url}views/`));
    // The section menu: Tab to an entry, Enter opens its page in the frame.
    const hostStatus = page.getByRole('navigation', { name: 'Section menu' }).getByRole('link', { name: 'Host groups', exact: true }).first();
    await tabTo(page, hostStatus);
    await expectVisibleFocus(page, 'section menu: an entry');
    await page.keyboard.press('Enter');
    await expect(page.locator('.content-frame')).toHaveAttribute('data-frame-location', /hostgroup|groups/i);

    // The palette: Ctrl+K, type, arrows to a menu entry, Enter.
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search' });
    await expect(palette.getByRole('combobox')).toBeFocused();
    await expectVisibleFocus(page, 'palette: search field');
    await page.keyboard.type('Service Problems');
    const wanted = palette.getByRole('group', { name: 'Home' }).getByRole('option', { name: /Service Problems/ });
    await expect(wanted).toBeVisible();
    for (let i = 0; i < 10 && (await wanted.getAttribute('aria-selected')) !== 'true'; i += 1) await page.keyboard.press('ArrowDown');
    await expect(wanted).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(palette).toHaveCount(0);
    await expect(page.locator(FRAME)).toHaveAttribute('src', /status\.php\?show=serviceproblems/);

    // A dashboard's edit mode: Tab into the frame, open edit, move a dashlet with its keyboard button.
    const { id } = await writeAs(page, server, 'api/v2/dashboards', { title: 'Keys' }) as { id: string };
    for (const title of ['First note', 'Second note']) {
      await writeAs(page, server, 'api/v2/dashboards/dashlets', { dashboard: id, type: 'note', title, text: title });
    }
    await page.goto(`${server.url}dashboards/?xiwindow=${encodeURIComponent(`${server.base}dashboards/dashboard.php?id=${id}`)}`);
    const frame = page.frameLocator(FRAME);
    await expect(frame.getByRole('heading', { name: 'Keys', level: 1 })).toBeVisible();
    await tabTo(page, frame.getByRole('link', { name: 'Edit dashboard' }), 150);
    await expectVisibleFocus(page, 'dashboard: Edit dashboard');
    await page.keyboard.press('Enter');
    const move = frame.getByRole('button', { name: 'Move Second note earlier' });
    await expect(move).toBeVisible();
    await tabTo(page, move, 150);
    await expectVisibleFocus(page, 'dashboard: move button');
    await page.keyboard.press('Enter');
    await expect(frame.locator('.dashlet-grid > li > .dashlet-head h2')).toHaveText(['Second note', 'First note']);
    await expect(move).toBeFocused();
    await expectVisibleFocus(page, 'dashboard: move button after the move');
    // The worker's server goes on to other spec files: the dashboard goes.
    const { nsp } = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
    const xsrf = decodeURIComponent((await page.context().cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
    expect((await page.request.delete(`${server.url}api/v2/dashboards?id=${id}&nsp=${nsp}`, { headers: { 'X-XSRF-TOKEN': xsrf } })).ok()).toBe(true);
  });

  test('wallboard: Space pauses and resumes, → and ← move, and Tab reaches the on-screen controls to press Next item', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}wallboard`);
    const position = page.getByTestId('wallboard-position');
    const countdown = page.getByTestId('wallboard-countdown');
    await expect(position).toHaveText(/^\d \/ 3$/);
    // Paused first, so the rotation's own steps cannot get between the keys and the checks.
    await page.keyboard.press(' ');
    await expect(countdown).toHaveText('Paused');
    const at = Number((await position.textContent())!.split(' / ')[0]);
    const after = (n: number) => `${((at - 1 + n + 3) % 3) + 1} / 3`;
    await page.keyboard.press('ArrowRight');
    await expect(position).toHaveText(after(1));
    await page.keyboard.press('ArrowLeft');
    await expect(position).toHaveText(after(0));
    await page.keyboard.press(' ');
    await expect(countdown).not.toHaveText('Paused');
    await page.keyboard.press(' ');
    await expect(countdown).toHaveText('Paused');
    const controls = page.getByTestId('wallboard-controls');
    const next = controls.getByRole('button', { name: 'Next item' });
    // The controls follow the item's frame in the tab order: backwards is the short way to them.
    await tabTo(page, next, 30, 'Shift+Tab');
    // Focus inside shows the controls without a pointer.
    await expect(controls).toHaveCSS('opacity', '1');
    await expectVisibleFocus(page, 'wallboard: Next item');
    await page.keyboard.press('Enter');
    await expect(position).toHaveText(after(1));
  });
});

