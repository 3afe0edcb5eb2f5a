import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, login, pauseClock, primed, runForAnswered, test } from './fixtures';
import { startServer, type RunningServer } from './server';

const SERVICES = `?xiwindow=${encodeURIComponent('includes/components/xicore/status.php?show=services')}`;
const ROUTES = ['', 'views/', SERVICES];

/** Everything stored on this browser for the origin, as text: IndexedDB values and every Cache Storage entry. */
function everythingStored(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    const values = await new Promise<unknown[]>((resolve) => {
      const open = indexedDB.open('keyval-store');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('keyval')) { db.close(); resolve([]); return; }
        const req = db.transaction('keyval').objectStore('keyval').getAll();
        req.onsuccess = () => { db.close(); resolve(req.result); };
      };
    });
    parts.push(JSON.stringify(values));
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) parts.push(request.url, await (await cache.match(request))!.text());
    }
    parts.push(JSON.stringify({ ...localStorage }));
    return parts.join('\n');
  });
}

function deleteStored(page: Page, suffix: string): Promise<void> {
  return page.evaluate((end) => new Promise<void>((resolve) => {
    const open = indexedDB.open('keyval-store');
    open.onsuccess = () => {
      const db = open.result;
      const store = db.transaction('keyval', 'readwrite').objectStore('keyval');
      const req = store.getAllKeys();
      req.onsuccess = () => {
        for (const key of req.result) if (String(key).endsWith(end)) store.delete(key);
        store.transaction.oncomplete = () => { db.close(); resolve(); };
      };
    };
  }), suffix);
}

