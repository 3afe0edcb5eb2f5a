import { test } from '@playwright/test';
import { ADMIN, startServer } from './server';
test('shot', async ({ page }) => {
  const server = await startServer({ PHAROS_DEMO_TICK_SECONDS: '3600' });
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.request.post(`${server.url}login.php`, { form: { username: ADMIN.username, password: ADMIN.password }, maxRedirects: 0 });
  await page.goto(`${server.url}dashboards/dashboard.php?id=home`);
  await page.screenshot({ path: '/tmp/dash1.png', fullPage: true });
  await page.goto(`${server.url}dashboards/dashboard.php?id=home&edit=1`);
  await page.screenshot({ path: '/tmp/dash2.png', fullPage: true });
  await page.goto(`${server.url}dashboards/dashlets.php?type=note`);
  await page.screenshot({ path: '/tmp/dash3.png', fullPage: true });
  await server.stop();
});
