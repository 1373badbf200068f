import { describe, expect, it } from 'vitest';
import { inTop, joinIds, similarIds } from './titles.service.ts';

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

  it("finds a title among the first twelve ids only, by the whole id", () => {
    const ids = Array.from({ length: 14 }, (_, i) => `tt${100 + i}`);
    for (const kept of [joinIds(ids), ids]) {
      expect(inTop({ ids: kept }, 'tt100')).toBe(true);
      expect(inTop({ ids: kept }, 'tt111')).toBe(true);
      // The thirteenth and fourteenth are listed but not among the first twelve.
      expect(inTop({ ids: kept }, 'tt112')).toBe(false);
      expect(inTop({ ids: kept }, 'tt113')).toBe(false);
      // A prefix or an extension of a listed id is another id.
      expect(inTop({ ids: kept }, 'tt10')).toBe(false);
      expect(inTop({ ids: kept }, 'tt1000')).toBe(false);
    }
    expect(inTop({ ids: joinIds([]) }, 'tt100')).toBe(false);
    expect(inTop({ ids: joinIds(['odd\u0000id']) }, 'odd\u0000id')).toBe(true);
  });
});
