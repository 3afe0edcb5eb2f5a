import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Store } from './store.js';

/** The alert list as last recorded (JSON), with the number of the last change that led to it. */
export interface FeedState { run: string; seq: number; updated: number; problems: string }

const deflate = promisify(zlib.deflateRaw);
const inflate = promisify(zlib.inflateRaw);

/**
 * How a list is stored: compressed, as text. 12,000 problems are 2 MB of JSON and 140 KB packed; written as JSON for
 * every change, SQLite held the event loop 20 to 90 ms a time. Compressing runs on libuv's thread pool, not on it. A
 * list stored as plain JSON (by an earlier version) is read as it is.
 */
const PACKED = 'deflate:';

async function pack(json: string): Promise<string> {
  return PACKED + (await deflate(Buffer.from(json), { level: 3 })).toString('base64');
}

async function unpack(stored: string): Promise<string> {
  return stored.startsWith(PACKED) ? (await inflate(Buffer.from(stored.slice(PACKED.length), 'base64'))).toString() : stored;
}

export async function readFeedState(store: Store): Promise<FeedState | undefined> {
  const row = await store.selectFrom('alert_feed').select(['run', 'seq', 'updated', 'problems']).where('id', '=', 1).executeTakeFirst();
  return row && { ...row, problems: await unpack(row.problems) };
}

/** The feed's position only: the list itself is megabytes at tens of thousands of problems, read when needed. */
export function readFeedHead(store: Store): Promise<Omit<FeedState, 'problems'> | undefined> {
  return store.selectFrom('alert_feed').select(['run', 'seq', 'updated']).where('id', '=', 1).executeTakeFirst();
}

export function changesSince(store: Store, seq: number): Promise<{ seq: number; body: string }[]> {
  return store.selectFrom('alert_changes').select(['seq', 'body']).where('seq', '>', seq).orderBy('seq').execute();
}

/** Where the feed stood when a writer read it: its changes follow that place only. */
export type FeedHead = Pick<FeedState, 'run' | 'seq'> | undefined;

/**
 * Appends the changes and stores the list they lead to, in one transaction, keeping the newest `capacity` changes.
 * Callers keep writers apart (Storage.exclusive); where two writers still meet (two servers on one SQLite file, which
 * each keep only their own turns apart), the changes are recorded only if the feed still stands where the caller read
 * it (`from`): otherwise another writer got there first, and undefined tells the caller to compare again, rather than
 * appending the same change twice. Returns the last number.
 */
export async function recordFeed(store: Store, state: Omit<FeedState, 'seq'>, bodies: string[], capacity: number, from: FeedHead): Promise<number | undefined> {
  const problems = await pack(state.problems);
  try {
    return await store.transaction().execute(async (trx) => {
      // The position only: the stored list is replaced here.
      const head = await readFeedHead(trx);
      if (head?.run !== from?.run || head?.seq !== from?.seq) return undefined;
      let seq = head?.seq ?? 0;
      for (const body of bodies) seq = (await trx.insertInto('alert_changes').values({ body }).returning('seq').executeTakeFirstOrThrow()).seq;
      await trx.insertInto('alert_feed').values({ id: 1, ...state, problems, seq })
        .onConflict((oc) => oc.column('id').doUpdateSet({ run: state.run, seq, updated: state.updated, problems })).execute();
      if (bodies.length) await trx.deleteFrom('alert_changes').where('seq', '<=', seq - capacity).execute();
      return seq;
    });
  } catch (err) {
    // SQLite: another connection wrote after this transaction's read, so its snapshot is stale; the same case as above.
    if ((err as { code?: string }).code === 'SQLITE_BUSY_SNAPSHOT') return undefined;
    throw err;
  }
}
