import { describe, expect, it } from 'vitest';
import { listOutbox, listSchedules, recordDueDeliveries } from '../../server/src/db/schedules.js';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { formSend, loginAs, sendOk } from './writeGuards.js';

const PAGE = 'includes/components/scheduledreporting/schedulereport.php';
const HISTORY = 'includes/components/scheduledreporting/reporthistory.php';
const GOOD = {
  action: 'add', report: 'availability', group: 'hostgroup:linux-servers', target: '', frequency: 'weekly', time: '07:00',
  weekday: '1', monthday: '1', recipients: 'ops@example.com', format: 'html',
};

const { ts } = useTestServer({ admin: false });

const html = (c: Client, path: string) => c.get(path, { headers: { accept: 'text/html' } });
const post = (c: Client, form: Record<string, string>) =>
  c.post(PAGE, { nsp: c.nsp, ...form }, { headers: { origin: new URL(ts.url).origin }, xsrf: false });
const userId = async (name: string) => (await ts.server.ctx.store.selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;

describe('Scheduled Reports (issue 37): a group\'s availability or SLA report, daily, weekly or monthly', () => {
  it('no longer says it is not implemented, and offers the reports of the groups there are', async () => {
    const c = await loginAs(ts, 'reporter', { isAuthorizedForMonitoringSystem: true });
    for (const path of [PAGE, HISTORY]) {
      const res = await html(c, path);
      expect(res.status, path).toBe(200);
      expect(res.text).not.toMatch(/does not implement/);
    }
    const page = (await html(c, PAGE)).text;
    expect(page).toContain('<h1>Scheduled Reports</h1>');
    expect(page).toContain('<option value="hostgroup:linux-servers">');
    expect(page).toContain('You have not scheduled any reports.');
  });

  it('stores the schedule as the report page of its period, records a due one in the outbox and lists it on the history', async () => {
    const c = await loginAs(ts, 'weekly', { isAuthorizedForMonitoringSystem: true });
    expect((await post(c, GOOD)).status).toBe(303);
    expect((await post(c, { ...GOOD, report: 'sla', target: '99.5', frequency: 'monthly', group: 'hostgroup:linux-servers' })).status).toBe(303);
    const store = ts.server.ctx.store;
    const id = await userId('weekly');
    const schedules = await listSchedules(store, id);
    expect(schedules.map((s) => s.url)).toEqual([
      'reports/availability.php?window=7d&hostgroup=linux-servers',
      'reports/sla.php?hostgroup=linux-servers&target=99.5',
    ]);
    const page = (await html(c, PAGE)).text;
    expect(page).toContain('Weekly on Monday at 07:00');
    expect(page).toContain('SLA Report (target 99.5 %)');
    expect(page).toContain('The month before');

    // Due: housekeeping's chore records it once (every process runs it, in one at a time).
    await recordDueDeliveries(store, schedules[0]!.nextRunAt);
    await recordDueDeliveries(store, schedules[0]!.nextRunAt);
    expect(await listOutbox(store, id)).toHaveLength(1);
    const history = (await html(c, HISTORY)).text;
    expect(history).toContain('Recorded in the outbox (not sent: this server has no mail transport)');
    expect(history).toContain('reports/availability.php?window=7d&amp;hostgroup=linux-servers">Availability</a>');
    expect(history).toContain('Host group linux-servers');
    expect(history).toContain('Last 7 days');
    // The report page it sends answers.
    expect((await html(c, 'reports/availability.php?window=7d&hostgroup=linux-servers')).status).toBe(200);
    expect((await html(c, 'reports/sla.php?hostgroup=linux-servers&target=99.5&month=current')).status).toBe(200);
  });

  it('sends now on request without moving the next send, and only the owner may', async () => {
    const c = await loginAs(ts, 'sender', { isAuthorizedForMonitoringSystem: true });
    await post(c, { ...GOOD, report: 'sla', frequency: 'daily', group: 'hostgroup:linux-servers', target: '99' });
    const store = ts.server.ctx.store;
    const [schedule] = await listSchedules(store, await userId('sender'));
    expect(schedule!.url).toBe('reports/sla.php?hostgroup=linux-servers&target=99&month=current');
    const other = await loginAs(ts, 'other', { isAuthorizedForMonitoringSystem: true });
    expect((await post(other, { action: 'send', id: String(schedule!.id) })).status).toBe(400);
    expect(await listOutbox(store, await userId('sender'))).toEqual([]);
    const sent = await post(c, { action: 'send', id: String(schedule!.id) });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toContain(`${HISTORY}?done=sent`);
    expect((await listSchedules(store, await userId('sender')))[0]!.nextRunAt).toBe(schedule!.nextRunAt);
    const history = (await html(c, `${HISTORY}?done=sent`)).text;
    expect(history).toContain('The report was recorded in the outbox.');
    expect(history).toContain('This month so far');
    // Each user sees their own deliveries; an administrator everyone's, with who scheduled them.
    expect((await html(other, HISTORY)).text).toContain('No scheduled report has been due yet.');
    const admin = new Client(ts.url);
    await admin.login();
    const all = (await html(admin, HISTORY)).text;
    expect(all).toContain('<td>sender</td>');
    expect(all).toContain('<td>weekly</td>');
  });

  it('refuses bad input with the field\'s message and saves nothing', async () => {
    const c = await loginAs(ts, 'careless', { isAuthorizedForMonitoringSystem: true });
    const cases: [Record<string, string>, string][] = [
      [{ report: 'weather' }, 'Choose the report: Availability or SLA Report.'],
      [{ group: 'hostgroup:nosuchgroup' }, 'Choose the host group or service group to report on.'],
      [{ group: '' }, 'Choose the host group or service group to report on.'],
      [{ report: 'sla', target: '150' }, 'The target must be a percentage from 0 to 100.'],
      [{ frequency: 'hourly' }, 'Choose how often to send the page: daily, weekly or monthly.'],
      [{ recipients: 'not-an-address' }, '&quot;not-an-address&quot; is not a valid email address.'],
    ];
    for (const [change, message] of cases) {
      const res = await post(c, { ...GOOD, ...change });
      expect(res.status, message).toBe(400);
      expect(res.text).toContain(message);
    }
    expect(await listSchedules(ts.server.ctx.store, await userId('careless'))).toEqual([]);
  });

  it('reads in German', async () => {
    const c = await loginAs(ts, 'leser', { isAuthorizedForMonitoringSystem: true });
    await sendOk(formSend('POST', 'api/v2/account/language', { language: 'de_DE' }), c);
    expect((await html(c, PAGE)).text).toContain('<h1>Geplante Berichte</h1>');
    expect((await html(c, PAGE)).text).toContain('Einen Bericht planen');
    expect((await html(c, HISTORY)).text).toContain('<h1>Verlauf geplanter Berichte</h1>');
  });
});
