import { test, expect, login } from './fixtures';

const FRAME = 'iframe[name="maincontentframe"]';

test.describe('Audit Log (spec 2.13)', () => {
  test('shows the login and a write made by the test; a non-admin cannot open it', async ({ loggedIn: page, server }) => {
    const { nsp } = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
    const xsrf = (await page.context().cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const written = await page.request.post(`${server.url}api/v2/account/language`, { form: { language: 'en_US', nsp }, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
    expect(written.ok()).toBe(true);

    await page.goto(`${server.url}enterprise/enterprise.php`);
    await page.getByTestId('enterprise-card-auditlog').click();
    const frame = page.frameLocator(FRAME);
    await expect(frame.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    const table = frame.getByRole('table', { name: 'Audit log entries' });
    await expect(table.getByRole('row').filter({ hasText: 'nagiosadmin' }).filter({ hasText: /login\s*session/ }).first()).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: `POST ${server.base}api/v2/account/language` }).first()).toBeVisible();

    await frame.getByLabel('Action').selectOption('write');
    await frame.getByRole('button', { name: 'Filter' }).click();
    await expect(table.getByRole('row').filter({ hasText: /login\s*session/ })).toHaveCount(0);

    const name = `auditw${test.info().workerIndex}`;
    await server.admin('create-user', name, 'e2e-user-password', '--monitoring');
    await page.context().clearCookies();
    await login(page, server, name, 'e2e-user-password');
    await page.goto(`${server.url}admin/?xiwindow=auditlog.php`);
    await expect(page.frameLocator(FRAME).getByRole('alert')).toHaveText('Only administrators can open this page.');
  });
});
