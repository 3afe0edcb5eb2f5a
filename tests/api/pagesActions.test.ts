import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../server/src/db/users.js';
import { hashPassword } from '../../server/src/auth/password.js';
import { dateTimeInput } from '../../server/src/pages/format.js';
import { Client, startTestServer, type TestServer } from './harness.js';
import { FakeSource, NOW } from './pagesFixture.js';

const STATUS = 'includes/components/xicore/status.php';
const SERVICE_PAGE = `${STATUS}?show=servicedetail&host=web01&service=Disk+Usage`;
const HOST_PAGE = `${STATUS}?show=hostdetail&host=db01`;
const NOTICE = 'Command submitted. The result appears once the monitoring engine processes it.';

describe('classic status pages: command forms', () => {
  let ts: TestServer;
  let admin: Client;
  let origin: string;
  const source = new FakeSource();

  /** Posts a form the way a browser on one of our pages does: nsp field plus our Origin. */
  const send = (client: Client, page: string, form: Record<string, string>, headers: Record<string, string> = { origin }) =>
    client.post(page, { nsp: client.nsp, ...form }, { headers, xsrf: false });

  beforeAll(async () => {
    ts = await startTestServer({}, undefined, source);
    origin = new URL(ts.url).origin;
    admin = new Client(ts.url);
    await admin.login();
  });
  beforeEach(() => {
    source.submitted = [];
  });
  afterAll(() => ts.close());

  it('submits each command as the matching external command and returns to the detail page with a notice', async () => {
    const start = dateTimeInput(NOW + 600);
    const end = dateTimeInput(NOW + 4200);
    const cases: [string, Record<string, string>, unknown][] = [
      [SERVICE_PAGE, { cmd: 'acknowledge', host: 'web01', service: 'Disk Usage', comment: 'On it', sticky: '1', notify: '1' },
        { type: 'acknowledge', host: 'web01', service: 'Disk Usage', comment: 'On it', author: 'nagiosadmin', sticky: true, notify: true, persistent: false }],
      [HOST_PAGE, { cmd: 'acknowledge', host: 'db01', comment: 'Known', persistent: '1' },
        { type: 'acknowledge', host: 'db01', comment: 'Known', author: 'nagiosadmin', sticky: false, notify: false, persistent: true }],
      [SERVICE_PAGE, { cmd: 'remove_acknowledgement', host: 'web01', service: 'Disk Usage' }, { type: 'remove_acknowledgement', host: 'web01', service: 'Disk Usage' }],
      [HOST_PAGE, { cmd: 'schedule_downtime', host: 'db01', start_time: start, end_time: end, type: 'fixed', duration: '120', comment: 'Upgrade' },
        { type: 'schedule_downtime', host: 'db01', start: expect.any(Number), end: expect.any(Number), fixed: true, duration: 3600, author: 'nagiosadmin', comment: 'Upgrade' }],
      [SERVICE_PAGE, { cmd: 'schedule_downtime', host: 'web01', service: 'Disk Usage', start_time: start, end_time: end, type: 'flexible', duration: '30', comment: 'Flex' },
        { type: 'schedule_downtime', host: 'web01', service: 'Disk Usage', start: expect.any(Number), end: expect.any(Number), fixed: false, duration: 1800, author: 'nagiosadmin', comment: 'Flex' }],
      [`${STATUS}?show=hostdetail&host=mail01`, { cmd: 'delete_downtime', host: 'mail01', downtime_id: '7' }, { type: 'delete_downtime', id: 7, service: false }],
      [SERVICE_PAGE, { cmd: 'schedule_check', host: 'web01', service: 'Disk Usage', check_time: dateTimeInput(NOW + 60), forced: '1' },
        { type: 'schedule_check', host: 'web01', service: 'Disk Usage', time: expect.any(Number), forced: true }],
      [HOST_PAGE, { cmd: 'set_active_checks', host: 'db01', enabled: '0' }, { type: 'set_active_checks', host: 'db01', enabled: false }],
      [SERVICE_PAGE, { cmd: 'set_notifications', host: 'web01', service: 'Disk Usage', enabled: '1' }, { type: 'set_notifications', host: 'web01', service: 'Disk Usage', enabled: true }],
      [HOST_PAGE, { cmd: 'add_comment', host: 'db01', comment: 'Line one\nline two' }, { type: 'add_comment', host: 'db01', author: 'nagiosadmin', comment: 'Line one line two', persistent: false }],
    ];
    for (const [page, form, expected] of cases) {
      source.submitted = [];
      const res = await send(admin, page, form);
      expect(res.status, form.cmd).toBe(303);
      expect(source.submitted, form.cmd).toEqual([expected]);
      const location = res.headers.get('location')!;
      expect(location).toContain('notice=submitted');
      const back = await admin.get(location.slice(new URL(ts.url).pathname.length));
      expect(back.text).toContain(NOTICE);
    }
  });

  it('turns the server-local times of a downtime into the right UNIX times', async () => {
    await send(admin, HOST_PAGE, { cmd: 'schedule_downtime', host: 'db01', start_time: '2031-03-04T05:06', end_time: '2031-03-04T07:06', type: 'fixed', comment: 'Window' });
    const cmd = source.submitted[0] as { start: number; end: number; duration: number };
    expect(cmd.start).toBe(new Date(2031, 2, 4, 5, 6).getTime() / 1000);
    expect(cmd.end - cmd.start).toBe(7200);
    expect(cmd.duration).toBe(7200);
  });

  it('refuses forms without the nsp, from another origin, without an origin, or from users without permission', async () => {
    const form = { cmd: 'add_comment', host: 'db01', comment: 'x' };
    const noNsp = await admin.post(HOST_PAGE, form, { headers: { origin }, xsrf: false });
    expect(noNsp.status).toBe(403);
    expect(noNsp.text).toContain('nsp');
    expect((await send(admin, HOST_PAGE, { ...form, nsp: 'wrong' })).status).toBe(403);
    const foreign = await send(admin, HOST_PAGE, form, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.text).toContain('not sent from a page of this server');
    expect((await send(admin, HOST_PAGE, form, {})).status).toBe(403);
    expect((await send(admin, HOST_PAGE, form, { referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await send(admin, HOST_PAGE, form, { referer: `${ts.url}${HOST_PAGE}` })).status).toBe(303);

    await createUser(ts.server.ctx.store, 'watcher', hashPassword('watcher-password-1'), { canConfigureObjects: true });
    const watcher = new Client(ts.url);
    await watcher.login('watcher', 'watcher-password-1');
    const page = await watcher.get(HOST_PAGE);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('name="cmd"');
    const denied = await send(watcher, HOST_PAGE, form);
    expect(denied.status).toBe(403);
    expect(denied.text).toContain('not authorized to submit commands');

    const anonymous = new Client(ts.url);
    const redirected = await anonymous.post(HOST_PAGE, form, { headers: { origin } });
    expect(redirected.status).toBe(303);
    expect(redirected.headers.get('location')).toContain('login.php?redirect=');
    expect(source.submitted).toHaveLength(1);
  });

  it('lets monitoring users without admin rights send commands', async () => {
    await createUser(ts.server.ctx.store, 'operator', hashPassword('operator-password-1'), { isAuthorizedForMonitoringSystem: true });
    const operator = new Client(ts.url);
    await operator.login('operator', 'operator-password-1');
    expect((await send(operator, HOST_PAGE, { cmd: 'add_comment', host: 'db01', comment: 'Hi' })).status).toBe(303);
    expect(source.submitted).toEqual([expect.objectContaining({ author: 'operator', comment: 'Hi' })]);
  });

  it('shows invalid input again with a clear message and what the user typed', async () => {
    const ack = await send(admin, SERVICE_PAGE, { cmd: 'acknowledge', host: 'web01', service: 'Disk Usage', comment: '  ', notify: '1' });
    expect(ack.status).toBe(400);
    expect(ack.text).toContain('Enter a comment.');
    expect(ack.text).toMatch(/id="acknowledge-sticky" name="sticky" value="1">/);
    expect(ack.text).toMatch(/id="acknowledge-notify" name="notify" value="1" checked>/);

    const downtime = await send(admin, HOST_PAGE, { cmd: 'schedule_downtime', host: 'db01', start_time: '2031-01-02T10:00', end_time: '2031-01-02T09:00', type: 'flexible', duration: '45', comment: 'Keep <me>' });
    expect(downtime.status).toBe(400);
    expect(downtime.text).toContain('The end time must be after the start time.');
    expect(downtime.text).toContain('value="Keep &lt;me&gt;"');
    expect(downtime.text).toContain('value="2031-01-02T09:00"');
    expect(downtime.text).toContain('value="45"');
    expect(downtime.text).toMatch(/value="flexible" checked>/);

    const badTime = await send(admin, HOST_PAGE, { cmd: 'schedule_check', host: 'db01', check_time: 'tomorrow' });
    expect(badTime.status).toBe(400);
    expect(badTime.text).toContain('The check time must be a date and time');
    expect(badTime.text).toContain('value="tomorrow"');

    const okAck = await send(admin, `${STATUS}?show=hostdetail&host=web01`, { cmd: 'acknowledge', host: 'web01', comment: 'x' });
    expect(okAck.status).toBe(400);
    expect(okAck.text).toContain('Only a problem can be acknowledged; this host is UP.');
    expect((await send(admin, HOST_PAGE, { cmd: 'delete_downtime', host: 'db01', downtime_id: '7' })).text).toContain('That downtime no longer exists.');
    const injected = await send(admin, SERVICE_PAGE, { cmd: 'acknowledge', host: 'web01', service: 'Disk Usage', comment: 'ok;DISABLE_NOTIFICATIONS' });
    expect(injected.status).toBe(400);
    expect(injected.text).toContain('The comment must not contain a semicolon (;).');
    expect(injected.text).toContain('value="ok;DISABLE_NOTIFICATIONS"');
    expect((await send(admin, HOST_PAGE, { cmd: 'explode', host: 'db01' })).status).toBe(400);
    expect((await send(admin, `${STATUS}?show=hostdetail&host=ghost`, { cmd: 'add_comment', host: 'ghost', comment: 'x' })).status).toBe(404);
    expect(source.submitted).toEqual([]);
  });

  it('lists a submitted command as pending until the snapshot reflects it', async () => {
    await send(admin, HOST_PAGE, { cmd: 'set_notifications', host: 'db01', enabled: '0' });
    const waiting = (await admin.get(HOST_PAGE)).text;
    expect(waiting).toMatch(/<h2 id="pending-title">Waiting for the monitoring engine<\/h2>/);
    expect(waiting).toContain('Change notifications');
    const db01 = source.snap.hosts.find((h) => h.host_name === 'db01')!;
    source.snap = { ...source.snap, hosts: source.snap.hosts.map((h) => (h === db01 ? { ...h, notifications_enabled: 0 } : h)) };
    const done = (await admin.get(HOST_PAGE)).text;
    // Earlier tests' commands for db01 are still waiting; this one is not any more.
    expect(done).not.toContain('Change notifications');
    expect(done).toMatch(/<h3 id="set_notifications-title">Notifications<\/h3>[\s\S]*?Currently <strong>disabled<\/strong>/);
  });
});
