import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { type Cache, type CacheListener, type CacheStore, deepFreeze, StoreCache } from './cache.ts';

/**
 * Reads a namespace's version and the entry under it in one round trip. KEYS[1]: the version's key; ARGV[1]: the
 * entries' prefix, ARGV[2]: the entry's key.
 */
const LOOKUP = `local v = redis.call('GET', KEYS[1]) or '0'
return {v, redis.call('GET', ARGV[1] .. v .. ':' .. ARGV[2])}`;
const LOOKUP_COMMAND = 'reelhouseCacheLookup';

/**
 * How long a namespace's version is kept after its last invalidation. Past it the version is '0' again, which is safe
 * because no entry lives half as long (see store) and every invalidation sets a version never used before.
 */
const VERSION_TTL_MS = 86_400_000;

/**
 * Entries in Redis, shared by every process: `<prefix><namespace>:<version>:<key>` holds the value as JSON with its
 * time to live (under VERSION_TTL_MS), `<prefix>v:<namespace>` the namespace's version (a new one on invalidation).
 */
class RedisStore implements CacheStore {
  private readonly lookupScript: (versionKey: string, entriesPrefix: string, key: string) => Promise<[string, string | null]>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    // Sent once; then run by its hash (EVALSHA).
    if (!(LOOKUP_COMMAND in redis)) redis.defineCommand(LOOKUP_COMMAND, { numberOfKeys: 1, lua: LOOKUP });
    const command = (redis as unknown as Record<string, (...args: string[]) => Promise<[string, string | null]>>)[LOOKUP_COMMAND];
    this.lookupScript = (versionKey, entriesPrefix, key) => command.call(redis, versionKey, entriesPrefix, key);
  }

  private versionKey(namespace: string): string {
    return `${this.prefix}v:${namespace}`;
  }

  private entryKey(namespace: string, version: string, key: string): string {
    return `${this.prefix}${namespace}:${version}:${key}`;
  }

  async lookup(namespace: string, key: string): Promise<{ version: string; value?: unknown }> {
    const [version, json] = await this.lookupScript(this.versionKey(namespace), `${this.prefix}${namespace}:`, key);
    return json === null ? { version } : { version, value: deepFreeze(JSON.parse(json)) };
  }

  async store(namespace: string, version: string, key: string, value: unknown, ttlMs: number): Promise<void> {
    const ttl = Math.min(VERSION_TTL_MS / 2, Math.max(1, Math.round(ttlMs)));
    await this.redis.set(this.entryKey(namespace, version, key), JSON.stringify(value), 'PX', ttl);
  }

  /**
   * Drops and invalidations that could not reach Redis (down or paused): kept and sent again every second until it
   * answers, so entries cached before an outage are not read after it. Meanwhile nothing fails: the write that asked
   * has been made, and readers of this process miss the cache anyway.
   */
  private readonly pendingBumps = new Set<string>();
  private readonly pendingRemoves = new Map<string, [string, string]>();
  private retryTimer: NodeJS.Timeout | null = null;

  async remove(namespace: string, key: string): Promise<void> {
    try {
      const version = (await this.redis.get(this.versionKey(namespace))) ?? '0';
      await this.redis.del(this.entryKey(namespace, version, key));
    } catch {
      this.pendingRemoves.set(`${namespace}\u0000${key}`, [namespace, key]);
      this.retryLater();
    }
  }

  async bump(namespace: string): Promise<void> {
    try {
      await this.redis.set(this.versionKey(namespace), randomUUID(), 'PX', VERSION_TTL_MS);
    } catch {
      this.pendingBumps.add(namespace);
      this.retryLater();
    }
  }

  private retryLater(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      const bumps = [...this.pendingBumps];
      const removes = [...this.pendingRemoves.values()];
      this.pendingBumps.clear();
      this.pendingRemoves.clear();
      // Each failure queues itself again (and schedules the next retry).
      for (const ns of bumps) void this.bump(ns);
      for (const [ns, key] of removes) void this.remove(ns, key);
    }, 1000);
    this.retryTimer.unref();
  }
}

export function createRedisCache(redis: Redis, opts: { prefix?: string; listener?: CacheListener } = {}): Cache {
  return new StoreCache(new RedisStore(redis, opts.prefix ?? 'reelhouse-cache:'), opts.listener);
}
