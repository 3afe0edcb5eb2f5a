import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Client, rawGet } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { expectBadRequest, expectWriteGuards, formSend, loginAs, sendOk } from './writeGuards.js';
import { availableLanguages, LANG_DIR } from '../../server/src/settings/account.js';

const started = useTestServer();
let { ts } = started;
const { admin } = started;

describe('GET api/v2/account/auth', () => {
  it('answers 401 without a session', async () => {
    const res = await new Client(ts.url).get('api/v2/account/auth');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Your session has timed out.' });
  });

  it('describes the administrator with every permission', async () => {
    const res = await admin.get('api/v2/account/auth');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      nsp: admin.nsp, username: 'nagiosadmin', isAdmin: true, isAuthorizedForMonitoringSystem: true,
      canConfigureObjects: true, canAccessCCM: true, canAutoDeploy: true,
      // The zone the server's pages write times in: the app's clocks follow it (issue 35).
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('reports exactly the flags a limited user has', async () => {
    const c = await loginAs(ts, 'operator', { isAuthorizedForMonitoringSystem: true, canAutoDeploy: true });
    const res = await c.get('api/v2/account/auth');
    expect(res.body).toEqual({
      nsp: c.nsp, username: 'operator', isAdmin: false, isAuthorizedForMonitoringSystem: true,
      canConfigureObjects: false, canAccessCCM: false, canAutoDeploy: true, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });
});

describe('api/v2/account/theme', () => {
  const setTheme = (theme: string) => formSend('POST', 'api/v2/account/theme', { theme });

  it('starts dark and answers 401 without a session', async () => {
    const c = await loginAs(ts, 'themer');
    expect((await c.get('api/v2/account/theme')).body).toEqual({ theme: 'neptune' });
    expect((await new Client(ts.url).get('api/v2/account/theme')).status).toBe(401);
  });

  it('stores each known theme, including the classic xi5', async () => {
    const c = await loginAs(ts, 'themer2');
    for (const theme of ['neptunelight', 'neptunecolorblind', 'xi5', 'neptune']) {
      const res = await sendOk(setTheme(theme), c);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ theme });
      expect((await c.get('api/v2/account/theme')).body).toEqual({ theme });
    }
  });

  it('refuses unknown or missing themes and keeps the old one', async () => {
    const c = await loginAs(ts, 'themer3');
    await sendOk(setTheme('neptunelight'), c);
    expectBadRequest(await sendOk(setTheme('pink'), c));
    expectBadRequest(await sendOk(formSend('POST', 'api/v2/account/theme', {}), c));
    expect((await c.get('api/v2/account/theme')).body).toEqual({ theme: 'neptunelight' });
  });

  it('guards the write', async () => {
    const c = await loginAs(ts, 'themer4');
    await expectWriteGuards(ts, c, setTheme('neptunelight'));
    expect((await c.get('api/v2/account/theme')).body).toEqual({ theme: 'neptune' });
  });
});

describe('api/v2/account/language', () => {
  const setLanguage = (language: string) => formSend('POST', 'api/v2/account/language', { language });

  it('offers the translations shipped in server/static/lang/json', () => {
    expect(availableLanguages()).toEqual(expect.arrayContaining(['de_DE', 'en_US']));
  });

  it('starts at en_US, switches to de_DE and answers 401 without a session', async () => {
    const c = await loginAs(ts, 'speaker');
    expect((await c.get('api/v2/account/language')).body).toEqual({ language: 'en_US' });
    const res = await sendOk(setLanguage('de_DE'), c);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ language: 'de_DE' });
    expect((await c.get('api/v2/account/language')).body).toEqual({ language: 'de_DE' });
    expect((await new Client(ts.url).get('api/v2/account/language')).status).toBe(401);
  });

  it('refuses languages without a translation and keeps the old one', async () => {
    const c = await loginAs(ts, 'speaker2');
    for (const bad of ['fr_FR', '../en_US', 'en_US.json', '']) expectBadRequest(await sendOk(setLanguage(bad), c));
    expect((await c.get('api/v2/account/language')).body).toEqual({ language: 'en_US' });
  });

  it('guards the write', async () => {
    const c = await loginAs(ts, 'speaker3');
    await expectWriteGuards(ts, c, setLanguage('de_DE'));
    expect((await c.get('api/v2/account/language')).body).toEqual({ language: 'en_US' });
  });
});

describe('GET includes/lang/json/{language}.json', () => {
  it('serves each translation as a flat JSON resource', async () => {
    for (const language of ['en_US', 'de_DE']) {
      const res = await new Client(ts.url).get(`includes/lang/json/${language}.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = res.body as Record<string, unknown>;
      expect(Object.values(body).length).toBeGreaterThan(0);
      for (const value of Object.values(body)) expect(typeof value).toBe('string');
    }
  });

  const raw = (file: string, headers: Record<string, string>) => rawGet(`${ts.url}includes/lang/json/${file}`, headers);

  it('sends a translation compressed to a browser that accepts it, and unchanged costs no body (issue 19)', async () => {
    const file = fs.readFileSync(path.join(LANG_DIR, 'en_US.json'));
    const br = await raw('en_US.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(br.body).equals(file)).toBe(true);
    expect(br.body.length).toBeLessThan(file.length / 3);
    const gz = await raw('en_US.json', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(file)).toBe(true);
    const plain = await raw('en_US.json', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(file)).toBe(true);
    // Each encoding is its own representation with its own validator; a matching one is answered without a body.
    expect(new Set([br, gz, plain].map((r) => r.headers.etag)).size).toBe(3);
    const again = await raw('en_US.json', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await raw('en_US.json', { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) })).status).toBe(200);
  });

  it('answers an unknown language with a JSON 404', async () => {
    for (const file of ['xx_XX.json', 'en_US.txt', 'en.json']) {
      const res = await new Client(ts.url).get(`includes/lang/json/${file}`);
      expectBadRequest(res, 404);
    }
  });
});

describe('persistence', () => {
  it('keeps theme and language across a restart', async () => {
    const c = await loginAs(ts, 'keeper');
    await sendOk(setPair('theme', 'neptunecolorblind'), c);
    await sendOk(setPair('language', 'de_DE'), c);
    ts = await ts.restart();
    const again = new Client(ts.url);
    await again.login('keeper', 'user-password-1');
    expect((await again.get('api/v2/account/theme')).body).toEqual({ theme: 'neptunecolorblind' });
    expect((await again.get('api/v2/account/language')).body).toEqual({ language: 'de_DE' });
  });
});

function setPair(kind: 'theme' | 'language', value: string) {
  return formSend('POST', `api/v2/account/${kind}`, { [kind]: value });
}
