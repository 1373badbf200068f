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

  async remove(namespace: string, key: string): Promise<void> {
    const version = (await this.redis.get(this.versionKey(namespace))) ?? '0';
    await this.redis.del(this.entryKey(namespace, version, key));
  }

  async bump(namespace: string): Promise<void> {
    await this.redis.set(this.versionKey(namespace), randomUUID(), 'PX', VERSION_TTL_MS);
  }
}

export function createRedisCache(redis: Redis, opts: { prefix?: string; listener?: CacheListener } = {}): Cache {
  return new StoreCache(new RedisStore(redis, opts.prefix ?? 'reelhouse-cache:'), opts.listener);
}
