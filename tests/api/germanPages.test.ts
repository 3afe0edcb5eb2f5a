/**
 * Issue 20, a language is the whole product: a user who chose German gets every classic page, Admin Home included, and
 * the server's refusals in German. A page fails when it shows English text of the server's own catalogue (what it
 * translates) or English sentence words in its own text; monitoring data (host names, plugin output) is the engine's
 * and stays as it is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/src/http/language.js';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { formSend, sendOk } from './writeGuards.js';

const STATUS = 'includes/components/xicore/status.php';
/** What a browser's frame sends: the page, not JSON. */
const PAGE = { accept: 'text/html' };
/** The server's own pages (the app's routes, config/ and enterprise/, are the app's, translated in the browser). */
const PAGES = [
  'includes/page-home-main.php', 'admin/main.php', 'admin/users.php', 'admin/users.php?action=add',
  'admin/users.php?action=edit&id=1', 'admin/users.php?action=delete&id=1', 'admin/sysstat.php', 'admin/license.php',
  'admin/activate.php', 'admin/banners.php', 'admin/displays.php', 'admin/auditlog.php', 'account/main.php',
  'views/main.php', 'config/monitoringwizard.php', 'config/deployagent.php', 'help/main.php',
  'about/main.php', 'about/legal.php', 'about/license.php', 'reports/statussummary.php', 'reports/sla.php',
  'includes/components/ccm/index.php', 'includes/components/ccm/index.php?type=service',
  'includes/components/scheduledreporting/schedule.php', 'dashboards/dashboard.php?dashboard=home',
  'dashboards/dashboard.php?id=home&edit=1',
  'includes/components/pharos/problemsboard.php', 'dashboards/dashlets.php?type=servicestatus',
  `${STATUS}?show=services`, `${STATUS}?show=hosts`, `${STATUS}?show=hostgroups`, `${STATUS}?show=servicegroups`,
  `${STATUS}?show=problems`, `${STATUS}?show=hostdetail&host=localhost`,
  `${STATUS}?show=servicedetail&host=localhost&service=HTTP`, `${STATUS}?show=hosts&host=no-such-host-here`,
  // Issue 37: the history and availability reports (also on a wall), and the scheduled reports.
  'reports/history.php', 'reports/history.php?wall=1', 'reports/availability.php?window=month',
  'reports/availability.php?window=custom&from=2026-01-01T00:00&to=2026-01-02T00:00&hostgroup=linux-servers',
  'includes/components/scheduledreporting/schedulereport.php', 'includes/components/scheduledreporting/reporthistory.php',
  // Issue 38: the bulk form, with a host for the downtime's "and all their services".
  `includes/components/pharos/bulkcommands.php?action=schedule_downtime&o=h%2F%2Flocalhost&o=s%2F%2Flocalhost%2FHTTP`,
];

