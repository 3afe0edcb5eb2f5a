/**
 * Every request reads its session and its user in one query (db/sessions.ts): on PostgreSQL each query holds a pooled
 * connection for an event-loop turn, and two in a row made the pool the limit under load. Same answers as two reads.
 */
import { describe, expect, it } from 'vitest';
import { createSession, findLiveSessionWithUser } from '../../server/src/db/sessions.js';
import { findUserByName } from '../../server/src/db/users.js';
import { useTestServer } from './useTestServer.js';

const { ts } = useTestServer({ admin: false });

describe('a session with its user', () => {
  it('is the stored session and the stored user; an unknown or idle one is nothing, and the idle one is gone', async () => {
    const { store } = ts.server.ctx;
    const admin = (await findUserByName(store, 'nagiosadmin'))!;
    const now = Date.now();
    const made = await createSession(store, admin.id, now - 1_000);
    const found = await findLiveSessionWithUser(store, made.id, 60_000, now);
    expect(found?.session).toEqual(made);
    const { created_at: _created, ...user } = await store.selectFrom('users').selectAll().where('id', '=', admin.id).executeTakeFirstOrThrow();
    expect(found?.user).toEqual(user);
    expect(await findLiveSessionWithUser(store, 'no-such-session', 60_000, now)).toBeUndefined();

    expect(await findLiveSessionWithUser(store, made.id, 500, now)).toBeUndefined();
    expect(await store.selectFrom('sessions').select('id').where('id', '=', made.id).executeTakeFirst()).toBeUndefined();
  });
});
