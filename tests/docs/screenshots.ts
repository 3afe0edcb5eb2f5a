/**
 * `npm run screenshots`: the problems board and the Home Dashboard in the three themes, into docs/images/ for the
 * README, and the wall at 1920×1080 (a new user's views, an alert card, the outage band) for docs/wallboard.md.
 * Asserts nothing; needs a build (`npm run build`) for the app shell around the dashboard.
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

/** Forces `count` OK services on UP hosts critical, as docs/wallboard.md's check-result lever does. */
async function forceCritical(page: Page, count: number): Promise<void> {
  const query = `current_state=0&combinedhost=1&host_current_state=0&host_problem_acknowledged=0&records=${count}`;
  const list = await (await page.request.get(`${server.url}api/v2/status/service?${query}`)).json() as { servicestatus: { host_name: string; service_description: string }[] };
  const { nsp } = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
  const xsrf = (await page.context().cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  for (const s of list.servicestatus) {
    await page.request.post(`${server.url}api/v2/admin/checkresult`, {
      form: { host: s.host_name, service: s.service_description, state: '2', output: 'CRITICAL - connection refused', nsp },
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    });
  }
}

/** The wall at 1920×1080 in the dark theme: the board and the overview of a new user's views, then an alert card. */
async function wallShots(): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.clock.install();
  await signIn(page, server);
  await setTheme(page, server, 'neptune');
  const stage = page.locator('.wallboard-stage > iframe[data-state="shown"]');
  await page.goto(`${server.url}wallboard?alerts=on&alertseconds=30&speed=30`);
  await stage.contentFrame().locator('.board-row, .problems-board, main').first().waitFor();
  await page.clock.runFor(2000);
  await page.screenshot({ path: path.join(OUT, 'wall-board-1920.png') });
  await page.clock.runFor(30_000);
  await stage.contentFrame().locator('main, body').first().waitFor();
  await page.clock.runFor(2000);
  await page.screenshot({ path: path.join(OUT, 'wall-overview-1920.png') });
  await forceCritical(page, 5);
  for (let i = 0; i < 8 && !(await page.getByTestId('wallboard-alert').isVisible()); i += 1) await page.clock.runFor(5000);
  await page.screenshot({ path: path.join(OUT, 'wall-alert-1920.png') });
  await context.close();
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
  await wallShots();
} finally {
  await browser.close();
  await server.stop();
}
console.log(`Screenshots written to ${OUT}`);
