import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { formSend, loginAs, sendOk } from './writeGuards.js';

const { ts } = useTestServer({ admin: false });
let origin: string;
beforeAll(() => { origin = new URL(ts.url).origin; });

async function classicUser(name: string): Promise<Client> {
  const c = await loginAs(ts, name, { isAuthorizedForMonitoringSystem: true });
  await sendOk(formSend('POST', 'api/v2/account/theme', { theme: 'xi5' }), c);
  return c;
}

describe('the classic theme xi5 (spec 7: Switch to Modern)', () => {
  it('serves the server-rendered classic UI on {base} and the section routes, with no app script', async () => {
    const c = await classicUser('classic1');
    for (const route of ['', 'reports/', 'admin/index.php', 'config/main.php']) {
      const res = await c.get(route, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.text).toContain('<nav aria-label="Sections">');
      expect(res.text).not.toContain('<script');
      expect(res.text).toContain('name="maincontentframe"');
    }
  });

  it('links the status pages into its frame and marks the current section', async () => {
    const c = await classicUser('classic2');
    const res = await c.get('reports/');
    const base = new URL(ts.url).pathname;
    expect(res.text).toContain(`<a href="${base}includes/components/xicore/status.php?show=serviceproblems" target="maincontentframe">Service Problems</a>`);
    expect(res.text).toContain(`<a href="${base}reports/" aria-current="page">`);
    const status = await c.get('includes/components/xicore/status.php?show=serviceproblems');
    expect(status.status).toBe(200);
  });

  it('opens the page xiwindow names in the frame, but never an app route or another site', async () => {
    const c = await classicUser('classic3');
    const base = new URL(ts.url).pathname;
    expect((await c.get(`admin/?xiwindow=${encodeURIComponent(`${base}admin/sysstat.php`)}`)).text).toContain(`src="${base}admin/sysstat.php"`);
    expect((await c.get('admin/?xiwindow=https%3A%2F%2Fevil.example%2F')).text).not.toContain('evil.example');
    expect((await c.get('admin/?xiwindow=config%2Fmain.php')).text).not.toContain('config/main.php"></iframe>');
  });

  it('switches back to the modern theme with a form post carrying nsp, from this server only', async () => {
    const c = await classicUser('classic4');
    const page = await c.get('');
    expect(page.text).toContain(`<input type="hidden" name="nsp" value="${c.nsp}">`);
    expect((await c.post('account/theme.php', { nsp: 'wrong' }, { headers: { origin } })).status).toBe(403);
    expect((await c.post('account/theme.php', { nsp: c.nsp }, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await c.get('api/v2/account/theme')).body).toEqual({ theme: 'xi5' });
    const res = await c.post('account/theme.php', { nsp: c.nsp }, { headers: { origin } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(new URL(ts.url).pathname);
    expect((await c.get('api/v2/account/theme')).body).toEqual({ theme: 'neptune' });
    expect((await c.get('')).text).not.toContain('<nav aria-label="Sections">');
  });

  it('leaves the modern theme users on the app', async () => {
    const c = await loginAs(ts, 'modern1');
    expect((await c.get('')).text).not.toContain('<nav aria-label="Sections">');
  });
});

describe('the error page in the classic location (spec 2.15)', () => {
  it('is plain server HTML, with or without a session', async () => {
    for (const c of [new Client(ts.url), await loginAs(ts, 'errored')]) {
      const res = await c.get('error.php');
      expect(res.status).toBe(200);
      expect(res.text).toContain('Failed to load the requested page.');
      expect(res.text).not.toContain('<script');
    }
  });
});