async function expectLastKnownShell(page: Page, username: string, indicator: RegExp): Promise<void> {
  await expect(page.getByTestId('connection-indicator')).toContainText(indicator);
  await expect(page.getByTestId('connection-indicator').getByRole('button', { name: 'Retry now' })).toBeVisible();
  await expect(page.getByText(username, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Views', exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('system-status')).toContainText(/stale, from \d/);
  // Never the browser's error page: the frame holds the worker's offline page, covered by the app's panel.
  await expect(page.getByTestId('frame-unavailable')).toContainText('This page is not available offline');
  await expect(page.frameLocator('iframe[name="maincontentframe"]').locator('meta[name="pharos-offline"]')).toHaveCount(1);
}

async function writeAs(page: Page, server: RunningServer, url: string, form: Record<string, string>): Promise<void> {
  const { nsp } = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await page.request.post(`${server.url}${url}`, { form: { ...form, nsp }, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(answer.ok(), `${url} ${await answer.text()}`).toBe(true);
}

test.describe('connection: honest offline state', () => {
  let server: RunningServer;
  test.beforeEach(async () => { server = await startServer(); });
  test.afterEach(async () => { await server.stop(); });

  test('offline, a reload of {base}, views/ and an xiwindow page paints the last known shell with the indicator and the data time', async ({ page, context }) => {
    await login(page, server);
    await primed(page);
    await context.setOffline(true);
    for (const route of ROUTES) {
      await page.goto(`${server.url}${route}`);
      await expectLastKnownShell(page, 'nagiosadmin', /Offline · showing data from \d/);
    }
  });

  test('with the server stopped, a reload of {base}, views/ and an xiwindow page paints the last known shell with the indicator', async ({ page }) => {
    await login(page, server);
    await primed(page);
    await server.stop();
    for (const route of ROUTES) {
      await page.goto(`${server.url}${route}`);
      await expectLastKnownShell(page, 'nagiosadmin', /Server unreachable since \d.* · showing data from \d/);
    }
  });

  test('an outage shows within 15 s with nobody touching the page; recovery refreshes status and banners and resets failed regions without a reload', async ({ page }) => {
    await page.clock.install();
    await login(page, server);
    await expect(page.getByTestId('system-status')).toContainText('System OK');
    await primed(page);

    await server.stop();
    // Nobody touches the page and its next poll is up to 30 s away: the page checks the server itself once nothing has
    // answered for 10 s, so the outage shows within 15 s.
    await page.clock.runFor(15_000);
    const indicator = page.getByTestId('connection-indicator');
    await expect(indicator).toContainText('Server unreachable');
    await expect(page.getByTestId('system-status')).toContainText('stale');

    // During the outage: a new banner on the server, and a reload with no stored copy of the banners.
    await server.admin('add-banner', '--message', 'Maintenance tonight at 22:00', '--color', 'warning');
    await deleteStored(page, ':banners.active');
    await page.reload();
    await page.clock.runFor(10_000);
    await expect(page.getByText('Failed to load the Announcement banner.')).toBeVisible();
    await expect(indicator).toContainText('Server unreachable');
    await page.evaluate(() => { (window as unknown as { stillHere: boolean }).stillHere = true; });

    await server.start();
    // The probes back off up to 60 s (with jitter), so two minutes always include one. In answered steps: one jump of
    // two minutes runs every probe's timeout before the restarted server can answer it.
    await runForAnswered(page, 130_000);
    await expect(indicator).toBeHidden();
    await expect(page.getByText('Maintenance tonight at 22:00')).toBeVisible();
    await expect(page.locator('[data-region-failed]')).toHaveCount(0);
    await expect(page.getByTestId('system-status')).toContainText('System OK');
    await expect(page.getByTestId('system-status')).not.toContainText('stale');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  test('a background tab shown again checks the server at once: a recovery while it was hidden shows without waiting out the back-off', async ({ page }) => {
    // Headless Chromium never hides a page: the page's visibility is the test's to say, as a browser tab's is the user's.
    await page.addInitScript(() => {
      let hidden = false;
      Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
      Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
      Object.assign(window, { setHidden: (next: boolean) => { hidden = next; document.dispatchEvent(new Event('visibilitychange')); } });
    });
    const setHidden = (hidden: boolean) => page.evaluate((next) => (window as unknown as { setHidden(h: boolean): void }).setHidden(next), hidden);
    await page.clock.install();
    await login(page, server);
    await primed(page);
    await setHidden(true);
    await server.stop();
    await pauseClock(page);
    // Hidden, the page's own polls still find the outage; its probes then back off towards a minute apart.
    await runForAnswered(page, 150_000);
    const indicator = page.getByTestId('connection-indicator');
    await expect(indicator).toContainText('Server unreachable');

    await server.start();
    // The clock stands still from here: only being shown can make the page ask the server again.
    await setHidden(false);
    await expect(indicator).toBeHidden();
    await expect(page.getByTestId('system-status')).toContainText('System OK');
    await expect(page.getByTestId('system-status')).not.toContainText('stale');
  });

  test('a write while offline is refused with a message, the form keeps its input, and the server has nothing new', async ({ page, context }) => {
    await login(page, server);
    await page.goto(`${server.url}tools/mytools.php`);
    await page.getByRole('button', { name: 'Add Tool' }).click();
    const form = page.getByTestId('tool-form');
    await form.getByLabel('Tool Name').fill('Written offline');
    await form.getByLabel('URL').fill('reports/statussummary.php');
    await context.setOffline(true);
    await expect(page.getByTestId('connection-indicator')).toContainText('Offline');
    await form.getByRole('button', { name: 'Add Tool' }).click();
    await expect(page.getByText(/Pharos is offline: nothing was saved/)).toBeVisible();
    await expect(form.getByLabel('Tool Name')).toHaveValue('Written offline');
    await expect(form.getByLabel('URL')).toHaveValue('reports/statussummary.php');
    await context.setOffline(false);
    const tools = await (await page.request.get(`${server.url}api/v2/tools/personal`)).json() as Array<{ name: string }>;
    expect(tools.map((t) => t.name)).not.toContain('Written offline');
  });
});

test.describe('connection: one user\'s data never reaches another', () => {
  test('B on the same browser after A\'s session ended server-side never sees A\'s tools, views, favourites or nsp: online, offline, and with the server frozen', async ({ page, context }) => {
    // Three logins, three kinds of outage and a frozen server: longer than one page test.
    test.setTimeout(180_000);
    const server = await startServer();
    try {
      await server.admin('create-user', 'bob', 'bob-password-1', '--monitoring');
      await login(page, server);
      await writeAs(page, server, 'api/v2/tools/personal', { name: 'Alice secret tool', url: 'reports/statussummary.php' });
      await writeAs(page, server, 'ajaxhelper.php', { cmd: 'addview', title: 'Alice secret view', url: 'includes/components/xicore/status.php?show=hosts' });
      await writeAs(page, server, 'includes/components/favorites/ajax.php', { mode: 'add', title: 'Alice secret favourite', url: 'includes/components/xicore/status.php?show=hostproblems' });
      const { nsp: aliceNsp } = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
      await page.goto(`${server.url}views/`);
      await expect(page.getByText('Alice secret view').first()).toBeVisible();
      await primed(page);

      // A's session ends on the server, without a logout in this browser.
      const db = new Database(path.join(server.dataDir, 'pharos.sqlite'));
      db.prepare('DELETE FROM sessions').run();
      db.close();

      await login(page, server, 'bob', 'bob-password-1');
      const alice = page.getByText(/Alice secret/);
      for (const route of ['', 'views/', 'tools/mytools.php']) {
        await page.goto(`${server.url}${route}`);
        await expect(page.getByText('bob', { exact: true }).first()).toBeVisible();
        await expect(page.getByRole('link', { name: 'Views', exact: true }).first()).toBeVisible();
        await expect(alice).toHaveCount(0);
      }
      await primed(page);

      await context.setOffline(true);
      for (const route of ['', 'views/', 'tools/mytools.php']) {
        await page.goto(`${server.url}${route}`);
        await expect(page.getByTestId('connection-indicator')).toContainText('Offline');
        await expect(page.getByText('bob', { exact: true }).first()).toBeVisible();
        await expect(alice).toHaveCount(0);
      }
      await context.setOffline(false);

      // A server that accepts connections and answers nothing: the worker gives up on the page after 4 s,
      // the app's calls after their timeout; what shows is still only B's.
      await page.clock.install();
      server.pause();
      try {
        await page.goto(`${server.url}views/`);
        await page.clock.runFor(16_000);
        await expect(page.getByTestId('connection-indicator')).toContainText('Server unreachable');
        await expect(page.getByText('bob', { exact: true }).first()).toBeVisible();
        await expect(alice).toHaveCount(0);
      } finally {
        server.resume();
      }

      const stored = await everythingStored(page);
      expect(stored).not.toContain(aliceNsp);
      expect(stored).not.toContain('Alice secret');
      const { nsp: bobNsp } = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
      expect(stored).not.toContain(bobNsp);
    } finally {
      await server.stop();
    }
  });
});

/** A copy of the built app; `next` makes it a new version: another index.html, and a worker that precaches it. */
function copyOfBuild(next?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-dist-'));
  fs.cpSync(path.resolve(import.meta.dirname, '..', '..', 'dist'), dir, { recursive: true });
  if (next) {
    const index = path.join(dir, 'index.html');
    fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('<head>', `<head>\n    <meta name="pharos-build" content="${next}" />`));
    const sw = path.join(dir, 'sw.js');
    fs.writeFileSync(sw, fs.readFileSync(sw, 'utf8').replace(/("revision":")[0-9a-f]+(","url":"index\.html")/, `$1${next}$2`));
  }
  return dir;
}

test.describe('connection: updates', () => {
  test('after a rebuild and restart an open app offers the new version, and accepting it runs it', async ({ page }) => {
    const server = await startServer({ PHAROS_DIST_DIR: copyOfBuild() });
    try {
      await page.clock.install();
      await login(page, server);
      await primed(page);
      await expect(page.locator('meta[name="pharos-build"]')).toHaveCount(0);

      await server.stop();
      await page.clock.runFor(61_000);
      await expect(page.getByTestId('connection-indicator')).toContainText('Server unreachable');
      await server.start({ PHAROS_DIST_DIR: copyOfBuild('next-build') });
      await runForAnswered(page, 130_000);
      await expect(page.getByTestId('connection-indicator')).toBeHidden();

      // Found when the app reconnects; it waits for the user, who keeps working meanwhile.
      const prompt = page.getByTestId('update-prompt');
      await expect(prompt).toContainText('A new version of Pharos is ready');
      await expect(page.getByRole('link', { name: 'Views', exact: true }).first()).toBeVisible();
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await expect(page.locator('meta[name="pharos-build"]')).toHaveAttribute('content', 'next-build');
      await expect(page.getByTestId('update-prompt')).toBeHidden();
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    } finally {
      await server.stop();
    }
  });
});
