import { LRUCache } from 'lru-cache';
import { type Cache, type CacheListener, type CacheStore, deepFreeze, StoreCache } from './cache.ts';

/** How many entries one process keeps at most, all namespaces together. */
const MAX_ENTRIES = 20_000;

/** Entries in this process (lru-cache), the least recently used dropped past `max`. */
class MemoryStore implements CacheStore {
  private entries: LRUCache<string, { value: unknown }>;
  private versions = new Map<string, number>();

  constructor(max: number) {
    this.entries = new LRUCache({ max });
  }

  private versionOf(namespace: string): string {
    return String(this.versions.get(namespace) ?? 0);
  }

  async lookup(namespace: string, key: string): Promise<{ version: string; value?: unknown }> {
    const version = this.versionOf(namespace);
    const hit = this.entries.get(`${namespace}\u0000${version}\u0000${key}`);
    // Kept frozen (see store): every caller may be given the same object.
    return hit === undefined ? { version } : { version, value: hit.value };
  }

  async store(namespace: string, version: string, key: string, value: unknown, ttlMs: number): Promise<void> {
    if (version !== this.versionOf(namespace)) return;
    this.entries.set(`${namespace}\u0000${version}\u0000${key}`, { value: deepFreeze(value) }, { ttl: ttlMs });
  }

  async remove(namespace: string, key: string): Promise<void> {
    this.entries.delete(`${namespace}\u0000${this.versionOf(namespace)}\u0000${key}`);
  }

  async bump(namespace: string): Promise<void> {
    this.versions.set(namespace, (this.versions.get(namespace) ?? 0) + 1);
  }
}

export function createMemoryCache(opts: { max?: number; listener?: CacheListener } = {}): Cache {
  return new StoreCache(new MemoryStore(opts.max ?? MAX_ENTRIES), opts.listener);
}
