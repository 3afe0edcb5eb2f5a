import type { Locator } from '@playwright/test';
import { expect, login, test } from './fixtures';
import { startServer, type RunningServer } from './server';
import { writeAs } from './writes';

/**
 * Issue 37, as an operator and a manager use it: what happened to one service, from its detail page; a group's report
 * scheduled and its delivery on Scheduled Reports History.
 */
test.describe('state history and scheduled reports (issue 37)', () => {
  let server: RunningServer;
  // The demo fleet holds still: only the states this test sets change.
  test.beforeAll(async () => { server = await startServer({ PHAROS_DEMO_TICK_SECONDS: '3600' }); });
  test.afterAll(async () => { await server.stop(); });
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a service detail page shows its History part: the last changes, availability over 24 h, 7 and 30 days, and the full history a click away', async ({ page }) => {
    await login(page, server);
    const list = await (await page.request.get(`${server.url}api/v2/status/service?current_state=0&records=1`)).json() as {
      servicestatus: { host_name: string; service_description: string }[];
    };
    const { host_name: host, service_description: service } = list.servicestatus[0]!;
    const recorded = async (state: string) => ((await (await page.request.get(`${server.url}api/v2/history`, {
      params: { host, service, state, since: String(Math.floor(Date.now() / 1000) - 3600) },
    })).json()) as { entries: unknown[] }).entries.length;
    // A change between two snapshots is recorded; the next state waits for it.
    await writeAs(page, server, 'api/v2/admin/checkresult', { host, service, state: '2', output: 'CRITICAL - e2e outage' });
    await expect.poll(() => recorded('CRITICAL')).toBe(1);
    await writeAs(page, server, 'api/v2/admin/checkresult', { host, service, state: '0', output: 'OK - e2e back' });
    await expect.poll(() => recorded('OK')).toBeGreaterThan(0);

    const detail = `includes/components/xicore/status.php?show=servicedetail&host=${encodeURIComponent(host)}&service=${encodeURIComponent(service)}`;
    await page.goto(`${server.url}?xiwindow=${encodeURIComponent(detail)}`);
    const frame = page.frameLocator('iframe[name=maincontentframe]');
    const part = frame.getByRole('region', { name: 'History' });
    await part.getByRole('heading', { name: 'History' }).scrollIntoViewIfNeeded();
    await expect(part.getByRole('heading', { name: 'History' })).toBeInViewport();

    // A bar per window, each with its shares in words beside it (colour is not the only signal).
    const availability = part.getByRole('table', { name: 'Availability of this service' });
    await expect(availability.getByRole('rowheader')).toHaveText(['Last 24 hours', 'Last 7 days', 'Last 30 days']);
    for (const row of await availability.locator('tbody tr').all()) {
      await expect(row.getByRole('img')).toHaveAttribute('aria-label', /OK [\d.]+ %/);
      await expect(row.locator('.availability-share')).toContainText(/OK: [\d.]+ % \(/);
      expect((await row.getByRole('img').boundingBox())!.width).toBeGreaterThan(300);
    }
    // The last changes, newest first, with the state in words.
    const changes = part.getByRole('table', { name: 'Last changes, newest first' });
    await expect(changes.locator('tbody tr').first()).toContainText('OK - e2e back');
    await expect(changes.locator('tbody tr').nth(1)).toContainText('CRITICAL - e2e outage');
    await expect(changes.locator('tbody tr').nth(1).locator('.badge')).toHaveText('CRITICAL');
    // Nothing of the part runs off the side of a 1440 px window.
    expect(await frame.locator('body').evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);

    await part.getByRole('link', { name: 'Full history' }).click();
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('State History');
    const row = frame.getByRole('row').filter({ hasText: 'CRITICAL - e2e outage' });
    await expect(row).toHaveCount(1);
    // Each row links back to its object.
    await row.getByRole('link', { name: service, exact: true }).click();
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(`Service: ${service} on ${host}`);
  });

  test('a manager schedules a group\'s SLA report monthly, sends it now, and finds the delivery on Scheduled Reports History', async ({ page }) => {
    await login(page, server);
    await page.goto(`${server.url}?xiwindow=${encodeURIComponent('includes/components/scheduledreporting/schedulereport.php')}`);
    const frame = page.frameLocator('iframe[name=maincontentframe]');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Scheduled Reports');
    await expect(frame.getByText('does not implement')).toHaveCount(0);
    const form = frame.getByRole('form', { name: 'Schedule a report' });
    await form.getByLabel('Report', { exact: true }).selectOption({ label: 'SLA Report' });
    await form.getByLabel('Group', { exact: true }).selectOption({ label: 'Linux Servers' });
    await form.getByLabel('SLA target (%, SLA Report only)').fill('99.5');
    await form.getByLabel('Frequency').selectOption({ label: 'Monthly' });
    await form.getByLabel('Recipients (email addresses, separated by commas)').fill('managers@example.com');
    await form.getByRole('button', { name: 'Schedule report' }).click();

    await expect(frame.getByRole('status')).toHaveText('The report was scheduled.');
    const mine = frame.getByRole('table', { name: 'My scheduled reports' });
    const scheduled = mine.locator('tbody tr').filter({ hasText: 'SLA Report (target 99.5 %)' });
    await expect(scheduled).toContainText('Host group linux-servers');
    await expect(scheduled).toContainText('The month before');
    await expect(scheduled).toContainText('Monthly on day 1 at 08:00');

    await scheduled.getByRole('button', { name: 'Send the SLA Report (target 99.5 %) of Host group linux-servers now' }).click();
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Scheduled Reports History');
    await expect(frame.getByRole('status')).toHaveText('The report was recorded in the outbox.');
    const delivery = frame.getByRole('table', { name: 'Deliveries of scheduled reports' }).locator('tbody tr').first();
    await expect(delivery).toContainText('SLA Report (target 99.5 %)');
    await expect(delivery).toContainText('managers@example.com');
    await expect(delivery).toContainText('Recorded in the outbox (not sent: this server has no mail transport)');
    // The delivery links to the report it sends, and that report answers.
    await delivery.getByRole('link', { name: 'SLA Report (target 99.5 %)' }).click();
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('SLA Report');
    await expect(frame.getByRole('table', { name: 'Availability against the target per object' })).toBeVisible();
  });

  test('on a phone the availability report fits: each object a card with its bar across and its shares below, its text fields in the theme\'s colours', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, server);
    await page.goto(`${server.url}reports/availability.php?window=24h&hostgroup=linux-servers`);
    const table = page.getByRole('table', { name: 'Time in each state per object' });
    const first = table.locator('tbody tr').first();
    await expect(first.getByRole('img')).toHaveAttribute('aria-label', /[\d.]+ %/);
    const [bar, shares] = [(await first.getByRole('img').boundingBox())!, (await first.locator('.availability-share').first().boundingBox())!];
    expect(bar.width).toBeGreaterThan(300);
    expect(shares.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    // Nothing runs off the side: no part of the report is only reachable by scrolling sideways.
    expect(await page.locator('body').evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
    expect(await table.evaluate((t) => t.closest('.table-wrap')!.scrollWidth <= t.closest('.table-wrap')!.clientWidth)).toBe(true);
    // The free-text filters look like the other fields of the form (they were white on the dark theme).
    const background = (field: Locator) => field.evaluate((e) => getComputedStyle(e).backgroundColor);
    const select = await background(page.locator('select[name=hostgroup]'));
    expect(await background(page.getByLabel('Host', { exact: true }))).toBe(select);
    expect(await background(page.getByLabel('Service', { exact: true }))).toBe(select);
  });
});
