/**
 * Several engines in a browser (issue 21): two demo engines and one Livestatus engine from a PHAROS_ENGINES file. The
 * Livestatus engine is a fake peer that answers at first and then closes its port, so it has rows to keep: they must
 * show as stale, never as OK, while the board, the wallboard strip and the dashlets say "1 of 3 engines not
 * answering". The two demo engines have the same host names: the palette offers each on its own engine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generatedPeer } from '../livestatus/generatedPeer';
import type { FakePeer } from '../livestatus/fakePeer';
import { expect, login, test } from './fixtures';
import { ADMIN, startServer, type RunningServer } from './server';

const STATUS = 'includes/components/xicore/status.php';
const BOARD = 'includes/components/pharos/problemsboard.php';

let server: RunningServer | undefined;
let peer: FakePeer | undefined;
let tmp: string | undefined;

interface EngineState { name: string; state: string }

test.beforeAll(async ({ playwright }) => {
  peer = await generatedPeer({ hosts: 3, servicesPerHost: 10 });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-e2e-engines-'));
  const file = path.join(tmp, 'engines.json');
  fs.writeFileSync(file, JSON.stringify([
    { name: 'lab-a', type: 'demo' }, { name: 'lab-b', type: 'demo' },
    { name: 'paris', type: 'livestatus', address: peer.address, staleAfterSeconds: 1 },
  ]));
  server = await startServer({ PHAROS_ENGINES: file, PHAROS_DEMO_HOSTS: '4', PHAROS_DEMO_SERVICES_PER_HOST: '3' });
  const api = await playwright.request.newContext({ baseURL: server.url });
  try {
    expect((await api.post('login.php', { form: { username: ADMIN.username, password: ADMIN.password } })).ok()).toBe(true);
    const engines = async () => ((await (await api.get('api/v2/status/system')).json()) as { monitoring?: { engines?: EngineState[] } }).monitoring?.engines?.map((e) => `${e.name}:${e.state}`);
    // Livestatus answers first (its rows arrive), then its port closes: the engine is not answering, its rows kept.
    await expect.poll(engines, { timeout: 10_000 }).toEqual(['lab-a:ok', 'lab-b:ok', 'paris:ok']);
    await peer.close();
    await expect.poll(engines, { timeout: 10_000 }).toEqual(['lab-a:ok', 'lab-b:ok', 'paris:stale']);
  } finally {
    await api.dispose();
  }
});

test.afterAll(async () => {
  await server?.stop();
  await peer?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test.describe('several engines in one Pharos', () => {
  test('the top bar\'s system status lists every engine; one not answering makes it degraded', async ({ page }) => {
    await login(page, server!);
    const status = page.getByRole('banner').getByRole('button', { name: /^System status: System degraded$/ });
    await expect(status).toBeVisible();
    await status.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /Engine lab-a/ })).toContainText('Running');
    await expect(menu.getByRole('menuitem', { name: /Engine lab-b/ })).toContainText('Running');
    await expect(menu.getByRole('menuitem', { name: /Engine paris/ })).toContainText(/Not answering · data \d+ s old/);
  });

  test('the service status page has an Engine column; a silent engine\'s rows are stale, never OK', async ({ page }) => {
    await login(page, server!);
    await page.goto(`${server!.url}${STATUS}?show=services&records=100`);
    const table = page.getByRole('table', { name: 'Services' });
    await expect(table.getByRole('columnheader', { name: 'Engine' })).toBeVisible();
    const cells = table.locator('td.engine');
    await expect(cells.filter({ hasText: /^lab-a$/ }).first()).toBeVisible();
    await expect(cells.filter({ hasText: /^lab-b$/ }).first()).toBeVisible();
    await expect(cells.filter({ hasText: /^paris$/ })).toHaveCount(30);

    const parisRows = table.locator('tbody tr').filter({ has: page.locator('td.engine', { hasText: /^paris$/ }) });
    await expect(parisRows).toHaveCount(30);
    // Every kept row says STALE before its last state, and none reads OK on its own.
    const badges = parisRows.locator('.badge');
    await expect(badges).toHaveCount(30);
    for (const text of await badges.allInnerTexts()) expect(text).toMatch(/^STALE: (OK|WARNING|CRITICAL|UNKNOWN|PENDING)$/);
    await expect(parisRows.locator('.badge.state-ok')).toHaveCount(0);
    // The live engines' rows are not marked.
    const labRows = table.locator('tbody tr').filter({ has: page.locator('td.engine', { hasText: /^lab-a$/ }) });
    await expect(labRows.locator('.badge.stale')).toHaveCount(0);
    // The state counts leave the stale rows out of every state (never counted as OK), and count them apart.
    const summary = page.getByRole('list', { name: 'Services by state' });
    await expect(summary.locator('li.stale')).toHaveText('30 STALE');
    const all = Number((await summary.getByRole('link', { name: /All$/ }).locator('.count').innerText()).replace(/,/g, ''));
    const perState = await summary.locator('li[class^="state-"]:not(.stale) .count').allInnerTexts();
    expect(perState.reduce((sum, n) => sum + Number(n), 0) + 30).toBe(all);
    // Stale looks different from live, not only by colour: not the OK colour, and a dashed outline.
    const look = (el: Element) => ({ color: getComputedStyle(el).color, border: getComputedStyle(el).borderTopStyle });
    const ok = await labRows.locator('.badge.state-ok').first().evaluate(look);
    const staleOk = await parisRows.locator('.badge.stale', { hasText: 'STALE: OK' }).first().evaluate(look);
    expect(staleOk.color).not.toBe(ok.color);
    expect([ok.border, staleOk.border]).toEqual(['solid', 'dashed']);
  });

  test('the problems board says 1 of 3 engines not answering, and marks that engine\'s problems stale', async ({ page }) => {
    await login(page, server!);
    await page.goto(`${server!.url}${BOARD}`);
    await expect(page.locator('.engines-silent')).toHaveText(/1 of 3 engines not answering: paris/);
    await expect(page.getByText('All systems OK')).toHaveCount(0);
    const paris = page.locator('li.problem').filter({ has: page.locator('.engine', { hasText: /^paris$/ }) });
    expect(await paris.count()).toBeGreaterThan(0);
    for (const text of await paris.locator('.state').allInnerTexts()) expect(text).toMatch(/^STALE: /);
    await expect(page.locator('li.problem.stale').filter({ has: page.locator('.engine', { hasText: /^lab-/ }) })).toHaveCount(0);
  });

  test('the wallboard strip says 1 of 3 engines not answering, as the board does', async ({ page }) => {
    await login(page, server!);
    await page.goto(`${server!.url}wallboard`);
    const strip = page.getByTestId('wallboard-strip');
    await expect(strip.getByTestId('wallboard-engines')).toHaveText('1 of 3 engines not answering: paris');
    await expect(strip.getByRole('status').filter({ hasText: 'engines not answering' })).toBeVisible();
  });

  test('the search palette names each suggestion\'s engine: the same host name on two engines opens two hosts', async ({ page }) => {
    await login(page, server!);
    await expect(page.locator('[data-frame-location]')).toHaveCount(1);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search' });
    await palette.getByRole('combobox', { name: 'Search menus, hosts, services and groups' }).fill('localhost');
    const hosts = palette.getByRole('group', { name: 'Hosts' }).getByRole('option');
    await expect(hosts).toHaveText([/^localhost\s*Engine lab-a$/, /^localhost\s*Engine lab-b$/]);
    await hosts.nth(1).click();
    const frame = page.locator('iframe[name="maincontentframe"]');
    await expect(frame).toHaveAttribute('src', `${server!.base}${STATUS}?show=hostdetail&host=localhost&engine=lab-b`);
    await expect(page.frameLocator('iframe[name="maincontentframe"]').getByRole('row', { name: /^Engine/ })).toHaveText(/lab-b/);
  });

  test('the home dashboard names each problem\'s engine, counts the silent engine apart and says it is not answering', async ({ page }) => {
    await login(page, server!);
    await page.goto(`${server!.url}dashboards/dashboard.php?id=home`);
    const problems = page.locator('#dashlet-home4');
    await expect(problems.locator('.engines-silent')).toHaveText(/1 of 3 engines not answering: paris/);
    const paris = problems.locator('li.problem').filter({ has: page.locator('.engine', { hasText: /^paris$/ }) });
    expect(await paris.count()).toBeGreaterThan(0);
    for (const text of await paris.locator('.state').allInnerTexts()) expect(text).toMatch(/^STALE: /);
    // Its 3 hosts are counted apart, never as Up, and the count leads to that engine's hosts.
    const stale = page.locator('#dashlet-home1 li.stale');
    await expect(stale).toHaveText(/^3 Stale \(paris\)$/);
    await expect(stale.getByRole('link')).toHaveAttribute('href', `${server!.base}${STATUS}?show=hosts&engine=paris`);
    const engines = page.locator('#dashlet-home5');
    await expect(engines.getByRole('row', { name: /^Engine paris/ })).toContainText(/Not answering data [\dhms ]+ old/);
    await expect(engines.getByRole('row', { name: /^Engine lab-a/ })).toContainText('Running');
  });
});
