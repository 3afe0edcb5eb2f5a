import { describe, expect, it } from 'vitest';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { formSend, loginAs, sendOk } from './writeGuards.js';

const { ts, admin } = useTestServer();

const rowsOf = (text: string) => [...text.matchAll(/<tr><td><time[^>]*>[^<]*<\/time><\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td><code>([^<]*)<\/code><\/td><\/tr>/g)]
  .map((m) => ({ user: m[1], address: m[2], action: m[3], object: m[4] }));

describe('Audit Log (spec 2.13)', () => {
  it('records logins, failed logins, writes and logouts with user, address, action and object', async () => {
    const bad = new Client(ts.url);
    expect((await bad.request('POST', 'login.php', { form: { username: 'auditor', password: 'wrong' } })).status).toBe(401);
    const user = await loginAs(ts, 'auditor');
    await sendOk(formSend('POST', 'api/v2/account/theme', { theme: 'neptunelight' }), user);
    await user.get(`login.php?logout&nsp=${user.nsp}`);
    const rows = rowsOf((await admin.get('admin/auditlog.php?user=auditor')).text);
    expect(rows.map((r) => [r.action, r.object])).toEqual([
      ['logout', 'session'],
      ['write', `POST ${new URL(ts.url).pathname}api/v2/account/theme`],
      ['login', 'session'],
      ['failed login', 'session'],
    ]);
    expect(rows.every((r) => r.address === '127.0.0.1')).toBe(true);
  });

  it('filters by action and object, and pages 50 entries at a time', async () => {
    const user = await loginAs(ts, 'busy');
    for (let i = 0; i < 55; i++) await sendOk(formSend('POST', 'api/v2/account/language', { language: 'en_US' }), user);
    const first = await admin.get('admin/auditlog.php?user=busy&action=write&object=language');
    expect(rowsOf(first.text)).toHaveLength(50);
    expect(first.text).toContain('of 55 entries');
    const second = await admin.get('admin/auditlog.php?user=busy&action=write&object=language&page=2');
    expect(rowsOf(second.text)).toHaveLength(5);
    expect(rowsOf((await admin.get('admin/auditlog.php?user=busy&action=login')).text)).toHaveLength(1);
  });

  it('is for administrators only', async () => {
    const user = await loginAs(ts, 'nosy', { isAuthorizedForMonitoringSystem: true });
    const res = await user.get('admin/auditlog.php');
    expect(res.status).toBe(403);
    expect(res.text).not.toContain('Audit log entries');
  });
});
