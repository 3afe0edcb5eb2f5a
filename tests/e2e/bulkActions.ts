/**
 * A person's bulk acknowledge from Service Problems (issue 38), shared by the demo fleet's and the real engines' tests:
 * open the list from the menu, tick three rows, pick Acknowledge in the action menu, type one comment, send.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { expect } from './fixtures';

export const FRAME = 'iframe[name=maincontentframe]';

/** The names ("Disk Usage on web-01") of the rows ticked, in the list's order. */
export async function bulkAcknowledgeFromServiceProblems(page: Page, count: number, comment: string): Promise<string[]> {
  await page.getByRole('link', { name: 'Service Problems', exact: true }).click();
  const frame = page.frameLocator(FRAME);
  await expect(frame.getByRole('heading', { name: 'Service Problems' })).toBeVisible();
  const boxes = frame.getByRole('table', { name: 'Unhandled service problems' }).getByRole('checkbox', { name: /^Select (?!all on this page$).+ on .+/ });
  await expect.poll(() => boxes.count()).toBeGreaterThanOrEqual(count);
  const picked: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const box = boxes.nth(i);
    await box.click();
    await expect(box).toBeChecked();
    picked.push((await box.getAttribute('aria-label'))!.replace(/^Select /, ''));
  }
  await expect(frame.locator('.bulk-count')).toHaveText(`${count} selected`);
  await frame.getByText('Actions for the selection').click();
  await frame.getByRole('button', { name: 'Acknowledge…' }).click();
  await expect(frame.getByRole('heading', { name: `Acknowledge: ${count} selected` })).toBeVisible();
  for (const name of picked) await expect(frame.getByRole('checkbox', { name, exact: true })).toBeChecked();
  await frame.getByLabel('Comment (required)').fill(comment);
  await expect(frame.getByLabel('Sticky: keep until the object recovers')).toBeChecked();
  await expect(frame.getByLabel('Send a notification to contacts')).toBeChecked();
  await frame.getByRole('button', { name: 'Acknowledge', exact: true }).click();
  await expectSubmitted(frame, picked);
  return picked;
}

export async function expectSubmitted(frame: FrameLocator, names: string[]): Promise<void> {
  await expect(frame.getByRole('heading', { name: 'Acknowledge: result' })).toBeVisible();
  const sent = frame.getByRole('region', { name: `Submitted (${names.length})` });
  await expect(sent.getByRole('listitem')).toHaveText(names);
  await expect(frame.getByRole('region', { name: /^Refused/ })).toHaveCount(0);
}

/** The Comments page, opened from the menu: one acknowledgement comment with the text for each named service. */
export async function expectAcknowledgementComments(page: Page, names: string[], comment: string): Promise<void> {
  await page.getByRole('link', { name: 'Comments', exact: true }).click();
  const frame = page.frameLocator(FRAME);
  const rows = frame.getByRole('table', { name: 'Comments' }).locator('tbody tr').filter({ hasText: comment });
  // Pharos shows what it last read from the engine (Livestatus is polled): reloaded, as a person would, until it has.
  let first = true;
  await expect(async () => {
    if (!first) await frame.locator('body').evaluate(() => window.location.reload());
    first = false;
    await expect(rows).toHaveCount(names.length, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  for (const name of names) {
    const [service, host] = name.split(' on ') as [string, string];
    await expect(rows.filter({ hasText: service }).filter({ hasText: host }).filter({ hasText: 'Acknowledgement' })).toHaveCount(1);
  }
}
