import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from './cache.ts';
import { createMemoryCache } from './memory-cache.ts';
import { createRedisCache } from './redis-cache.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let redis: Redis;
beforeAll(() => {
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  const keys = await redis.keys('test-cache-*');
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

type Make = (listener?: (ns: string, hit: boolean) => void) => Cache;
/** Each Redis cache made by a test has a key prefix of its own; `shared` gives two caches one prefix (two processes). */
const redisCaches = () => {
  const prefix = `test-cache-${randomUUID()}:`;
  return (listener?: (ns: string, hit: boolean) => void) => createRedisCache(redis, { prefix, listener });
};

describe.each([
  ['in process', () => (listener?: (ns: string, hit: boolean) => void) => createMemoryCache({ listener })],
  ['Redis', redisCaches],
] as [string, () => Make][])('the cache port (%s)', (_name, makeFactory) => {
  it('gives back what was set, frozen, until it expires', async () => {
    const cache = makeFactory()();
    const value = { title: 'Dune', genres: ['Sci-Fi'], rating: 8.1, poster: null };
    await cache.set('pages', 'movie:tt1', value, 200);
    const got = await cache.get<typeof value>('pages', 'movie:tt1');
    expect(got).toEqual(value);
    expect(() => got?.genres.push('Drama')).toThrow(TypeError);
    expect(() => {
      (got as { title: string }).title = 'Dune: Part Two';
    }).toThrow(TypeError);
    expect(await cache.get('pages', 'movie:tt2')).toBeUndefined();
    expect(await cache.get('other', 'movie:tt1')).toBeUndefined();
    await new Promise((r) => setTimeout(r, 250));
    expect(await cache.get('pages', 'movie:tt1')).toBeUndefined();
  });

  it('loads a missing key once however many ask at the same time, and tells the listener of hits and misses', async () => {
    const seen: [string, boolean][] = [];
    const cache = makeFactory()((ns, hit) => seen.push([ns, hit]));
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 20));
      return [1, 2, 3];
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.getOrLoad('lists', 'top', 60_000, load)));
    expect(loads).toBe(1);
    for (const a of answers) expect(a).toEqual([1, 2, 3]);
    expect(await cache.getOrLoad('lists', 'top', 60_000, load)).toEqual([1, 2, 3]);
    expect(loads).toBe(1);
    expect(seen.filter(([, hit]) => !hit)).toEqual([['lists', false]]);
    expect(seen.filter(([, hit]) => hit)).toHaveLength(5);
  });

  it('does not keep what a load leaves undefined, nor a failed load', async () => {
    const cache = makeFactory()();
    let loads = 0;
    const nothing = async () => {
      loads++;
      return undefined;
    };
    expect(await cache.getOrLoad('pages', 'gone', 60_000, nothing)).toBeUndefined();
    expect(await cache.getOrLoad('pages', 'gone', 60_000, nothing)).toBeUndefined();
    expect(loads).toBe(2);
    await expect(cache.getOrLoad('pages', 'bad', 60_000, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.getOrLoad('pages', 'bad', 60_000, async () => 'fine')).toBe('fine');
  });

  it('deletes a key, and drops a whole namespace on invalidation, leaving the others', async () => {
    const cache = makeFactory()();
    await cache.set('pages', 'a', 1, 60_000);
    await cache.set('pages', 'b', 2, 60_000);
    await cache.set('home', 'carousel', 3, 60_000);
    await cache.delete('pages', 'a');
    expect(await cache.get('pages', 'a')).toBeUndefined();
    expect(await cache.get('pages', 'b')).toBe(2);
    await cache.invalidate('pages');
    expect(await cache.get('pages', 'b')).toBeUndefined();
    expect(await cache.get('home', 'carousel')).toBe(3);
    await cache.set('pages', 'b', 4, 60_000);
    expect(await cache.get('pages', 'b')).toBe(4);
  });

  it('does not keep a value loaded while its namespace was invalidated', async () => {
    const cache = makeFactory()();
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const loading = cache.getOrLoad('search', 'dune', 60_000, async () => {
      await gate;
      return 'before the change';
    });
    await new Promise((r) => setTimeout(r, 10));
    await cache.invalidate('search');
    release();
    expect(await loading).toBe('before the change');
    expect(await cache.getOrLoad('search', 'dune', 60_000, async () => 'after the change')).toBe('after the change');
  });
});

describe('the cache port on Redis, shared by two processes', () => {
  it('sees what the other wrote, and what it invalidated', async () => {
    const make = redisCaches();
    const one = make();
    const two = make();
    await one.set('popular-searches', 'top', ['dune'], 60_000);
    expect(await two.get('popular-searches', 'top')).toEqual(['dune']);
    await two.invalidate('popular-searches');
    expect(await one.get('popular-searches', 'top')).toBeUndefined();
  });

  it('loads without caching when Redis cannot be reached', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    down.on('error', () => {});
    const cache = createRedisCache(down, { prefix: `test-cache-${randomUUID()}:` });
    expect(await cache.getOrLoad('pages', 'x', 60_000, async () => 'loaded')).toBe('loaded');
    down.disconnect();
  });
});
