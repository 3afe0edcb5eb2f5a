/**
 * Issue 20, a language is the whole product: the server's refusals reach the app's toasts, dialogs and forms as they
 * are sent, so a user who chose German reads them in German (field names, ids and values as they were given), and a
 * user who chose English reads the exact English text. Names the server gives (a dashlet's default title) follow the
 * reader's language too, and what the app parses stays as the spec writes it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { formSend, loginAs, querySend, sendOk } from './writeGuards.js';

const { ts, admin } = useTestServer();
let german: Client;
let englishUser: Client;

beforeAll(async () => {
  german = await loginAs(ts, 'deutsch');
  expect((await sendOk(formSend('POST', 'api/v2/account/language', { language: 'de_DE' }), german)).status).toBe(200);
  englishUser = await loginAs(ts, 'english');
});

const message = (res: { body: unknown }) => (res.body as { message?: string }).message;

/** Each refusal as [what is refused, request, status, German, English]. */
const REFUSALS: [string, ReturnType<typeof formSend>, number, string, string][] = [
  ['a blank dashboard title', formSend('POST', 'api/v2/dashboards', { title: '  ' }), 400,
    "Das Feld 'title' ist erforderlich.", "The field 'title' is required."],
  ['a language that is not shipped', formSend('POST', 'api/v2/account/language', { language: 'xx_XX' }), 400,
    'Die Sprache muss eine von de_DE, en_US sein.', 'The language must be one of de_DE, en_US.'],
  ['an unknown dashboard', formSend('PUT', 'api/v2/dashboards', { id: 'nope', title: 'x' }), 404,
    "Sie haben kein Dashboard mit der ID 'nope'.", "You have no dashboard with the id 'nope'."],
  ['an administrator action', formSend('POST', 'api/v2/admin/users', { username: 'x', password: 'long-enough' }), 403,
    'Nur Administratoren können das tun.', 'Only administrators can do this.'],
  ['deleting the Home Dashboard', querySend('DELETE', 'api/v2/dashboards', { id: 'home' }), 400,
    'Das Start-Dashboard kann nicht gelöscht werden.', 'The Home Dashboard cannot be deleted.'],
  ['a dashlet option out of range', formSend('POST', 'api/v2/dashboards/dashlets',
    { dashboard: 'home', type: 'problems', rows: '500' }), 400,
    "Das Feld 'rows' darf höchstens 50 sein.", "The field 'rows' must be at most 50."],
];

describe('refusals in the user\'s language', () => {
  it.each(REFUSALS)('%s: German for a German user, the exact English for an English one', async (
    _what, send, status, inGerman, inEnglish,
  ) => {
    const de = await sendOk(send, german);
    expect([de.status, message(de)]).toEqual([status, inGerman]);
    const en = await sendOk(send, englishUser);
    expect([en.status, message(en)]).toEqual([status, inEnglish]);
  });

  it('names a broken dashlet of an import file in German, the file\'s own values as they were', async () => {
    const file = JSON.stringify({
      format: 'pharos-dashboard', version: 1, title: 'Import', opts: { background: '131b25', transparent: 0 },
      dashlets: [{ type: 'gauge' }],
    });
    const res = await sendOk(formSend('POST', 'api/v2/dashboards/import', { import: file }), german);
    expect([res.status, message(res)])
      .toEqual([400, "Die Datei ist keine gültige Dashboard-Datei! Dashlet 1 (gauge): unbekannter Typ 'gauge'."]);
  });

  it('shows a refused dashlet form again with the reason in German', async () => {
    // As the page sends it: the nsp field, and this server as the origin.
    const res = await german.post('dashboards/dashlets.php',
      { nsp: german.nsp, dashboard: 'home', type: 'clock', timezone: 'Mars/Olympus' },
      { headers: { origin: new URL(ts.url).origin } });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Das Feld &#39;timezone&#39; muss eine Zeitzone wie Europe/Berlin oder UTC sein');
    expect(res.text).toContain('Zum Dashboard hinzufügen');
  });

  it('keeps refusals raised before the caller is known in English (no language is known yet)', async () => {
    const res = await german.get('ajaxhelper.php?cmd=no-such-command');
    expect([res.status, message(res)]).toEqual([400, "Unknown command 'no-such-command'."]);
  });

  it('answers two users at the same time, each in their own language', async () => {
    const [de, en] = await Promise.all([
      sendOk(formSend('POST', 'api/v2/admin/users', { username: 'deutsch', password: 'long-enough' }), german),
      sendOk(formSend('POST', 'api/v2/admin/users', { username: 'deutsch', password: 'long-enough' }), admin),
    ]);
    expect([de.status, message(de)]).toEqual([403, 'Nur Administratoren können das tun.']);
    expect([en.status, message(en)]).toEqual([409, "A user named 'deutsch' already exists."]);
  });
});

describe('names the server gives', () => {
  it('stores a default dashlet title as the catalogue\'s English and shows it in the reader\'s language', async () => {
    // The form offers the German name; sent back unchanged, it is the default name, not a title of the user's own.
    const form = await german.get('dashboards/dashlets.php?type=clock');
    expect(form.text).toContain('name="title" value="Uhr"');
    const fields = { nsp: german.nsp, dashboard: 'home', type: 'clock', title: 'Uhr' };
    const added = await german.post('dashboards/dashlets.php', fields, { headers: { origin: new URL(ts.url).origin } });
    expect(added.status).toBe(303);
    const stored = await german.get<{ dashlets: { title: string }[] }>('api/v2/dashboards/dashlets?dashboard=home');
    const { dashlets } = stored.body;
    expect(dashlets.at(-1)!.title).toBe('Clock');
    expect((await german.get('dashboards/dashboard.php?id=home')).text).not.toContain('>Clock</h2>');
    const note = { dashboard: 'home', type: 'note', text: 'x', title: 'Mein Text' };
    await sendOk(formSend('POST', 'api/v2/dashboards/dashlets', note), german);
    expect((await german.get('dashboards/dashboard.php?id=home')).text).toContain('>Mein Text</h2>');
  });

  it('keeps the tray alert\'s title in English for the app to read, its text in German', async () => {
    const res = await german.get('ajaxhelper.php?cmd=getxicoreajax&opts=%7B%22func%22%3A%22get_tray_alert_html%22%7D');
    expect(res.text).toMatch(/title="[^"]*\d+ Unhandled Service Problems?"/);
    expect(res.text).toMatch(/>\d+ unbehandelte(s)? Service-Probleme?<\/a>/);
  });
});
