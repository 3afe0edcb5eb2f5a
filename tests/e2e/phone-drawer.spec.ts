import { expect, test } from './fixtures';

/** Issue 38: on a 390×844 phone, picking a section in the drawer shows its menu there; only a page closes it. */
test.describe('the phone drawer at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('stays open when a section is picked and closes when a page is picked', async ({ loggedIn: page, server }) => {
    await page.getByRole('banner').getByRole('button', { name: 'Open navigation' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Reports' }).tap();
    await expect(page).toHaveURL(/\/reports\//);
    await expect(drawer).toBeVisible();
    const reports = drawer.getByRole('navigation', { name: 'Section menu' });
    await expect(reports.getByRole('link', { name: 'Availability' })).toBeVisible();
    await reports.getByRole('link', { name: 'Availability' }).tap();
    await expect(drawer).toBeHidden();
    await expect(page.locator('iframe[name="maincontentframe"]')).toHaveAttribute('src', new RegExp(`^${server.base}reports/`));
  });

  test('picking Configure shows the Configure section at once, with its shortcuts in the drawer', async ({ loggedIn: page, server }) => {
    await page.getByRole('banner').getByRole('button', { name: 'Open navigation' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    const sections = drawer.getByRole('navigation', { name: 'Sections' });
    await sections.getByRole('link', { name: 'Reports' }).tap();
    await expect(page).toHaveURL(/\/reports\//);
    // One tap: no tooltip of shortcuts in between, so the Reports page does not stay.
    await sections.getByRole('link', { name: 'Configure' }).tap();
    await expect(page).toHaveURL(`${server.url}config/`);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await expect(drawer).toBeVisible();
    const menu = drawer.getByRole('navigation', { name: 'Section menu' });
    await menu.getByRole('link', { name: 'Configuration Wizards' }).tap();
    await expect(drawer).toBeHidden();
    await expect(page.locator('iframe[name="maincontentframe"]')).toHaveAttribute('src', `${server.base}config/monitoringwizard.php`);
  });
});