/** What a reader sees: text outside scripts and styles, and outside the engine's own data. */
function ownText(page: string): string {
  return page
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    // Monitoring data: the engine's plugin output, host and service names, and what a user typed are not ours.
    .replace(/<(td|span|div|pre|a|p)\b[^>]*class="[^"]*\b(output|plugin-output|perfdata|host|service|name|data)\b[^"]*"[^>]*>[\s\S]*?<\/\1>/g, ' ')
    // Each element's text apart, so two neighbouring cells ("Service", "Status") never read as one phrase.
    .replace(/<[^>]+>/g, ' | ')
    .replace(/&nbsp;|&#160;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
    .replace(/&quot;|&#34;/g, '"').replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ').replace(/( \| )+/g, ' | ');
}

/** Words of English sentences that German never uses. */
const ENGLISH_WORDS = /\b(the|and|with|this|your|there|has|have|was|were|are|is|not|from|for|of|to|you|can|no|none|yet|all|by|on|any|when)\b/i;

const { ts, admin } = useTestServer();
let english: [string, string][];
beforeAll(async () => {
  const res = await sendOk(formSend('POST', 'api/v2/account/language', { language: 'de_DE' }), admin);
  expect(res.status).toBe(200);
  // Phrases of two words or more: a single word may be part of the engine's data (a service "Current Users").
  english = [...loadCatalogue('de_DE')]
    .filter(([key, german]) => key !== german && !/\{\d+\}/.test(key) && /[a-z]{2,}\s+[A-Za-z]{2,}/.test(key));
});

describe('a German user', () => {
  it.each(PAGES)('reads %s in German', async (path) => {
    const res = await admin.get(path, { headers: PAGE });
    expect(res.status, path).toBeLessThan(500);
    const text = ownText(res.text);
    const leftEnglish = english.filter(([key]) => text.includes(key)).map(([key]) => key);
    const sentences = text.split(/(?<=[.:!?·])\s+| \| /).filter((s) => ENGLISH_WORDS.test(s));
    expect({ path, leftEnglish, sentences }).toEqual({ path, leftEnglish: [], sentences: [] });
  });

  it('is told in German when a page left open could not refresh (the text its script shows)', async () => {
    for (const path of ['includes/components/pharos/problemsboard.php', `${STATUS}?show=services`]) {
      const res = await admin.get(path, { headers: PAGE });
      expect(res.text, path).toContain('data-text="Aktualisieren fehlgeschlagen: die zuletzt empfangenen Daten werden gezeigt."');
    }
  });

  it('gives the problems board\'s script its "+N more" in German, for the count it writes after fitting', async () => {
    const res = await admin.get('includes/components/pharos/problemsboard.php', { headers: PAGE });
    expect(res.text).toContain('data-text="+{n} weitere"');
  });

  it('is told in German why Add New View refused an address', async () => {
    const add = (url: string) => sendOk(formSend('POST', 'ajaxhelper.php', { cmd: 'addview', title: 'X', url }), admin);
    expect((await add('')).body).toEqual({ message: "Das Feld 'url' ist erforderlich." });
    expect((await add('javascript:alert(1)')).body)
      .toEqual({ message: "Das Feld 'url' muss eine http- oder https-Adresse oder ein Pfad unter /nagiosxi/ sein." });
  });

  it('is refused in German', async () => {
    const missing = await admin.get(`${STATUS}?show=hostdetail&host=unbekannt-xyz`, { headers: PAGE });
    expect(missing.status).toBe(404);
    expect(ownText(missing.text)).not.toMatch(ENGLISH_WORDS);
    const page = await admin.get('no-such-page.php', { headers: PAGE });
    expect(page.status).toBe(404);
    expect(ownText(page.text)).toContain('Diese Seite gibt es nicht.');
  });
});

describe("a German user's default names", () => {
  it('shows the default dashboards and the demo fleet in German until renamed', async () => {
    const titles = async () => (await admin.get<{ id: string; title: string }[]>('api/v2/dashboards')).body
      .filter((d) => d.id === 'home' || d.id === 'screen').map((d) => d.title);
    expect(await titles()).toEqual(['Start-Dashboard', 'Bildschirm-Dashboard']);
    const menu = await admin.get('api/v2/app/menu');
    expect(menu.text).toContain('"Start-Dashboard"');
    expect(menu.text).not.toContain('Home Dashboard');
    const page = await admin.get('dashboards/dashboard.php?id=screen', { headers: PAGE });
    expect(page.text).toContain('<h1>Bildschirm-Dashboard</h1>');
    const about = await admin.get('about/main.php', { headers: PAGE });
    expect(about.text).toContain('Demo-Flotte');
    expect(about.text).not.toContain('Demo fleet');
  });
});

/**
 * Issue 38, one language throughout: the pages shown before anyone signs in (the login page, the wallboard's pairing
 * screen) are in the language of the last user on this browser (the cookie set at login and logout), else the
 * browser's Accept-Language, else English.
 */
describe('a German visitor nobody has signed in as yet', () => {
  const germanOnly = (text: string) => {
    const own = ownText(text);
    return {
      leftEnglish: english.filter(([key]) => own.includes(key)).map(([key]) => key),
      sentences: own.split(/(?<=[.:!?·…])\s+| \| /).filter((s) => ENGLISH_WORDS.test(s)),
    };
  };

  it('reads the login page after logging out, a refused login and the pairing screen in German', async () => {
    const browser = new Client(ts.url);
    await browser.login();
    // Set at login too: taken away here, so the logout alone must set it.
    browser.cookies.delete('pharos_lang');
    const logout = await browser.get(`login.php?logout&nsp=${browser.nsp}`, { headers: PAGE });
    expect(logout.text).toContain('Sie haben sich abgemeldet.');
    expect(browser.cookies.get('pharos_lang')).toBe('de_DE');

    const login = await browser.get('login.php', { headers: PAGE });
    expect(login.text).toContain('Benutzername');
    expect(germanOnly(login.text)).toEqual({ leftEnglish: [], sentences: [] });

    const refused = await browser.post('login.php', { username: 'nagiosadmin', password: 'wrong' }, { headers: PAGE });
    expect(refused.status).toBe(401);
    expect(refused.text).toContain('Benutzername oder Passwort ist falsch.');
    expect(germanOnly(refused.text)).toEqual({ leftEnglish: [], sentences: [] });

    const pairing = await browser.get('wallboard', { headers: PAGE });
    expect(pairing.text).toContain('Diese Anzeige koppeln');
    expect(pairing.text).toContain('data-waiting="Warten auf einen Administrator …"');
    expect(germanOnly(pairing.text)).toEqual({ leftEnglish: [], sentences: [] });
  });

  it("is answered in the browser's language when no user has been here, and in English without one", async () => {
    const german = await new Client(ts.url).get('login.php', { headers: { ...PAGE, 'accept-language': 'fr-CH, de;q=0.9, en;q=0.5' } });
    expect(german.text).toContain('Benutzername');
    const pairing = await new Client(ts.url).get('wallboard', { headers: { ...PAGE, 'accept-language': 'de-AT' } });
    expect(pairing.text).toContain('Diese Anzeige koppeln');
    const english = await new Client(ts.url).get('login.php', { headers: PAGE });
    expect(english.text).toContain('Username');
    const refused = await new Client(ts.url).post('login.php', { username: 'x', password: 'y' }, { headers: PAGE });
    expect(refused.text).toContain('Invalid username or password.');
  });
});

describe('an English user', () => {
  it('still reads English', async () => {
    await sendOk(formSend('POST', 'api/v2/account/language', { language: 'en_US' }), admin);
    const page = await admin.get('no-such-page.php', { headers: PAGE });
    expect(page.text).toContain('This page does not exist.');
    await sendOk(formSend('POST', 'api/v2/account/language', { language: 'de_DE' }), admin);
  });
});
