import { describe, expect, it } from 'vitest';
import { KeptPages } from './kept-pages.ts';

const END = Buffer.from('[{"id":"tt1"}]}}');
const page = (id: string, size = 0) => ({ type: 'movie' as const, head: `{"data":{"id":"${id}","title":"Amélie ${'x'.repeat(size)}","similar":`, end: END });

describe('kept title pages', () => {
  it('gives back a kept page as it was kept, with its type and shared end', () => {
    const kept = new KeptPages(10, 1024);
    kept.set('tt1', page('tt1'), 2000, 7);
    kept.set('tt2', { type: 'tvSeries', head: '{"data":{"id":"tt2"},', end: END }, 2000, 7);
    const one = kept.get('tt1', 1000, 7);
    expect(one?.type).toBe('movie');
    expect(one?.head.toString()).toBe(page('tt1').head);
    expect(one?.end).toBe(END);
    const two = kept.get('tt2', 1000, 7);
    expect(two).toEqual({ type: 'tvSeries', head: Buffer.from('{"data":{"id":"tt2"},'), end: END });
    expect(kept.get('tt3', 1000, 7)).toBeUndefined();
  });

  it('forgets a page once it expires or the catalogue changes', () => {
    const kept = new KeptPages(10, 1024);
    kept.set('tt1', page('tt1'), 2000, 7);
    expect(kept.get('tt1', 1000, 8)).toBeUndefined();
    expect(kept.size).toBe(0);
    kept.set('tt1', page('tt1'), 2000, 7);
    expect(kept.get('tt1', 2000, 7)).toBeUndefined();
  });

  it('drops the oldest pages when its slots come round', () => {
    const kept = new KeptPages(3, 4096);
    for (const id of ['a', 'b', 'c', 'd']) kept.set(id, page(id), 2000, 1);
    expect(kept.get('a', 0, 1)).toBeUndefined();
    for (const id of ['b', 'c', 'd']) expect(kept.get(id, 0, 1)?.head.toString()).toBe(page(id).head);
    expect(kept.size).toBe(3);
  });

  it('drops the pages of a slab when writing comes round to it, and the pages read before stay as they were', () => {
    // Two slabs of 512 bytes; each page is 87 bytes, five to a slab, so the eleventh page writes over the first slab.
    const kept = new KeptPages(20, 512, 50);
    expect(Buffer.byteLength(page('a', 40).head)).toBe(87);
    kept.set('a', page('a', 40), 2000, 1);
    const before = kept.get('a', 0, 1);
    for (const id of 'bcdefghijk') kept.set(id, page(id, 40), 2000, 1);
    for (const id of 'abcde') expect(kept.get(id, 0, 1)).toBeUndefined();
    expect(before?.head.toString()).toBe(page('a', 40).head);
    for (const id of 'fghijk') expect(kept.get(id, 0, 1)?.head.toString()).toBe(page(id, 40).head);
  });

  it('keeps the newer page when a page is kept again', () => {
    const kept = new KeptPages(10, 1024);
    kept.set('tt1', page('tt1'), 2000, 1);
    kept.set('tt1', { ...page('tt1'), head: '{"newer":true,' }, 3000, 2);
    expect(kept.get('tt1', 2500, 2)?.head.toString()).toBe('{"newer":true,');
    expect(kept.size).toBe(1);
  });

  it('does not keep a page larger than a quarter of a slab, and empties on clear', () => {
    const kept = new KeptPages(10, 1024);
    kept.set('big', page('big', 300), 2000, 1);
    expect(kept.get('big', 0, 1)).toBeUndefined();
    kept.set('tt1', page('tt1'), 2000, 1);
    kept.clear();
    expect(kept.get('tt1', 0, 1)).toBeUndefined();
    expect(kept.size).toBe(0);
  });
});

describe('kept title pages by key', () => {
  it('tells apart ids that are keys from ids that are not, and ids of 7 and 8 digits with the same number', () => {
    const kept = new KeptPages(10, 1024);
    kept.set('tt0211915', page('tt0211915'), 2000, 7);
    kept.set('tt00211915', page('tt00211915'), 2000, 7);
    kept.set('jw-tm2', page('jw-tm2'), 2000, 7);
    expect(kept.get('tt0211915', 1000, 7)?.head.toString()).toBe(page('tt0211915').head);
    expect(kept.get('tt00211915', 1000, 7)?.head.toString()).toBe(page('tt00211915').head);
    expect(kept.get('jw-tm2', 1000, 7)?.head.toString()).toBe(page('jw-tm2').head);
    expect(kept.get('tt211915', 1000, 7)).toBeUndefined();
    expect(kept.size).toBe(3);
  });
});
