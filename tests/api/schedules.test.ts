import { beforeAll, describe, expect, it } from 'vitest';
import { listAudit, pruneAudit, recordAudit } from '../../server/src/db/auditLog.js';
import { listOutbox, listSchedules, MAX_SCHEDULES_PER_USER, nextRunAt, recordDueDeliveries } from '../../server/src/db/schedules.js';
import { pruneAuditLog } from '../../server/src/housekeeping.js';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { loginAs } from './writeGuards.js';

const PAGE = 'reports/schedulereport.php';
const HOSTS = 'includes/components/xicore/status.php?show=hosts';
const GOOD = { action: 'add', url: HOSTS, frequency: 'daily', time: '08:00', weekday: '1', monthday: '1', recipients: 'ops@example.com', format: 'pdf' };

let { ts } = useTestServer({ admin: false });
let origin: string;
beforeAll(() => { origin = new URL(ts.url).origin; });

/** A form post the way a browser on one of our pages sends it: nsp field and our Origin, no XSRF header. */
const post = (c: Client, form: Record<string, string>, headers: Record<string, string> = { origin }) =>
  c.post(PAGE, { nsp: c.nsp, ...form }, { headers, xsrf: false });
const userId = async (name: string) => (await ts.server.ctx.store.selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime();

describe('Schedule Page (spec 2.6): reports/schedulereport.php', () => {
  it('opens with the form for the page Page Actions names, and lists nothing yet', async () => {
    const c = await loginAs(ts, 'planner');
    const res = await c.get(`${PAGE}?type=page&url=${encodeURIComponent(HOSTS)}&wurl=${encodeURIComponent(ts.url + HOSTS)}&xi_basedir=${encodeURIComponent(new URL(ts.url).pathname)}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Schedule this page');
    expect(res.text).toContain('value="includes/components/xicore/status.php?show=hosts"');
    expect(res.text).toContain('You have not scheduled any pages.');
  });

  it('stores a schedule, lists it after a reload and a restart, and deletes it', async () => {
    const c = await loginAs(ts, 'keeper');
    const added = await post(c, { ...GOOD, frequency: 'weekly', weekday: '5', time: '07:30', recipients: 'a@example.com, b@example.com', format: 'html' });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(`${new URL(ts.url).pathname}${PAGE}?done=added`);
    expect((await c.get(`${PAGE}?done=added`)).text).toContain('Weekly on Friday at 07:30');
    ts = await ts.restart();
    origin = new URL(ts.url).origin;
    const again = new Client(ts.url);
    await again.login('keeper', 'user-password-1');
    const [stored] = await listSchedules(ts.server.ctx.store, await userId('keeper'));
    expect(stored).toMatchObject({ url: HOSTS, frequency: 'weekly', weekday: 5, time: '07:30', recipients: ['a@example.com', 'b@example.com'], format: 'html' });
    const listed = await again.get(PAGE);
    expect(listed.text).toContain('a@example.com, b@example.com');
    expect((await post(again, { action: 'delete', id: String(stored!.id) })).status).toBe(303);
    expect(await listSchedules(ts.server.ctx.store, await userId('keeper'))).toEqual([]);
  });

  it('shows and deletes only the user\'s own schedules', async () => {
    const alice = await loginAs(ts, 'alice-s');
    const bob = await loginAs(ts, 'bob-s');
    await post(alice, { ...GOOD, recipients: 'alice-secret@example.com' });
    const [schedule] = await listSchedules(ts.server.ctx.store, await userId('alice-s'));
    expect((await bob.get(PAGE)).text).not.toContain('alice-secret@example.com');
    const refused = await post(bob, { action: 'delete', id: String(schedule!.id) });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('That schedule does not exist');
    expect(await listSchedules(ts.server.ctx.store, await userId('alice-s'))).toHaveLength(1);
  });

  it('refuses bad input with a message, keeps what was typed, and stores nothing', async () => {
    const c = await loginAs(ts, 'careless');
    const cases: [Record<string, string>, string][] = [
      [{ recipients: '' }, 'Enter at least one recipient email address.'],
      [{ recipients: 'ops@example.com not-an-email' }, '&quot;not-an-email&quot; is not a valid email address.'],
      [{ time: '25:00' }, 'Enter the time of day as HH:MM'],
      [{ frequency: 'hourly' }, 'Choose how often to send the page'],
      [{ frequency: 'weekly', weekday: '7' }, 'Choose the day of the week.'],
      [{ frequency: 'monthly', monthday: '0' }, 'Enter the day of the month, from 1 to 31.'],
      [{ format: 'exe' }, 'Choose the format: PDF or HTML.'],
      [{ url: 'https://evil.example/' }, 'Only pages of this server can be scheduled.'],
      [{ url: '//evil.example/x' }, 'Only pages of this server can be scheduled.'],
      [{ url: '../../etc/passwd' }, 'Only pages of this server can be scheduled.'],
      [{ url: 'javascript:alert(1)' }, 'Only pages of this server can be scheduled.'],
      [{ url: 'includes/components/graphexplorer/index.php' }, 'The page you are requesting cannot be scheduled.'],
      [{ recipients: Array.from({ length: 21 }, (_, i) => `u${i}@example.com`).join(',') }, 'Enter at most 20 recipients.'],
    ];
    for (const [change, message] of cases) {
      const res = await post(c, { ...GOOD, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.text, JSON.stringify(change)).toContain(message);
    }
    const kept = await post(c, { ...GOOD, time: '07:45', recipients: 'keep@example.com, oops' });
    expect(kept.text).toContain('value="07:45"');
    expect(kept.text).toContain('value="keep@example.com, oops"');
    // A control character is refused by the input layer before the page sees it.
    expect((await post(c, { ...GOOD, recipients: 'ops@example.com\u0000' })).status).toBe(400);
    expect(await listSchedules(ts.server.ctx.store, await userId('careless'))).toEqual([]);
  });

  it('refuses a post without the session token or from another site, and one beyond the per-user limit', async () => {
    const c = await loginAs(ts, 'guarded');
    expect((await c.post(PAGE, GOOD, { headers: { origin }, xsrf: false })).status).toBe(403);
    expect((await post(c, GOOD, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await new Client(ts.url).post(PAGE, GOOD, { headers: { origin } })).status).toBe(303);
    expect(await listSchedules(ts.server.ctx.store, await userId('guarded'))).toEqual([]);
    for (let i = 0; i < MAX_SCHEDULES_PER_USER; i++) expect((await post(c, GOOD)).status).toBe(303);
    const over = await post(c, GOOD);
    expect(over.status).toBe(400);
    expect(over.text).toContain(`at most ${MAX_SCHEDULES_PER_USER} scheduled pages`);
  });

  it('records creating and deleting a schedule in the audit log', async () => {
    const c = await loginAs(ts, 'audited-s');
    await post(c, GOOD);
    const writes = (await listAudit(ts.server.ctx.store, { username: 'audited-s', action: 'write' }, 0, 10)).rows;
    expect(writes.map((r) => r.object)).toContain(`POST ${new URL(ts.url).pathname}${PAGE}`);
  });
});

describe('scheduled deliveries', () => {
  it('computes the next send time daily, weekly and monthly, across month and year ends', () => {
    expect(nextRunAt({ frequency: 'daily', time: '08:00' }, local(2026, 3, 10, 7, 59))).toBe(local(2026, 3, 10, 8, 0));
    expect(nextRunAt({ frequency: 'daily', time: '08:00' }, local(2026, 3, 10, 8, 0))).toBe(local(2026, 3, 11, 8, 0));
    expect(nextRunAt({ frequency: 'daily', time: '00:30' }, local(2026, 12, 31, 23, 0))).toBe(local(2027, 1, 1, 0, 30));
    // 2026-11-23 is a Monday.
    expect(nextRunAt({ frequency: 'weekly', time: '09:00', weekday: 5 }, local(2026, 11, 23, 12))).toBe(local(2026, 11, 27, 9, 0));
    expect(nextRunAt({ frequency: 'weekly', time: '09:00', weekday: 1 }, local(2026, 11, 23, 12))).toBe(local(2026, 11, 30, 9, 0));
    expect(nextRunAt({ frequency: 'monthly', time: '06:00', monthday: 31 }, local(2026, 1, 31, 7))).toBe(local(2026, 2, 28, 6, 0));
    expect(nextRunAt({ frequency: 'monthly', time: '06:00', monthday: 31 }, local(2026, 2, 28, 7))).toBe(local(2026, 3, 31, 6, 0));
    expect(nextRunAt({ frequency: 'monthly', time: '06:00', monthday: 15 }, local(2026, 12, 20))).toBe(local(2027, 1, 15, 6, 0));
  });

  it('records a due schedule in the outbox once, moves it on, and lists the delivery on the page', async () => {
    const c = await loginAs(ts, 'mailer');
    await post(c, { ...GOOD, time: '08:00', recipients: 'team@example.com' });
    const store = ts.server.ctx.store;
    const mailer = await userId('mailer');
    const [schedule] = await listSchedules(store, mailer);
    expect(await recordDueDeliveries(store, schedule!.nextRunAt - 1)).toBe(0);
    // Down for three days: one delivery, not three.
    await recordDueDeliveries(store, schedule!.nextRunAt + 3 * 86_400_000);
    const outbox = await listOutbox(store, mailer);
    expect(outbox).toEqual([expect.objectContaining({ url: HOSTS, recipients: ['team@example.com'], format: 'pdf', dueAt: schedule!.nextRunAt, deliveredAt: null })]);
    expect((await listSchedules(store, mailer))[0]!.nextRunAt).toBeGreaterThan(schedule!.nextRunAt + 3 * 86_400_000);
    expect((await c.get(PAGE)).text).toContain('Recorded in the outbox (not sent: this server has no mail transport)');
  });
});

describe('audit log retention', () => {
  it('removes entries older than the retention and beyond the row cap, oldest first', async () => {
    const store = ts.server.ctx.store;
    await store.deleteFrom('audit_log').execute();
    const day = 86_400_000;
    const now = Date.now();
    await recordAudit(store, { username: 'old', address: '127.0.0.1', action: 'write', object: 'ancient' }, now - 100 * day);
    for (let i = 0; i < 5; i++) await recordAudit(store, { username: 'new', address: '127.0.0.1', action: 'write', object: `recent ${i}` }, now - i);
    expect(await pruneAuditLog(ts.server.ctx, now)).toBe(1);
    expect((await listAudit(store, {}, 0, 10)).rows.map((r) => r.object)).not.toContain('ancient');
    expect(await pruneAudit(store, now - 90 * day, 3)).toBe(2);
    expect((await listAudit(store, {}, 0, 10)).rows.map((r) => r.object)).toEqual(['recent 4', 'recent 3', 'recent 2']);
  });
});
