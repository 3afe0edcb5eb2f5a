import { request, test as base, expect, type Page, type Request } from '@playwright/test';
import { ADMIN, startServer, type RunningServer } from './server';

export { expect };

const noticesOff = new Set<string>();

/**
 * The login notices pop-up is a modal over the whole app after login (spec 4). Tests of everything else turn
 * it off for their user through the API, before the app loads: show_login_alert_screen=0, once per user and
 * server. tests/e2e/login-notices.spec.ts tests the pop-up and logs in without this.
 */
async function turnOffLoginNotices(server: RunningServer, username: string, password: string): Promise<void> {
  const key = `${server.dataDir}\n${username}`;
  if (noticesOff.has(key)) return;
  const api = await request.newContext({ baseURL: server.url });
  try {
    // A refused login is the calling test's business; it sees the login page's answer itself.
    if (!(await api.post('login.php', { form: { username, password } })).ok()) return;
    const { nsp } = await (await api.get('api/v2/account/auth')).json() as { nsp: string };
    const xsrf = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const opts = JSON.stringify({ keyname: 'show_login_alert_screen', keyvalue: 0 });
    const saved = await api.post('ajaxhelper.php', { form: { cmd: 'setusermeta', opts, nsp }, headers: { 'X-XSRF-TOKEN': xsrf } });
    expect(saved.ok(), `turning off the login notices for ${username}`).toBe(true);
    noticesOff.add(key);
    await api.get('login.php', { params: { logout: '', nsp } });
  } finally {
    await api.dispose();
  }
}

/** Logs in through the classic login page and waits for the app to show the user; the login notices stay off. */
export async function login(page: Page, server: RunningServer, username = ADMIN.username, password = ADMIN.password): Promise<void> {
  await turnOffLoginNotices(server, username, password);
  await page.goto(`${server.url}login.php`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('login.php'));
}

const NEW_USER_PASSWORD = 'e2e-new-user-password';
let newUsers = 0;

/** A user of its own for one test: views, dashboards and settings are per user, so nothing else on a shared server changes. */
export async function loginAsNewUser(page: Page, server: RunningServer, prefix: string): Promise<string> {
  newUsers += 1;
  const name = `${prefix}${newUsers}w${test.info().workerIndex}r${test.info().retry}`;
  await server.admin('create-user', name, NEW_USER_PASSWORD, '--monitoring');
  await login(page, server, name, NEW_USER_PASSWORD);
  return name;
}

/**
 * Stops the fake clock `lead` ms from now, so time moves only when the test says so. Retried when that moment has
 * passed before the pause arrives (the clock runs in real time until then, and a loaded machine can take that long).
 */
export async function pauseClock(page: Page, lead = 1000): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await page.clock.pauseAt(await page.evaluate((ms) => Date.now() + ms, lead));
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

/**
 * Moves a page's fake clock on by `ms` in steps shorter than the app's 15 s request timeout, and lets every request a
 * step starts be answered before the next. One long runFor fires the timeout of a request the server is still
 * answering in real time, and the page then (rightly) reports the server unreachable; a loaded machine makes that likely.
 */
export async function runForAnswered(page: Page, ms: number, step = 5000): Promise<void> {
  const pending = new Set<Request>();
  // The app's own calls: those are what its timeout aborts. A framed page's requests end with their frame, unreported.
  const started = (r: Request) => { if (['fetch', 'xhr'].includes(r.resourceType()) && r.frame() === page.mainFrame()) pending.add(r); };
  const ended = (r: Request) => { pending.delete(r); };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    for (let done = 0; done < ms; done += step) {
      await page.clock.runFor(Math.min(step, ms - done));
      await expect.poll(() => [...pending].map((r) => r.url()), { message: 'requests still unanswered' }).toEqual([]);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** The keys the app keeps in IndexedDB (idb-keyval's default store), read in the page. */
function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => new Promise<string[]>((resolve, reject) => {
    const open = indexedDB.open('keyval-store');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('keyval')) { db.close(); resolve([]); return; }
      const req = db.transaction('keyval').objectStore('keyval').getAllKeys();
      req.onsuccess = () => { db.close(); resolve(req.result.map(String)); };
      req.onerror = () => reject(req.error);
    };
  }));
}

/** After a visit online: the worker controls the page and the shell's dated copies are stored. */
export async function primed(page: Page): Promise<void> {
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  // A worker that activated after this page loaded may not have claimed it yet; a page loaded now is its own.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(async () => {
    const keys = await storedKeys(page);
    return ['auth', 'menu', 'status.system', 'banners.active'].every((k) => keys.some((key) => key.endsWith(`:${k}`)));
  }).toBe(true);
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
