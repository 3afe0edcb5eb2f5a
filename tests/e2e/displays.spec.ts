import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';

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
    await admin.goto(`${server.url}admin/displays.php`);
    // Typed as people read it off a screen: lower case, with the space the screen shows.
    await admin.getByLabel('Code on the screen').fill(`${code.slice(0, 4)} ${code.slice(4)}`.toLowerCase());
    await admin.getByLabel('Name', { exact: true }).fill('NOC wall');
    await admin.getByLabel('Shows My Views of').selectOption({ label: 'nagiosadmin' });
    await admin.getByLabel('Wallboard parameters (optional)').fill('speed=10');
    await admin.getByRole('button', { name: 'Pair display' }).click();
    await expect(admin.getByRole('status')).toHaveText('The display is paired. It starts its wallboard within a few seconds.');

    // The TV's next poll picks the claim up: nobody touches it.
    await tv.clock.runFor(3000);
    await expect(tv).toHaveURL(/\/wallboard\?speed=10$/);
    await expect(position(tv)).toHaveText('1 / 3');
    await expect(shownFrame(tv)).toHaveCount(1);
    await tv.clock.pauseAt(await tv.evaluate(() => Date.now() + 2000));
    await tv.clock.runFor(10_000);
    await expect(position(tv)).toHaveText('2 / 3');

    // The display reports what it shows with its heartbeat.
    await tv.clock.runFor(30_000);
    await admin.reload();
    const row = admin.getByRole('row', { name: /NOC wall/ });
    await expect(row).toContainText(/Showing \S+/);
    await expect(row).toContainText('Connection: online');

    // Identify: the name, full screen, for 10 s, at the next report.
    await row.getByRole('button', { name: 'Identify NOC wall' }).click();
    await expect(admin.getByRole('status')).toContainText('shows its name for 10 seconds');
    // It comes with the next report (every 30 s), then shows for 10 s: step until it is there.
    const identify = tv.getByTestId('wallboard-identify');
    for (let second = 0; second < 31 && (await identify.count()) === 0; second += 1) await tv.clock.runFor(1000);
    await expect(identify).toHaveText('NOC wall');
    await tv.clock.runFor(10_000);
    await expect(tv.getByTestId('wallboard-identify')).toHaveCount(0);

    // Reload: the page loads again by itself.
    await admin.getByRole('row', { name: /NOC wall/ }).getByRole('button', { name: 'Reload NOC wall' }).click();
    await tv.evaluate(() => { (window as unknown as { beforeReload?: boolean }).beforeReload = true; });
    const reloaded = tv.waitForEvent('load');
    await tv.clock.runFor(30_000);
    await reloaded;
    expect(await tv.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
    // The paused test clock would hold the new page's start: from here on it runs, and the test still moves it on.
    await tv.clock.resume();
    await expect(position(tv)).toHaveText('1 / 3');

    // New parameters reach it at a rotation boundary, with no visit to the TV.
    const saved = admin.getByRole('row', { name: /NOC wall/ });
    await saved.getByLabel('Wallboard parameters of display NOC wall').fill('speed=10&strip=top');
    await saved.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByRole('status')).toContainText('The display was changed.');
    await tv.clock.runFor(30_000);
    await tv.clock.runFor(10_000);
    await expect(tv).toHaveURL(/\/wallboard\?speed=10&strip=top$/);
    await expect(tv.getByTestId('wallboard')).toHaveAttribute('data-strip', 'top');
    await expect(position(tv)).toHaveText('1 / 3');

    const current = admin.getByRole('row', { name: /NOC wall/ });
    await current.getByRole('button', { name: 'Revoke NOC wall' }).click();
    await expect(admin.getByRole('status')).toHaveText('The display was revoked. It returns to its pairing code by itself.');

    // Within one keep-alive the TV finds its token gone and shows a new code.
    await tv.clock.runFor(61_000);
    await expect(tv.getByText('Enter this code under Admin → Displays')).toBeVisible();
    await expect(pairingCode(tv)).toHaveAttribute('data-code', /^[A-Z0-9]{8}$/);
    expect(await pairingCode(tv).getAttribute('data-code')).not.toBe(code);
    await tvContext.close();
    await adminContext.close();
  });
});
