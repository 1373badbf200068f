import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

const session = (id: string, sessionId: string, expiresAt = 10_000) => ({ id, sessionId, expiresAt });

describe('SessionCache', () => {
  it('answers from memory until the entry is older than its lifetime', () => {
    const cache = new SessionCache(1000);
    cache.set('tok', session('u1', 's1'), 0);
    expect(cache.get('tok', 999)).toEqual(session('u1', 's1'));
    expect(cache.get('tok', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never answers for a session past its own expiry', () => {
    const cache = new SessionCache(60_000);
    cache.set('tok', session('u1', 's1', 500), 0);
    expect(cache.get('tok', 499)).toBeDefined();
    expect(cache.get('tok', 500)).toBeUndefined();
  });

  it('forgets by session and by person', () => {
    const cache = new SessionCache(60_000);
    cache.set('a', session('u1', 's1'), 0);
    cache.set('b', session('u1', 's2'), 0);
    cache.set('c', session('u2', 's3'), 0);
    cache.forgetSession('s1');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeDefined();
    cache.forgetUser('u1');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBeDefined();
  });

  it('drops the oldest entry when full, and caches nothing with a lifetime of 0', () => {
    const cache = new SessionCache(60_000, 2);
    cache.set('a', session('u1', 's1'), 0);
    cache.set('b', session('u2', 's2'), 0);
    cache.set('c', session('u3', 's3'), 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.size).toBe(2);
    const off = new SessionCache(0);
    off.set('a', session('u1', 's1'), 0);
    expect(off.get('a', 0)).toBeUndefined();
  });
});
