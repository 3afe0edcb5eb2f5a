import { batch, signal, type ReadonlySignal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { ApiError, isAbortError } from './http';
import { createModelContext } from './modelContext';
import { inOwnTask } from './ownTask';
import type { StoredCopy } from './store';

/** Library defaults from spec 9: 3 retries for reads, backoff doubling from 1 s up to 30 s, retention 5 minutes. */
export const READ_RETRIES = 3;
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;
export const CACHE_TIME_MS = 5 * 60_000;

export function retryDelay(attempt: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** attempt, RETRY_MAX_MS);
}

export interface ResourceOptions<T> {
  /** Resources with the same key are one instance: one request, one cached value. */
  key: string;
  load: (signal: AbortSignal) => Promise<T>;
  /** How long a value counts as fresh; a new watcher after that revalidates. Default 0. */
  staleTime?: number;
  /** Reloads this often while something watches the resource. */
  pollInterval?: number;
  initial?: T;
  retries?: number;
  /** Keep the last good value (with its fetch time) so an offline start can paint it; a function picks what is safe to store. */
  persist?: boolean | ((value: T) => T);
  /** Where persisted values go: the composition root's per-user store. Without it nothing is stored. */
  storage?: ResourceStorage;
}

/** The part of the per-user store (lib/store.ts) a resource uses. */
export interface ResourceStorage {
  get<T>(key: string): Promise<StoredCopy<T> | undefined>;
  put<T>(key: string, value: T, savedAt: number): void;
}

export interface Resource<T> {
  readonly key: string;
  readonly data: ReadonlySignal<T | undefined>;
  readonly error: ReadonlySignal<Error | undefined>;
  readonly loading: ReadonlySignal<boolean>;
  /** When the value shown was fetched from the server (ms since the epoch); undefined before any value. */
  readonly updatedAt: ReadonlySignal<number | undefined>;
  /** The value shown is a stored copy from an earlier visit, not this session's answer: never show it as live. */
  readonly fromStore: ReadonlySignal<boolean>;
  /** Loads now (cancelling a load in flight); resolves when done, never rejects: failures land in `error`. */
  refresh(): Promise<void>;
  /** Loads unless a value or a load is already there; for starting requests before anything renders. */
  prefetch(): Promise<void>;
  /** Marks interest: loads when needed, polls, and keeps the value cached; returns the matching unwatch. */
  watch(): () => void;
  /** Replaces the cached value (after a write whose answer is the new value). */
  set(value: T): void;
}

/** Client errors will fail the same way again (and a 401 already ended the session), so they are not retried. */
function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
  return true;
}

/** No answer, or the server failing as a whole (5xx): what the connection model calls unreachable. */
function isUnreachable(error: unknown): boolean {
  return (error instanceof ApiError && (error.status === 0 || error.status >= 500)) || error instanceof TypeError;
}

function waitFor(ms: number, abort: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    abort.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    }, { once: true });
  });
}

