import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';

const FRAME = 'iframe[name="maincontentframe"]';

async function expectFrame(page: Page, src: string): Promise<void> {
  await expect(page.locator(FRAME)).toHaveAttribute('src', src);
}

test.describe('routes of spec 2.1', () => {
  test('home, framed sections and their index.php forms show the section default page', async ({ loggedIn: page, server }) => {
    const b = server.base;
    const framed: Array<[string, string]> = [
      ['', 'includes/page-home-main.php'],
      ['index.php', 'includes/page-home-main.php'],
      ['views', 'views/main.php'],
      ['views/index.php', 'views/main.php'],
      ['dashboards', 'dashboards/dashboard.php?id=home'],
      ['dashboards/index.php', 'dashboards/dashboard.php?id=home'],
      ['reports', 'reports/statussummary.php'],
      ['reports/index.php', 'reports/statussummary.php'],
      ['help', 'help/main.php'],
      ['help/index.php', 'help/main.php'],
      ['admin', 'admin/main.php'],
      ['admin/index.php', 'admin/main.php'],
      ['account', 'account/main.php'],
      ['account/index.php', 'account/main.php'],
    ];
    for (const [route, page_] of framed) {
      await page.goto(`${server.url}${route}`);
      await expectFrame(page, `${b}${page_}`);
    }
  });

  test('sections whose default page is native show that screen', async ({ loggedIn: page, server }) => {
    const native: Array<[string, string]> = [
      ['config', 'Configuration Options'],
      ['config/index.php', 'Configuration Options'],
      ['tools', 'Tools'],
      ['tools/index.php', 'Tools'],
      ['enterprise', 'Welcome To Enterprise!'],
      ['enterprise/index.php', 'Welcome To Enterprise!'],
    ];
    for (const [route, title] of native) {
      await page.goto(`${server.url}${route}`);
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
      await expect(page.locator(FRAME)).toHaveCount(0);
    }
  });

  test('the six native screen paths render their screens inside the framed layout', async ({ loggedIn: page, server }) => {
    const screens: Array<[string, string, string]> = [
      ['config/main.php', 'Configuration Options', 'configOptions'],
      ['tools/main.php', 'Tools', 'tools'],
      ['tools/mytools.php', 'My Tools', 'myTools'],
      ['tools/commontools.php', 'Common Tools', 'commonTools'],
      ['enterprise/enterprise.php', 'Welcome To Enterprise!', 'enterprise'],
      ['dashboards/manage.php', 'Manage My Dashboards', 'manageDashboards'],
    ];
    for (const [route, title, id] of screens) {
      await page.goto(`${server.url}${route}`);
      await expect(page.locator(`[data-screen="${id}"]`).getByRole('heading', { name: title, exact: true })).toBeVisible();
      await expect(page.locator('.framed-layout')).toBeVisible();
      await expect(page.getByText('nagiosadmin').first()).toBeVisible();
    }
  });

  test('about maps the legal and license flags to their pages', async ({ loggedIn: page, server }) => {
    const b = server.base;
    for (const route of ['about', 'about/index.php']) {
      await page.goto(`${server.url}${route}`);
      await expectFrame(page, `${b}about/main.php`);
    }
    await page.goto(`${server.url}about?legal`);
    await expectFrame(page, `${b}about/legal.php`);
    await page.goto(`${server.url}about/index.php?license`);
    await expectFrame(page, `${b}about/license.php`);
    await page.getByRole('link', { name: 'Legal Information' }).click();
    await expectFrame(page, `${b}about/legal.php`);
    await expect(page.getByRole('link', { name: 'Legal Information' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: 'About', exact: true }).click();
    await expectFrame(page, `${b}about/main.php`);
  });

  test('the configuration manager route frames the CCM page with type, cmd, id, search and name_filter', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}includes/components/ccm/xi-index.php?type=host&cmd=view&id=3&search=web&name_filter=w&other=x`);
    await expectFrame(page, `${server.base}includes/components/ccm/index.php?type=host&cmd=view&id=3&search=web&name_filter=w`);
  });

  test('the wallboard route runs the wallboard, with and without a trailing slash', async ({ loggedIn: page, server }) => {
    for (const route of ['wallboard', 'wallboard/']) {
      await page.goto(`${server.url}${route}`);
      await expect(page.getByTestId('wallboard-strip')).toBeVisible();
      await expect(page.locator('.wallboard-stage iframe')).not.toHaveCount(0);
    }
  });
});
