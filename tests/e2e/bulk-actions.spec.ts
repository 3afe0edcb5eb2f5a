/**
 * Bulk actions on the status lists (issue 38) on the demo fleet, driven as a person would: clicks at 1440x900, keys,
 * and taps on the card list of a 390x844 phone. The fleet's states hold still (one tick an hour).
 */
import type { Page } from '@playwright/test';
import { bulkAcknowledgeFromServiceProblems, expectAcknowledgementComments, FRAME } from './bulkActions';
import { expect, login, test } from './fixtures';
import { startServer, type RunningServer } from './server';

let server: RunningServer | undefined;

test.beforeAll(async () => {
  server = await startServer({ PHAROS_DEMO_TICK_SECONDS: '3600' });
});
test.afterAll(async () => {
  await server?.stop();
});

interface ServiceRow { host_name: string; service_description: string; problem_acknowledged: number; notifications_enabled: number }

/** The demo engine's own state of the named services ("Disk Usage on web01"). */
async function services(page: Page, names: string[]): Promise<ServiceRow[]> {
  const all = (await (await page.request.get(`${server!.url}api/v2/status/service?records=10000`)).json() as { servicestatus: ServiceRow[] }).servicestatus;
  return names.map((n) => all.find((s) => `${s.service_description} on ${s.host_name}` === n)!);
}

