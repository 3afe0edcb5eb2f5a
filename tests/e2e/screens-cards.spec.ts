import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import type { RunningServer } from './server';

const FRAME = 'iframe[name="maincontentframe"]';
let users = 0;

async function loginAsNewUser(page: Page, server: RunningServer, ...flags: string[]): Promise<void> {
  users += 1;
  const name = `cards${users}w${test.info().workerIndex}`;
  await server.admin('create-user', name, 'e2e-user-password', ...flags);
  await login(page, server, name, 'e2e-user-password');
}

async function chooseTheme(page: Page, url: string, theme: string): Promise<void> {
  const { nsp } = (await (await page.request.get(`${url}api/v2/account/auth`)).json()) as { nsp: string };
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await page.request.post(`${url}api/v2/account/theme`, { form: { theme, nsp }, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(answer.ok()).toBe(true);
}

test.describe('configuration options screen', () => {
  test('shows the five cards with subtitles and targets to a user with every permission', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}config/main.php`);
    const screen = page.locator('[data-screen="configOptions"]');
    await expect(screen.getByRole('heading', { level: 1, name: 'Configuration Options' })).toBeVisible();
    const cards = screen.getByRole('link');
    await expect(cards).toHaveCount(5);
    const expected: Array<[string, string, string, string | null]> = [
      ['Configuration Wizards', 'Start Monitoring Now', `${server.base}config/?xiwindow=monitoringwizard.php`, null],
      ['Auto-Discovery Tool', '', `${server.base}config/?xiwindow=${encodeURIComponent(`${server.base}includes/components/autodiscovery/index.php`)}`, null],
      ['Monitoring Agents', 'Deploy and Configure', `${server.base}config/?xiwindow=${encodeURIComponent('deployment/index.php')}`, null],
      ['Manage Account Settings', 'Modify your Account Information', `${server.base}account/`, '_top'],
      ['Advanced Configuration', 'Manage Configuration Files', `${server.base}includes/components/ccm/xi-index.php`, '_top'],
    ];
    for (const [i, [title, subtitle, href, target]] of expected.entries()) {
      const card = cards.nth(i);
      await expect(card.locator('.ui-card-title')).toHaveText(title);
      if (subtitle) await expect(card.locator('.ui-card-subtitle')).toHaveText(subtitle);
      else await expect(card.locator('.ui-card-subtitle')).toHaveCount(0);
      await expect(card).toHaveAttribute('href', href);
      if (target) await expect(card).toHaveAttribute('target', target);
      else await expect(card).not.toHaveAttribute('target');
    }
  });

  test('an in-frame card opens its page in the main frame; a top-level card replaces the app', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}config/main.php`);
    await page.getByRole('link', { name: /Monitoring Agents/ }).click();
    await expect(page).toHaveURL(`${server.url}config/?xiwindow=${encodeURIComponent('deployment/index.php')}`);
    await expect(page.locator(FRAME)).toHaveAttribute('src', `${server.base}config/deployment/index.php`);
    await expect(page.frameLocator(FRAME).getByRole('heading', { name: 'Deploy Agent' })).toBeVisible();

    await page.goto(`${server.url}config/main.php`);
    const loaded = page.waitForEvent('load');
    await page.getByRole('link', { name: /Manage Account Settings/ }).click();
    await loaded;
    await expect(page).toHaveURL(`${server.url}account/`);
    await expect(page.locator(FRAME)).toHaveAttribute('src', `${server.base}account/main.php`);
  });

  test('shows all five cards to a user without permissions; a card\'s page says what is not allowed', async ({ page, server }) => {
    await loginAsNewUser(page, server, '--monitoring');
    await page.goto(`${server.url}config/main.php`);
    const screen = page.locator('[data-screen="configOptions"]');
    await expect(screen.getByRole('link')).toHaveCount(5);
    await screen.getByRole('link', { name: /Monitoring Agents/ }).click();
    await expect(page.frameLocator(FRAME).getByRole('alert')).toHaveText('You are not authorized to deploy agents.');
  });

  test('card pictures follow the theme: dark for dark, light for light and colorblind', async ({ page, server }) => {
    await loginAsNewUser(page, server, '--configure', '--deploy', '--ccm');
    for (const [theme, variant] of [['neptune', 'dark'], ['neptunelight', 'light'], ['neptunecolorblind', 'light']] as const) {
      await chooseTheme(page, server.url, theme);
      await page.goto(`${server.url}config/main.php`);
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      const images = page.locator('[data-screen="configOptions"] img');
      await expect(images).toHaveCount(5);
      for (const img of await images.all()) {
        await expect(img).toHaveAttribute('src', new RegExp(`-${variant}\\.svg$`));
        await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      }
    }
  });
});