class ResourceImpl<T> implements Resource<T> {
  readonly key: string;
  readonly data = signal<T | undefined>(undefined);
  readonly error = signal<Error | undefined>(undefined);
  readonly loading = signal(false);
  readonly updatedAt = signal<number | undefined>(undefined);
  readonly fromStore = signal(false);
  readonly options: ResourceOptions<T>;
  /** The registry that shares this resource by key: it leaves on eviction and comes back with its next watcher. */
  private registry: Map<string, ResourceImpl<unknown>>;
  private watchers = 0;
  private fetchedAt = 0;
  private controller: AbortController | undefined;
  private inflight: Promise<void> | undefined;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private evictTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: ResourceOptions<T>, registry: Map<string, ResourceImpl<unknown>>) {
    this.key = options.key;
    this.options = options;
    this.registry = registry;
    this.data.value = options.initial;
  }

  /** The server's copy changed: a watched resource loads again now, an unwatched one on its next watcher. */
  invalidate(): void {
    if (this.watchers > 0) void this.refresh();
    else this.fetchedAt = 0;
  }

  retryAfterOutage(): void {
    this.error.value = undefined;
    void this.refresh();
  }

  private isStale(): boolean {
    return this.fetchedAt === 0 || Date.now() - this.fetchedAt >= (this.options.staleTime ?? 0);
  }

  // Arrow properties, so the methods can be passed around unbound (`onClick={resource.refresh}`).
  refresh = (): Promise<void> => {
    this.controller?.abort();
    return this.start();
  };

  prefetch = (): Promise<void> => {
    if (this.inflight) return this.inflight;
    if (this.fetchedAt !== 0 && !this.isStale()) return Promise.resolve();
    return this.start();
  };

  watch = (): (() => void) => {
    if (!this.registry.has(this.key)) this.registry.set(this.key, this as ResourceImpl<unknown>);
    this.watchers += 1;
    clearTimeout(this.evictTimer);
    this.evictTimer = undefined;
    if (this.watchers === 1) {
      if (!this.inflight && this.isStale()) void this.start();
      else if (!this.inflight) this.schedulePoll();
    }
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.watchers -= 1;
      if (this.watchers > 0) return;
      clearTimeout(this.pollTimer);
      this.pollTimer = undefined;
      this.evictTimer = setTimeout(() => this.evict(), CACHE_TIME_MS);
    };
  };

  set = (value: T): void => {
    this.fetchedAt = Date.now();
    batch(() => {
      this.data.value = value;
      this.error.value = undefined;
      this.updatedAt.value = this.fetchedAt;
      this.fromStore.value = false;
    });
    this.save(value);
  };

  private evict(): void {
    this.controller?.abort();
    this.controller = undefined;
    this.inflight = undefined;
    this.fetchedAt = 0;
    batch(() => {
      this.data.value = this.options.initial;
      this.error.value = undefined;
      this.loading.value = false;
      this.updatedAt.value = undefined;
      this.fromStore.value = false;
    });
    if (this.registry.get(this.key) === this) this.registry.delete(this.key);
  }

  private start(): Promise<void> {
    clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
    const controller = new AbortController();
    this.controller = controller;
    this.loading.value = true;
    const run = this.run(controller.signal).finally(() => {
      if (this.controller !== controller) return;
      this.controller = undefined;
      this.inflight = undefined;
      this.loading.value = false;
      this.schedulePoll();
    });
    this.inflight = run;
    return run;
  }

  private async run(abort: AbortSignal): Promise<void> {
    const retries = this.options.retries ?? READ_RETRIES;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const value = await this.options.load(abort);
        if (abort.aborted) return;
        this.set(value);
        return;
      } catch (error) {
        if (abort.aborted || isAbortError(error)) return;
        await this.offlineFallback(error);
        if (attempt >= retries || !isRetryable(error)) {
          this.error.value = error instanceof Error ? error : new Error(String(error));
          return;
        }
        try {
          await waitFor(retryDelay(attempt), abort);
        } catch {
          return;
        }
      }
    }
  }

  /** The server is out of reach with nothing to show yet: paint the stored copy, with its age, while retries go on. */
  private async offlineFallback(error: unknown): Promise<void> {
    const storage = this.options.storage;
    if (!this.options.persist || !storage || this.data.value !== undefined || !isUnreachable(error)) return;
    const stored = await storage.get<T>(this.key);
    if (stored === undefined || this.data.value !== undefined) return;
    batch(() => {
      this.data.value = stored.value;
      this.updatedAt.value = stored.savedAt;
      this.fromStore.value = true;
    });
  }

  private save(value: T): void {
    const { persist, storage } = this.options;
    if (!persist || !storage) return;
    storage.put(this.key, typeof persist === 'function' ? persist(value) : value, this.fetchedAt);
  }

  private schedulePoll(): void {
    const interval = this.options.pollInterval;
    if (!interval || this.watchers === 0 || this.pollTimer) return;
    this.pollTimer = setTimeout(() => {
      this.pollTimer = undefined;
      if (this.watchers > 0) void this.start();
    }, interval);
  }
}

/**
 * The options whose silent loss would change how a shared resource behaves. `load`, `initial` and `storage` are not
 * compared: a factory called twice (two mounts of one screen) makes a new `load` closure for the same request each
 * time, and a persist picker is compared by kind (none, all, picked) for the same reason. An option a second caller
 * leaves out accepts the shared resource's own (a lookup by key); one it names must match, defaults counted.
 */
function optionConflicts(existing: ResourceOptions<unknown>, next: ResourceOptions<unknown>): string[] {
  const persistKind = (persist: ResourceOptions<unknown>['persist']) =>
    typeof persist === 'function' ? 'picked' : persist ? 'all' : 'none';
  const compared: Array<[name: string, given: unknown, shared: unknown, asked: unknown]> = [
    ['pollInterval', next.pollInterval, existing.pollInterval ?? 0, next.pollInterval],
    ['staleTime', next.staleTime, existing.staleTime ?? 0, next.staleTime],
    ['retries', next.retries, existing.retries ?? READ_RETRIES, next.retries],
    ['persist', next.persist, persistKind(existing.persist), persistKind(next.persist)],
  ];
  return compared.filter(([, given, shared, asked]) => given !== undefined && shared !== asked).map(([name]) => name);
}

