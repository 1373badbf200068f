import { describe, expect, it } from 'vitest';
import { KeptBytes } from './kept-bytes.ts';

const answer = (name: string, size = 0) => `{"data":[{"title":"${name}${'x'.repeat(size)}"}]}`;
const text = (b: Buffer | undefined) => b?.toString('utf8');

describe('kept bytes', () => {
  it('gives back a copy of the answer under each of its keys, and nothing for a key never kept', () => {
    const kept = new KeptBytes(10, 4, 1024);
    kept.set(['s||The  Godfather', 's||\u00001|the godfather'], answer('The Godfather'));
    kept.set(['s||amélie'], Buffer.from(answer('Amélie 東京 🎬')));
    expect(text(kept.get('s||The  Godfather'))).toBe(answer('The Godfather'));
    expect(text(kept.get('s||\u00001|the godfather'))).toBe(answer('The Godfather'));
    expect(text(kept.get('s||amélie'))).toBe(answer('Amélie 東京 🎬'));
    expect(kept.get('s||amelie')).toBeUndefined();
    expect(kept.get('s||the godfather')).toBeUndefined();
    // A copy: changing it changes nothing kept.
    const copy = kept.get('s||amélie') as Buffer;
    copy.fill(0);
    expect(text(kept.get('s||amélie'))).toBe(answer('Amélie 東京 🎬'));
    expect(kept.size).toBe(3);
  });

  it('never answers a key with the answer of another key of the same hash', () => {
    // These two keys have the same 31-bit hash (found by trying keys in turn).
    const kept = new KeptBytes(10, 4, 1024);
    kept.set(['q562789'], 'first');
    expect(kept.get('q779192')).toBeUndefined();
    kept.set(['q779192'], 'second');
    expect(text(kept.get('q779192'))).toBe('second');
    // The later key took the hash: the earlier one is a miss, never the later one's answer.
    expect(kept.get('q562789')).toBeUndefined();
  });

  it('keeps the newer answer when a key is kept again', () => {
    const kept = new KeptBytes(10, 4, 1024);
    kept.set(['a', 'b'], 'one');
    kept.set(['a'], 'two');
    expect(text(kept.get('a'))).toBe('two');
    expect(text(kept.get('b'))).toBe('one');
    expect(kept.size).toBe(2);
  });

  it('drops the oldest keys when its slots come round', () => {
    const kept = new KeptBytes(3, 4, 4096);
    for (const key of ['a', 'b', 'c', 'd']) kept.set([key], answer(key));
    expect(kept.get('a')).toBeUndefined();
    for (const key of ['b', 'c', 'd']) expect(text(kept.get(key))).toBe(answer(key));
    expect(kept.size).toBe(3);
  });

  it('drops what a slab held when writing comes round to it, and answers read before stay as they were', () => {
    // Four slabs of 512 bytes; each entry is 100 bytes (99 of answer, 1 of key), five to a slab.
    const kept = new KeptBytes(100, 4, 512);
    expect(Buffer.byteLength(answer('a', 75))).toBe(99);
    kept.set(['a'], answer('a', 75));
    const before = kept.get('a');
    const keys = 'bcdefghijklmnopqrstu';
    for (const key of keys) kept.set([key], answer(key, 75));
    // 21 entries: the 21st began the fifth slab, written over the first (a to e).
    for (const key of 'abcde') expect(kept.get(key)).toBeUndefined();
    expect(text(before)).toBe(answer('a', 75));
    for (const key of 'fghijklmnopqrstu') expect(text(kept.get(key))).toBe(answer(key, 75));
  });

  it('writes an entry found again at the front once its slab is old, so answers in use outlive those never asked for again', () => {
    const kept = new KeptBytes(100, 4, 512);
    kept.set(['hot'], answer('hot', 71));
    for (const key of 'abcdefghijklmno') kept.set([key], answer(key, 75));
    // Three slabs begun since the one holding "hot": more than half the ring. Found again, it is written at the front.
    expect(text(kept.get('hot'))).toBe(answer('hot', 71));
    for (const key of 'pqrstuvwxyz') kept.set([key], answer(key, 75));
    // Its first slab has since been written over, with the entries kept beside it.
    expect(kept.get('a')).toBeUndefined();
    expect(text(kept.get('hot'))).toBe(answer('hot', 71));
  });

  it('does not keep an answer longer than a quarter of a slab', () => {
    const kept = new KeptBytes(10, 4, 1024);
    kept.set(['big'], 'x'.repeat(300));
    expect(kept.get('big')).toBeUndefined();
    kept.set(['fits'], 'x'.repeat(250));
    expect(text(kept.get('fits'))).toBe('x'.repeat(250));
  });

  it('forgets everything when cleared, and keeps again afterwards', () => {
    const kept = new KeptBytes(10, 4, 1024);
    kept.set(['a', 'b'], 'one');
    kept.clear();
    expect(kept.size).toBe(0);
    expect(kept.get('a')).toBeUndefined();
    kept.set(['a'], 'two');
    expect(text(kept.get('a'))).toBe('two');
  });

  it('holds at most its capacity of keys, whatever is kept', () => {
    const kept = new KeptBytes(50, 8, 2048);
    for (let i = 0; i < 5000; i++) {
      kept.set([`k${i}`, `f${i % 700}`], answer(String(i), i % 90));
      if (i % 7 === 0) kept.get(`k${i - 30}`);
    }
    expect(kept.size).toBeLessThanOrEqual(50);
    expect(text(kept.get('k4999'))).toBe(answer('4999', 4999 % 90));
    expect(text(kept.get('f99'))).toBe(answer('4999', 4999 % 90));
  });
});
