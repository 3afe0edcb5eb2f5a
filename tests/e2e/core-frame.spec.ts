import { test, expect } from './fixtures';

const FRAME = 'iframe[name="maincontentframe"]';

/** Targets that must never end up in the content frame (spec 2.2: not http(s), foreign, or outside the base). */
const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.domain)',
  'javascript://%0Aalert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'blob:https://evil.example/uuid',
  'file:///etc/passwd',
  'about:blank',
  'mailto:root@example.com',
  'http://evil.example/',
  'https://evil.example/nagiosxi/index.php',
  'http://127.0.0.1@evil.example/',
  'http:evil.example',
  'https:\\\\evil.example',
  '//evil.example/',
  '///evil.example/',
  '\\\\evil.example\\x',
  '/\\evil.example',
  '\\/evil.example',
  '%2F%2Fevil.example',
  '%252F%252Fevil.example',
  '/%5Cevil.example',
  '/nagiosxi/../../etc/passwd',
  '../../../etc/passwd',
  '/other/page.php',
  '/',
  'x:y',
  'ftp://evil.example/',
];

test.describe('content frame', () => {
  test('no hostile xiwindow ever puts a foreign or unsafe page in a frame', async ({ loggedIn: page, server }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
    for (const raw of HOSTILE) {
      await page.goto(`${server.url}?xiwindow=${encodeURIComponent(raw)}`);
      await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();
      const srcs = await page.locator('iframe').evaluateAll((frames) => frames.map((f) => f.getAttribute('src') ?? ''));
      for (const src of srcs) {
        const url = new URL(src, server.url);
        expect(url.origin, `${JSON.stringify(raw)} gave ${src}`).toBe(server.origin);
        expect(url.pathname.startsWith(server.base), `${JSON.stringify(raw)} gave ${src}`).toBe(true);
      }
      for (const frame of page.frames()) {
        const url = frame.url();
        expect(url === 'about:blank' || url.startsWith(server.origin + server.base), `${JSON.stringify(raw)} loaded ${url}`).toBe(true);
      }
      // The unsafe page is not shown at all.
      await expect(page.locator(FRAME)).toHaveCount(0);
    }
    expect(dialogs).toEqual([]);
  });

  test('a valid xiwindow loads the classic page in the frame, relative to the section', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}?xiwindow=${encodeURIComponent('includes/components/xicore/status.php?show=hosts')}`);
    await expect(page.locator(FRAME)).toHaveAttribute('src', `${server.base}includes/components/xicore/status.php?show=hosts`);
    await expect(page.frameLocator(FRAME).locator('body')).not.toBeEmpty();

    await page.goto(`${server.url}admin/?xiwindow=users.php`);
    await expect(page.locator(FRAME)).toHaveAttribute('src', `${server.base}admin/users.php`);

    await page.goto(`${server.url}views/?xiwindow=${encodeURIComponent(`${server.base}reports/statussummary.php`)}`);
    await expect(page.locator(FRAME)).toHaveAttribute('src', `${server.base}reports/statussummary.php`);
  });

  test('the frame location is tracked after each load', async ({ loggedIn: page, server }) => {
    const frame = page.locator('.content-frame');
    await expect(frame).toHaveAttribute('data-frame-location', `${server.base}includes/page-home-main.php`);
    await page.frameLocator(FRAME).locator('body').evaluate((_body, target) => { window.location.assign(target); }, `${server.base}help/main.php`);
    await expect(frame).toHaveAttribute('data-frame-location', `${server.base}help/main.php`);
  });

  test('a link followed inside the frame becomes the address, so a reload shows that page', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}?xiwindow=${encodeURIComponent('includes/components/xicore/status.php?show=hosts')}`);
    const frame = page.frameLocator(FRAME);
    const firstHost = frame.locator('table a[href*="show=hostdetail"]').first();
    const hostName = (await firstHost.textContent())!.trim();
    await firstHost.click();
    await expect(frame.getByRole('heading', { level: 1 })).toContainText(hostName);
    await expect(page).toHaveURL((u) => (u.searchParams.get('xiwindow') ?? '').includes('show=hostdetail'));
    // The page got there by itself: the app must not load it a second time.
    await expect(page.locator(FRAME)).toHaveAttribute('src', `${server.base}includes/components/xicore/status.php?show=hosts`);

    await page.reload();
    await expect(page.frameLocator(FRAME).getByRole('heading', { level: 1 })).toContainText(hostName);
  });

  test('an xiwindow naming a native path shows the native screen instead of a frame', async ({ loggedIn: page, server }) => {
    await page.goto(`${server.url}?xiwindow=tools/mytools.php`);
    await expect(page.getByRole('heading', { level: 1, name: 'My Tools' })).toBeVisible();
    await expect(page.locator(FRAME)).toHaveCount(0);
  });

  test('the corner toggle switches full-screen mode', async ({ loggedIn: page }) => {
    const toggle = page.getByRole('button', { name: 'Full screen' });
    const layout = page.locator('.framed-layout');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(layout).not.toHaveAttribute('data-fullscreen');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(layout).toHaveAttribute('data-fullscreen', 'true');
    await toggle.click();
    await expect(layout).not.toHaveAttribute('data-fullscreen');
  });
});
