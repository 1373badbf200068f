import { describe, expect, it } from 'vitest';
import { joinIds, similarIds } from './titles.service.ts';

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
});
