import { describe, expect, it } from 'vitest';
import { TitleCounts, titleHandle, titleIdOfKey, titleKey } from './title-keys.ts';

describe('title keys', () => {
  it('makes an integer of an IMDb id of 7 or 8 digits and gives the id back', () => {
    for (const id of ['tt0000001', 'tt0211915', 'tt9999999', 'tt00000000', 'tt00211915', 'tt12345678', 'tt99999999']) {
      const key = titleKey(id);
      expect(key).toBeGreaterThanOrEqual(0);
      expect(key).toBeLessThan(2 ** 30);
      expect(titleIdOfKey(key)).toBe(id);
    }
    expect(titleKey('tt0211915')).not.toBe(titleKey('tt00211915'));
  });

  it('takes no other id', () => {
    for (const id of ['', 'tt', 'tt123456', 'tt123456789', 'jw-tm2', 'tx0211915', 'Tt0211915', 'tt02119a5', 'tt-211915', 'tt021191/']) {
      expect(titleKey(id)).toBe(-1);
      expect(titleHandle(id)).toBe(id);
    }
    expect(titleHandle('tt0211915')).toBe(211915);
  });
});

describe('title counts', () => {
  const drained = (c: TitleCounts) => {
    const { keys, keyCounts, ids, counts } = c.drain();
    expect(keys.length).toBe(keyCounts.length);
    expect(ids.length).toBe(counts.length);
    return Object.fromEntries([...[...keys].map((k, i) => [titleIdOfKey(k), keyCounts[i]]), ...ids.map((id, i) => [id, counts[i]])]);
  };

  it('adds up counts per title, keys and other ids alike, and starts again once drained', () => {
    const c = new TitleCounts(100);
    for (const id of ['tt0211915', 'tt0211915', 'jw-tm2', 'tt12345678', 'jw-tm2', 'tt0211915']) c.add(id);
    expect(c.size).toBe(3);
    expect(drained(c)).toEqual({ tt0211915: 3, 'jw-tm2': 2, tt12345678: 1 });
    expect(c.size).toBe(0);
    expect(drained(c)).toEqual({});
    c.add('tt0211915');
    expect(drained(c)).toEqual({ tt0211915: 1 });
  });

  it('loses no count past its capacity, and none among many titles whose keys collide in the table', () => {
    const c = new TitleCounts(1000);
    const expected: Record<string, number> = {};
    for (let round = 0; round < 3; round++) {
      // Keys 4,096 apart share their low bits; 1,500 titles are more than the table's capacity.
      for (let k = 0; k < 1500; k++) {
        const id = titleIdOfKey(k * 4096);
        c.add(id);
        expected[id] = (expected[id] ?? 0) + 1;
      }
    }
    expect(c.size).toBe(1500);
    expect(drained(c)).toEqual(expected);
  });
});
