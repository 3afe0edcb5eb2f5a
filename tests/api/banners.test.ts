import { describe, expect, it } from 'vitest';
import { Client } from './harness.js';
import { useTestServer } from './useTestServer.js';
import { adminClient, expectBadRequest, expectWriteGuards, formSend, loginAs, sendOk, USER_PASSWORD } from './writeGuards.js';
import { addBanner } from '../../server/src/db/banners.js';
import type { BannerMessage } from '../../src/lib/apiTypes.js';

const PATH = 'admin/banner_message-ajaxhelper.php';
let { ts, admin } = useTestServer();

const active = async (c: Client) => (await c.get<BannerMessage[]>(`${PATH}?action=retrieve_active_banner_messages`)).body;
const ack = (id: string | number) => formSend('POST', PATH, { action: 'acknowledge_banner_message', id: String(id) });

describe('retrieve_active_banner_messages', () => {
  it('answers 401 without a session', async () => {
    expect((await new Client(ts.url).get(`${PATH}?action=retrieve_active_banner_messages`)).status).toBe(401);
  });

  it('lists active banners in the classic shape, oldest first', async () => {
    const store = ts.server.ctx.store;
    const a = await addBanner(store, 'Maintenance <tonight>', 'warning', true);
    const b = await addBanner(store, 'Read only', 'critical', false);
    const c = await loginAs(ts, 'lister');
    expect(await active(c)).toEqual([
      { msg_id: String(a.id), message: 'Maintenance <tonight>', banner_color: 'banner_message_banner_warning', acknowledgeable: '1' },
      { msg_id: String(b.id), message: 'Read only', banner_color: 'banner_message_banner_critical', acknowledgeable: '0' },
    ]);
  });

  it('refuses unknown actions', async () => {
    expectBadRequest(await admin.get(`${PATH}?action=drop_tables`));
    expectBadRequest(await admin.get(PATH));
    expectBadRequest(await admin.get(`${PATH}?action=acknowledge_banner_message&id=1`));
  });
});

describe('acknowledge_banner_message', () => {
  it('hides the banner for the acknowledging user only, and keeps it hidden after a restart', async () => {
    const banner = await addBanner(ts.server.ctx.store, 'Upgrade on Friday', 'info', true);
    const alice = await loginAs(ts, 'alice');
    const bob = await loginAs(ts, 'bob');
    const res = await sendOk(ack(banner.id), alice);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg_id: String(banner.id), acknowledged: true });
    expect((await active(alice)).map((m) => m.msg_id)).not.toContain(String(banner.id));
    expect((await active(bob)).map((m) => m.msg_id)).toContain(String(banner.id));
    ts = await ts.restart();
    admin = await adminClient(ts);
    const again = new Client(ts.url);
    await again.login('alice', USER_PASSWORD);
    expect((await active(again)).map((m) => m.msg_id)).not.toContain(String(banner.id));
  });

  it('refuses banners that cannot be dismissed and keeps showing them', async () => {
    const banner = await addBanner(ts.server.ctx.store, 'Permanent', 'critical', false);
    const c = await loginAs(ts, 'stubborn');
    expectBadRequest(await sendOk(ack(banner.id), c));
    expect((await active(c)).map((m) => m.msg_id)).toContain(String(banner.id));
  });

  it('answers 404 for an unknown banner and 400 for a malformed id', async () => {
    const c = await loginAs(ts, 'prober');
    expectBadRequest(await sendOk(ack(999999), c), 404);
    expectBadRequest(await sendOk(ack('abc'), c));
    expectBadRequest(await sendOk(formSend('POST', PATH, { action: 'acknowledge_banner_message' }), c));
    expectBadRequest(await sendOk(formSend('POST', PATH, { action: 'retrieve_active_banner_messages' }), c));
    const count = await ts.server.ctx.store.selectFrom('banner_acks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('guards the write', async () => {
    const banner = await addBanner(ts.server.ctx.store, 'Guarded', 'success', true);
    const c = await loginAs(ts, 'guarded');
    await expectWriteGuards(ts, c, ack(banner.id));
    expect((await active(c)).map((m) => m.msg_id)).toContain(String(banner.id));
  });
});
