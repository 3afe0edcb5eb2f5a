import { expect, type Page } from '@playwright/test';
import { login, pauseClock } from './fixtures';
import type { RunningServer } from './server';

/** The wallboard's alert specs' shared steps: forcing problems through the API, and a wall with alerts on. */

export const position = (page: Page) => page.getByTestId('wallboard-position');
export const alertCard = (page: Page) => page.getByTestId('wallboard-alert');

/** Sets a service's state through the API (the demo fleet applies it at once as a hard state), as the admin. */
export async function setServiceState(page: Page, server: RunningServer, host: string, service: string, state: number, output: string): Promise<void> {
  const { nsp } = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await page.request.post(`${server.url}api/v2/admin/checkresult`, {
    form: { host, service, state: String(state), output, nsp },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(res.ok()).toBe(true);
}

/** An OK service on an UP host of the demo fleet, forced critical through the API. */
export async function forceCritical(page: Page, server: RunningServer): Promise<{ host: string; service: string }> {
  const list = await (await page.request.get(`${server.url}api/v2/status/service?current_state=0&combinedhost=1&host_current_state=0&records=1`)).json() as {
    servicestatus: { host_name: string; service_description: string }[];
  };
  const { host_name: host, service_description: service } = list.servicestatus[0]!;
  await setServiceState(page, server, host, service, 2, 'CRITICAL - disk <b>full</b>');
  return { host, service };
}

/** `count` OK services on UP hosts (none acknowledged or in downtime, so each is an alert problem once critical), forced critical at once. */
export async function forceManyCritical(page: Page, server: RunningServer, count: number): Promise<{ host: string; service: string }[]> {
  const query = `current_state=0&scheduled_downtime_depth=0&combinedhost=1&host_current_state=0&host_problem_acknowledged=0&host_scheduled_downtime_depth=0&records=${count}`;
  const list = await (await page.request.get(`${server.url}api/v2/status/service?${query}`)).json() as {
    servicestatus: { host_name: string; service_description: string }[];
  };
  expect(list.servicestatus).toHaveLength(count);
  const { nsp } = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  for (const { host_name: host, service_description: service } of list.servicestatus) {
    const res = await page.request.post(`${server.url}api/v2/admin/checkresult`, {
      form: { host, service, state: '2', output: 'CRITICAL - switch down', nsp },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    expect(res.ok()).toBe(true);
  }
  return list.servicestatus.map((s) => ({ host: s.host_name, service: s.service_description }));
}

/**
 * A wall with alerts on (20 s cards, 10 s items) on its first item, its first answer of changes in (the baseline: what
 * stands then is never announced), and the fake clock stopped, so time moves only when the test says so.
 */
export async function openAlertWall(page: Page, server: RunningServer, params = 'alerts=on&alertseconds=20&speed=10'): Promise<void> {
  await page.clock.install();
  await login(page, server);
  const baseline = page.waitForResponse((r) => r.url().includes('api/v2/status/changes'));
  await page.goto(`${server.url}wallboard?${params}`);
  await expect(position(page)).toHaveText('1 / 3');
  await baseline;
  await pauseClock(page, 2000);
}

/** Records in the page whether an alert card ever appeared, however briefly. */
export async function watchForCards(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { cardsSeen: number };
    w.cardsSeen = 0;
    let showing = false;
    new MutationObserver(() => {
      const now = document.querySelector('[data-testid="wallboard-alert"]') !== null;
      if (now && !showing) w.cardsSeen += 1;
      showing = now;
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { cardsSeen: number }).cardsSeen);
}

