import { expect, type Page } from '@playwright/test';
import type { RunningServer } from './server';

/** A write as the app makes it: the page's session, the session's nsp and the X-XSRF-TOKEN header. Returns the JSON answer. */
export async function writeAs(page: Page, server: RunningServer, url: string, form: Record<string, string>): Promise<unknown> {
  const { nsp } = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
  const xsrf = decodeURIComponent((await page.context().cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const answer = await page.request.post(`${server.url}${url}`, { form: { ...form, nsp }, headers: { 'X-XSRF-TOKEN': xsrf } });
  const text = await answer.text();
  expect(answer.ok(), `${url} ${text}`).toBe(true);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const THEMES = ['neptune', 'neptunelight', 'neptunecolorblind'] as const;
export type Theme = (typeof THEMES)[number];

export async function setTheme(page: Page, server: RunningServer, theme: Theme): Promise<void> {
  await writeAs(page, server, 'api/v2/account/theme', { theme });
}