/**
 * Where one app's resources are shared by key: made by the composition root (tests make their own), so two apps in
 * one page, or two tests, never see each other's cached values.
 */
export interface ResourceRegistry {
  /**
   * The resource for `options.key`: created on first use, shared afterwards. Asking again with different options
   * (see optionConflicts) throws in development, since the second caller would silently get the first one's.
   */
  createResource<T>(options: ResourceOptions<T>): Resource<T>;
  /**
   * After the connection comes back: every known resource forgets the outage's error and loads again, so stale values
   * never linger and a region that failed on that error renders again instead of failing on it once more.
   */
  revalidateAll(): void;
  /**
   * The server's copy of these resources changed (a write here, in the frame or in another tab): the ones being
   * watched load again now, the others when next watched. One source of truth per list, every screen in step.
   */
  invalidate(matches: (key: string) => boolean): void;
  /** Forgets every cached resource (tests, logout). */
  clearResources(): void;
}

export function createResourceRegistry(): ResourceRegistry {
  const registry = new Map<string, ResourceImpl<unknown>>();
  // No `this` in the methods: they can be handed on alone (`{ createResource }: Pick<ResourceRegistry, …>`).
  return {
    createResource<T>(options: ResourceOptions<T>): Resource<T> {
      const existing = registry.get(options.key);
      if (existing) {
        if (import.meta.env.DEV) {
          const conflicts = optionConflicts(existing.options, options as ResourceOptions<unknown>);
          if (conflicts.length) throw new Error(`Resource "${options.key}" already exists with other ${conflicts.join(', ')}.`);
        }
        return existing as unknown as Resource<T>;
      }
      const created = new ResourceImpl<T>(options, registry);
      registry.set(options.key, created as ResourceImpl<unknown>);
      return created;
    },
    revalidateAll() {
      for (const resource of registry.values()) resource.retryAfterOutage();
    },
    invalidate(matches) {
      for (const resource of registry.values()) if (matches(resource.key)) resource.invalidate();
    },
    clearResources() {
      registry.clear();
    },
  };
}

export const ResourceRegistryContext = createModelContext<ResourceRegistry>('ResourceRegistry');
export const useResources = ResourceRegistryContext.use;

export interface ResourceState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  updatedAt: number | undefined;
  fromStore: boolean;
  refresh: () => Promise<void>;
}

/**
 * Watches `resource` while the component is mounted and re-renders it when what it reads of the resource changes.
 * Each field reads its signal when the component reads the field (during its render), so a component that only shows
 * `data` does not render again for every load's `loading` flips (issue 19: the first load starts a dozen of them).
 * The watch starts in a task of its own (lib/ownTask.ts).
 */
export function useResource<T>(resource: Resource<T>): ResourceState<T> {
  useSignals();
  useEffect(() => inOwnTask(() => resource.watch()), [resource]);
  return {
    get data() { return resource.data.value; },
    get error() { return resource.error.value; },
    get loading() { return resource.loading.value; },
    get updatedAt() { return resource.updatedAt.value; },
    get fromStore() { return resource.fromStore.value; },
    refresh: resource.refresh,
  };
}

export interface Mutation<A, T> {
  readonly pending: ReadonlySignal<boolean>;
  readonly error: ReadonlySignal<Error | undefined>;
  /** Runs the write once (spec 9: 0 retries for mutations); rejects with its error so callers can show a notice. */
  run(args: A): Promise<T>;
}

export function createMutation<A, T>(write: (args: A) => Promise<T>, onSuccess?: (value: T, args: A) => void | Promise<void>): Mutation<A, T> {
  const pending = signal(false);
  const error = signal<Error | undefined>(undefined);
  return {
    pending,
    error,
    async run(args: A): Promise<T> {
      pending.value = true;
      error.value = undefined;
      try {
        const value = await write(args);
        await onSuccess?.(value, args);
        return value;
      } catch (e) {
        error.value = e instanceof Error ? e : new Error(String(e));
        throw e;
      } finally {
        pending.value = false;
      }
    },
  };
}
