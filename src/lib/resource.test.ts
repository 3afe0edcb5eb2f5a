import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_TIME_MS, createMutation, createResourceRegistry, retryDelay } from './resource';
import { ApiError } from './http';

const { createResource, revalidateAll, clearResources } = createResourceRegistry();

let seq = 0;
const key = () => `test-${++seq}`;

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  clearResources();
});

describe('retries', () => {
  it('backs off 1 s, 2 s, 4 s … capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('retries a failing read 3 times with doubling delays, then reports the error and keeps loading false', async () => {
    const load = vi.fn().mockRejectedValue(new Error('boom'));
    const r = createResource({ key: key(), load });
    r.watch();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(load).toHaveBeenCalledTimes(4);
    expect(r.error.value?.message).toBe('boom');
    expect(r.loading.value).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('caps the delay at 30 s when more retries are allowed', async () => {
    const load = vi.fn().mockRejectedValue(new Error('down'));
    const r = createResource({ key: key(), load, retries: 7 });
    r.watch();
    const expected = [1000, 2000, 4000, 8000, 16000, 30000, 30000];
    await vi.advanceTimersByTimeAsync(0);
    for (const [i, delay] of expected.entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(load).toHaveBeenCalledTimes(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(load).toHaveBeenCalledTimes(i + 2);
    }
  });

  it('does not retry client errors such as 404', async () => {
    const load = vi.fn().mockRejectedValue(new ApiError(404, 'Not found.'));
    const r = createResource({ key: key(), load });
    r.watch();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect((r.error.value as ApiError).status).toBe(404);
  });

  it('recovers when a retry succeeds', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('flaky')).mockResolvedValue(7);
    const r = createResource({ key: key(), load });
    r.watch();
    await vi.advanceTimersByTimeAsync(1000);
    expect(r.data.value).toBe(7);
    expect(r.error.value).toBeUndefined();
  });

  it('never retries writes', async () => {
    const write = vi.fn().mockRejectedValue(new Error('nope'));
    const m = createMutation(write);
    await expect(m.run(undefined)).rejects.toThrow('nope');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(write).toHaveBeenCalledTimes(1);
    expect(m.error.value?.message).toBe('nope');
    expect(m.pending.value).toBe(false);
  });
});

describe('sharing', () => {
  it('gives the same instance for the same key and loads once for two consumers', async () => {
    const k = key();
    const load = vi.fn().mockResolvedValue('v');
    const a = createResource({ key: k, load });
    const b = createResource({ key: k, load: vi.fn() });
    expect(a).toBe(b);
    a.watch();
    b.watch();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(b.data.value).toBe('v');
  });
});

describe('registries', () => {
  it('in development, asking again for a key with other options is an error; another load or a left-out option is not', () => {
    const k = key();
    const r = createResource({ key: k, load: vi.fn(), pollInterval: 1000, staleTime: 5, persist: (v: unknown) => v });
    expect(createResource({ key: k, load: vi.fn() })).toBe(r);
    expect(createResource({ key: k, load: vi.fn(), pollInterval: 1000, retries: 3, persist: (v: unknown) => v })).toBe(r);
    expect(() => createResource({ key: k, load: vi.fn(), pollInterval: 2000 })).toThrow('Resource "' + k + '" already exists with other pollInterval.');
    expect(() => createResource({ key: k, load: vi.fn(), staleTime: 0, retries: 0, persist: true })).toThrow('other staleTime, retries, persist.');
  });

  it('shares nothing with another registry', () => {
    const k = key();
    const r = createResource({ key: k, load: vi.fn() });
    const other = createResourceRegistry();
    const elsewhere = other.createResource({ key: k, load: vi.fn(), staleTime: Infinity });
    expect(elsewhere).not.toBe(r);
    other.clearResources();
    expect(createResource({ key: k, load: vi.fn() })).toBe(r);
  });
});

