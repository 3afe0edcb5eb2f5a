import { expect, login, test } from './fixtures';

test('the shell follows the account language (German)', async ({ page, server }) => {
  const name = `deutsch${process.pid}`;
  await server.admin('create-user', name, 'e2e-user-password', '--monitoring');
  await login(page, server, name, 'e2e-user-password');
  const { nsp } = (await (await page.request.get(`${server.url}api/v2/account/auth`)).json()) as { nsp: string };
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await page.request.post(`${server.url}api/v2/account/language`, { form: { language: 'de_DE', nsp }, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(answer.ok()).toBe(true);
  await page.reload();

  await expect(page.getByRole('navigation', { name: 'Bereiche' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Bereichsmenü' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Hilfe' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Suchen' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Systemstatus: / })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Über' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Rechtliches' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: `Profilmenü für ${name}` }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Mein Konto', 'Abmelden']);
});
