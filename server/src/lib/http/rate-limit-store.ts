import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface Store {
  incr(key: string, cb: Counted, timeWindow: number, max: number): void;
  read?(key: string, cb: Counted, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}

// @fastify/rate-limit's own stores (CommonJS, without type declarations of their own).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;

/**
 * Counts in Redis, shared by every process, while Redis answers; while it does not (down, restarting, paused past the
 * client's command timeout), in this process, so each process applies the limit on its own instead of failing the
 * request or letting everything through. Back to Redis as soon as it answers again.
 */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly shared: Store,
    private readonly local: Store,
  ) {}

  incr(key: string, cb: Counted, timeWindow: number, max: number): void {
    this.call('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: Counted, timeWindow: number, max: number): void {
    this.call('read', key, cb, timeWindow, max);
  }

  private call(method: 'incr' | 'read', key: string, cb: Counted, timeWindow: number, max: number): void {
    const local = () => (this.local[method] as NonNullable<Store['read']>).call(this.local, key, cb, timeWindow, max);
    if (this.redis.status !== 'ready') local();
    else (this.shared[method] as NonNullable<Store['read']>).call(this.shared, key, (err, result) => (err ? local() : cb(null, result)), timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new FallbackStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/** The rate limiter's `store`: Redis under `nameSpace`, falling back to this process's memory while Redis is away. */
export function redisWithFallback(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor(options: RateLimitPluginOptions) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(redis, new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace), new LocalStore(continueExceeding, exponentialBackoff));
    }
  };
}
