import { alertCard, forceCritical, forceManyCritical, openAlertWall, position, watchForCards } from './alertWall';
import { expect, login, pauseClock, runForAnswered, test } from './fixtures';
import { startServer, type RunningServer } from './server';

/**
 * Headless Chromium lets every page play sound; many TV browsers do not. With this, the page's AudioContext does what
 * theirs do: it starts suspended, and resume() works only inside a user's gesture. It also records every tone started,
 * by its pitch (high for a problem, lower for a recovery). Plain JS: the test runner's transform would name functions.
 */
const BLOCKED_AUDIO = `(() => {
  const Native = window.AudioContext;
  const tones = [];
  const create = Native.prototype.createOscillator;
  Native.prototype.createOscillator = function () {
    const osc = create.call(this);
    const start = osc.start.bind(osc);
    osc.start = (when) => { tones.push(osc.frequency.value); start(when); };
    return osc;
  };
  const blocked = new WeakSet();
  const Blocked = class extends Native {
    constructor(...args) { super(...args); blocked.add(this); }
    get state() { return blocked.has(this) ? 'suspended' : super.state; }
    resume() {
      if (!navigator.userActivation.isActive) return new Promise(() => undefined);
      blocked.delete(this);
      return super.resume();
    }
  };
  Object.assign(window, { AudioContext: Blocked, tones });
})();`;

test.describe('wallboard alert interrupt', () => {
  let server: RunningServer;
  // The fleet holds still, so the only new problem is the one the test forces.
  test.beforeAll(async () => { server = await startServer({ PHAROS_DEMO_TICK_SECONDS: '3600' }); });
  test.afterAll(async () => { await server.stop(); });

  test('a new critical problem interrupts the rotation with its card within one poll, once, and the rotation resumes', async ({ page }) => {
    await openAlertWall(page, server);
    await expect(alertCard(page)).toHaveCount(0);

    const { host, service } = await forceCritical(page, server);
    await runForAnswered(page, 30_000);
    await expect(alertCard(page)).toBeVisible();
    await expect(page.getByTestId('wallboard-alert-host')).toHaveText(host);
    await expect(page.getByTestId('wallboard-alert-service')).toHaveText(service);
    await expect(page.getByTestId('wallboard-alert-state')).toHaveText('Critical');
    // The plugin output is text, never markup.
    await expect(page.getByTestId('wallboard-alert-output')).toHaveText('CRITICAL - disk <b>full</b>');
    await expect(alertCard(page)).toContainText('New problem');
    await expect(alertCard(page)).toContainText(/Detected \d{1,2}:\d{2}/);

    // The rotation waits under the card…
    const during = await position(page).textContent();
    await runForAnswered(page, 15_000);
    await expect(position(page)).toHaveText(during!);
    await expect(page.getByTestId('wallboard-countdown')).toHaveText('Paused');
    // …and goes on where it was once the card's time is up.
    await page.clock.runFor(6_000);
    await expect(alertCard(page)).toHaveCount(0);
    await expect(position(page)).toHaveText(during!);
    await page.clock.runFor(10_000);
    await expect(position(page)).not.toHaveText(during!);

    // The same problem never interrupts again.
    for (let i = 0; i < 3; i += 1) {
      await runForAnswered(page, 30_000);
      await expect(alertCard(page)).toHaveCount(0);
    }
  });

  test('20 new problems at once are one card, "20 new problems", worst first with their hosts, and the rotation resumes after one card time', async ({ page }) => {
    await openAlertWall(page, server);
    const cardsSeen = await watchForCards(page);
    await expect(alertCard(page)).toHaveCount(0);

    const forced = await forceManyCritical(page, server, 20);
    await runForAnswered(page, 30_000);
    await expect(alertCard(page)).toBeVisible();
    await expect(alertCard(page)).toHaveAttribute('data-count', '20');
    await expect(alertCard(page)).toContainText('20 new problems');
    const rows = page.getByTestId('wallboard-alert-list').getByRole('listitem');
    await expect(rows).toHaveCount(8);
    await expect(rows.first()).toContainText(/ · .+ — Critical/);
    const named = forced.map((f) => f.host);
    expect(named).toContain((await rows.first().textContent())!.split(' · ')[0]!.trim());
    await expect(alertCard(page)).toContainText(/\+12 more on \S+/);
    // One card, not twenty: the single card's fields are not there.
    await expect(page.getByTestId('wallboard-alert-host')).toHaveCount(0);

    const during = await position(page).textContent();
    await runForAnswered(page, 15_000);
    await expect(position(page)).toHaveText(during!);
    await expect(page.getByTestId('wallboard-countdown')).toHaveText('Paused');
    // One card time (20 s) after it came, the card is gone; one rotation step later the next item shows.
    await page.clock.runFor(6_000);
    await expect(alertCard(page)).toHaveCount(0);
    await page.clock.runFor(10_000);
    await expect(position(page)).not.toHaveText(during!);

    // Never a second card for the same storm.
    for (let i = 0; i < 3; i += 1) {
      await runForAnswered(page, 30_000);
      await expect(alertCard(page)).toHaveCount(0);
    }
    expect(await cardsSeen()).toBe(1);
  });

  test('sound=on: where autoplay is blocked it offers "Tap to enable sound" once; then a new problem plays one tone, and nothing else does', async ({ page }) => {
    await page.addInitScript({ content: BLOCKED_AUDIO });
    const tones = () => page.evaluate(() => (window as unknown as { tones: number[] }).tones);
    await page.clock.install();
    await login(page, server);
    const baseline = page.waitForResponse((r) => r.url().includes('api/v2/status/changes'));
    await page.goto(`${server.url}wallboard?alerts=on&sound=on&speed=10`);
    await baseline;
    const offer = page.getByRole('button', { name: 'Tap to enable sound' });
    await expect(offer).toBeVisible();
    // The rotation does not wait for the tap: nobody may be there.
    await page.clock.runFor(11_000);
    await expect(position(page)).toHaveText('2 / 3');
    await offer.click();
    await expect(offer).toHaveCount(0);
    await runForAnswered(page, 30_000);
    expect(await tones(), 'standing problems make no sound').toEqual([]);

    await pauseClock(page, 2000);
    await forceCritical(page, server);
    await runForAnswered(page, 30_000);
    await expect(alertCard(page)).toBeVisible();
    expect(await tones()).toEqual([880]);
    for (let i = 0; i < 3; i += 1) await runForAnswered(page, 30_000);
    expect(await tones(), 'the same problem is never announced again').toEqual([880]);
    await expect(offer).toHaveCount(0);
  });

  test('at night a blanked screen keeps the clock and the problem totals, and a new problem wakes it for its card', async ({ page }) => {
    await page.clock.install();
    await login(page, server);
    const hour = await page.evaluate(() => new Date().getHours());
    const night = `${String(hour).padStart(2, '0')}:00-${String((hour + 2) % 24).padStart(2, '0')}:00`;
    const baseline = page.waitForResponse((r) => r.url().includes('api/v2/status/changes'));
    await page.goto(`${server.url}wallboard?alerts=on&alertseconds=20&night=${night}&nightmode=blank`);
    await baseline;
    const dark = page.getByTestId('wallboard-night');
    await expect(dark).toBeVisible();
    await expect(dark).toHaveAttribute('data-mode', 'blank');
    // Standing problems do not keep the screen lit, but a dark screen still says they are there.
    await expect(dark.getByTestId('wallboard-host-problems')).toContainText(/Host problems: [1-9]/);
    await expect(dark.getByTestId('wallboard-service-problems')).toContainText(/Service problems: [1-9]/);
    await expect(dark.locator('time')).toHaveText(/\d{1,2}:\d{2}/);

    await pauseClock(page, 2000);
    await forceCritical(page, server);
    await runForAnswered(page, 30_000);
    await expect(alertCard(page)).toBeVisible();
    await expect(dark).toHaveCount(0);
    // The card's time is up: the screen goes dark again.
    await runForAnswered(page, 21_000);
    await expect(alertCard(page)).toHaveCount(0);
    await expect(dark).toBeVisible();
  });
});