describe('retention', () => {
  it('keeps the value for 5 minutes after the last watcher leaves, then evicts it', async () => {
    const k = key();
    const load = vi.fn().mockResolvedValue(1);
    const r = createResource({ key: k, load, staleTime: Infinity });
    const stopA = r.watch();
    const stopB = r.watch();
    await vi.advanceTimersByTimeAsync(0);
    stopA();
    await vi.advanceTimersByTimeAsync(CACHE_TIME_MS);
    expect(r.data.value).toBe(1);
    stopB();
    await vi.advanceTimersByTimeAsync(CACHE_TIME_MS - 1);
    expect(r.data.value).toBe(1);
    expect(createResource({ key: k, load })).toBe(r);
    await vi.advanceTimersByTimeAsync(1);
    expect(r.data.value).toBeUndefined();
    expect(createResource({ key: k, load })).not.toBe(r);
  });

  it('a new watcher within 5 minutes cancels the eviction and reuses the value', async () => {
    const load = vi.fn().mockResolvedValue(1);
    const r = createResource({ key: key(), load, staleTime: Infinity });
    const stop = r.watch();
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(CACHE_TIME_MS - 10);
    r.watch();
    await vi.advanceTimersByTimeAsync(CACHE_TIME_MS * 2);
    expect(r.data.value).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('aborts a load in flight when it is evicted', async () => {
    let seen: AbortSignal | undefined;
    const r = createResource({ key: key(), load: (signal) => { seen = signal; return new Promise<number>(() => {}); } });
    const stop = r.watch();
    await vi.advanceTimersByTimeAsync(0);
    stop();
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(CACHE_TIME_MS);
    expect(seen?.aborted).toBe(true);
    expect(r.loading.value).toBe(false);
  });
});

describe('polling', () => {
  it('polls only while watched', async () => {
    const load = vi.fn().mockResolvedValue('x');
    const r = createResource({ key: key(), load, pollInterval: 10_000 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(load).not.toHaveBeenCalled();
    const stop = r.watch();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('stale-while-revalidate', () => {
  it('keeps showing the last value while revalidating, and keeps it when the revalidation fails', async () => {
    const second = deferred<string>();
    const load = vi.fn().mockResolvedValueOnce('old').mockReturnValueOnce(second.promise).mockRejectedValue(new ApiError(500, 'down'));
    const r = createResource({ key: key(), load, retries: 0 });
    const stop = r.watch();
    await vi.advanceTimersByTimeAsync(0);
    expect(r.data.value).toBe('old');
    stop();
    r.watch();
    expect(load).toHaveBeenCalledTimes(2);
    expect(r.loading.value).toBe(true);
    expect(r.data.value).toBe('old');
    second.resolve('new');
    await vi.advanceTimersByTimeAsync(0);
    expect(r.data.value).toBe('new');
    await r.refresh();
    expect(r.data.value).toBe('new');
    expect(r.error.value?.message).toBe('down');
  });

  it('does not revalidate a fresh value', async () => {
    const load = vi.fn().mockResolvedValue(1);
    const r = createResource({ key: key(), load, staleTime: 60_000 });
    const stop = r.watch();
    await vi.advanceTimersByTimeAsync(0);
    stop();
    r.watch();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('refresh cancels the load in flight so an older answer cannot overwrite a newer one', async () => {
    const first = deferred<string>();
    const load = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce('second');
    const r = createResource({ key: key(), load });
    r.watch();
    await r.refresh();
    first.resolve('first');
    await vi.advanceTimersByTimeAsync(0);
    expect(r.data.value).toBe('second');
  });
});

describe('after an outage', () => {
  it('revalidateAll clears the outage error at once and loads every resource again', async () => {
    let up = false;
    const resource = createResource<number>({ key: 'outage.test', load: async () => { if (!up) throw new ApiError(0, 'down'); return 7; }, retries: 0 });
    await resource.refresh();
    expect(resource.error.value).toBeInstanceOf(ApiError);
    up = true;
    revalidateAll();
    expect(resource.error.value).toBeUndefined();
    await vi.waitFor(() => expect(resource.data.value).toBe(7));
    expect(resource.fromStore.value).toBe(false);
    expect(resource.updatedAt.value).toBeTypeOf('number');
  });

  it('paints the stored copy with its fetch time when the server is unreachable, and never calls it live', async () => {
    const saved: Record<string, { value: unknown; savedAt: number }> = { 'stored.test': { value: 'old', savedAt: 1234 } };
    const storage = {
      get: async <T,>(key: string) => saved[key] as { value: T; savedAt: number } | undefined,
      put: (key: string, value: unknown, savedAt: number) => { saved[key] = { value, savedAt }; },
    };
    let up = false;
    const resource = createResource<string>({ key: 'stored.test', load: async () => { if (!up) throw new ApiError(503, 'down'); return 'new'; }, retries: 0, persist: true, storage });
    await resource.refresh();
    expect(resource.data.value).toBe('old');
    expect(resource.fromStore.value).toBe(true);
    expect(resource.updatedAt.value).toBe(1234);
    up = true;
    await resource.refresh();
    expect(resource.data.value).toBe('new');
    expect(resource.fromStore.value).toBe(false);
    expect(saved['stored.test']!.value).toBe('new');
    expect(saved['stored.test']!.savedAt).toBe(resource.updatedAt.value);
  });

  it('does not fall back to a stored copy on a client error', async () => {
    const storage = { get: async <T,>() => ({ value: 'old' as T, savedAt: 1 }), put: () => undefined };
    const resource = createResource<string>({ key: 'stored.client', load: async () => { throw new ApiError(404, 'gone'); }, retries: 0, persist: true, storage });
    await resource.refresh();
    expect(resource.data.value).toBeUndefined();
  });
});
