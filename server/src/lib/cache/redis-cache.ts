import type { Redis } from 'ioredis';
import { type Cache, type CacheListener, type CacheStore, StoreCache } from './cache.ts';

/**
 * Reads a namespace's version and the entry under it in one round trip. KEYS[1]: the version's key; ARGV[1]: the
 * entries' prefix, ARGV[2]: the entry's key.
 */
const LOOKUP = `local v = redis.call('GET', KEYS[1]) or '0'
return {v, redis.call('GET', ARGV[1] .. v .. ':' .. ARGV[2])}`;

/**
 * Entries in Redis, shared by every process: `<prefix><namespace>:<version>:<key>` holds the value as JSON with its
 * time to live, `<prefix>v:<namespace>` the namespace's version (INCR on invalidation).
 */
class RedisStore implements CacheStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private versionKey(namespace: string): string {
    return `${this.prefix}v:${namespace}`;
  }

  private entryKey(namespace: string, version: string, key: string): string {
    return `${this.prefix}${namespace}:${version}:${key}`;
  }

  async lookup(namespace: string, key: string): Promise<{ version: string; value?: unknown }> {
    const [version, json] = (await this.redis.eval(LOOKUP, 1, this.versionKey(namespace), `${this.prefix}${namespace}:`, key)) as [string, string | null];
    return json === null ? { version } : { version, value: JSON.parse(json) };
  }

  async store(namespace: string, version: string, key: string, value: unknown, ttlMs: number): Promise<void> {
    await this.redis.set(this.entryKey(namespace, version, key), JSON.stringify(value), 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async remove(namespace: string, key: string): Promise<void> {
    const version = (await this.redis.get(this.versionKey(namespace))) ?? '0';
    await this.redis.del(this.entryKey(namespace, version, key));
  }

  async bump(namespace: string): Promise<void> {
    await this.redis.incr(this.versionKey(namespace));
  }
}

export function createRedisCache(redis: Redis, opts: { prefix?: string; listener?: CacheListener } = {}): Cache {
  return new StoreCache(new RedisStore(redis, opts.prefix ?? 'reelhouse-cache:'), opts.listener);
}