test.describe('wallboard alerts across a server restart', () => {
  let server: RunningServer;
  test.beforeAll(async () => { server = await startServer({ PHAROS_DEMO_TICK_SECONDS: '3600' }); });
  test.afterAll(async () => { await server.stop(); });

  test('a restart of the server never replays its standing problems as new cards', async ({ page }) => {
    const wholeLists: number[] = [];
    page.on('response', (r) => {
      if (!r.url().includes('api/v2/status/changes') || !r.ok()) return;
      void r.json().then((body: { problems?: unknown[] }) => { if (body.problems) wholeLists.push(body.problems.length); }, () => undefined);
    });
    await openAlertWall(page, server);
    const cardsSeen = await watchForCards(page);
    await runForAnswered(page, 60_000);

    // The demo fleet starts again with the same problems, each "since" a new moment before its new start.
    await server.stop();
    await page.clock.runFor(61_000);
    await expect(page.getByTestId('wallboard-stale')).toBeVisible();
    await server.start();
    await runForAnswered(page, 130_000);
    await expect(page.getByTestId('wallboard-stale')).toBeHidden();
    await expect(page.getByTestId('wallboard-connection')).toContainText('Live');
    for (let i = 0; i < 4; i += 1) await runForAnswered(page, 30_000);

    // The screen did get the whole list again, standing problems and all, and announced none of them.
    await expect.poll(() => wholeLists.length).toBeGreaterThanOrEqual(2);
    expect(wholeLists.at(-1)).toBeGreaterThan(0);
    await expect(alertCard(page)).toHaveCount(0);
    expect(await cardsSeen()).toBe(0);
  });

  test('a card whose time runs out while the server is away leaves the item on screen until the server is back', async ({ page }) => {
    await openAlertWall(page, server);
    await forceCritical(page, server);
    await runForAnswered(page, 30_000);
    await expect(alertCard(page)).toBeVisible();
    const during = await position(page).textContent();

    // The server goes away under the card, and the card's time runs out before it is back.
    await server.stop();
    await page.clock.runFor(15_000);
    await expect(page.getByTestId('wallboard-stale')).toBeVisible();
    await page.clock.runFor(60_000);
    await expect(alertCard(page)).toHaveCount(0);
    await expect(position(page)).toHaveText(during!);
    await expect(page.getByTestId('wallboard-countdown')).toHaveText('Paused');

    await server.start();
    await runForAnswered(page, 130_000);
    await expect(page.getByTestId('wallboard-connection')).toContainText('Live');
    await expect(page.getByTestId('wallboard-countdown')).toHaveText(/next in \d+ s/);
  });
});
