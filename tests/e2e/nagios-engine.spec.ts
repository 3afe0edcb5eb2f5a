/**
 * The product in a browser on a real Nagios Core 4 engine: the top bar, the home overview and the status lists
 * must show what the engine reports (its config turns notifications off, which the demo fleet never does).
 */
import type { Page } from '@playwright/test';
import { CHECKS, HOSTS, SERVICES, startNagios, type NagiosEngine } from '../nagios/engine';
import { expect, login, pauseClock, runForAnswered, test } from './fixtures';
import { ADMIN, startServer, type RunningServer } from './server';

const FRAME = 'iframe[name=maincontentframe]';
const SERVICE_STATE_TEXT = ['OK', 'WARNING', 'CRITICAL', 'UNKNOWN'];

let engine: NagiosEngine | undefined;
let server: RunningServer | undefined;

interface Checked { host_name: string; current_state: number; has_been_checked: number }

test.beforeAll(async ({ playwright }) => {
  engine = await startNagios();
  server = await startServer({ PHAROS_NAGIOS_CFG: engine.cfgPath });
  // Pages render what the engine has reported so far: wait, through the product's API, until every object was checked.
  const api = await playwright.request.newContext({ baseURL: server.url });
  try {
    const res = await api.post('login.php', { form: { username: ADMIN.username, password: ADMIN.password } });
    expect(res.ok()).toBe(true);
    await expect(async () => {
      const hosts = (await (await api.get('api/v2/status/host')).json() as { hoststatus: Checked[] }).hoststatus;
      const services = (await (await api.get('api/v2/status/service')).json() as { servicestatus: Checked[] }).servicestatus;
      expect(hosts.filter((h) => h.has_been_checked).map((h) => `${h.host_name}:${h.current_state}`).sort())
        .toEqual([`${HOSTS.unreachable}:2`, `${HOSTS.down}:1`, `${HOSTS.up}:0`]);
      expect(services.filter((s) => s.has_been_checked)).toHaveLength(SERVICES.length);
    }).toPass({ timeout: 20_000 });
  } finally {
    await api.dispose();
  }
});

test.afterAll(async () => {
  await server?.stop();
  await engine?.dispose();
});

async function signIn(page: Page): Promise<RunningServer> {
  await login(page, server!);
  return server!;
}

/**
 * The board's own 30 s refresh runs on its frame's fake clock. Playwright moves the clocks of all frames without
 * waiting for a busy one, so a step can pass a frame by (a CI run met a board that had not refreshed after 30 s): step
 * on, at most two more refresh periods, until the board shows what the test then asserts.
 */
async function untilBoardShows(page: Page, shown: () => Promise<boolean>): Promise<void> {
  for (let step = 0; step < 12 && !(await shown()); step += 1) await runForAnswered(page, 5_000);
}