test.describe('bulk actions on the demo fleet', () => {
  test('a bulk acknowledge of three problems from Service Problems with one comment reaches the engine', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, server!);
    const picked = await bulkAcknowledgeFromServiceProblems(page, 3, 'Switch sw02 failed, replacing it');
    // The engine's own state: each of the three acknowledged, with the one comment as its acknowledgement comment.
    await expect.poll(async () => (await services(page, picked)).map((s) => s.problem_acknowledged)).toEqual([1, 1, 1]);
    await expectAcknowledgementComments(page, picked, 'Switch sw02 failed, replacing it');
    const frame = page.frameLocator(FRAME);
    // Handled now, they leave the list of unhandled problems.
    await page.getByRole('link', { name: 'Service Problems', exact: true }).click();
    const table = frame.getByRole('table', { name: 'Unhandled service problems' });
    await expect(table).toBeVisible();
    for (const name of picked) await expect(table.getByRole('checkbox', { name: `Select ${name}`, exact: true })).toHaveCount(0);
  });

  test('Space selects the row in focus, A opens the action menu, and select all ticks the page', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, server!);
    await page.getByRole('link', { name: 'Service Status', exact: true }).click();
    const frame = page.frameLocator(FRAME);
    const table = frame.getByRole('table', { name: 'Services' });
    const boxes = table.getByRole('checkbox', { name: /^Select (?!all on this page$).+ on .+/ });
    await expect(boxes.first()).toBeVisible();
    // Keys only: into the first row's service link, Space ticks that row; Tab on to the next row's, Space again.
    const firstLink = table.locator('tbody tr').nth(0).getByRole('rowheader').getByRole('link');
    await firstLink.focus();
    await page.keyboard.press('Space');
    await expect(boxes.nth(0)).toBeChecked();
    for (let i = 0; i < 10 && !(await table.locator('tbody tr').nth(1).getByRole('rowheader').getByRole('link').evaluate((a) => a === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Space');
    await expect(boxes.nth(1)).toBeChecked();
    await expect(frame.locator('.bulk-count')).toHaveText('2 selected');
    await page.keyboard.press('Space');
    await expect(boxes.nth(1)).not.toBeChecked();
    await expect(frame.locator('.bulk-count')).toHaveText('1 selected');
    // A opens the menu with its first action in focus; the arrow-free list is walked with Tab.
    await page.keyboard.press('a');
    const menu = frame.getByRole('group', { name: 'Actions for the selection' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Acknowledge…' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    // The row's own checkbox, before its links: Space ticks it as any checkbox, and A still opens the menu.
    await firstLink.focus();
    for (let i = 0; i < 3 && !(await boxes.nth(0).evaluate((b) => b === document.activeElement)); i += 1) await page.keyboard.press('Shift+Tab');
    await expect(boxes.nth(0)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(boxes.nth(0)).not.toBeChecked();
    await page.keyboard.press('Space');
    await expect(boxes.nth(0)).toBeChecked();
    await expect(frame.locator('.bulk-count')).toHaveText('1 selected');
    await page.keyboard.press('a');
    await expect(menu.getByRole('button', { name: 'Acknowledge…' })).toBeFocused();
    await page.keyboard.press('Escape');

    const all = table.getByRole('checkbox', { name: 'Select all on this page' });
    await all.click();
    const rows = await boxes.count();
    await expect(frame.locator('.bulk-count')).toHaveText(`${rows} selected`);
    await all.click();
    await expect(frame.locator('.bulk-count')).toHaveText('Nothing selected');
    // Nothing selected: the menu says so beside itself instead of leaving the page.
    await frame.getByText('Actions for the selection').click();
    await menu.getByRole('button', { name: 'Re-check now…' }).click();
    await expect(frame.locator('.bulk-count')).toHaveText('Select at least one host or service.');
    await expect(frame.getByRole('heading', { name: 'Service Status' })).toBeVisible();
  });

  test('a host group ticked on Host Groups stands for its hosts: Disable notifications for all of them', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, server!);
    await page.getByRole('link', { name: 'Host Groups', exact: true }).click();
    const frame = page.frameLocator(FRAME);
    const table = frame.getByRole('table', { name: 'State counts per host group' });
    const box = table.getByRole('checkbox', { name: /^Select host group / }).first();
    const group = (await box.getAttribute('aria-label'))!.replace(/^Select host group /, '');
    await box.click();
    await expect(frame.locator('.bulk-count')).toHaveText('1 selected');
    await frame.getByText('Actions for the selection').click();
    await frame.getByRole('button', { name: 'Disable notifications…' }).click();
    const item = frame.getByRole('checkbox', { name: new RegExp(`^Host group ${group} \\((\\d+) hosts\\)$`) });
    await expect(item).toBeChecked();
    const members = Number(/\((\d+) hosts\)/.exec((await item.locator('xpath=following-sibling::label').innerText()))![1]);
    expect(members).toBeGreaterThan(1);
    await frame.getByRole('button', { name: 'Disable notifications', exact: true }).click();
    await expect(frame.getByRole('heading', { name: 'Disable notifications: result' })).toBeVisible();
    const sent = frame.getByRole('region', { name: `Submitted (${members})` }).getByRole('listitem');
    await expect(sent).toHaveCount(members);
    // The engine's own state: every host of the group has its notifications off.
    interface HostRow { host_name: string; hostgroups: string[]; notifications_enabled: number }
    await expect.poll(async () => {
      const hosts = (await (await page.request.get(`${server!.url}api/v2/status/host?records=10000`)).json() as { hoststatus: HostRow[] }).hoststatus;
      return hosts.filter((h) => h.hostgroups.includes(group)).map((h) => h.notifications_enabled);
    }).toEqual(Array.from({ length: members }, () => 0));
  });

  test('the palette acts on its results: Re-check now for the hosts and services it found', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, server!);
    await expect(page.frameLocator(FRAME).getByRole('heading').first()).toBeVisible();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search' });
    await palette.getByRole('combobox', { name: 'Search menus, hosts, services and groups' }).fill('mail');
    const hosts = palette.getByRole('group', { name: 'Hosts', exact: true }).getByRole('option');
    const services = palette.getByRole('group', { name: 'Services', exact: true }).getByRole('option');
    await expect(hosts.first()).toBeVisible();
    await expect(services.first()).toBeVisible();
    // After the results, one entry per action for all the hosts and services listed.
    const count = (await hosts.count()) + (await services.count());
    const actions = palette.getByRole('group', { name: `Bulk actions for all ${count} found` });
    await expect(actions.getByRole('option')).toHaveText([
      'Acknowledge…', 'Remove acknowledgement…', 'Schedule downtime…', 'Re-check now…', 'Disable notifications…', 'Enable notifications…',
    ]);
    await actions.getByRole('option', { name: 'Re-check now…' }).click();
    await expect(palette).toHaveCount(0);
    const frame = page.frameLocator(FRAME);
    await expect(frame.getByRole('heading', { name: `Re-check now: ${count} selected` })).toBeVisible();
    await expect(frame.getByRole('group', { name: `Selected (${count})` }).getByRole('checkbox', { checked: true })).toHaveCount(count);
    // The one form's selection can still be narrowed: the first one left out.
    await frame.getByRole('group', { name: `Selected (${count})` }).getByRole('checkbox').first().click();
    await frame.getByRole('button', { name: 'Re-check now', exact: true }).click();
    await expect(frame.getByRole('heading', { name: 'Re-check now: result' })).toBeVisible();
    await expect(frame.getByRole('region', { name: `Submitted (${count - 1})` }).getByRole('listitem')).toHaveCount(count - 1);
  });

  test('on a phone the cards are selected by tapping, and a host downtime covers all its services', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    try {
      await login(page, server!);
      await page.goto(`${server!.url}?xiwindow=${encodeURIComponent('includes/components/xicore/status.php?show=hostproblems')}`);
      const frame = page.frameLocator(FRAME);
      const table = frame.getByRole('table', { name: 'Unhandled host problems' });
      const boxes = table.getByRole('checkbox', { name: /^Select (?!all on this page$)/ });
      await expect(boxes.first()).toBeVisible();
      // Each card leads with its checkbox, large enough for a thumb, inside the screen.
      const box = (await boxes.first().boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(24);
      const host = (await boxes.first().getAttribute('aria-label'))!.replace(/^Select /, '');
      await boxes.first().tap();
      await expect(boxes.first()).toBeChecked();
      await expect(frame.locator('.bulk-count')).toHaveText('1 selected');
      await frame.getByText('Actions for the selection').tap();
      const downtime = frame.getByRole('button', { name: 'Schedule downtime…' });
      await expect(downtime).toBeInViewport({ ratio: 1 });
      await downtime.tap();
      await expect(frame.getByRole('heading', { name: 'Schedule downtime: 1 selected' })).toBeVisible();
      await frame.getByLabel('Comment (required)').fill('Rack power work');
      await frame.getByLabel('For hosts: and all their services').tap();
      await frame.getByRole('button', { name: 'Schedule downtime', exact: true }).tap();
      await expect(frame.getByRole('heading', { name: 'Schedule downtime: result' })).toBeVisible();
      const sent = frame.getByRole('region', { name: /^Submitted \(\d+\)$/ }).getByRole('listitem');
      await expect(sent.first()).toHaveText(host);
      const own = (await (await page.request.get(`${server!.url}api/v2/status/service?host_name=${encodeURIComponent(host)}&records=100`)).json() as { servicestatus: unknown[] }).servicestatus;
      await expect(sent).toHaveCount(1 + own.length);
      await expect(sent.nth(1)).toHaveText(new RegExp(` on ${host}$`));
      await page.screenshot({ path: test.info().outputPath('phone-downtime-result.png') });
    } finally {
      await context.close();
    }
  });
});
