import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';

const rail = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
const frame = (page: Page) => page.locator('iframe[name="maincontentframe"]');

let userCount = 0;
/** A fresh user with exactly the given flags (CLI options: --configure, --deploy, --ccm, --monitoring, --admin). */
async function userWith(server: { admin(...a: string[]): Promise<string> }, ...flags: string[]): Promise<string> {
  const name = `rail${process.pid}x${++userCount}`;
  await server.admin('create-user', name, 'e2e-user-password', ...flags);
  return name;
}

test.describe('left icon rail', () => {
  test('shows one icon per menu section in menu order, except the configuration manager', async ({ loggedIn: page }) => {
    const links = rail(page).getByRole('link');
    await expect(links).toHaveCount(10);
    const names = await links.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(names).toEqual(['Home', 'Views', 'Dashboards', 'Reports', 'Configure', 'Tools', 'Help', 'Admin', 'My Account', 'Enterprise']);
    await expect(rail(page).getByRole('link', { name: 'Core Config Manager' })).toHaveCount(0);
    const sizes = await links.locator('svg').evaluateAll((els) => els.map((e) => `${e.getAttribute('width')}x${e.getAttribute('height')}`));
    expect(new Set(sizes)).toEqual(new Set(['20x20']));
  });

  test('Home links to the base and other icons load their section in the main frame', async ({ loggedIn: page, server }) => {
    await expect(rail(page).getByRole('link', { name: 'Home' })).toHaveAttribute('href', server.base);
    await expect(rail(page).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await rail(page).getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL(`${server.url}reports/`);
    await expect(frame(page)).toHaveAttribute('src', `${server.base}reports/statussummary.php`);
    await expect(rail(page).getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
    await expect(rail(page).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('navigation', { name: 'Section menu' }).getByRole('heading', { level: 2 })).toHaveText('Reports');
    await rail(page).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(server.url);
    await expect(frame(page)).toHaveAttribute('src', `${server.base}includes/page-home-main.php`);
  });

  test('the views icon opens its section and leaves the main frame where it is (spec 2.9)', async ({ loggedIn: page, server }) => {
    await rail(page).getByRole('link', { name: 'Reports' }).click();
    await expect(frame(page)).toHaveAttribute('src', `${server.base}reports/statussummary.php`);
    await rail(page).getByRole('link', { name: 'Views' }).click();
    await expect(rail(page).getByRole('link', { name: 'Views' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('navigation', { name: 'Section menu' }).getByRole('heading', { level: 2 })).toHaveText('Views');
    await expect(frame(page)).toHaveAttribute('src', `${server.base}reports/statussummary.php`);
  });

  test('the config tooltip opens on hover and offers all three shortcuts to a user with every permission', async ({ loggedIn: page, server }) => {
    await rail(page).getByRole('link', { name: 'Configure' }).hover();
    const tip = page.getByRole('tooltip');
    await expect(tip).toBeVisible();
    await expect(tip.getByRole('link')).toHaveText(['Configuration Wizards', 'Deploy Agent', 'Core Config Manager']);
    await expect(tip.getByRole('link', { name: 'Configuration Wizards' })).toHaveAttribute('href', `${server.base}config/?xiwindow=monitoringwizard.php`);
    await expect(tip.getByRole('link', { name: 'Deploy Agent' })).toHaveAttribute('href', `${server.base}config/?xiwindow=deployagent.php`);
    const ccm = tip.getByRole('link', { name: 'Core Config Manager' });
    await expect(ccm).toHaveAttribute('href', `${server.base}includes/components/ccm/xi-index.php`);
    await expect(ccm).toHaveAttribute('target', '_top');
    await tip.getByRole('link', { name: 'Configuration Wizards' }).click();
    await expect(page).toHaveURL(`${server.url}config/?xiwindow=monitoringwizard.php`);
    await expect(frame(page)).toHaveAttribute('src', `${server.base}config/monitoringwizard.php`);
  });

  test('the config tooltip opens on keyboard focus and its links can be reached with Tab', async ({ loggedIn: page }) => {
    const configure = rail(page).getByRole('link', { name: 'Configure' });
    await rail(page).getByRole('link', { name: 'Reports' }).focus();
    await page.keyboard.press('Tab');
    await expect(configure).toBeFocused();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tooltip').getByRole('link', { name: 'Configuration Wizards' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await expect(configure).toBeFocused();
  });

  for (const [flag, shown] of [
    ['--configure', ['Configuration Wizards']],
    ['--deploy', ['Deploy Agent']],
    ['--ccm', ['Core Config Manager']],
  ] as const) {
    test(`the config tooltip shows only what ${flag} allows`, async ({ page, server }) => {
      const name = await userWith(server, flag);
      await login(page, server, name, 'e2e-user-password');
      await rail(page).getByRole('link', { name: 'Configure' }).hover();
      await expect(page.getByRole('tooltip').getByRole('link')).toHaveText([...shown]);
    });
  }

  test('a user without any config permission gets no shortcuts', async ({ page, server }) => {
    const name = await userWith(server);
    await login(page, server, name, 'e2e-user-password');
    await rail(page).getByRole('link', { name: 'Configure' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Configure');
    await expect(page.getByRole('tooltip').getByRole('link')).toHaveCount(0);
    await expect(rail(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });
});

test.describe('touch', () => {
  test.use({ hasTouch: true });

  test('a tap on the config icon shows its shortcuts instead of needing hover; a second tap opens the section', async ({ loggedIn: page, server }) => {
    const configure = rail(page).getByRole('link', { name: 'Configure' });
    await configure.tap();
    await expect(page.getByRole('tooltip').getByRole('link', { name: 'Deploy Agent' })).toBeVisible();
    await expect(page).toHaveURL(server.url);
    await configure.tap();
    await expect(page).toHaveURL(`${server.url}config/`);
  });
});
