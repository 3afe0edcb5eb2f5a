/**
 * Issue 22: three Pharos processes on one PostgreSQL behind nginx, as docs/scaling.md sets them up. All three read one
 * Livestatus engine (a generated peer), as processes of one installation read the same engines. A user works and a
 * wallboard rotates while requests go round-robin; one process is killed with SIGKILL and started again: nobody sees a
 * login page or an error dialog, no write is lost, and no alert is shown twice.
 */
import net from 'node:net';
import type { Page } from '@playwright/test';
import { startNginx, type Nginx } from '../support/nginx';
import { startPostgres, type PostgresCluster } from '../support/postgres';
import { generatedPeer } from '../livestatus/generatedPeer';
import type { FakePeer } from '../livestatus/fakePeer';
import { expect, login, primed, test } from './fixtures';
import { startServer, type RunningServer } from './server';

let pg: PostgresCluster | undefined;
let peer: FakePeer | undefined;
let nginx: Nginx | undefined;
const processes: RunningServer[] = [];
/** The installation as users reach it: nginx's address, the processes' base path. */
let site: RunningServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  pg = await startPostgres();
  const url = await pg.createDatabase('pharos');
  peer = await generatedPeer({ hosts: 12, servicesPerHost: 4 });
  // Started together: they run the migrations and create the administrator at the same moment.
  processes.push(...await Promise.all([1, 2, 3].map(() => startServer({
    PHAROS_DATABASE_URL: url, PHAROS_LIVESTATUS: peer!.address, PHAROS_TRUST_PROXY: '127.0.0.1',
  }))));
  nginx = await startNginx(processes.map((p) => new URL(p.url).host));
  const first = processes[0]!;
  site = { ...first, url: `${nginx.origin}${first.base}`, origin: nginx.origin };
});

test.afterAll(async () => {
  await nginx?.stop();
  await Promise.all(processes.map((p) => p.stop()));
  await peer?.close();
  await pg?.stop();
});

/** Sends a COMMAND to the engine, as an operator's tool beside Pharos would: the state every process then reads. */
function setState(host: string, service: string, state: number, output: string): Promise<void> {
  const [h, port] = peer!.address.split(':');
  return new Promise((resolve, reject) => {
    const s = net.connect(Number(port), h, () => s.end(`COMMAND [${Math.floor(Date.now() / 1000)}] PROCESS_SERVICE_CHECK_RESULT;${host};${service};${state};${output}\n\n`, () => resolve()));
    s.once('error', reject);
  });
}

