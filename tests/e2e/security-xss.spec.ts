import { test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expect, login } from './fixtures';
import { startServer, type RunningServer } from './server';
import { injectedElements, XSS_PAYLOADS } from './xssPayloads';

/**
 * Issue 11's XSS suite in Chromium: every payload through every text sink a user or the server can fill, then every
 * screen showing it. Many payloads per screen load; any alert/confirm/prompt (in the app or any frame) or any
 * element with an injected handler fails. The sinks are server-wide (banners, branding), so the suite has its own server.
 */
let server: RunningServer;
test.beforeAll(async () => { server = await startServer(); });
test.afterAll(async () => { await server.stop(); });

const HOSTS = 'includes/components/xicore/status.php?show=hosts';
/** A mark in every stored text, so the suite can find its own entries in the menus and the palette. */
const MARK = 'zq';
const stored = (i: number) => `${MARK}${i} ${XSS_PAYLOADS[i]}`;

interface Writer { post(url: string, form: Record<string, string>, method?: 'POST' | 'PUT'): Promise<{ status: number; body: unknown }> }

async function writer(api: APIRequestContext): Promise<Writer> {
  const { nsp } = await (await api.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
  const xsrf = decodeURIComponent((await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  return {
    async post(url, form, method = 'POST') {
      const answer = await api.fetch(`${server.url}${url}`, { method, form: { ...form, nsp }, headers: { 'X-XSRF-TOKEN': xsrf } });
      const text = await answer.text();
      return { status: answer.status(), body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) as unknown : text };
    },
  };
}

/** Hooks every way a payload could show it ran: dialogs, and alert/confirm/prompt replaced in every frame before its scripts. */
async function watch(context: BrowserContext, hits: string[]): Promise<void> {
  await context.exposeBinding('__xssHit', ({ frame }, what: string) => { hits.push(`${what} in ${frame.url()}`); });
  await context.addInitScript(() => {
    const w = window as unknown as Record<string, unknown> & { __xssHit(what: string): void };
    for (const name of ['alert', 'confirm', 'prompt', 'print']) {
      w[name] = (arg: unknown) => { w.__xssHit(`${name}(${String(arg)})`); return null; };
    }
  });
  context.on('page', (p) => p.on('dialog', (d) => { hits.push(`dialog ${d.type()} ${d.message()}`); void d.dismiss(); }));
}

/** Nothing ran and nothing was injected, in the app document and every frame. */
async function expectClean(page: Page, hits: string[], where: string): Promise<void> {
  for (const frame of page.frames()) {
    const found = await frame.evaluate(injectedElements).catch(() => [] as string[]);
    expect(found, `${where}: injected elements in ${frame.url()}`).toEqual([]);
  }
  expect(hits, `${where}: script ran`).toEqual([]);
}

const menuPanel = (page: Page) => page.getByRole('navigation', { name: 'Section menu' });

async function expectShown(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: false }).first()).toBeAttached();
}

