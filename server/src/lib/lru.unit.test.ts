import { describe, expect, it } from 'vitest';
import { LruMap } from './lru.ts';

describe('LruMap', () => {
  it('keeps entries in use and drops idle ones when full', () => {
    const m = new LruMap<string, number>(4);
    m.set('a', 1).set('b', 2); // young: a b
    m.set('c', 3); // turnover: old a b, young c
    expect(m.get('a')).toBe(1); // a back to young: c a
    m.set('d', 4); // turnover: old c a, young d (b dropped)
    expect(m.has('b')).toBe(false);
    expect(m.get('a')).toBe(1);
    expect(m.get('c')).toBe(3);
    expect(m.get('d')).toBe(4);
    expect(m.size).toBeLessThanOrEqual(4);
  });

  it('never holds more than its bound, and replaces values in place', () => {
    const m = new LruMap<number, number>(10);
    for (let i = 0; i < 1000; i++) m.set(i, i);
    expect(m.size).toBeLessThanOrEqual(10);
    expect(m.get(999)).toBe(999);
    m.set(999, -1);
    expect(m.get(999)).toBe(-1);
    expect(m.delete(999)).toBe(true);
    expect(m.has(999)).toBe(false);
  });
});
