import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WatchProvidersSchema } from '../../../../common/contracts/providers.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { normalizeText } from '../../search/index.ts';
import { type NewTitle, upsertTitles } from './titles.repository.ts';

let ctx: TestContext;

const TITLES: NewTitle[] = Array.from({ length: 8 }, (_, i) => ({
  id: `tt96000${i}0`,
  titleType: i < 6 ? 'movie' : 'tvSeries',
  primaryTitle: `Stream Film ${i}`,
  startYear: 2000 + i,
  genres: i % 2 ? ['Comedy'] : ['Drama'],
  imdbRating: 6 + i / 4,
  imdbVotes: 1000 * (i + 1),
  popularity: 10 - i,
}));

/** title, service, country, source, url */
const CARRIED: [string, string, string, string, string | null][] = [
  ['tt9600000', 'netflix', 'US', 'justwatch', null],
  ['tt9600020', 'netflix', 'US', 'tmdb', 'https://www.themoviedb.org/movie/2/watch?locale=US'],
  ['tt9600020', 'prime', 'US', 'justwatch', null],
  ['tt9600030', 'netflix', 'US', 'justwatch', null],
  ['tt9600040', 'netflix', 'GB', 'tmdb', null],
  ['tt9600060', 'netflix', 'US', 'justwatch', null],
];

beforeAll(async () => {
  ctx = await createTestApp();
  await upsertTitles(ctx.database.db, TITLES, (p, o) => normalizeText(`${p} ${o ?? ''}`));
  await ctx.database.db
    .insertInto('titleProviders')
    .values(CARRIED.map(([titleId, provider, country, source, url]) => ({ titleId, provider, country, source, url })))
    .execute();
  await ctx.app.titles.sync();
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const ids = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.results as { id: string }[]).map((r) => r.id);
};

describe('the directory filtered by streaming service', () => {
  it("keeps only the service's titles in the country, with the other filters and orders", async () => {
    expect(await ids('/api/movies/filters?service=netflix')).toEqual(['tt9600000', 'tt9600020', 'tt9600030']);
    expect(await ids('/api/movies/filters?service=Netflix&genre=Drama')).toEqual(['tt9600000', 'tt9600020']);
    expect(await ids('/api/movies/filters?service=netflix&sort=year')).toEqual(['tt9600030', 'tt9600020', 'tt9600000']);
    expect(await ids('/api/movies/filters?service=netflix&country=gb')).toEqual(['tt9600040']);
    expect(await ids('/api/tv/filters?service=netflix')).toEqual(['tt9600060']);
    expect(await ids('/api/movies/filters?service=prime')).toEqual(['tt9600020']);
    expect(await ids('/api/movies/filters?service=hulu')).toEqual([]);
    expect((await ids('/api/movies/filters?service=')).length).toBe(6);
  });

  it('answers 400 naming the field for a bad service or country', async () => {
    const bad = await get('/api/movies/filters?service=net%20flix');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('service');
    const country = await get('/api/movies/filters?service=netflix&country=USA');
    expect(country.statusCode).toBe(400);
    expect(country.json().error.message).toContain('country');
  });
});

describe('GET /api/movies/{type}/{id}/providers', () => {
  it('lists the services carrying the title in the country (US by default), each once, with a link when known', async () => {
    const us = WatchProvidersSchema.parse((await get('/api/movies/movie/tt9600020/providers')).json().data);
    expect(us).toEqual({
      titleId: 'tt9600020',
      country: 'US',
      providers: [
        { provider: 'netflix', name: 'Netflix', url: 'https://www.themoviedb.org/movie/2/watch?locale=US' },
        { provider: 'prime', name: 'Prime Video', url: null },
      ],
    });
    const gb = WatchProvidersSchema.parse((await get('/api/movies/movie/tt9600020/providers?country=gb')).json().data);
    expect(gb.providers).toEqual([]);
    expect((await get('/api/movies/movie/tt0000000/providers')).statusCode).toBe(404);
    expect((await get('/api/movies/tvSeries/tt9600020/providers')).statusCode).toBe(404);
    expect((await get('/api/movies/movie/tt9600020/providers?country=x1')).statusCode).toBe(400);
  });
});
