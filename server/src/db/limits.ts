import type { Store } from './store.js';

export type FailureKind = 'account' | 'address';
export interface FailureCount { failures: number; lockedUntil: number; lastFailure: number }

export async function findFailures(store: Store, kind: FailureKind, key: string): Promise<FailureCount | undefined> {
  const row = await store.selectFrom('login_failures').select(['failures', 'locked_until', 'last_failure'])
    .where('kind', '=', kind).where('key', '=', key).executeTakeFirst();
  return row && { failures: row.failures, lockedUntil: row.locked_until, lastFailure: row.last_failure };
}

/**
 * Counts one failure in a single statement, so failures sent to several processes at once all count. A count
 * idle longer than `forgetMs` (and not locked) starts again from one.
 */
export async function addFailure(store: Store, kind: FailureKind, key: string, now: number, forgetMs: number): Promise<FailureCount> {
  const row = await store.insertInto('login_failures')
    .values({ kind, key, failures: 1, locked_until: 0, last_failure: now })
    .onConflict((oc) => oc.columns(['kind', 'key']).doUpdateSet((eb) => ({
      failures: eb.case()
        .when(eb.and([eb('login_failures.last_failure', '<', now - forgetMs), eb('login_failures.locked_until', '<=', now)])).then(1)
        .else(eb('login_failures.failures', '+', 1)).end(),
      last_failure: now,
    })))
    .returning(['failures', 'locked_until', 'last_failure']).executeTakeFirstOrThrow();
  return { failures: row.failures, lockedUntil: row.locked_until, lastFailure: row.last_failure };
}

/** Never shortens a lock another process set meanwhile. */
export async function lockUntil(store: Store, kind: FailureKind, key: string, until: number): Promise<void> {
  await store.updateTable('login_failures').set({ locked_until: until })
    .where('kind', '=', kind).where('key', '=', key).where('locked_until', '<', until).execute();
}

export async function clearFailures(store: Store, kind: FailureKind, key: string): Promise<void> {
  await store.deleteFrom('login_failures').where('kind', '=', kind).where('key', '=', key).execute();
}

/** Housekeeping: counts nobody has added to for `forgetMs` and whose lock has run out. */
export async function forgetFailures(store: Store, now: number, forgetMs: number): Promise<number> {
  const r = await store.deleteFrom('login_failures').where('last_failure', '<', now - forgetMs).where('locked_until', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * A sliding-window limit: records the request and answers how many of this kind and key fall in the window,
 * this one included, with the oldest one's time.
 */
export async function countRateEvent(store: Store, kind: string, key: string, now: number, windowMs: number): Promise<{ count: number; oldest: number }> {
  return store.transaction().execute(async (trx) => {
    await trx.insertInto('rate_events').values({ kind, key, at: now }).execute();
    const row = await trx.selectFrom('rate_events')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('at').as('oldest')])
      .where('kind', '=', kind).where('key', '=', key).where('at', '>', now - windowMs).executeTakeFirstOrThrow();
    return { count: Number(row.n), oldest: Number(row.oldest ?? now) };
  });
}

/** Takes back a request that was refused, so refusals do not extend the wait. */
export async function dropRateEvent(store: Store, kind: string, key: string, at: number): Promise<void> {
  const newest = store.selectFrom('rate_events').select((eb) => eb.fn.max('id').as('id')).where('kind', '=', kind).where('key', '=', key).where('at', '=', at);
  await store.deleteFrom('rate_events').where('id', '=', (eb) => eb.selectFrom(newest.as('n')).select('n.id')).execute();
}

/** Housekeeping: events older than any window. */
export async function forgetRateEvents(store: Store, before: number): Promise<number> {
  const r = await store.deleteFrom('rate_events').where('at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
