/**
 * `npm run screenshots`: the problems board and the Home Dashboard in the three themes, into docs/images/ for the
 * README. Asserts nothing; needs a build (`npm run build`) for the app shell around the dashboard.
 */
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { type RunningServer, signIn, startServer } from '../e2e/server.js';

const OUT = path.resolve(import.meta.dirname, '..', '..', 'docs', 'images');
const THEMES = [['neptune', 'dark'], ['neptunelight', 'light'], ['neptunecolorblind', 'colorblind']] as const;

async function setTheme(page: Page, server: RunningServer, theme: string): Promise<void> {
  const { nsp } = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
  const xsrf = (await page.context().cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  await page.request.post(`${server.url}api/v2/account/theme`, { form: { theme, nsp }, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
}

const server = await startServer({ PHAROS_DEMO_TICK_SECONDS: '3600' });
const browser = await chromium.launch({
  executablePath: process.env.PHAROS_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const [theme, name] of THEMES) {
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await signIn(page, server);
    await setTheme(page, server, theme);
    await page.goto(`${server.url}includes/components/pharos/problemsboard.php`);
    await page.screenshot({ path: path.join(OUT, `problems-board-${name}.png`) });
    await page.goto(`${server.url}dashboards/`);
    await page.frameLocator('iframe[name="maincontentframe"]').getByRole('heading', { name: 'Home Dashboard' }).waitFor();
    await page.frameLocator('iframe[name="maincontentframe"]').locator('.dashlet-hostgroups').waitFor();
    await page.screenshot({ path: path.join(OUT, `dashboard-${name}.png`) });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`Screenshots written to ${OUT}`);
