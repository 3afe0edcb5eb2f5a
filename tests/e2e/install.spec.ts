import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { test as base, expect, login } from './fixtures';

interface ManifestIcon { src: string; sizes: string; type: string; purpose?: string }
interface Manifest {
  id: string; start_url: string; scope: string; display: string;
  background_color: string; theme_color: string;
  icons: ManifestIcon[];
  shortcuts: Array<{ name: string; url: string }>;
}

/** What Chromium itself says stands in the way of installing the open page (empty when it can be installed). */
async function installabilityErrors(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    return installabilityErrors.map((e) => e.errorId);
  } finally {
    await cdp.detach();
  }
}

/**
 * Chromium never offers to install from an off-the-record profile ("in-incognito"), and every ordinary Playwright
 * context is one: the installability tests run in a persistent profile of their own.
 */
const test = base.extend<{ profile: BrowserContext }>({
  profile: async ({ playwright, launchOptions }, use) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-install-'));
    const context = await playwright.chromium.launchPersistentContext(dir, launchOptions);
    await use(context);
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  },
});

/** Width and height from a PNG's IHDR chunk; throws when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) throw new Error('not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The default (dark) theme's page background, as src/app/theme.css declares it. */
function defaultThemeBackground(): string {
  const css = fs.readFileSync(path.resolve(import.meta.dirname, '..', '..', 'src', 'app', 'theme.css'), 'utf8');
  const block = /:root,\s*:root\.neptune\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  return /--bg:\s*(#[0-9a-fA-F]{3,8})/.exec(block)?.[1] ?? 'missing';
}

test.describe('install (PWA)', () => {
  test('Chromium finds nothing stopping an install on the base, views/, tools/mytools.php and about/', async ({ profile, server }) => {
    const page = await profile.newPage();
    await login(page, server);
    for (const route of ['', 'views/', 'tools/mytools.php', 'about/']) {
      await page.goto(`${server.url}${route}`);
      await expect(page.getByRole('navigation').first()).toBeVisible();
      expect(await installabilityErrors(page), `installability errors on ${server.base}${route}`).toEqual([]);
    }
  });

  test('the login page can be installed too', async ({ profile, server }) => {
    const page = await profile.newPage();
    await page.goto(`${server.url}login.php`);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await installabilityErrors(page)).toEqual([]);
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', `${server.base}icons/apple-touch-icon.png`);
  });

  test('the manifest names the app under the base, with PNG icons of the stated sizes and two shortcuts', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}views/`);
    const manifestUrl = new URL(await page.locator('link[rel="manifest"]').getAttribute('href') ?? '', page.url());
    const res = await page.request.get(manifestUrl.href);
    expect(res.ok()).toBe(true);
    const m = await res.json() as Manifest;
    const resolve = (u: string) => new URL(u, manifestUrl).href;

    expect(resolve(m.id)).toBe(server.url);
    expect(resolve(m.start_url)).toBe(server.url);
    expect(resolve(m.scope)).toBe(server.url);
    expect(m.display).toBe('standalone');
    expect(m.background_color).toBe(defaultThemeBackground());
    expect(m.theme_color).toBe(defaultThemeBackground());

    const pngs = m.icons.filter((i) => i.type === 'image/png').map((i) => `${i.sizes} ${i.purpose}`);
    expect(pngs).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    const appleTouch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href') ?? '';
    const images = [...m.icons.filter((i) => i.type === 'image/png'), { src: new URL(appleTouch, page.url()).href, sizes: '180x180', type: 'image/png' }];
    for (const icon of images) {
      const img = await page.request.get(resolve(icon.src));
      expect(img.ok(), icon.src).toBe(true);
      expect(img.headers()['content-type'], icon.src).toBe('image/png');
      const { width, height } = pngSize(await img.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }

    expect(m.shortcuts.map((s) => s.name)).toEqual(['Wallboard', 'Service Problems']);
    await page.goto(resolve(m.shortcuts[0]!.url));
    expect(new URL(page.url()).pathname).toBe(`${server.base}wallboard`);
    await page.goto(resolve(m.shortcuts[1]!.url));
    await expect(page.locator('iframe[name="maincontentframe"]'))
      .toHaveAttribute('src', `${server.base}includes/components/xicore/status.php?show=serviceproblems`);
  });

  test('iOS finds its web-app tags on the app shell', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}about/`);
    for (const name of ['apple-mobile-web-app-capable', 'mobile-web-app-capable']) {
      await expect(page.locator(`meta[name="${name}"]`)).toHaveAttribute('content', 'yes');
    }
    await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'Pharos');
    await expect(page.locator('meta[name="apple-mobile-web-app-status-bar-style"]')).toHaveAttribute('content', 'black');
  });
});
