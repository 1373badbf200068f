import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const messageOf = async (url: string) => {
  const res = await ctx.app.inject(url);
  return { status: res.statusCode, body: res.json() as { error?: { code: string; message: string } } };
};

describe('numbers in query strings are plain decimals', () => {
  it('answers 400 naming the field for hex, exponents, spaces and decimal points', async () => {
    const cases: Array<[string, string]> = [
      ['/api/search?q=alien&page=0x10', 'page'],
      ['/api/search?q=alien&page=%203', 'page'],
      ['/api/search?q=alien&page=3.0', 'page'],
      ['/api/home/weekly-popular-movies?limit=1e2', 'limit'],
      ['/api/movies/filters?yearFrom=0x7d0', 'yearFrom'],
      ['/api/movies/filters?votesMin=1e3', 'votesMin'],
      ['/api/movies/filters?ratingMin=1e0', 'ratingMin'],
      ['/api/tv/preset/popular?page=2.0', 'page'],
      ['/api/movies/upcoming?page=0x2', 'page'],
    ];
    for (const [url, field] of cases) {
      const { status, body } = await messageOf(url);
      expect(status, url).toBe(400);
      expect(body.error?.code, url).toBe('validation_error');
      expect(body.error?.message, url).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('takes plain decimals and blank fields', async () => {
    for (const url of ['/api/search?q=alien&page=2', '/api/search?q=alien&page=', '/api/home/weekly-popular-movies?limit=5', '/api/movies/filters?ratingMin=7.5&yearFrom=1990']) {
      expect((await ctx.app.inject(url)).statusCode, url).toBe(200);
    }
  });
});

describe('JSON bodies are typed strictly', () => {
  it('answers 400 naming page when it is a string or a boolean', async () => {
    for (const page of [true, '3', 3.5, null]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/movies/search-by-genres', payload: { genreNames: ['Drama'], page } });
      expect(res.statusCode, JSON.stringify(page)).toBe(400);
      expect(res.json().error.message, JSON.stringify(page)).toBe('page: must be a whole number from 1 to 50');
    }
    // A number, or no page at all, passes validation and reaches the catalogue (empty here: no genre is known yet).
    for (const payload of [{ genreNames: ['Drama'], page: 2 }, { genreNames: ['Drama'] }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/movies/search-by-genres', payload });
      expect(res.json().error.code, JSON.stringify(payload)).toBe('unknown_genre');
    }
  });
});
