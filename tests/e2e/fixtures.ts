import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN, startServer, type RunningServer } from './server';

export { expect };

/** Logs in through the classic login page and waits for the app to show the user. */
export async function login(page: Page, server: RunningServer, username = ADMIN.username, password = ADMIN.password): Promise<void> {
  await page.goto(`${server.url}login.php`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('login.php'));
}

/** One reference server per worker (fresh SQLite data dir); tests that need special settings start their own with startServer(). */
export const test = base.extend<{ loggedIn: Page }, { server: RunningServer }>({
  server: [async ({}, use) => {
    const server = await startServer();
    await use(server);
    await server.stop();
  }, { scope: 'worker' }],
  loggedIn: async ({ page, server }, use) => {
    await login(page, server);
    await use(page);
  },
});
