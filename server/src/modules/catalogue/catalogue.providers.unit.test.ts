import { describe, expect, it } from 'vitest';
import { providerOfPath, providerOfTmdbName } from './catalogue.providers.ts';

describe('which service a JustWatch export lists', () => {
  it('is named by its folder, with the country after it (US when none)', () => {
    expect(providerOfPath('/data/justwatch-netflix-us-2023-03/titles.csv')).toEqual({ provider: 'netflix', country: 'US' });
    expect(providerOfPath('/data/justwatch-amazon-prime-us-2022/titles.csv')).toEqual({ provider: 'prime', country: 'US' });
    expect(providerOfPath('/data/disney-plus-gb/titles.csv')).toEqual({ provider: 'disney-plus', country: 'GB' });
    expect(providerOfPath('/data/hulu/titles.csv')).toEqual({ provider: 'hulu', country: 'US' });
    expect(providerOfPath('/data/justwatch/titles.csv')).toBeNull();
  });

  it("maps TMDB's provider names to the same short names", () => {
    expect(providerOfTmdbName('Netflix')).toBe('netflix');
    expect(providerOfTmdbName('Amazon Prime Video')).toBe('prime');
    expect(providerOfTmdbName('Disney Plus')).toBe('disney-plus');
    expect(providerOfTmdbName('Kanopy')).toBe('kanopy');
  });
});
