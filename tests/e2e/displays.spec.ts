import type { Page } from '@playwright/test';
import { expect, login, runForAnswered, test } from './fixtures';

const position = (page: Page) => page.getByTestId('wallboard-position');
const shownFrame = (page: Page) => page.locator('.wallboard-stage iframe[data-state="shown"]');
const pairingCode = (page: Page) => page.getByTestId('pairing-code');

test.describe('paired displays', () => {
  test('a TV shows a code, an administrator claims it, the TV rotates by itself, Identify, Reload and new parameters reach it, and after a revoke it shows a code again', async ({ browser, server }) => {
    const tvContext = await browser.newContext();
    const tv = await tvContext.newPage();
    await tv.clock.install();
    await tv.goto(`${server.url}wallboard`);
    await expect(tv.getByText('Enter this code under Admin → Displays')).toBeVisible();
    await expect(tv.getByLabel('Password')).toHaveCount(0);
    await expect(pairingCode(tv)).toHaveAttribute('data-code', /^[A-Z0-9]{8}$/);
    const code = (await pairingCode(tv).getAttribute('data-code'))!;

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await login(admin, server);
    // Admin → Displays, the native screen in the shell.
    await admin.goto(`${server.url}admin/?xiwindow=${encodeURIComponent(`${server.base}admin/displays.php`)}`);
    await expect(admin.getByRole('heading', { level: 1, name: 'Displays' })).toBeVisible();
    await admin.getByRole('button', { name: 'Pair a display' }).click();
    const pair = admin.getByRole('dialog', { name: 'Pair a display' });
    await pair.getByLabel('Code on the screen').fill('WRONGCOD');
    await pair.getByLabel('Name', { exact: true }).fill('NOC wall');
    await pair.getByRole('button', { name: 'Pair display' }).click();
    // A refused code keeps the dialog and what was typed.
    await expect(pair.getByRole('alert')).toContainText('No screen shows that code.');
    await expect(pair.getByLabel('Name', { exact: true })).toHaveValue('NOC wall');
    // Typed as people read it off a screen: lower case, with the space the screen shows.
    await pair.getByLabel('Code on the screen').fill(`${code.slice(0, 4)} ${code.slice(4)}`.toLowerCase());
    await pair.getByLabel('Shows My Views of').selectOption({ label: 'nagiosadmin' });
    await pair.getByLabel('Wallboard parameters (optional)').fill('speed=10');
    await pair.getByRole('button', { name: 'Pair display' }).click();
    await expect(pair).toBeHidden();
    await expect(admin.getByTestId('toast')).toContainText('The display is paired.');

    // The TV's next poll picks the claim up: nobody touches it.
    await tv.clock.runFor(3000);
    await expect(tv).toHaveURL(/\/wallboard\?speed=10$/);
    await expect(position(tv)).toHaveText('1 / 3');
    await expect(shownFrame(tv)).toHaveCount(1);
    await tv.clock.pauseAt(await tv.evaluate(() => Date.now() + 2000));
    await tv.clock.runFor(10_000);
    await expect(position(tv)).toHaveText('2 / 3');

    // The display reports what it shows with its heartbeat; the open list refreshes by itself.
    await runForAnswered(tv, 30_000);
    const row = admin.getByTestId('displays-table').getByRole('row', { name: /NOC wall/ });
    await expect(row).toContainText(/Showing \S+/, { timeout: 20_000 });
    await expect(row).toContainText('Connection: online');
    await expect(row).toContainText(/Version \d+\.\d+\.\d+/);

    // Identify: the name, full screen, for 10 s, at the next report.
    await row.getByRole('button', { name: 'Identify NOC wall' }).click();
    await expect(admin.getByTestId('toast')).toContainText('NOC wall shows its name for 10 seconds');
    // It comes with the next report (every 30 s), then shows for 10 s: step until it is there.
    const identify = tv.getByTestId('wallboard-identify');
    for (let second = 0; second < 31 && (await identify.count()) === 0; second += 1) await tv.clock.runFor(1000);
    await expect(identify).toHaveText('NOC wall');
    await tv.clock.runFor(10_000);
    await expect(tv.getByTestId('wallboard-identify')).toHaveCount(0);

    // Reload: the page loads again by itself.
    await row.getByRole('button', { name: 'Reload NOC wall' }).click();
    await tv.evaluate(() => { (window as unknown as { beforeReload?: boolean }).beforeReload = true; });
    const reloaded = tv.waitForEvent('load');
    await tv.clock.runFor(30_000);
    await reloaded;
    expect(await tv.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
    // The paused test clock would hold the new page's start: from here on it runs, and the test still moves it on.
    await tv.clock.resume();
    await expect(position(tv)).toHaveText('1 / 3');

    // New parameters reach it at a rotation boundary, with no visit to the TV.
    await row.getByRole('button', { name: 'Change NOC wall' }).click();
    const change = admin.getByRole('dialog', { name: 'Change NOC wall' });
    await change.getByLabel('Wallboard parameters (optional)').fill('speed=10&strip=top');
    await change.getByRole('button', { name: 'Save' }).click();
    await expect(change).toBeHidden();
    await expect(admin.getByTestId('toast')).toContainText('The display was changed.');
    // They come with the next report (every 30 s) and apply at the next boundary: step until they are there (on a busy
    // machine the report may still be on its way when one long jump of the clock has passed). A paired display has
    // alerts on and the demo fleet keeps changing, so a new problem's card may hold the rotation for up to two card
    // times (30 s each, docs/wallboard.md) before that boundary comes.
    for (let second = 0; second < 150 && !/strip=top$/.test(tv.url()); second += 1) await tv.clock.runFor(1000);
    await expect(tv).toHaveURL(/\/wallboard\?speed=10&strip=top$/);
    await expect(tv.getByTestId('wallboard')).toHaveAttribute('data-strip', 'top');
    await expect(position(tv)).toHaveText('1 / 3');

    await row.getByRole('button', { name: 'Revoke NOC wall' }).click();
    await admin.getByRole('alertdialog', { name: 'Revoke NOC wall?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(admin.getByTestId('toast')).toContainText('The display was revoked.');
    await expect(admin.getByTestId('displays-table')).toContainText('No display is paired yet.');

    // Within one keep-alive the TV finds its token gone and shows a new code.
    await runForAnswered(tv, 61_000);
    await expect(tv.getByText('Enter this code under Admin → Displays')).toBeVisible();
    await expect(pairingCode(tv)).toHaveAttribute('data-code', /^[A-Z0-9]{8}$/);
    expect(await pairingCode(tv).getAttribute('data-code')).not.toBe(code);
    await tvContext.close();
    await adminContext.close();
  });
});

test('a display that stops reporting says since when, instead of still reading "online"', async ({ browser, page, server }) => {
  // The TV's side by request only: it asks for a code, is claimed, picks its token up and reports once.
  const tvContext = await browser.newContext();
  const code = ((await (await tvContext.request.post(`${server.url}api/v2/displays/pair`)).json()) as { code: string }).code;
  await page.clock.install();
  await login(page, server);
  await page.goto(`${server.url}admin/?xiwindow=${encodeURIComponent(`${server.base}admin/displays.php`)}`);
  await page.getByRole('button', { name: 'Pair a display' }).click();
  const pair = page.getByRole('dialog', { name: 'Pair a display' });
  await pair.getByLabel('Code on the screen').fill(code);
  await pair.getByLabel('Name', { exact: true }).fill('Lobby TV');
  await pair.getByRole('button', { name: 'Pair display' }).click();
  await expect(pair).toBeHidden();
  expect(await (await tvContext.request.get(`${server.url}api/v2/displays/pair`)).json()).toMatchObject({ state: 'paired' });
  expect((await tvContext.request.get(`${server.url}api/v2/displays/me?item=Tactical%20Overview&connection=online`)).ok()).toBe(true);

  const row = page.getByTestId('displays-table').getByRole('row', { name: /Lobby TV/ });
  await page.clock.runFor(10_000);
  await expect(row).toContainText('Showing Tactical Overview · Connection: online');
  await expect(row).not.toContainText('Not reporting');
  // Three reports missed: the row stops vouching for the screen, and keeps what it said last as history.
  await runForAnswered(page, 100_000);
  await expect(row).toContainText(/Not reporting since \d{1,2}:\d{2}/);
  await expect(row).toContainText('last report: Showing Tactical Overview · Connection: online');
  await tvContext.close();
});