test.describe('Pharos on a real Nagios Core 4 engine', () => {
  test('the top bar\'s system status shows the engine running with its program settings', async ({ page }) => {
    await signIn(page);
    const status = page.getByRole('banner').getByRole('button', { name: /^System status: System (OK|degraded)$/ });
    await expect(status).toBeVisible();
    await status.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /Monitoring Engine/ })).toContainText('Running');
    await expect(menu.getByRole('menuitem', { name: /Notifications/ })).toContainText('Disabled');
    await expect(menu.getByRole('menuitem', { name: /Active Host Checks/ })).toContainText('Enabled');
    await expect(menu.getByRole('menuitem', { name: /Active Service Checks/ })).toContainText('Enabled');
  });

  test('the home overview counts the engine\'s hosts, services and problems', async ({ page }) => {
    await signIn(page);
    const frame = page.frameLocator(FRAME);
    await expect(frame.getByRole('heading', { name: 'Tactical Overview' })).toBeVisible();
    await expect(frame.getByRole('region', { name: 'Host status' }).getByRole('link')).toHaveText(['1 Up', '1 Down', '1 Unreachable']);
    await expect(frame.getByRole('region', { name: 'Service status' }).getByRole('link')).toHaveText(['1 Ok', '1 Warning', '2 Critical', '1 Unknown']);
    await expect(frame.getByRole('region', { name: 'Unhandled problems' }).getByRole('link')).toHaveText(['2 Host problems', '3 Service problems']);
    await expect(frame.getByRole('table', { name: 'Monitoring engine status' }).getByRole('row', { name: /^Engine/ })).toContainText('Running');
  });

  test('the services list opened with xiwindow shows every engine service, with HTML in plugin output as text', async ({ page }) => {
    const own = await signIn(page);
    await page.goto(`${own.url}?xiwindow=${encodeURIComponent('includes/components/xicore/status.php?show=services')}`);
    const frame = page.frameLocator(FRAME);
    const table = frame.getByRole('table', { name: 'Services' });
    await expect(table.locator('tbody tr')).toHaveCount(SERVICES.length);
    for (const s of SERVICES) {
      const row = table.locator('tbody tr').filter({ has: frame.getByRole('rowheader').getByRole('link', { name: s.description, exact: true }) })
        .filter({ hasText: s.host });
      await expect(row, `${s.host}/${s.description}`).toHaveCount(1);
      await expect(row.locator('.badge')).toHaveText(SERVICE_STATE_TEXT[s.state]!);
      await expect(row.locator('td.output')).toHaveText(CHECKS[s.check].output);
    }
    const http = table.locator('tbody tr').filter({ has: frame.getByRole('link', { name: 'HTTP', exact: true }) });
    await expect(http.locator('td.output')).toHaveText('OK - <b>fine</b> answer=42');
    await expect(http.locator('td.output b')).toHaveCount(0);
  });

  // Last in this file: it stops the engine the tests above read, and starts it again.
  test('a wall says so when the engine stops, and stops saying so once it runs again', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    const own = await signIn(page);
    const engineCode = async () => {
      const status = await (await page.request.get(`${own.url}api/v2/status/system`)).json() as { daemons: { daemon: { id: string; return_code: number }[] } };
      return status.daemons.daemon.find((d) => d.id === 'nagioscore')?.return_code;
    };
    await page.clock.install();
    await page.goto(`${own.url}wallboard?durations=3600`);
    const strip = page.getByTestId('wallboard-strip');
    const board = page.frameLocator('.wallboard-stage iframe[data-state="shown"]');
    await expect(page.getByTestId('wallboard-title')).toHaveText('Problems board');
    await expect(strip.getByText(/^Live/)).toBeVisible();
    await pauseClock(page);
    await expect(strip.getByTestId('wallboard-engines')).toHaveCount(0);
    try {
      await engine!.stop();
      await expect.poll(engineCode).toBe(1);
      // Within one poll of the system status (30 s), without a reload: the data on screen is the engine's last.
      await runForAnswered(page, 30_000);
      await expect(strip.getByTestId('wallboard-engines')).toHaveText('Monitoring engine not running');
      await expect(strip.getByRole('status').filter({ hasText: 'Monitoring engine not running' })).toBeInViewport({ ratio: 1 });
      // The board on screen refreshes itself, and says it above its problems.
      await untilBoardShows(page, async () => (await board.locator('.engines-silent').count()) > 0);
      await expect(board.locator('.engines-silent')).toHaveText(/The monitoring engine is not running/);
      await page.screenshot({ path: test.info().outputPath('engine-stopped.png') });
    } finally {
      await engine!.start();
    }
    await expect.poll(engineCode, { timeout: 20_000 }).toBe(0);
    await runForAnswered(page, 30_000);
    await expect(strip.getByTestId('wallboard-engines')).toHaveCount(0);
    await untilBoardShows(page, async () => (await board.locator('.engines-silent').count()) === 0);
    await expect(board.locator('.engines-silent')).toHaveCount(0);
  });
});
