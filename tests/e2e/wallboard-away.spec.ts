import type { Page } from '@playwright/test';
import { expect, login, pauseClock, runForAnswered, test } from './fixtures';
import { startServer, type RunningServer } from './server';
import { writeAs } from './writes';

const position = (page: Page) => page.getByTestId('wallboard-position');
const shownFrame = (page: Page) => page.locator('.wallboard-stage iframe[data-state="shown"]');

/** Two OK services of the demo fleet. */
async function okServices(page: Page, server: RunningServer): Promise<{ host: string; service: string }[]> {
  const list = await (await page.request.get(`${server.url}api/v2/status/service?current_state=0&records=2`)).json() as {
    servicestatus: { host_name: string; service_description: string }[];
  };
  return list.servicestatus.map((s) => ({ host: s.host_name, service: s.service_description }));
}

/** Forces a state and waits until the state history has it (a change is recorded between two snapshots). */
async function setState(page: Page, server: RunningServer, o: { host: string; service: string }, state: 0 | 2): Promise<void> {
  const word = state ? 'CRITICAL' : 'OK';
  await writeAs(page, server, 'api/v2/admin/checkresult', { ...o, state: String(state), output: `${word} - while the wall was away` });
  await expect.poll(async () => ((await (await page.request.get(`${server.url}api/v2/history`, {
    params: { host: o.host, service: o.service, state: word, type: 'state', since: String(Math.floor(Date.now() / 1000) - 600) },
  })).json()) as { entries: { output: string }[] }).entries.some((e) => e.output.includes('while the wall was away'))).toBe(true);
}

test.describe('the wall after it was away (issue 37)', () => {
  test.use({ serviceWorkers: 'block', viewport: { width: 1920, height: 1080 } });
  let server: RunningServer;
  // The demo fleet holds still: only the states this test sets change.
  test.beforeEach(async () => { server = await startServer({ PHAROS_DEMO_TICK_SECONDS: '3600' }); });
  test.afterEach(async () => { await server.stop(); });

  test('cut off from the server for two minutes, the wall says how many problems started and ended meanwhile', async ({ page }) => {
    await login(page, server);
    await page.clock.install({ time: new Date('2026-11-28T09:00:00') });
    await page.goto(`${server.url}wallboard?durations=300,300,300`);
    await expect(position(page)).toHaveText('1 / 3');
    await expect(shownFrame(page)).toHaveCount(1);
    await pauseClock(page);
    await runForAnswered(page, 5_000);
    await expect(page.getByTestId('wallboard-connection')).toContainText('Live');
    const away = page.getByTestId('wallboard-away');
    await expect(away).toHaveCount(0);

    // The wall's network goes; the server runs on, and problems come and go.
    await page.route(`${server.url}**`, (route) => route.abort());
    await page.clock.runFor(15_000);
    await expect(page.getByTestId('wallboard-stale')).toBeVisible();
    const [first, second] = await okServices(page, server);
    await setState(page, server, first!, 2);
    await setState(page, server, first!, 0);
    await setState(page, server, second!, 2);
    for (let step = 0; step < 10; step += 1) await page.clock.runFor(10_000);
    // Still away: nothing to say yet, and never a count it does not have.
    await expect(away).toHaveCount(0);

    await page.unroute(`${server.url}**`);
    await runForAnswered(page, 65_000);
    await expect(page.getByTestId('wallboard-connection')).toContainText('Live');
    await expect(away).toHaveText(/^While you were away \(09:0\d–09:0\d\): problems started: 2, ended: 1\.$/);
    // Read across the room: whole, on screen, at the strip's size.
    await expect(away).toBeInViewport({ ratio: 1 });
    expect(await away.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(20);
    expect(await away.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  test('after the server was stopped and started again, the wall says what the state history counts for that stretch', async ({ page }) => {
    await login(page, server);
    const [service] = await okServices(page, server);
    // A problem the restart clears: the demo fleet starts again from its own states.
    await setState(page, server, service!, 2);
    await page.clock.install({ time: new Date('2026-11-28T09:00:00') });
    await page.goto(`${server.url}wallboard?durations=300,300,300`);
    await expect(position(page)).toHaveText('1 / 3');
    await pauseClock(page);
    await runForAnswered(page, 5_000);
    await expect(page.getByTestId('wallboard-connection')).toContainText('Live');

    await server.stop();
    for (let step = 0; step < 12; step += 1) await page.clock.runFor(10_000);
    await expect(page.getByTestId('wallboard-stale')).toBeVisible();
    const away = page.getByTestId('wallboard-away');
    await expect(away).toHaveCount(0);
    await server.start();
    // The wall asks the moment the restarted server answers: the server counts once it has compared the fleet with
    // what it recorded before, so the problem the restart cleared is in the count.
    const asked = page.waitForRequest((r) => r.url().includes('api/v2/history/summary'));
    await runForAnswered(page, 65_000);
    await expect(page.getByTestId('wallboard-connection')).toContainText('Live');
    const line = /^While you were away \(09:0\d–09:0\d\): problems started: (\d+), ended: (\d+)\.$/;
    await expect(away).toHaveText(line);
    // The counts are the server's for the stretch the wall was away, asked as a length of time.
    const ago = new URL((await asked).url()).searchParams.get('ago');
    expect(Number(ago)).toBeGreaterThan(120);
    const counted = await (await page.request.get(`${server.url}api/v2/history/summary`, { params: { ago: ago! } })).json() as { started: number; ended: number };
    const [, started, ended] = line.exec((await away.textContent())!)!;
    expect({ started: Number(started), ended: Number(ended) }).toEqual({ started: counted.started, ended: counted.ended });
    expect(counted.ended).toBeGreaterThanOrEqual(1);
  });

  test('the recent changes are a rotation item, offered in the wallboard link and shown large on the wall', async ({ page }) => {
    await login(page, server);
    await page.goto(`${server.url}views/`);
    await page.getByTestId('rotation-bar').getByRole('button', { name: 'Wallboard link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wallboard link' });
    await dialog.getByRole('checkbox', { name: 'Recent changes: the state history, large' }).check();
    await expect(dialog.getByTestId('wallboard-link-preview').getByRole('listitem').last()).toHaveText('Recent changes');
    const address = await dialog.getByLabel('Address for the TV').inputValue();
    expect(new URL(address).searchParams.getAll('page')).toEqual(['reports/history.php']);

    const [first] = await okServices(page, server);
    await setState(page, server, first!, 2);
    await page.clock.install();
    await page.goto(address);
    await expect(position(page)).toHaveText('1 / 4');
    await pauseClock(page);
    for (let item = 2; item <= 4; item += 1) await runForAnswered(page, 10_000);
    await expect(page.getByTestId('wallboard-title')).toHaveText('Recent changes');
    await expect(position(page)).toHaveText('4 / 4');
    const frame = page.frameLocator('.wallboard-stage iframe[data-state="shown"]');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Recent changes');
    await expect(frame.locator('.history-summary')).toHaveText(/^Problems since .+: \d+ started, \d+ ended\.$/);
    const row = frame.getByRole('row').filter({ hasText: 'CRITICAL - while the wall was away' });
    await expect(row).toHaveCount(1);
    // Large on a 1920 px wall: 21 px text (a desk's 14 px at 1.5 times).
    expect(await row.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(20);
  });
});