/** Counts alert cards as they appear, however briefly, and notes any login page or error dialog the page shows. */
async function watch(page: Page): Promise<() => Promise<{ cards: number; trouble: string[] }>> {
  await page.evaluate(() => {
    const w = window as unknown as { seen: { cards: number; trouble: string[] } };
    w.seen = { cards: 0, trouble: [] };
    let showing = false;
    new MutationObserver(() => {
      const now = document.querySelector('[data-testid="wallboard-alert"]') !== null;
      if (now && !showing) w.seen.cards += 1;
      showing = now;
      if (document.querySelector('[role="alertdialog"]')) w.seen.trouble.push('error dialog');
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { seen: { cards: number; trouble: string[] } }).seen);
}

test('three processes behind nginx serve a user and a wallboard as one, and losing one loses nothing', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await login(page, site);
  await page.goto(`${site.url}views/?xiwindow=${encodeURIComponent(`${site.base}views/main.php`)}`);
  const table = page.frameLocator('iframe[name="maincontentframe"]').getByRole('table', { name: 'My Views' });
  await expect(table.getByRole('rowheader', { name: 'Problems board' })).toBeVisible();

  // A wall display in its own browser context, rotating at the fastest speed and interrupting for alerts.
  const wallContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const wall = await wallContext.newPage();
  await login(wall, site);
  await wall.goto(`${site.url}wallboard?alerts=on&alertseconds=10&speed=10`);
  const position = wall.getByTestId('wallboard-position');
  await expect(position).toHaveText('1 / 3');
  await expect(position).toHaveText('2 / 3', { timeout: 20_000 });
  const seen = await watch(wall);

  // The user adds a view: it is stored once, whichever process took the write.
  const addView = async (title: string) => {
    await page.getByRole('navigation', { name: 'Section menu' }).getByRole('button', { name: 'Add New View' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New View' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('URL').fill('includes/page-home-main.php');
    await dialog.getByRole('button', { name: 'Add View' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('rowheader', { name: title })).toBeVisible();
  };
  await addView('Before the crash');

  // A new problem: the wall shows it once, whichever process its polls reach.
  await setState('ls-host-00001', 'svc-01', 2, 'CRITICAL - forced by the cluster test');
  await expect.poll(async () => (await seen()).cards, { timeout: 30_000 }).toBe(1);

  // One process dies without a goodbye while both keep working.
  await processes[1]!.kill();
  await addView('After the crash');
  for (let i = 0; i < 6; i++) expect((await page.request.get(`${site.url}api/v2/account/auth`)).status()).toBe(200);
  const during = await position.textContent();
  await expect(position).not.toHaveText(during!, { timeout: 20_000 });

  // It comes back: still nobody is asked to log in, and the standing problem is not announced again.
  await processes[1]!.start();
  for (let i = 0; i < 6; i++) expect((await page.request.get(`${site.url}api/v2/account/auth`)).status()).toBe(200);
  const before = await position.textContent();
  await expect(position).not.toHaveText(before!, { timeout: 20_000 });
  expect(await seen()).toEqual({ cards: 1, trouble: [] });
  expect(page.url()).not.toContain('login.php');
  expect(wall.url()).not.toContain('login.php');

  // Both views are there, once each, wherever the list is read from.
  await page.reload();
  for (const title of ['Before the crash', 'After the crash']) await expect(table.getByRole('rowheader', { name: title })).toHaveCount(1);
  await wallContext.close();
});

test('a PostgreSQL restart: the database\'s error page never reaches a wall or an operator\'s shell; both say the server is unreachable and go on once the database is back, without a reload', async ({ page, browser }) => {
  // An operator who has used Pharos before: the worker holds the shell and the stored copies.
  await login(page, site);
  await primed(page);
  const indicator = page.getByTestId('connection-indicator');
  const wallContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  // Someone on a first visit: no worker to fall back on, so the server's own page is what they get.
  const firstVisitContext = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const wall = await wallContext.newPage();
    await login(wall, site);
    const visitor = await firstVisitContext.newPage();
    await login(visitor, site);
    await wall.goto(`${site.url}wallboard?speed=10`);
    const position = wall.getByTestId('wallboard-position');
    const shown = wall.locator('.wallboard-stage iframe[data-state="shown"]');
    // The user's views: the first test added two to the three a new user has.
    await expect(position).toHaveText(/^1 \/ \d+$/);
    const first = (await position.textContent())!;
    await expect(shown).toHaveCount(1);
    const connection = wall.getByTestId('wallboard-connection');
    await expect(connection).toContainText('Live');

    await pg!.restart(async () => {
      // At once, before the wall's own checks find the outage: the next item is asked for, and every process answers
      // it with its "database is not answering" page.
      await wall.keyboard.press('ArrowRight');
      await expect(wall.getByTestId('wallboard-stale')).toBeVisible({ timeout: 20_000 });
      await expect(connection).toContainText(/Server unreachable since \d/);
      await expect(position).toHaveText(first);
      await expect(shown).toHaveCount(1);
      const onScreen = await (await shown.elementHandle())!.contentFrame();
      expect(await onScreen!.locator('body').innerText()).not.toContain('The database is not answering');
      await expect(wall.getByTestId('wallboard-error')).toHaveCount(0);

      // The operator reloads meanwhile: the last known shell, not the server's page, which would stay until a reload.
      await page.reload();
      await expect(indicator).toContainText(/Server unreachable since \d.* · showing data from \d/);
      await expect(page.getByTestId('system-status')).toContainText(/stale, from \d/);
      await expect(page.getByTestId('frame-unavailable')).toBeVisible();
      await page.evaluate(() => { (window as unknown as { stillHere: boolean }).stillHere = true; });

      // Pharos's page for a database that is not answering, passed on by nginx, which takes no process out for it
      // (issue 36): never nginx's own page for processes it has marked failed.
      await visitor.reload();
      await expect(visitor.locator('body')).toContainText('The database is not answering');
      await expect(visitor.locator('meta[name="pharos-unavailable"]')).toHaveAttribute('content', 'database');
      await expect(visitor.locator('meta[http-equiv="refresh"]')).toHaveCount(1);
    });
    // The first visitor's page loads itself again until the database is back: the shell, without their reload.
    await expect(visitor.locator('[data-frame-location]')).toHaveCount(1, { timeout: 60_000 });
    await expect(visitor.locator('body')).not.toContainText('not answering');

    await expect(connection).toContainText('Live', { timeout: 90_000 });
    await expect(position).not.toHaveText(first, { timeout: 30_000 });
    expect(wall.url()).not.toContain('login.php');
    await expect(indicator).toBeHidden({ timeout: 90_000 });
    await expect(page.getByTestId('frame-unavailable')).toBeHidden();
    await expect(page.getByTestId('system-status')).not.toContainText('stale');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  } finally {
    await wallContext.close();
    await firstVisitContext.close();
  }
});
