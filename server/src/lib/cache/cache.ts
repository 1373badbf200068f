/**
 * The cache port: computed data that is the same for everyone (title pages, home sections, directory pages, search
 * answers), shared by every process when Redis is configured (redis-cache.ts), else kept in this process
 * (memory-cache.ts). Values are JSON data, read-only once given to the cache: what is read back equals what was
 * written and is frozen (deepFreeze), so the in-process cache can hand out the object it keeps without a copy.
 *
 * Entries live in namespaces. Invalidating a namespace drops all its entries at once, in every process sharing the
 * cache: each namespace has a version that is part of its entries' keys, and invalidation moves it on, so older
 * entries are never read again and age out.
 */
export interface Cache {
  get<T>(namespace: string, key: string): Promise<T | undefined>;
  set<T>(namespace: string, key: string, value: T, ttlMs: number): Promise<void>;
  /**
   * The cached value, else `load()`'s, cached for `ttlMs`. Concurrent misses of one key in this process share one
   * load. A value loaded while its namespace was invalidated is given to its callers but not kept.
   */
  getOrLoad<T>(namespace: string, key: string, ttlMs: number, load: () => Promise<T>): Promise<T>;
  delete(namespace: string, key: string): Promise<void>;
  invalidate(namespace: string): Promise<void>;
}

/** Told of every lookup: the namespace, and whether it was found (for hit-rate metrics). */
export type CacheListener = (namespace: string, hit: boolean) => void;

/** What an implementation stores: a lookup gives the namespace's current version with the value, if any. */
export interface CacheStore {
  lookup(namespace: string, key: string): Promise<{ version: string; value?: unknown }>;
  store(namespace: string, version: string, key: string, value: unknown, ttlMs: number): Promise<void>;
  remove(namespace: string, key: string): Promise<void>;
  bump(namespace: string): Promise<void>;
}

/** The port over a store: counting, and one load per key at a time in this process. */
export class StoreCache implements Cache {
  private loading = new Map<string, Promise<unknown>>();

  constructor(
    private readonly backing: CacheStore,
    private readonly listener?: CacheListener,
  ) {}

  /** A store that cannot be reached answers a miss. */
  async get<T>(namespace: string, key: string): Promise<T | undefined> {
    const found = await this.backing.lookup(namespace, key).catch(() => undefined);
    this.listener?.(namespace, found?.value !== undefined);
    return found?.value as T | undefined;
  }

  /** A store that cannot be reached keeps nothing. */
  async set<T>(namespace: string, key: string, value: T, ttlMs: number): Promise<void> {
    try {
      const { version } = await this.backing.lookup(namespace, key);
      await this.backing.store(namespace, version, key, value, ttlMs);
    } catch {
      // Not kept: the next read loads it again.
    }
  }

  getOrLoad<T>(namespace: string, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const id = `${namespace}\u0000${key}`;
    const running = this.loading.get(id);
    if (running) {
      this.listener?.(namespace, true);
      return running as Promise<T>;
    }
    const p = this.loadOnce(namespace, key, ttlMs, load).finally(() => this.loading.delete(id));
    this.loading.set(id, p);
    return p;
  }

  /** A store that cannot be reached (Redis down) costs the cache, not the answer: the value is loaded and not kept. */
  private async loadOnce<T>(namespace: string, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const found = await this.backing.lookup(namespace, key).catch(() => undefined);
    this.listener?.(namespace, found?.value !== undefined);
    if (found?.value !== undefined) return found.value as T;
    const loaded = await load();
    // Stored under the version seen before loading: if the namespace was invalidated meanwhile, nobody reads it.
    if (found && loaded !== undefined) await this.backing.store(namespace, found.version, key, loaded, ttlMs).catch(() => undefined);
    return loaded;
  }

  delete(namespace: string, key: string): Promise<void> {
    return this.backing.remove(namespace, key);
  }

  invalidate(namespace: string): Promise<void> {
    return this.backing.bump(namespace);
  }
}

/** Freezes a JSON value and everything in it, so a caller that tries to change a cached value fails loudly. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
