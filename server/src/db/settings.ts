import type { Store } from './store.js';

/** JSON values under a key; callers merge over their own defaults so old rows survive new fields. */
export async function getSetting<T>(store: Store, key: string, fallback: T): Promise<T> {
  const row = await store.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return fallback;
  return JSON.parse(row.value) as T;
}

export async function setSetting(store: Store, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await store.insertInto('settings').values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json })).execute();
}
