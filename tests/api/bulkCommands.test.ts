/**
 * Issue 38, bulk actions on the status lists: the selection's form, one command per object to its engine, and a
 * result that lists what was submitted and what was refused, and why. Classic forms: nsp field and same origin.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CommandRejectedError, EngineUnavailableError, type ExternalCommand } from '../../server/src/monitoring/source.js';
import { dateTimeInput } from '../../server/src/pages/format.js';
import { Client, startTestServer, type TestServer } from './harness.js';
import { FakeSource, NOW } from './pagesFixture.js';
import { loginAs } from './writeGuards.js';

const STATUS = 'includes/components/xicore/status.php';
const BULK = 'includes/components/pharos/bulkcommands.php';
const ref = (host: string, service?: string) =>
  service === undefined ? `h//${encodeURIComponent(host)}` : `s//${encodeURIComponent(host)}/${encodeURIComponent(service)}`;

/** The fixture's engine, refusing commands for some hosts the way an engine does (bad input, not answering). */
class RefusingSource extends FakeSource {
  refuse = new Map<string, Error>();
  override async submit(command: ExternalCommand): Promise<void> {
    const host = 'host' in command ? command.host : '';
    const error = this.refuse.get(host);
    if (error) throw error;
    await super.submit(command);
  }
}

describe('bulk commands from the status lists', () => {
  let ts: TestServer;
  let admin: Client;
  let origin: string;
  const source = new RefusingSource();

  /** A form as a browser on one of our pages sends it: the nsp field, our Origin, `o` once per selected object. */
  const send = (client: Client, fields: [string, string][], headers: Record<string, string> = { origin }) =>
    client.request('POST', BULK, {
      body: new URLSearchParams([['nsp', client.nsp], ...fields]).toString(), xsrf: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
    });
  const confirm = (action: string, refs: string[], extra: Record<string, string> = {}) =>
    send(admin, [['action', action], ['confirm', '1'], ...refs.map((r): [string, string] => ['o', r]), ...Object.entries(extra)]);
  /** The names under a result heading, in order. */
  const listed = (page: string, heading: 'Submitted' | 'Refused') =>
    [...(new RegExp(`<h2 id="bulk-${heading === 'Submitted' ? 'sent' : 'refused'}">[^<]*</h2>\\s*<ul>([\\s\\S]*?)</ul>`).exec(page)?.[1] ?? '')
      .matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').replace(/&#39;/g, "'"));

  beforeAll(async () => {
    ts = await startTestServer({}, undefined, source);
    origin = new URL(ts.url).origin;
    admin = new Client(ts.url);
    await admin.login();
  });
  beforeEach(() => {
    source.submitted = [];
    source.refuse.clear();
  });
  afterAll(() => ts.close());

  it('gives every row of the host and service lists a checkbox, select all and the action menu', async () => {
    const services = (await admin.get(`${STATUS}?show=serviceproblems`, { headers: { accept: 'text/html' } })).text;
    expect(services).toContain('aria-label="Select all on this page"');
    expect(services).toContain(`name="o" value="${ref('web01', 'Disk Usage').replace(/%20/g, '%20')}" form="bulk-form" aria-label="Select Disk Usage on web01"`);
    expect(services).toMatch(/<form id="bulk-form" class="bulk-bar" method="post" action="[^"]*bulkcommands\.php"><input type="hidden" name="nsp"/);
    for (const action of ['acknowledge', 'remove_acknowledgement', 'schedule_downtime', 'recheck', 'disable_notifications', 'enable_notifications']) {
      expect(services).toContain(`name="action" value="${action}"`);
    }
    const hosts = (await admin.get(`${STATUS}?show=hosts`)).text;
    expect(hosts).toContain(`value="${ref('db01')}" form="bulk-form" aria-label="Select db01"`);
  });

  it('shows the one form for the selection on the list\'s post, and sends nothing yet', async () => {
    const res = await send(admin, [['action', 'acknowledge'], ['o', ref('web01', 'Disk Usage')], ['o', ref('db01', 'MySQL')], ['back', `/nagiosxi/${STATUS}?show=serviceproblems`]]);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>Acknowledge: 2 selected</h1>');
    expect(res.text).toMatch(/name="o" value="s\/\/web01\/Disk%20Usage" checked><label for="bulk-o-0">Disk Usage on web01<\/label>/);
    expect(res.text).toContain('id="bulk-comment" name="comment" required');
    expect(res.text).toMatch(/id="bulk-sticky" name="sticky" value="1" checked>/);
    expect(res.text).toMatch(/id="bulk-notify" name="notify" value="1" checked>/);
    expect(res.text).toContain('name="confirm" value="1"');
    expect(source.submitted).toEqual([]);
  });

  it('acknowledges each problem with the one comment, and lists the objects whose state refuses it, with why', async () => {
    const res = await confirm('acknowledge', [ref('web01', 'Disk Usage'), ref('db01', 'MySQL'), ref('web01', 'Load'), ref('web01', 'HTTP'), ref('db01')],
      { comment: 'Switch sw02 failed', sticky: '1', notify: '1' });
    expect(res.status).toBe(200);
    const ack = (host: string, service?: string) => ({
      type: 'acknowledge', host, ...(service ? { service } : {}), comment: 'Switch sw02 failed', author: 'nagiosadmin', sticky: true, notify: true, persistent: false,
    });
    expect(source.submitted).toEqual([ack('web01', 'Disk Usage'), ack('db01', 'MySQL'), ack('db01')]);
    expect(listed(res.text, 'Submitted')).toEqual(['Disk Usage on web01', 'MySQL on db01', 'db01']);
    expect(listed(res.text, 'Refused')).toEqual([
      'Load on web01: The problem is already acknowledged.',
      'HTTP on web01: Only a problem can be acknowledged; this service is OK.',
    ]);
    expect(res.text).toContain('3 of 5 commands submitted.');
    expect(res.text).toContain('2 of 5 refused; see why below.');
    // Each detail page says its command is on its way.
    expect((await admin.get(`${STATUS}?show=servicedetail&host=web01&service=Disk+Usage`)).text).toContain('Waiting for the monitoring engine');
  });

  it('lists an object its engine refuses or that is gone as refused, with the reason, and sends the rest', async () => {
    source.refuse.set('db01', new CommandRejectedError("Host 'db01' does not exist."));
    source.refuse.set('mail01', new EngineUnavailableError("Engine 'paris' is not answering, so the command was not sent."));
    const res = await confirm('disable_notifications', [ref('db01'), ref('mail01'), ref('web01'), ref('gone01'), ref('web01', 'Nope')]);
    expect(res.status).toBe(200);
    expect(source.submitted).toEqual([{ type: 'set_notifications', host: 'web01', enabled: false }]);
    expect(listed(res.text, 'Submitted')).toEqual(['web01']);
    expect(listed(res.text, 'Refused')).toEqual([
      "db01: Host 'db01' does not exist.",
      "mail01: Engine 'paris' is not answering, so the command was not sent.",
      "gone01: The host 'gone01' was not found.",
      "Nope on web01: The service 'Nope' on host 'web01' was not found.",
    ]);
  });

  it('removes acknowledgements, re-checks now and enables notifications, one command per object', async () => {
    let res = await confirm('remove_acknowledgement', [ref('web01', 'Load'), ref('router1'), ref('db01')]);
    expect(source.submitted).toEqual([
      { type: 'remove_acknowledgement', host: 'web01', service: 'Load' }, { type: 'remove_acknowledgement', host: 'router1' },
    ]);
    expect(listed(res.text, 'Refused')).toEqual(['db01: The problem is not acknowledged.']);
    source.submitted = [];
    res = await confirm('recheck', [ref('web01', 'HTTP'), ref('db01')]);
    expect(res.status).toBe(200);
    expect(source.submitted).toEqual([
      { type: 'schedule_check', host: 'web01', service: 'HTTP', time: expect.any(Number), forced: true },
      { type: 'schedule_check', host: 'db01', time: expect.any(Number), forced: true },
    ]);
    const at = (source.submitted[0] as { time: number }).time;
    expect(Math.abs(at - Date.now() / 1000)).toBeLessThan(60);
    source.submitted = [];
    await confirm('enable_notifications', [ref('db01', 'MySQL')]);
    expect(source.submitted).toEqual([{ type: 'set_notifications', host: 'db01', service: 'MySQL', enabled: true }]);
  });

  it('schedules a host\'s downtime and, when asked, one for each of its services', async () => {
    const start = dateTimeInput(NOW + 600);
    const end = dateTimeInput(NOW + 4200);
    const form = { start_time: start, end_time: end, type: 'fixed', duration: '120', comment: 'Switch swap' };
    const page = (await send(admin, [['action', 'schedule_downtime'], ['o', ref('db01')]])).text;
    expect(page).toMatch(/id="bulk-services" name="services" value="1"><label for="bulk-services">For hosts: and all their services<\/label>/);
    await confirm('schedule_downtime', [ref('db01'), ref('web01', 'HTTP')], { ...form, services: '1' });
    const downtime = (host: string, service?: string) => ({
      type: 'schedule_downtime', host, ...(service ? { service } : {}), start: expect.any(Number), end: expect.any(Number), fixed: true, duration: 3600,
      author: 'nagiosadmin', comment: 'Switch swap',
    });
    expect(source.submitted).toEqual([downtime('db01'), downtime('db01', 'MySQL'), downtime('web01', 'HTTP')]);
    source.submitted = [];
    await confirm('schedule_downtime', [ref('db01')], form);
    expect(source.submitted).toEqual([downtime('db01')]);
  });

  it('acts on a whole group from the group pages: a host group stands for its hosts, a service group for its services', async () => {
    const groups = (await admin.get(`${STATUS}?show=hostgroups`)).text;
    expect(groups).toContain('value="hg/databases" form="bulk-form" aria-label="Select host group databases"');
    expect(groups).toContain('id="bulk-form"');
    expect((await admin.get(`${STATUS}?show=servicegroups`)).text).toContain('value="sg/http" form="bulk-form" aria-label="Select service group http"');
    const form = await send(admin, [['action', 'schedule_downtime'], ['o', 'hg/databases']]);
    expect(form.text).toMatch(/name="o"\s+value="hg\/databases" checked><label for="bulk-o-0">Host group databases \(1 hosts\)<\/label>/);
    expect(form.text).toContain('For hosts: and all their services');
    await confirm('schedule_downtime', ['hg/databases'], {
      start_time: dateTimeInput(NOW + 600), end_time: dateTimeInput(NOW + 4200), type: 'fixed', comment: 'DB rack', services: '1',
    });
    expect(source.submitted.map((c) => [c.type, 'host' in c ? c.host : '', 'service' in c ? c.service : undefined]))
      .toEqual([['schedule_downtime', 'db01', undefined], ['schedule_downtime', 'db01', 'MySQL']]);
    source.submitted = [];
    const res = await confirm('acknowledge', ['sg/http', ref('web01', 'Disk Usage')], { comment: 'x' });
    expect(listed(res.text, 'Submitted')).toEqual(['Disk Usage on web01']);
    expect(listed(res.text, 'Refused')).toEqual(['HTTP on web01: Only a problem can be acknowledged; this service is OK.']);
    source.submitted = [];
    expect((await confirm('recheck', ['hg/'])).status).toBe(400);
    // A group without members (or no longer there) leaves nothing to do, and says so.
    const empty = await confirm('recheck', ['hg/no-such-group']);
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('The selected groups have no hosts or services.');
    expect(source.submitted).toEqual([]);
  });

  it('answers bad input with a clear message and sends nothing', async () => {
    const one = [ref('web01', 'Disk Usage')];
    const cases: [Promise<{ status: number; text: string }>, number, string][] = [
      [confirm('reboot', one), 400, 'Unknown bulk action. Use one of: acknowledge, remove_acknowledgement, schedule_downtime, recheck, disable_notifications, enable_notifications.'],
      [confirm('acknowledge', [], { comment: 'x' }), 400, 'Select at least one host or service.'],
      [confirm('acknowledge', Array.from({ length: 501 }, (_, i) => ref(`host${i}`)), { comment: 'x' }), 400, 'Select at most 500 hosts or services at a time; 501 were selected.'],
      [confirm('acknowledge', ['web01'], { comment: 'x' }), 400, '&#39;web01&#39; does not name a host or service.'],
      [confirm('acknowledge', one, { comment: '  ' }), 400, 'Nothing was submitted: Enter a comment.'],
      [confirm('acknowledge', one, { comment: 'a;DISABLE_NOTIFICATIONS' }), 400, 'Nothing was submitted: The comment must not contain a semicolon (;).'],
      [confirm('schedule_downtime', one, { start_time: '2031-01-02T10:00', end_time: '2031-01-02T09:00', type: 'fixed', comment: 'Keep <me>' }), 400,
        'Nothing was submitted: The end time must be after the start time.'],
      [confirm('schedule_downtime', one, { start_time: 'tomorrow', end_time: '2031-01-02T09:00', type: 'fixed', comment: 'x' }), 400,
        'Nothing was submitted: The start time must be a date and time like 2030-01-31T14:30.'],
      [confirm('schedule_downtime', one, { start_time: '2001-01-02T08:00', end_time: '2001-01-02T09:00', type: 'fixed', comment: 'x' }), 400,
        'Nothing was submitted: The end time must be in the future.'],
      // Every object refusing it does not hide a mistake in the form.
      [confirm('acknowledge', [ref('web01', 'HTTP')], { comment: '' }), 400, 'Nothing was submitted: Enter a comment.'],
    ];
    for (const [reply, status, message] of cases) {
      const res = await reply;
      expect(res.status, message).toBe(status);
      expect(res.text, message).toContain(message);
    }
    // A refused form keeps what was typed.
    const kept = await confirm('schedule_downtime', one, { start_time: '2031-01-02T10:00', end_time: '2031-01-02T09:00', type: 'flexible', duration: '45', comment: 'Keep <me>' });
    expect(kept.text).toContain('value="Keep &lt;me&gt;"');
    expect(kept.text).toContain('value="2031-01-02T09:00"');
    expect(kept.text).toMatch(/value="flexible" checked>/);
    expect(kept.text).toMatch(/name="o" value="s\/\/web01\/Disk%20Usage" checked>/);
    expect(source.submitted).toEqual([]);
  });

  it('refuses a post without the nsp, from another site, without a session or from a user who may not send commands', async () => {
    const fields: [string, string][] = [['action', 'recheck'], ['confirm', '1'], ['o', ref('db01')]];
    const body = new URLSearchParams(fields).toString();
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin };
    const noNsp = await admin.request('POST', BULK, { body, xsrf: false, headers: form });
    expect(noNsp.status).toBe(403);
    expect(noNsp.text).toContain('The session token (nsp) is missing or invalid.');
    const wrongNsp = await admin.request('POST', BULK, { body: `${body}&nsp=wrong`, xsrf: false, headers: form });
    expect(wrongNsp.status).toBe(403);
    const foreign = await send(admin, fields, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.text).toContain('The form was not sent from a page of this server, so it was refused.');
    expect((await send(admin, fields, {})).status).toBe(403);
    const anonymous = await new Client(ts.url).request('POST', BULK, { body: `${body}&nsp=x`, headers: form });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toContain('login.php?redirect=');

    const watcher = await loginAs(ts, 'bulkwatcher', { canConfigureObjects: true });
    const list = (await watcher.get(`${STATUS}?show=services`)).text;
    expect(list).not.toContain('bulk-form');
    expect(list).not.toContain('name="o"');
    const denied = await send(watcher, fields);
    expect(denied.status).toBe(403);
    expect(denied.text).toContain('You are not authorized to submit commands to the monitoring engine.');
    expect((await watcher.get(`${BULK}?action=recheck&o=${encodeURIComponent(ref('db01'))}`)).status).toBe(403);
    expect(source.submitted).toEqual([]);

    // A monitoring user who is not an administrator may.
    const operator = await loginAs(ts, 'bulkoperator', { isAuthorizedForMonitoringSystem: true });
    expect((await send(operator, fields)).status).toBe(200);
    expect(source.submitted).toEqual([{ type: 'schedule_check', host: 'db01', time: expect.any(Number), forced: true }]);
  });

  it('answers a German user in German: the menu, the form and the result', async () => {
    const german = await loginAs(ts, 'bulkgerman', { isAuthorizedForMonitoringSystem: true });
    expect((await german.request('POST', 'api/v2/account/language', { form: { language: 'de_DE', nsp: german.nsp } })).status).toBe(200);
    const list = (await german.get(`${STATUS}?show=serviceproblems`)).text;
    expect(list).toContain('Aktionen für die Auswahl');
    expect(list).toContain('aria-label="Alle auf dieser Seite auswählen"');
    expect(list).toContain('Jetzt neu prüfen…');
    const form = await send(german, [['action', 'acknowledge'], ['o', ref('web01', 'Disk Usage')]]);
    expect(form.text).toContain('<h1>Bestätigen: 1 ausgewählt</h1>');
    const res = await send(german, [['action', 'acknowledge'], ['confirm', '1'], ['o', ref('web01', 'Disk Usage')], ['o', ref('web01', 'Load')], ['comment', 'Wird getauscht']]);
    expect(res.text).toContain('Gesendet (1)');
    expect(res.text).toContain('Abgelehnt (1)');
    expect(res.text).toContain('Das Problem ist bereits bestätigt.');
    expect(res.text).toContain('Zurück zur Liste');
  });

  it('goes back to the list it came from, and to no address of another site', async () => {
    const back = `${new URL(ts.url).pathname}${STATUS}?show=serviceproblems&page=2`;
    const ok = await confirm('recheck', [ref('db01')], { back });
    expect(ok.text).toContain(`href="${back.replace(/&/g, '&amp;')}">Back to the list`);
    const evil = await confirm('recheck', [ref('db01')], { back: 'https://evil.example/' });
    expect(evil.text).not.toContain('evil.example');
  });
});
