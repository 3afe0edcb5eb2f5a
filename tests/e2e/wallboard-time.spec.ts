import { expect, login, test } from './fixtures';
import { startServer, type RunningServer } from './server';

/** Minutes since midnight of "HH:MM" anywhere in `text`. */
const minuteOf = (text: string): number => {
  const [, h, m] = /(\d{2}):(\d{2})/.exec(text)!;
  return Number(h) * 60 + Number(m);
};
/** Apart by at most a minute, across midnight too: the page's data may be from the minute before. */
const sameTime = (a: number, b: number): boolean => Math.min((a - b + 1440) % 1440, (b - a + 1440) % 1440) <= 1;

test.describe('one time zone on the wall (issue 35)', () => {
  let server: RunningServer;
  // A server in Tokyo, a TV in Los Angeles: 17 hours apart, so a clock in the wrong zone cannot pass.
  test.beforeAll(async () => { server = await startServer({ TZ: 'Asia/Tokyo' }); });
  test.afterAll(async () => { await server.stop(); });
  test.use({ timezoneId: 'America/Los_Angeles', viewport: { width: 1920, height: 1080 } });

  test('the strip\'s clock and "Live" time read in the zone of the page\'s "Data from …"', async ({ page }) => {
    await login(page, server);
    await page.goto(`${server.url}wallboard?page=includes/components/xicore/status.php%3Fshow%3Dserviceproblems`);
    const frame = page.frameLocator('.wallboard-stage > iframe:not([data-state="loading"])').first();
    const pageTime = frame.locator('.data-age time').first();
    await expect(pageTime).toHaveText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    const dataMinute = minuteOf((await pageTime.textContent())!.slice(11));
    await expect(page.getByTestId('wallboard-connection')).toContainText(/Live/);
    const clock = minuteOf((await page.getByTestId('wallboard-clock').textContent())!);
    const live = minuteOf((await page.getByTestId('wallboard-connection').textContent())!);
    expect(sameTime(clock, dataMinute), `clock ${clock} against the page's ${dataMinute}`).toBe(true);
    expect(sameTime(live, dataMinute), `"Live" ${live} against the page's ${dataMinute}`).toBe(true);
  });
});
