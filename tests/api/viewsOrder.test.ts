import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByName } from '../../server/src/db/users.js';
import { listViews } from '../../server/src/db/views.js';
import { Client, startTestServer, type TestServer } from './harness.js';
import { FakeSource } from './pagesFixture.js';

/** Issue 38: a view dropped after a drag on Manage My Views takes the place it was dropped at. */
describe('Manage My Views: moving a view to a place', () => {
  let ts: TestServer;
  let admin: Client;
  let origin: string;
  let userId: number;
  const titles = async () => (await listViews(ts.server.ctx.store, userId)).map((v) => v.title);
  const idOf = async (title: string) => (await listViews(ts.server.ctx.store, userId)).find((v) => v.title === title)!.id;
  const drop = (id: number | string, position: string) =>
    admin.post('views/main.php', { nsp: admin.nsp, action: 'to', id: String(id), position }, { headers: { origin }, xsrf: false });

  beforeAll(async () => {
    ts = await startTestServer({}, undefined, new FakeSource());
    origin = new URL(ts.url).origin;
    admin = new Client(ts.url);
    await admin.login();
    await admin.get('views/main.php');
    userId = (await findUserByName(ts.server.ctx.store, 'nagiosadmin'))!.id;
  });
  afterAll(() => ts.close());

  it('puts the view at the place it was dropped, the others keeping their order, past the end as last', async () => {
    expect(await titles()).toEqual(['Problems board', 'Tactical overview', 'Host groups']);
    const moved = await drop(await idOf('Host groups'), '0');
    expect(moved.status).toBe(303);
    expect(moved.headers.get('location')).toMatch(/views\/main\.php\?done=moved$/);
    expect(await titles()).toEqual(['Host groups', 'Problems board', 'Tactical overview']);
    await drop(await idOf('Host groups'), '99');
    expect(await titles()).toEqual(['Problems board', 'Tactical overview', 'Host groups']);
    await drop(await idOf('Problems board'), '1');
    expect(await titles()).toEqual(['Tactical overview', 'Problems board', 'Host groups']);
  });

  it('refuses a place that is not a number, or a view that is not there, and changes nothing', async () => {
    const before = await titles();
    const bad = await drop(await idOf('Host groups'), 'first');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('The field &#39;position&#39; must be a whole number.');
    expect((await drop(await idOf('Host groups'), '')).status).toBe(400);
    expect((await drop(987654, '0')).status).toBe(404);
    expect(await titles()).toEqual(before);
  });
});
