import { createStore, delMany, get, keys, set, type UseStore } from 'idb-keyval';
import { createModelContext } from './modelContext';
import { PERSIST_PREFIX } from './persistKeys';

/** A stored copy of server data and when it was fetched from the server. */
export interface StoredCopy<T> {
  value: T;
  savedAt: number;
}

export interface KeyValue {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  keys(): Promise<IDBValidKey[]>;
  delMany(keys: IDBValidKey[]): Promise<void>;
}

export interface UserStoreDeps {
  /** IndexedDB (idb-keyval) in the browser; a Map-backed fake in tests; undefined where there is none. */
  kv?: KeyValue | undefined;
  local?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'> | undefined;
  /** Drops the service worker's per-user caches (the menu). */
  dropCaches?: () => Promise<void>;
}

/**
 * Every stored copy of one user's data (IndexedDB values with their fetch time, localStorage preferences), keyed by
 * that user. There is one owner at a time: a different user, a logout or a 401 drops everything first.
 */
export interface UserStore {
  /** Whose copies are kept: '' when nobody is known (then nothing is read or written). */
  owner(): string;
  get<T>(key: string): Promise<StoredCopy<T> | undefined>;
  put<T>(key: string, value: T, savedAt: number): void;
  /** A preference in localStorage, under the owner's own key. */
  getLocal(name: string): string | null;
  setLocal(name: string, value: string): void;
  /** Names the user whose data this browser now shows; anyone else's stored copies go first. */
  setOwner(user: string): Promise<void>;
  /** Drops every copy that is not the owner's: a page of the previous user may still finish a write after the switch. */
  sweep(): Promise<void>;
  /** Drops every stored copy (logout, 401). */
  forget(): Promise<void>;
}

const OWNER_KEY = 'pharos.owner';
const LOCAL_PREFIX = 'pharos.';

export function browserKeyValue(): KeyValue | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  let db: UseStore | undefined;
  // The default idb-keyval database, created on first use (the service worker reads the same one).
  const store = () => (db ??= createStore('keyval-store', 'keyval'));
  return {
    get: (key) => get(key, store()),
    set: (key, value) => set(key, value, store()),
    keys: () => keys(store()),
    delMany: (list) => delMany(list, store()),
  };
}

export function createUserStore({ kv, local, dropCaches }: UserStoreDeps): UserStore {
  let owner = safeLocal(() => local?.getItem(OWNER_KEY)) ?? '';
  const keyFor = (key: string) => `${PERSIST_PREFIX}${owner}:${key}`;

  /** Drops every stored copy except those of `keep` (none when ''): copies written for the new owner meanwhile stay. */
  const dropAllBut = async (keep: string) => {
    const mine = (name: string) => keep !== '' && name.endsWith(`:${keep}`);
    if (local) {
      const names: string[] = [];
      for (let i = 0; i < local.length; i += 1) {
        const name = local.key(i);
        if (name?.startsWith(LOCAL_PREFIX) && name.includes(':') && !mine(name)) names.push(name);
      }
      for (const name of names) local.removeItem(name);
    }
    const ownPrefix = `${PERSIST_PREFIX}${keep}:`;
    await Promise.all([
      kv ? kv.keys().then((all) => kv.delMany(all.filter((k) => {
        const key = String(k);
        return key.startsWith(PERSIST_PREFIX) && (keep === '' || !key.startsWith(ownPrefix));
      }))) : undefined,
      dropCaches?.(),
    ].map((p) => Promise.resolve(p).catch(() => undefined)));
  };

  return {
    owner: () => owner,
    async get<T>(key: string) {
      if (!kv || !owner) return undefined;
      try {
        const copy = await kv.get(keyFor(key)) as StoredCopy<T> | undefined;
        return copy && typeof copy === 'object' && typeof copy.savedAt === 'number' ? copy : undefined;
      } catch {
        return undefined;
      }
    },
    put(key, value, savedAt) {
      if (!kv || !owner) return;
      kv.set(keyFor(key), { value, savedAt }).catch(() => undefined);
    },
    getLocal: (name) => (owner ? safeLocal(() => local?.getItem(`${LOCAL_PREFIX}${name}:${owner}`)) ?? null : null),
    setLocal(name, value) {
      if (owner) safeLocal(() => local?.setItem(`${LOCAL_PREFIX}${name}:${owner}`, value));
    },
    async setOwner(user) {
      if (user === owner) return;
      owner = user;
      safeLocal(() => (user ? local?.setItem(OWNER_KEY, user) : local?.removeItem(OWNER_KEY)));
      await dropAllBut(user);
    },
    async sweep() {
      if (owner) await dropAllBut(owner);
    },
    async forget() {
      await dropAllBut('');
    },
  };
}

/** Storage can throw (private mode, quota, disabled); a preference is then simply not remembered. */
function safeLocal<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

export const UserStoreContext = createModelContext<UserStore>('UserStore');
export const useUserStore = UserStoreContext.use;
