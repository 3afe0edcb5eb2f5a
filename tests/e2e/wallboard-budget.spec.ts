import type { Page } from '@playwright/test';
import { alertCard, forceCritical, openAlertWall, position, setServiceState } from './alertWall';
import { expect, runForAnswered, test } from './fixtures';
import { startServer, type RunningServer } from './server';

/**
 * Issue 35: on an ordinary fleet, where each poll brings a new problem, the cards keep within their budget (a card,
 * then twice its time of rotation) and the rotation keeps its turns; a recovery is a short card with no old output.
 */

interface WallLog { cards: { at: number; on: boolean; text: string }[]; moves: number; waitingSeen: number }

/** Records in the page, on its (fake) clock, when cards come and go, each rotation step, and the strip's waiting note. */
async function logWall(page: Page): Promise<() => Promise<WallLog>> {
  await page.evaluate(() => {
    const log: WallLog = { cards: [], moves: 0, waitingSeen: 0 };
    (window as unknown as { wallLog: WallLog }).wallLog = log;
    let card = false;
    let place = document.querySelector('[data-testid="wallboard-position"]')?.textContent;
    let waiting = false;
    new MutationObserver(() => {
      const shown = document.querySelector('[data-testid="wallboard-alert"]');
      if (Boolean(shown) !== card) {
        card = Boolean(shown);
        log.cards.push({ at: Date.now(), on: card, text: shown?.textContent ?? '' });
      }
      const now = document.querySelector('[data-testid="wallboard-position"]')?.textContent;
      if (now !== place && !card) log.moves += 1;
      place = now;
      const note = document.querySelector('[data-testid="wallboard-alerts-waiting"]') !== null;
      if (note && !waiting) log.waitingSeen += 1;
      waiting = note;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { wallLog: WallLog }).wallLog);
}

test.describe('the wall\'s alert budget', () => {
  let server: RunningServer;
  // The fleet holds still: the only new problems are the ones the tests force.
  test.beforeAll(async () => { server = await startServer({ PHAROS_DEMO_TICK_SECONDS: '3600' }); });
  test.afterAll(async () => { await server.stop(); });

  test('one new problem every 25 s for 4 minutes: cards hold at most 40% of the time, never over 65 s in a row, and the rotation moves on', async ({ page }) => {
    await openAlertWall(page, server, 'alerts=on&speed=10');
    const read = await logWall(page);
    const start = await page.evaluate(() => Date.now());
    for (let elapsed = 0; elapsed < 240_000; elapsed += 25_000) {
      await forceCritical(page, server);
      await runForAnswered(page, 25_000);
    }
    const end = await page.evaluate(() => Date.now());
    const log = await read();
    let onScreen = 0;
    let longest = 0;
    let from: number | undefined;
    for (const { at, on } of [...log.cards, { at: end, on: false }]) {
      if (on && from === undefined) from = at;
      if (!on && from !== undefined) {
        onScreen += at - from;
        longest = Math.max(longest, at - from);
        from = undefined;
      }
    }
    expect(log.cards.filter((c) => c.on).length, 'cards came').toBeGreaterThanOrEqual(2);
    expect(onScreen / (end - start)).toBeLessThanOrEqual(0.4);
    expect(longest).toBeLessThanOrEqual(65_000);
    expect(log.moves).toBeGreaterThanOrEqual(6);
    // Nothing is lost: what came while the rotation had its turn waited, said so on the strip, and shows on one card.
    expect(log.waitingSeen).toBeGreaterThanOrEqual(1);
    expect(log.cards.some((c) => /\d+ new problems since \d{2}:\d{2}/.test(c.text))).toBe(true);
  });

  test('a recovery while its card shows is a short "Recovered after …" card without the old output', async ({ page }) => {
    await openAlertWall(page, server, 'alerts=on&alertseconds=60&speed=10');
    const { host, service } = await forceCritical(page, server);
    await runForAnswered(page, 30_000);
    await expect(alertCard(page)).toContainText('New problem');
    await expect(page.getByTestId('wallboard-alert-output')).toHaveText('CRITICAL - disk <b>full</b>');

    await setServiceState(page, server, host, service, 0, 'OK - disk fine');
    await runForAnswered(page, 30_000);
    await expect(alertCard(page)).toHaveAttribute('data-recovered', 'true');
    await expect(page.getByTestId('wallboard-alert-host')).toHaveText(host);
    await expect(page.getByTestId('wallboard-alert-state')).toHaveText(/Recovered after \d+(s|m \d+s)/);
    await expect(page.getByTestId('wallboard-alert-output')).toHaveCount(0);
    await expect(alertCard(page)).not.toContainText('CRITICAL');
    // Short: gone within 8 s of the recovery, not the rest of its minute.
    await page.clock.runFor(8_000);
    await expect(alertCard(page)).toHaveCount(0);
    await expect(page.getByTestId('wallboard-countdown')).toHaveText(/next in \d+ s/);
    await expect(position(page)).toBeVisible();
  });
});
