import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import { writeAs } from './writes';

const header = (page: Page) => page.getByRole('banner');

test.describe('top bar', () => {
  test('vendor links open in new tabs without an opener', async ({ loggedIn: page }) => {
    for (const [name, href] of [
      ['Changelog', 'https://www.nagios.com/changelog/'],
      ['Support', 'https://support.nagios.com/'],
      ['Community Forums', 'https://support.nagios.com/forum/'],
      ['Exchange', 'https://exchange.nagios.org/'],
    ] as const) {
      const link = header(page).getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test('Help opens the help section', async ({ loggedIn: page, server }) => {
    await header(page).getByRole('link', { name: 'Help' }).click();
    await expect(page).toHaveURL(`${server.url}help/`);
    await expect(page.locator('iframe[name="maincontentframe"]')).toHaveAttribute('src', `${server.base}help/main.php`);
  });

  test('Popout opens the frame\'s current page in a new tab', async ({ loggedIn: page, server }) => {
    const popout = header(page).getByRole('link', { name: 'Popout' });
    await expect(popout).toHaveAttribute('href', `${server.base}includes/page-home-main.php`);
    await expect(popout).toHaveAttribute('target', '_blank');
    await expect(popout).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('the search box is labelled and hints at its shortcut', async ({ loggedIn: page }) => {
    await expect(header(page).getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await expect(header(page).getByRole('search')).toContainText(/Ctrl\+K|⌘K/);
  });

  test('the profile menu shows the username and links to the account', async ({ loggedIn: page, server }) => {
    const trigger = header(page).getByRole('button', { name: /Profile menu for nagiosadmin/ });
    await expect(trigger).toContainText('nagiosadmin');
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['My Account', 'Logout']);
    await menu.getByRole('menuitem', { name: 'My Account' }).click();
    await expect(page).toHaveURL(`${server.url}account/`);
  });

  test('Logout ends the session with a full reload of the login page', async ({ loggedIn: page, server }) => {
    await header(page).getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/login\.php\?logout&nsp=/);
    await expect(page.getByText('You have logged out.')).toBeVisible();
    await page.goto(server.url);
    await expect(page).toHaveURL(/login\.php/);
  });

  test('the system status shows the overall state in words and links to the status pages', async ({ loggedIn: page, server }) => {
    const status = header(page).getByRole('button', { name: /^System status: System (OK|degraded)/ });
    await expect(status).toBeVisible();
    await status.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveCount(5);
    await expect(menu.getByRole('menuitem', { name: /Monitoring Engine/ })).toHaveAttribute('href', `${server.base}admin/?xiwindow=sysstat.php`);
    await expect(menu.getByRole('menuitem', { name: /Performance Grapher/ })).toHaveAttribute('href', `${server.base}admin/?xiwindow=sysstat.php`);
    for (const name of [/Notifications/, /Active Host Checks/, /Active Service Checks/]) {
      await expect(menu.getByRole('menuitem', { name })).toHaveAttribute('href', `${server.base}admin/?xiwindow=${encodeURIComponent('sysstat.php?pageopt=monitoringengine')}`);
    }
    await expect(menu.getByRole('menuitem', { name: /Notifications/ })).toContainText(/Enabled|Disabled|Unknown/);
    await menu.getByRole('menuitem', { name: /Active Host Checks/ }).click();
    await expect(page.locator('iframe[name="maincontentframe"]')).toHaveAttribute('src', `${server.base}admin/sysstat.php?pageopt=monitoringengine`);
  });

  test('users without monitoring-system access get no system status control', async ({ page, server }) => {
    const name = `topbar${process.pid}`;
    await server.admin('create-user', name, 'e2e-user-password');
    await login(page, server, name, 'e2e-user-password');
    await expect(header(page).getByRole('button', { name: new RegExp(`Profile menu for ${name}`) })).toBeVisible();
    await expect(header(page).getByRole('button', { name: /^System status/ })).toHaveCount(0);
  });

  test('the page-actions menu is there', async ({ loggedIn: page }) => {
    await header(page).getByRole('button', { name: 'Page actions' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([/^Add to My Views/, /^Permalink/, /^Schedule Page/]);
  });
});

/** Widths from a phone in landscape and tablets to wall screens, around the md and lg breakpoints and where link words show. */
const WIDTHS = [600, 768, 820, 844, 899, 900, 1024, 1100, 1199, 1200, 1280, 1366, 1440, 1536, 1699, 1700, 1920];

/** Every control of the top bar lies inside the window, nothing makes the page scroll sideways, and all it offers is at hand. */
async function expectTopBarFits(page: Page, what: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const where = `${what}, ${width} px`;
    const sizes = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      controls: [...document.querySelectorAll('.top-bar a, .top-bar button, .top-bar input')]
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => ({ name: el.getAttribute('aria-label') ?? el.textContent ?? '', right: el.getBoundingClientRect().right })),
    }));
    expect(sizes.page, `${where}: the page is no wider than the window`).toBeLessThanOrEqual(0);
    for (const control of sizes.controls) expect(control.right, `${where}: ${control.name}`).toBeLessThanOrEqual(width);
    await expect(header(page).getByRole('button', { name: /^(Profile menu|Profilmenü)/ }), where).toBeVisible();
    // The wide part's links are on the bar, or in the overflow menu beside it.
    const onBar = await header(page).getByTestId('top-help').isVisible();
    expect(onBar || await header(page).getByTestId('top-overflow').isVisible(), `${where}: Help is at hand`).toBe(true);
  }
}

test.describe('top bar on tablets, landscape phones and narrow windows', () => {
  // API calls must reach the route below, not the service worker.
  test.use({ serviceWorkers: 'block' });

  test('from 600 to 1920 px, in English and German, with a long name and a stale status, the bar fits the window; what does not fit is in More', async ({ page, server }) => {
    const name = `operator-with-a-long-name-${process.pid}`;
    await server.admin('create-user', name, 'e2e-user-password', '--monitoring');
    await login(page, server, name, 'e2e-user-password');
    await expectTopBarFits(page, 'English');

    await page.setViewportSize({ width: 1024, height: 800 });
    await header(page).getByRole('button', { name: 'More' }).click();
    const menu = page.getByRole('menu', { name: 'More' });
    await expect(menu.getByRole('menuitem')).toHaveCount(10);
    await expect(menu.getByRole('menuitem', { name: /^Help/ })).toHaveAttribute('href', `${server.base}help/`);
    await page.keyboard.press('Escape');

    await writeAs(page, server, 'api/v2/account/language', { language: 'de_DE' });
    await page.reload();
    await expect(header(page).getByRole('button', { name: /^Profilmenü/ })).toBeVisible();
    await expectTopBarFits(page, 'German');

    // The server stops answering: the status carries its age, the longest text the bar shows.
    await page.setViewportSize({ width: 1536, height: 800 });
    await page.route(`${server.url}**`, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    await expect(header(page).getByTestId('system-status')).toContainText(/veraltet|stale/, { timeout: 20_000 });
    // Where the bar has room for the icon only, an unconfirmed status must not look like a confirmed one.
    await expect(header(page).getByTestId('system-status').locator('svg[data-icon]').first()).toHaveAttribute('data-icon', 'status');
    await expectTopBarFits(page, 'German, stale status');
  });
});
