import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createUserStore, type KeyValue } from './store';

function memoryKv(): KeyValue & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: async (key) => map.get(key),
    set: async (key, value) => { map.set(key, value); },
    keys: async () => [...map.keys()],
    delMany: async (keys) => { for (const key of keys) map.delete(String(key)); },
  };
}

beforeEach(() => localStorage.clear());

describe('per-user store', () => {
  it('keeps copies with their fetch time under the owner, and reads only the owner\'s', async () => {
    const kv = memoryKv();
    const store = createUserStore({ kv, local: localStorage });
    await store.setOwner('u1');
    store.put('menu', { a: 1 }, 1000);
    await vi.waitFor(() => expect(kv.map.has('pharos:resource:u1:menu')).toBe(true));
    expect(await store.get('menu')).toEqual({ value: { a: 1 }, savedAt: 1000 });
    await store.setOwner('u2');
    expect(await store.get('menu')).toBeUndefined();
    expect(kv.map.size).toBe(0);
  });

  it('another user drops everyone else\'s copies and preferences, but not what the new owner already wrote', async () => {
    const kv = memoryKv();
    kv.map.set('pharos:resource:u1:auth', { value: 'A', savedAt: 1 });
    kv.map.set('pharos:resource:u2:auth', { value: 'B', savedAt: 2 });
    kv.map.set('unrelated', 1);
    localStorage.setItem('pharos.owner', 'u1');
    localStorage.setItem('pharos.theme:u1', 'neptunelight');
    const dropCaches = vi.fn(async () => undefined);
    const store = createUserStore({ kv, local: localStorage, dropCaches });
    expect(store.getLocal('theme')).toBe('neptunelight');
    await store.setOwner('u2');
    expect([...kv.map.keys()].sort()).toEqual(['pharos:resource:u2:auth', 'unrelated']);
    expect(localStorage.getItem('pharos.theme:u1')).toBeNull();
    expect(localStorage.getItem('pharos.owner')).toBe('u2');
    expect(store.getLocal('theme')).toBeNull();
    expect(dropCaches).toHaveBeenCalled();
  });

  it('sweep drops what another user\'s page wrote after the switch, and keeps the owner\'s', async () => {
    const kv = memoryKv();
    const store = createUserStore({ kv, local: localStorage });
    await store.setOwner('u2');
    kv.map.set('pharos:resource:u1:menu', { value: 'late', savedAt: 1 });
    kv.map.set('pharos:resource:u2:menu', { value: 'mine', savedAt: 2 });
    await store.sweep();
    expect([...kv.map.keys()]).toEqual(['pharos:resource:u2:menu']);
  });

  it('forget drops every copy, its own owner\'s too (logout, 401)', async () => {
    const kv = memoryKv();
    const store = createUserStore({ kv, local: localStorage });
    await store.setOwner('u1');
    store.put('auth', { username: 'x' }, 1);
    store.setLocal('theme', 'neptune');
    await vi.waitFor(() => expect(kv.map.size).toBe(1));
    await store.forget();
    expect(kv.map.size).toBe(0);
    expect(localStorage.getItem('pharos.theme:u1')).toBeNull();
  });

  it('stores and reads nothing while no user is known', async () => {
    const kv = memoryKv();
    const store = createUserStore({ kv, local: localStorage });
    await store.setOwner('');
    store.put('menu', {}, 1);
    store.setLocal('theme', 'neptune');
    expect(kv.map.size).toBe(0);
    expect(await store.get('menu')).toBeUndefined();
    expect(store.getLocal('theme')).toBeNull();
  });
});
