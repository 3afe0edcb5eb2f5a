import type { Store } from './store.js';

/** The alert list as last recorded, with the number of the last change that led to it. */
export interface FeedState { run: string; seq: number; updated: number; problems: string }

export function readFeedState(store: Store): Promise<FeedState | undefined> {
  return store.selectFrom('alert_feed').select(['run', 'seq', 'updated', 'problems']).where('id', '=', 1).executeTakeFirst();
}

/** The feed's position only: the list itself is megabytes at tens of thousands of problems, read when needed. */
export function readFeedHead(store: Store): Promise<Omit<FeedState, 'problems'> | undefined> {
  return store.selectFrom('alert_feed').select(['run', 'seq', 'updated']).where('id', '=', 1).executeTakeFirst();
}

export function changesSince(store: Store, seq: number): Promise<{ seq: number; body: string }[]> {
  return store.selectFrom('alert_changes').select(['seq', 'body']).where('seq', '>', seq).orderBy('seq').execute();
}

/**
 * Appends the changes and stores the list they lead to, in one transaction, keeping the newest `capacity` changes.
 * Callers keep writers apart (Storage.exclusive), so change numbers are committed in order. Returns the last number.
 */
export async function recordFeed(store: Store, state: Omit<FeedState, 'seq'>, bodies: string[], capacity: number): Promise<number> {
  return store.transaction().execute(async (trx) => {
    let seq = (await readFeedState(trx))?.seq ?? 0;
    for (const body of bodies) seq = (await trx.insertInto('alert_changes').values({ body }).returning('seq').executeTakeFirstOrThrow()).seq;
    await trx.insertInto('alert_feed').values({ id: 1, ...state, seq })
      .onConflict((oc) => oc.column('id').doUpdateSet({ run: state.run, seq, updated: state.updated, problems: state.problems })).execute();
    if (bodies.length) await trx.deleteFrom('alert_changes').where('seq', '<=', seq - capacity).execute();
    return seq;
  });
}
