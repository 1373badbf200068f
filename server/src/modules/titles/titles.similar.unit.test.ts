import { describe, expect, it } from 'vitest';
import { joinIds, similarIds, topPosition } from './titles.service.ts';

describe('similar lists kept as one string', () => {
  it('gives the ids back in order', () => {
    const ids = ['tt0111161', 'jw-tm12345', 'tmdb-603', 'tt0068646'];
    const kept = joinIds(ids);
    expect(typeof kept).toBe('string');
    expect(similarIds({ ids: kept })).toEqual(ids);
  });

  it('gives back an empty list for no ids', () => {
    expect(similarIds({ ids: joinIds([]) })).toEqual([]);
  });

  it('keeps an array when an id holds the separator', () => {
    const ids = ['tt0111161', 'odd\u0000id', 'tt0068646'];
    const kept = joinIds(ids);
    expect(Array.isArray(kept)).toBe(true);
    expect(similarIds({ ids: kept })).toEqual(ids);
  });

  it("finds a title's position among the first twelve ids only, by the whole id", () => {
    const ids = Array.from({ length: 14 }, (_, i) => `tt${100 + i}`);
    for (const kept of [joinIds(ids), ids]) {
      expect(topPosition({ ids: kept }, 'tt100')).toBe(0);
      expect(topPosition({ ids: kept }, 'tt105')).toBe(5);
      expect(topPosition({ ids: kept }, 'tt111')).toBe(11);
      // The thirteenth and fourteenth are listed but not among the first twelve.
      expect(topPosition({ ids: kept }, 'tt112')).toBe(-1);
      expect(topPosition({ ids: kept }, 'tt113')).toBe(-1);
      // A prefix or an extension of a listed id is another id.
      expect(topPosition({ ids: kept }, 'tt10')).toBe(-1);
      expect(topPosition({ ids: kept }, 'tt1000')).toBe(-1);
    }
    expect(topPosition({ ids: joinIds([]) }, 'tt100')).toBe(-1);
    expect(topPosition({ ids: joinIds(['tt1', 'odd\u0000id']) }, 'odd\u0000id')).toBe(1);
  });
});
