import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStorage } from '../../server/src/db/database.js';
import { localExclusive, type Storage } from '../../server/src/db/store.js';
import { createChangeFeed } from '../../server/src/monitoring/changeFeed.js';
import { emptySnapshot } from '../../server/src/monitoring/empty.js';
import type { MonitoringSnapshot, ServiceStatus } from '../../server/src/monitoring/source.js';
import { host, service } from './fakeEngines.js';

const snapshot = (updated: number, services: ServiceStatus[]): MonitoringSnapshot =>
  ({ ...emptySnapshot(), updated, hosts: [host('web1'), host('db1')], services });
const broken = (d: string, since: number) => ({ ...service('web1', d, 2), last_state_change: since });

let storage: Storage;
beforeAll(async () => { storage = await openSqliteStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-feed-'))); });
afterAll(() => storage.close());

describe('the change feed lives in the database (issue 22): two processes give a cursor one meaning', () => {
  it('a display whose polls alternate between processes sees each change once, never twice, never missed', async () => {
    const a = createChangeFeed(storage);
    const b = createChangeFeed(storage);
    const calm = snapshot(100, [service('web1', 'HTTP'), service('db1', 'MySQL')]);
    const first = await a.read(undefined, calm);
    expect(first.problems).toEqual([]);

    const http = broken('HTTP', 110);
    const storm = snapshot(110, [http, service('db1', 'MySQL')]);
    // Both processes see the new data; whichever records it first, the change is logged once.
    await b.observe(storm);
    const onA = await a.read(first.cursor, storm);
    expect(onA.changes).toEqual([{ kind: 'problem', problem: expect.objectContaining({ host_name: 'web1', service_description: 'HTTP', last_state_change: 110 }) }]);
    expect(await b.read(onA.cursor, storm)).toMatchObject({ cursor: onA.cursor, changes: [] });

    const cleared = snapshot(120, [service('web1', 'HTTP'), service('db1', 'MySQL')]);
    const onB = await b.read(onA.cursor, cleared);
    expect(onB.changes).toEqual([{ kind: 'cleared', host_name: 'web1', service_description: 'HTTP' }]);
    // A process still holding the older data does not record it again: nothing is replayed.
    expect(await a.read(onB.cursor, storm)).toMatchObject({ cursor: onB.cursor, changes: [] });
    expect(await a.read(first.cursor, cleared)).toMatchObject({ changes: [expect.objectContaining({ kind: 'problem' }), expect.objectContaining({ kind: 'cleared' })] });
  });

  it('keeps its cursor across a restart, and answers the whole list for a cursor it cannot continue', async () => {
    const later = createChangeFeed(storage);
    const now = snapshot(130, [broken('Disk', 125), service('db1', 'MySQL')]);
    const whole = await later.read('00000000.3', now);
    expect(whole.problems).toEqual([expect.objectContaining({ service_description: 'Disk' })]);
    const [run] = whole.cursor.split('.');
    expect((await later.read(`${run}.999999`, now)).problems).toHaveLength(1);
  });

  it('a simulation started afresh begins a new feed: the whole list under a new run, no replay of differences', async () => {
    const before = await createChangeFeed(storage).read(undefined, snapshot(300, [broken('HTTP', 290)]));
    const restarted = createChangeFeed(storage, { resumes: false });
    const after = await restarted.read(before.cursor, snapshot(301, [broken('HTTP', 299), broken('Disk', 299)]));
    expect(after.changes).toBeUndefined();
    expect(after.problems).toHaveLength(2);
    expect(after.cursor.split('.')[0]).not.toBe(before.cursor.split('.')[0]);
    // From then on it goes on as any feed does.
    expect(await restarted.read(after.cursor, snapshot(302, [broken('Disk', 299)]))).toMatchObject({ changes: [{ kind: 'cleared', service_description: 'HTTP' }] });
  });

  it('answers the whole list for a cursor older than the changes it keeps', async () => {
    const small = createChangeFeed(storage, { capacity: 2 });
    const start = await small.read(undefined, snapshot(400, []));
    for (let t = 401; t <= 405; t++) await small.observe(snapshot(t, t % 2 ? [broken('HTTP', t)] : []));
    const answer = await small.read(start.cursor, snapshot(405, [broken('HTTP', 405)]));
    expect(answer.changes).toBeUndefined();
    expect(answer.problems).toEqual([expect.objectContaining({ service_description: 'HTTP', last_state_change: 405 })]);
  });

  it('stores a large list compactly, and another process reads it back whole; a list stored as plain JSON still reads', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => broken(`Check ${String(i).padStart(4, '0')}`, 500));
    const many2 = snapshot(500, many);
    const writer = createChangeFeed(storage);
    await writer.observe(many2);
    const stored = await storage.store.selectFrom('alert_feed').select('problems').executeTakeFirstOrThrow();
    // 5,000 problems are about 900 KB of JSON; every change rewrote that much, holding the event loop meanwhile.
    expect(stored.problems.length).toBeLessThan(100_000);
    const whole = await createChangeFeed(storage).read(undefined, many2);
    expect(whole.problems).toHaveLength(5000);
    expect(whole.problems![4999]).toMatchObject({ host_name: 'web1', service_description: 'Check 4999', current_state: 2 });

    // A database written by an earlier version holds the list as JSON: the next process compares with it.
    await storage.store.updateTable('alert_feed').set({ problems: JSON.stringify(whole.problems!.slice(0, 1)) }).execute();
    const reader = createChangeFeed(storage);
    await reader.observe(snapshot(501, many.slice(0, 2)));
    expect((await reader.read(whole.cursor, snapshot(501, many.slice(0, 2)))).changes).toEqual([
      expect.objectContaining({ kind: 'problem', problem: expect.objectContaining({ service_description: 'Check 0001' }) }),
    ]);
  });

  it('two writers that each keep only their own turns apart still log a change once (two servers on one SQLite file)', async () => {
    // Each as its own process would be: one database, but a lock of its own.
    const a = createChangeFeed({ store: storage.store, exclusive: localExclusive() });
    const b = createChangeFeed({ store: storage.store, exclusive: localExclusive() });
    const calm = snapshot(10_000, [service('web1', 'HTTP'), service('db1', 'MySQL')]);
    const first = await a.read(undefined, calm);
    const storm = snapshot(10_010, [broken('HTTP', 10_005), service('db1', 'MySQL')]);
    // Both compare the same stored list with the same new data at the same time; one of them records the change.
    await Promise.all([a.observe(storm), b.observe(storm)]);
    const seen = await b.read(first.cursor, storm);
    expect(seen.changes).toEqual([{ kind: 'problem', problem: expect.objectContaining({ host_name: 'web1', service_description: 'HTTP' }) }]);
    expect(await a.read(seen.cursor, storm)).toMatchObject({ cursor: seen.cursor, changes: [] });
  });
});
