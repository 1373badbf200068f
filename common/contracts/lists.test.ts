import { describe, expect, it } from 'vitest';
import { ListInputSchema, listTypeOf } from './lists.ts';

describe('listTypeOf', () => {
  it('reads the ways a series list is named as tvSeries', () => {
    for (const v of ['tvSeries', 'tv series', 'TV Series', 'TV Shows', 'series', 'tv-show']) expect(listTypeOf(v)).toBe('tvSeries');
  });
  it('falls back to movie for anything else (spec 5)', () => {
    for (const v of ['movie', 'movies', 'Movies', 'documentary', '', undefined, null, 3]) expect(listTypeOf(v)).toBe('movie');
  });
});

describe('ListInputSchema', () => {
  it('keeps the first spelling of a genre given twice and drops empty notes and descriptions', () => {
    const parsed = ListInputSchema.parse({ name: ' N ', genres: ['Drama', { name: 'DRAMA' }, 'Crime'], description: '  ', contentList: [{ titleId: 'tt1', note: ' ' }] });
    expect(parsed).toEqual({ name: 'N', type: 'movie', genres: ['Drama', 'Crime'], description: null, visibility: 'public', contentList: [{ titleId: 'tt1', note: null }] });
  });
});