test.describe('XSS: payloads through every text sink never run', () => {
  test('stored texts: tools, views, favourites, dashboards, dashlets, banners, branding, on every screen showing them', async ({ browser }) => {
    test.setTimeout(150_000);
    const context = await browser.newContext();
    const hits: string[] = [];
    await watch(context, hits);
    const page = await context.newPage();
    await login(page, server);
    const w = await writer(page.request);
    const n = XSS_PAYLOADS.length;
    expect(n).toBeGreaterThanOrEqual(50);

    // The server refuses script URLs outright; markup in a path is only ever an address.
    for (const url of XSS_PAYLOADS.filter((p) => /^javascript:/i.test(p))) {
      expect((await w.post('api/v2/tools/personal', { name: 'x', url })).status).toBe(400);
      expect((await w.post('ajaxhelper.php', { cmd: 'addview', title: 'x', url })).status).toBe(400);
    }
    expect((await w.post('ajaxhelper.php', { cmd: 'setusermeta', opts: JSON.stringify({ keyname: 'icon-menu-home-home', keyvalue: XSS_PAYLOADS[9] }) })).status).toBe(400);

    const dash = (await w.post('api/v2/dashboards', { title: stored(0), background: '', transparent: '0' })).body as { id: string };
    const accepted = { tools: 0, common: 0, views: 0, favourites: 0, dashboards: 0, dashlets: 0, banners: 0 };
    const ok = (key: keyof typeof accepted, status: number) => { if (status === 200) accepted[key] += 1; };
    for (let i = 0; i < n; i += 1) {
      const text = stored(i);
      ok('tools', (await w.post('api/v2/tools/personal', { name: text, url: `${HOSTS}&x=${encodeURIComponent(XSS_PAYLOADS[i]!)}` })).status);
      ok('common', (await w.post('api/v2/tools/common', { name: text, url: 'reports/statussummary.php' })).status);
      ok('views', (await w.post('ajaxhelper.php', { cmd: 'addview', title: text, url: HOSTS })).status);
      ok('favourites', (await w.post('includes/components/favorites/ajax.php', { mode: 'add', title: text, url: HOSTS })).status);
      if (i > 0) ok('dashboards', (await w.post('api/v2/dashboards', { title: text, background: '', transparent: '0' })).status);
      ok('banners', (await w.post('api/v2/admin/banners', { message: text, color: 'warning', acknowledgeable: '1' })).status);
      if (i < 24) {
        ok('dashlets', (await w.post('api/v2/dashboards/dashlets', { dashboard: String(dash.id), type: 'note', title: text.slice(0, 100), text, width: '3', height: '1' })).status);
      }
    }
    // Every sink took every payload as plain text: nothing was refused for its content.
    expect(accepted).toEqual({ tools: n, common: n, views: n, favourites: n, dashboards: n - 1, dashlets: 24, banners: n });
    // The admin CLI is the other way to a banner: the real one, the e2e suite's one run of it in a process of its own.
    for (const i of [0, 9, 15]) await server.cli('add-banner', '--message', `${MARK}cli ${XSS_PAYLOADS[i]}`, '--color', 'critical');
    expect((await w.post('api/v2/admin/branding', { copyright: `${MARK} ${XSS_PAYLOADS[9]} ${XSS_PAYLOADS[16]}` }, 'PUT')).status).toBe(200);

    const screens: Array<[string, string]> = [
      ['', stored(3)], // favourites in the home section's menu, banners, footer
      ['views/', stored(4)],
      ['views/main.php', stored(5)],
      ['dashboards/', stored(6)],
      [`dashboards/?xiwindow=${encodeURIComponent(`dashboards/dashboard.php?id=${dash.id}`)}`, stored(0)],
      ['dashboards/manage.php', stored(7)],
      ['tools/', stored(8)],
      ['tools/mytools.php', stored(9)],
      ['tools/commontools.php', stored(10)],
      ['wallboard', ''],
    ];
    for (const [route, text] of screens) {
      await page.goto(`${server.url}${route}`);
      await page.waitForLoadState('networkidle');
      if (text) await expectShown(page, text);
      await expectClean(page, hits, `/${route}`);
    }
    // Open every menu group and the My Tools entries' pages, then the palette over all of it.
    await page.goto(`${server.url}tools/`);
    const tool = menuPanel(page).getByRole('link', { name: stored(1) }).first();
    await page.goto(new URL((await tool.getAttribute('href'))!, server.url).href);
    await expect(page.locator('iframe[name="maincontentframe"]')).toBeAttached();
    await page.waitForLoadState('networkidle');
    await expectClean(page, hits, 'a tool page');
    await page.keyboard.press('Control+k');
    const combobox = page.getByRole('dialog', { name: 'Search' }).getByRole('combobox');
    await combobox.fill(MARK);
    await expect(page.getByRole('dialog', { name: 'Search' }).getByRole('option').nth(10)).toBeAttached();
    await expectClean(page, hits, 'palette with stored texts');
    await page.keyboard.press('Escape');

    // The login notices pop-up, over all of it (its own texts are not settable: user names are letters and digits,
    // versions 1.2.3).
    await w.post('ajaxhelper.php', { cmd: 'setusermeta', opts: JSON.stringify({ keyname: 'show_login_alert_screen', keyvalue: 1 }) });
    const { nsp } = await (await page.request.get(`${server.url}api/v2/account/auth`)).json() as { nsp: string };
    await page.goto(`${server.url}login.php?logout&nsp=${nsp}`);
    await login(page, server);
    await expect(page.getByRole('dialog', { name: 'Login Alerts' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectClean(page, hits, 'login notices');
    await context.close();
  });

  test('typed texts: search box, palette and feedback form', async ({ browser }) => {
    const context = await browser.newContext();
    const hits: string[] = [];
    await watch(context, hits);
    const page = await context.newPage();
    // A user of its own: nagiosadmin's login notices are on after the test above, and its menus are full of payloads.
    await server.admin('create-user', 'typist', 'typist-password-1', '--monitoring');
    await login(page, server, 'typist', 'typist-password-1');
    await page.waitForLoadState('networkidle');
    // The hooks see a call and an injected handler, so a clean result means something.
    await page.evaluate(() => { window.alert('probe'); document.body.insertAdjacentHTML('beforeend', '<i id="probe" onclick="x"></i>'); });
    await expect.poll(() => hits).toEqual([`alert(probe) in ${page.url()}`]);
    expect(await page.evaluate(injectedElements)).toEqual(['<i onclick="x">']);
    hits.length = 0;
    await page.evaluate(() => document.getElementById('probe')!.remove());
    await page.keyboard.press('Control+k');
    const combobox = page.getByRole('dialog', { name: 'Search' }).getByRole('combobox');
    for (const payload of XSS_PAYLOADS) {
      await combobox.fill(payload);
      // The typed text comes back in the services search option (and in any stored entry it matches).
      await expect(page.getByRole('dialog', { name: 'Search' }).getByRole('listbox')).toContainText(payload.slice(0, 20).trim());
    }
    await expectClean(page, hits, 'palette');
    await page.keyboard.press('Escape');
    await page.getByRole('banner').getByRole('button', { name: 'Feedback' }).click();
    const feedback = page.getByRole('dialog', { name: 'Feedback' });
    await feedback.getByLabel('Name').fill(XSS_PAYLOADS.slice(0, 10).join(' '));
    await feedback.getByLabel('Email').fill(XSS_PAYLOADS[9]!);
    await feedback.getByLabel('Your feedback').fill(XSS_PAYLOADS.join('\n'));
    await expectClean(page, hits, 'feedback form');
    await context.close();
  });
});
