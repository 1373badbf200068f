import { describe, expect, it } from 'vitest';
import { LruMap } from './lru.ts';

describe('LruMap', () => {
  it('drops the least recently used entry when full', () => {
    const m = new LruMap<string, number>(2);
    m.set('a', 1).set('b', 2);
    expect(m.get('a')).toBe(1); // a is now the most recent
    m.set('c', 3);
    expect(m.has('b')).toBe(false);
    expect(m.get('a')).toBe(1);
    expect(m.get('c')).toBe(3);
    expect(m.size).toBe(2);
  });

  it('replaces a value without growing, and peeks without refreshing', () => {
    const m = new LruMap<string, number>(2);
    m.set('a', 1).set('b', 2).set('a', 10);
    expect(m.size).toBe(2);
    expect(m.peek('b')).toBe(2);
    m.set('c', 3);
    expect(m.has('b')).toBe(false);
    expect(m.get('a')).toBe(10);
  });
});