test.describe('tools landing screen', () => {
  test('has Personal Tools and Common Tools cards leading to their screens', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}tools/main.php`);
    const screen = page.locator('[data-screen="tools"]');
    await expect(screen.getByRole('heading', { level: 1, name: 'Tools' })).toBeVisible();
    await expect(screen.getByRole('link')).toHaveCount(2);
    const personal = screen.getByRole('link', { name: /Personal Tools\s*Manage your tools\./ });
    const common = screen.getByRole('link', { name: /Common Tools\s*Manage shared tools\./ });
    await expect(common).toHaveAttribute('href', `${server.base}tools/commontools.php`);
    await personal.click();
    await expect(page).toHaveURL(`${server.url}tools/mytools.php`);
    await expect(page.getByRole('heading', { level: 1, name: 'My Tools' })).toBeVisible();
    await page.goBack();
    await common.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Common Tools' })).toBeVisible();
  });
});

test.describe('enterprise screen', () => {
  test('shows the welcome heading, twelve feature cards (in the app but Scheduled Pages) and four links in new tabs', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}enterprise/enterprise.php`);
    const screen = page.locator('[data-screen="enterprise"]');
    await expect(screen.getByRole('heading', { level: 1, name: 'Welcome To Enterprise!' })).toBeVisible();
    const titles = ['Audit Log', 'BPI', 'Bulk Modification Tool', 'Bulk Renaming Tool', 'Capacity Planning', 'Deadpool Settings',
      'Notification Management', 'Scheduled Pages', 'Scheduled Reports', 'Scheduled Reports History', 'SLA Report', 'SNMP Trap Interface'];
    const cards = screen.locator('.ui-card');
    await expect(cards.locator('.ui-card-title')).toHaveText(titles);
    for (const card of await cards.all()) {
      if ((await card.getAttribute('data-testid')) === 'enterprise-card-scheduledpages') continue;
      await expect(card).not.toHaveAttribute('target');
      await expect(card).toHaveAttribute('href', new RegExp(`^${server.base}(admin|reports)/\\?xiwindow=`));
    }
    const scheduled = screen.getByTestId('enterprise-card-scheduledpages');
    await expect(scheduled).toHaveAttribute('href', /library\.nagios\.com/);
    await expect(scheduled).toHaveAttribute('target', '_blank');
    const links = screen.locator('.native-screen-links a');
    await expect(links).toHaveCount(4);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(screen.getByRole('link', { name: /Compare Standard and Enterprise editions/ })).toBeVisible();
  });

  test('a feature card opens its admin page with the inner page in the frame; an unimplemented one says so and links back', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}enterprise/enterprise.php`);
    await page.getByTestId('enterprise-card-deadpool').click();
    await expect(page).toHaveURL(`${server.url}admin/?xiwindow=deadpool.php`);
    const frame = page.frameLocator(FRAME);
    await expect(frame.getByText('The reference server does not implement Deadpool Settings.')).toBeVisible();
    await frame.getByRole('link', { name: 'Back to Enterprise' }).click();
    await expect(page.locator('[data-screen="enterprise"]')).toBeVisible();
  });
});
