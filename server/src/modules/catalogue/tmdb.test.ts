import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import {
  BREAKING_BAD_PROVIDERS,
  type FakeTmdb,
  FIND_BREAKING_BAD,
  FIND_SHAWSHANK,
  movieExternalIds,
  SHAWSHANK_PROVIDERS,
  startFakeTmdb,
  TMDB_KEY,
  TRENDING,
  trendingPage,
  tvExternalIds,
  UPCOMING,
  upcomingMovie,
  upcomingPage,
} from './tmdb.test-fixtures.ts';
import { enrichPosters, refreshWatchProviders, TmdbClient, TmdbError } from './tmdb.ts';

const EMPTY_FIND = { movie_results: [], person_results: [], tv_results: [], tv_episode_results: [], tv_season_results: [] };

describe('TMDB adapter', () => {
  let tmdb: FakeTmdb;
  let baseUrl: string;
  let database: Database;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    tmdb = await startFakeTmdb({
      '/find/tt0111161?external_source=imdb_id': FIND_SHAWSHANK,
      '/find/tt0903747': FIND_BREAKING_BAD,
      '/find/tt0000001': EMPTY_FIND,
      '/movie/upcoming': UPCOMING,
      '/trending/all/week': TRENDING,
      '/trending/all/week?page=2': trendingPage(2, 2, [{ id: 4, media_type: 'tv', name: 'Page Two Show', first_air_date: '2020-01-01', popularity: 5 }]),
      '/movie/upcoming?page=3': upcomingPage(3, 4, [
        upcomingMovie(9100, 'Fine', '2030-01-01', { genre_ids: [878, 12, 999] }),
        { id: 'not-a-number', title: 'Bad id' },
        { id: 9101 },
        null,
      ]),
      '/movie/upcoming?page=4': { results: 'not a list' },
      '/movie/603/external_ids': movieExternalIds(603, 'tt0133093'),
      '/movie/604/external_ids': movieExternalIds(604, ''),
      '/tv/1396/external_ids': tvExternalIds(1396, 'tt0903747'),
      '/movie/278/watch/providers': SHAWSHANK_PROVIDERS,
      '/tv/1396/watch/providers': BREAKING_BAD_PROVIDERS,
    });
    baseUrl = tmdb.baseUrl;
    ({ database, cleanup } = await openTestDatabase());
  });
  afterAll(async () => {
    await tmdb.close();
    await cleanup();
  });

  const client = (sleeps: number[] = [], apiKey = TMDB_KEY) =>
    new TmdbClient(database, { apiKey, baseUrl, sleep: async (ms) => void sleeps.push(ms) });

  it('finds poster and backdrop by IMDb id, backing off on 429 as Retry-After says', async () => {
    const sleeps: number[] = [];
    tmdb.throttle(1);
    tmdb.hits.length = 0;
    const found = await client(sleeps).findByImdbId('tt0111161');
    expect(sleeps).toEqual([2000]);
    expect(tmdb.hits).toEqual(['/find/tt0111161?external_source=imdb_id', '/find/tt0111161?external_source=imdb_id']);
    expect(found).toEqual({
      tmdbId: 278,
      mediaType: 'movie',
      posterUrl: 'https://image.tmdb.org/t/p/w500/9cqNxx0GxF0bflZmeSMuL5tnGzr.jpg',
      backdropUrl: 'https://image.tmdb.org/t/p/w1280/kXfqcdQKsToO0OUXHcrrNCHDBzO.jpg',
      popularity: 150.9,
    });
    // Cached in the database: no second request.
    await client().findByImdbId('tt0111161');
    expect(tmdb.hits).toHaveLength(2);
  });

  it('finds series and answers null for unknown ids', async () => {
    expect((await client().findByImdbId('tt0903747'))?.mediaType).toBe('tv');
    expect(await client().findByImdbId('tt0000001')).toBeNull();
  });

  it('lists upcoming movies and weekly trending titles', async () => {
    const upcoming = await client().upcomingMovies();
    expect(upcoming[0]).toMatchObject({ tmdbId: 9001, title: 'A Coming Film', releaseDate: '2026-12-18', mediaType: 'movie' });
    const trending = await client().trending();
    expect(trending.map((t) => [t.mediaType, t.title, t.releaseDate])).toEqual([
      ['movie', 'Trending Film', '2026-11-01'],
      ['tv', 'Trending Show', '2026-10-01'],
    ]);
  });

  it('reads pages of the lists with their page count, leaving out malformed entries', async () => {
    const third = await client().upcomingPage(3);
    expect(third.page).toBe(3);
    expect(third.totalPages).toBe(4);
    expect(third.items).toEqual([
      {
        tmdbId: 9100,
        mediaType: 'movie',
        title: 'Fine',
        originalTitle: 'Fine',
        releaseDate: '2030-01-01',
        overview: 'Fine: the plot.',
        posterUrl: 'https://image.tmdb.org/t/p/w500/p9100.jpg',
        backdropUrl: 'https://image.tmdb.org/t/p/w1280/bd9100.jpg',
        popularity: 100,
        genreIds: [878, 12, 999],
      },
    ]);
    expect(await client().upcomingPage(4)).toEqual({ items: [], page: 4, totalPages: 1 });
    const second = await client().trendingPage(2);
    expect(second.items.map((i) => [i.mediaType, i.title])).toEqual([['tv', 'Page Two Show']]);
    expect(tmdb.hits).toContain('/trending/all/week?page=2');
  });

  it('looks up the IMDb id TMDB records for a movie or a series', async () => {
    expect(await client().imdbIdOf('movie', 603)).toBe('tt0133093');
    expect(await client().imdbIdOf('tv', 1396)).toBe('tt0903747');
    expect(await client().imdbIdOf('movie', 604)).toBeNull();
    await expect(client().imdbIdOf('movie', 605)).rejects.toMatchObject({ status: 404 });
  });

  it('gives up after the retries and reports other errors', async () => {
    const sleeps: number[] = [];
    tmdb.throttle(10);
    await expect(
      new TmdbClient(database, { apiKey: TMDB_KEY, baseUrl, maxRetries: 2, sleep: async (ms) => void sleeps.push(ms) }).findByImdbId('tt7654321'),
    ).rejects.toBeInstanceOf(TmdbError);
    expect(sleeps).toEqual([2000, 2000]);
    tmdb.throttle(0);
    await expect(client([], 'wrong').upcomingMovies(2)).rejects.toThrow(/HTTP 401/);
  });

  it("reads a title's watch providers: subscription, free and ads offers per country, rent and buy left out", async () => {
    expect(await client().watchProviders('movie', 278)).toEqual([
      { country: 'US', provider: 'netflix', url: 'https://www.themoviedb.org/movie/278-the-shawshank-redemption/watch?locale=US' },
      { country: 'US', provider: 'prime', url: 'https://www.themoviedb.org/movie/278-the-shawshank-redemption/watch?locale=US' },
      { country: 'GB', provider: 'pluto-tv', url: 'https://www.themoviedb.org/movie/278-the-shawshank-redemption/watch?locale=GB' },
    ]);
    expect(tmdb.hits.some((h) => h.includes('/movie/278/watch/providers'))).toBe(true);
  });

  it('fills missing posters of the most popular titles', async () => {
    const now = new Date().toISOString();
    const base = {
      titleType: 'movie' as const, genres: '', createdAt: now, updatedAt: now, justwatchId: null, tmdbId: null,
      originalTitle: null, startYear: null, endYear: null, releaseDate: null, runtimeMinutes: null, plot: null,
      certification: null, seasons: null, imdbRating: null, imdbVotes: 0, grossUsd: null, posterUrl: null,
      backdropUrl: null, matchKey: null, tmdbPopularity: null, budgetUsd: null,
    };
    await database.db
      .insertInto('titles')
      .values([
        { ...base, id: 'tt0111161', imdbId: 'tt0111161', primaryTitle: 'The Shawshank Redemption', searchText: 'x', popularity: 6 },
        { ...base, id: 'tt0000001', imdbId: 'tt0000001', primaryTitle: 'Unknown', searchText: 'y', popularity: 1 },
        { ...base, id: 'tt0903747', imdbId: 'tt0903747', primaryTitle: 'Breaking Bad', searchText: 'z', popularity: 7, posterUrl: 'https://kept.example/p.jpg' },
      ])
      .execute();
    const report = await enrichPosters(database, client(), 10);
    expect(report).toEqual({ looked: 2, found: 1, notFound: 1, failed: 0 });
    const rows = await database.db.selectFrom('titles').select(['id', 'posterUrl', 'tmdbId']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'tt0000001', posterUrl: null, tmdbId: null },
      { id: 'tt0111161', posterUrl: 'https://image.tmdb.org/t/p/w500/9cqNxx0GxF0bflZmeSMuL5tnGzr.jpg', tmdbId: 278 },
      { id: 'tt0903747', posterUrl: 'https://kept.example/p.jpg', tmdbId: null },
    ]);
  });

  it('refreshes where to watch the titles TMDB knows, replacing its own rows and keeping the catalogue’s', async () => {
    await database.db.updateTable('titles').set({ tmdbId: 1396, titleType: 'tvSeries' }).where('id', '=', 'tt0903747').execute();
    await database.db
      .insertInto('titleProviders')
      .values([
        { titleId: 'tt0903747', provider: 'netflix', country: 'US', source: 'justwatch', url: null },
        { titleId: 'tt0903747', provider: 'peacock', country: 'US', source: 'tmdb', url: null },
      ])
      .execute();
    const report = await refreshWatchProviders(database, client(), 10);
    expect(report).toEqual({ looked: 2, withProviders: 2, failed: 0 });
    const rows = await database.db.selectFrom('titleProviders').select(['titleId', 'provider', 'country', 'source', 'url']).orderBy('titleId').orderBy('country').orderBy('provider').execute();
    expect(rows.map((r) => [r.titleId, r.country, r.provider, r.source, r.url?.replace(/^.*\/(movie|tv)\//, '') ?? null])).toEqual([
      ['tt0111161', 'GB', 'pluto-tv', 'tmdb', '278-the-shawshank-redemption/watch?locale=GB'],
      ['tt0111161', 'US', 'netflix', 'tmdb', '278-the-shawshank-redemption/watch?locale=US'],
      ['tt0111161', 'US', 'prime', 'tmdb', '278-the-shawshank-redemption/watch?locale=US'],
      ['tt0903747', 'US', 'hulu', 'tmdb', '1396-breaking-bad/watch?locale=US'],
      ['tt0903747', 'US', 'netflix', 'justwatch', '1396-breaking-bad/watch?locale=US'],
    ]);
  });
});
