import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, rawGet as rawGetUrl, type Reply } from './harness.js';
import { useTestServer } from './useTestServer.js';

/** A stand-in for the built app, so these tests do not depend on `vite build` having run. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, 'icons'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Pharos</title><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Pharos"}');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'export {};');
  fs.writeFileSync(path.join(dir, 'icons', 'pharos-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  return dir;
}

const dist = fakeDist();
const { ts, admin } = useTestServer({ config: { distDir: dist } });
let anonymous: Client;
beforeAll(() => { anonymous = new Client(ts.url); });
afterAll(() => { fs.rmSync(dist, { recursive: true, force: true }); });

const STATIC_DIR = path.resolve(import.meta.dirname, '..', '..', 'server', 'static');

const rawGet = (file: string, headers: Record<string, string>) => rawGetUrl(`${ts.url}${file}`, headers);

const FRAME_ANCESTORS = /(^|;)\s*frame-ancestors 'self'\s*(;|$)/;

function expectHtmlDocumentHeaders(res: Reply, what: string): void {
  expect(res.headers.get('content-type'), what).toMatch(/^text\/html/);
  expect(res.headers.get('content-security-policy'), what).toMatch(FRAME_ANCESTORS);
  expect(res.headers.get('content-security-policy'), what).toMatch(/script-src 'self'/);
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('same-origin');
}

function expectEveryResponseHeaders(res: Reply, what: string): void {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('same-origin');
}

describe('HTML documents, however they are reached', () => {
  it('index.html fetched directly carries the same CSP (frame-ancestors self) as the app routes', async () => {
    const direct = await admin.get('index.html', { headers: { accept: 'text/html' } });
    expect(direct.status).toBe(200);
    expectHtmlDocumentHeaders(direct, 'GET index.html');
    const route = await admin.get('views/', { headers: { accept: 'text/html' } });
    expectHtmlDocumentHeaders(route, 'GET views/');
    expect(direct.headers.get('content-security-policy')).toBe(route.headers.get('content-security-policy'));
    expect(direct.headers.get('cache-control')).toBe('no-cache');
  });

  it('the login page, a classic page and the tray HTML fragment carry them too', async () => {
    expectHtmlDocumentHeaders(await anonymous.get('login.php'), 'login page');
    expectHtmlDocumentHeaders(await admin.get('includes/components/xicore/status.php?show=services'), 'classic status page');
    const tray = await admin.get(`ajaxhelper.php?${new URLSearchParams({ cmd: 'getxicoreajax', opts: JSON.stringify({ func: 'get_tray_alert_html' }) })}`);
    expect(tray.status).toBe(200);
    expectHtmlDocumentHeaders(tray, 'tray fragment');
  });
});

describe('nosniff and Referrer-Policy on every response', () => {
  it('API answers 200, 401, 404 and 400', async () => {
    const cases: Array<[string, Reply, number]> = [
      ['auth 200', await admin.get('api/v2/account/auth'), 200],
      ['auth 401', await anonymous.get('api/v2/account/auth'), 401],
      ['unknown API 404', await admin.get('api/v2/no-such-thing'), 404],
      ['unknown command 400', await admin.get('ajaxhelper.php?cmd=nope'), 400],
      ['status 200', await admin.get('api/v2/status/system'), 200],
    ];
    for (const [what, res, status] of cases) {
      expect(res.status, what).toBe(status);
      expectEveryResponseHeaders(res, what);
    }
  });

  it('the app document goes compressed, made from the file as it is now: a document edited after the build is never sent stale', async () => {
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const file = path.join(dist, 'index.html');
    const first = await rawGet('', { cookie, 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-security-policy']).toMatch(FRAME_ANCESTORS);
    expect(zlib.brotliDecompressSync(first.body).equals(fs.readFileSync(file))).toBe(true);
    const original = fs.readFileSync(file, 'utf8');
    try {
      fs.writeFileSync(file, original.replace('<title>Pharos</title>', '<title>Pharos</title><meta name="pharos-build" content="next">'));
      const next = await rawGet('', { cookie, 'accept-encoding': 'gzip' });
      expect(zlib.gunzipSync(next.body).toString()).toContain('content="next"');
      expect(zlib.brotliDecompressSync((await rawGet('', { cookie, 'accept-encoding': 'br' })).body).toString()).toContain('content="next"');
    } finally {
      fs.writeFileSync(file, original);
    }
  });

  it('the classic stylesheet and scripts go compressed to a browser that accepts it, validated per encoding (issue 19)', async () => {
    for (const [file, type] of [['includes/css/classic.css', /^text\/css/], ['includes/js/problemsboard.js', /javascript/]] as const) {
      const source = fs.readFileSync(path.join(STATIC_DIR, file.replace(/^includes\//, '')));
      const br = await rawGet(file, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-type'], file).toMatch(type);
      expect(br.headers['content-encoding'], file).toBe('br');
      expect(br.headers.vary, file).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.body).equals(source), file).toBe(true);
      const plain = await rawGet(file, {});
      expect(plain.headers['content-encoding'], file).toBeUndefined();
      expect(plain.body.equals(source), file).toBe(true);
      expect((await rawGet(file, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).status, file).toBe(304);
    }
    // Only the folders' own files: anything else is the static folder's 404, never a file from elsewhere.
    for (const file of ['includes/css/missing.css', 'includes/css/classic.js', 'includes/js/..%2f..%2fpackage.json', 'includes/css/%2e%2e%2fcss%2fclassic.css']) {
      expect((await rawGet(file, { 'accept-encoding': 'br' })).status, file).toBe(404);
    }
  });

  it('translation JSON, classic CSS, the service worker, the manifest, icons and hashed assets', async () => {
    const files: Array<[string, RegExp]> = [
      ['includes/lang/json/en_US.json', /^application\/json/],
      ['includes/css/classic.css', /^text\/css/],
      ['sw.js', /javascript/],
      ['manifest.webmanifest', /^application\/manifest\+json/],
      ['icons/pharos-192.png', /^image\/png/],
      ['assets/index-abc123.js', /javascript/],
    ];
    for (const [file, type] of files) {
      const res = await anonymous.get(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(type);
      expectEveryResponseHeaders(res, file);
    }
    expect((await anonymous.get('assets/index-abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await anonymous.get('sw.js')).headers.get('cache-control')).toBe('no-cache');
  });

  it('redirects of the app routes and the login page', async () => {
    const toLogin = await anonymous.get('views/');
    expect(toLogin.status).toBe(302);
    expectEveryResponseHeaders(toLogin, 'redirect to login');
  });
});

describe('Cache-Control: no-store on answers with nsp or user data', () => {
  const userData: Array<[string, string]> = [
    ['auth (carries nsp)', 'api/v2/account/auth'],
    ['menu', 'api/v2/app/menu'],
    ['bootstrap', 'api/v2/app/bootstrap'],
    ['theme', 'api/v2/account/theme'],
    ['language', 'api/v2/account/language'],
    ['dashboards', 'api/v2/dashboards'],
    ['personal tools', 'api/v2/tools/personal'],
    ['common tools', 'api/v2/tools/common'],
    ['system status', 'api/v2/status/system'],
    ['program status', 'api/v2/status/program'],
    ['service status', 'api/v2/status/service'],
    ['banners', 'api/v2/banners'],
    ['user meta', `ajaxhelper.php?${new URLSearchParams({ cmd: 'getusermeta', opts: 'show_login_alert_screen' })}`],
    ['session vars', 'ajaxhelper.php?cmd=getsessionvars'],
    ['suggest', 'suggest.php?q=local'],
  ];

  it.each(userData)('%s', async (_what, url) => {
    const res = await admin.get(url);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expectEveryResponseHeaders(res, url);
  });

  it('favourites and views answers', async () => {
    const fav = await admin.post('includes/components/favorites/ajax.php', { mode: 'add', title: 'Mine', url: 'includes/components/xicore/status.php', nsp: admin.nsp });
    expect(fav.status).toBe(200);
    expect(fav.headers.get('cache-control')).toBe('no-store');
    const added = await admin.post('ajaxhelper.php', { cmd: 'addview', title: 'Mine', url: 'includes/components/xicore/status.php', nsp: admin.nsp });
    expect(added.status).toBe(200);
    const view = await admin.get('ajaxhelper.php?cmd=getviewbynum&opts=0');
    expect(view.status).toBe(200);
    expect(view.headers.get('cache-control')).toBe('no-store');
    expect(added.headers.get('cache-control')).toBe('no-store');
  });

  it('a 401 answer is not stored either', async () => {
    expect((await anonymous.get('api/v2/app/menu')).headers.get('cache-control')).toBe('no-store');
  });
});
