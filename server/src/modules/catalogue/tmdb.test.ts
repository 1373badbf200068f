import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import { enrichPosters, TmdbClient, TmdbError } from './tmdb.ts';

// Response shapes as documented at https://developer.themoviedb.org/reference
const FIND_SHAWSHANK = {
  movie_results: [
    {
      adult: false,
      backdrop_path: '/kXfqcdQKsToO0OUXHcrrNCHDBzO.jpg',
      id: 278,
      title: 'The Shawshank Redemption',
      original_language: 'en',
      original_title: 'The Shawshank Redemption',
      overview: 'Imprisoned in the 1940s...',
      poster_path: '/9cqNxx0GxF0bflZmeSMuL5tnGzr.jpg',
      media_type: 'movie',
      genre_ids: [18, 80],
      popularity: 150.9,
      release_date: '1994-09-23',
      video: false,
      vote_average: 8.7,
      vote_count: 26000,
    },
  ],
  person_results: [],
  tv_results: [],
  tv_episode_results: [],
  tv_season_results: [],
};
const FIND_BREAKING_BAD = {
  movie_results: [],
  person_results: [],
  tv_results: [
    {
      backdrop_path: '/tsRy63Mu5cu8etL1X7ZLyf7UP1M.jpg',
      id: 1396,
      name: 'Breaking Bad',
      original_name: 'Breaking Bad',
      poster_path: '/ztkUQFLlC19CCMYHW9o1zWhJRNq.jpg',
      media_type: 'tv',
      popularity: 400.2,
      first_air_date: '2008-01-20',
    },
  ],
  tv_episode_results: [],
  tv_season_results: [],
};
const UPCOMING = {
  dates: { maximum: '2026-12-20', minimum: '2026-12-01' },
  page: 1,
  results: [
    {
      adult: false,
      backdrop_path: '/bd.jpg',
      genre_ids: [28],
      id: 9001,
      original_language: 'en',
      original_title: 'A Coming Film',
      overview: 'Soon.',
      popularity: 321.5,
      poster_path: '/p.jpg',
      release_date: '2026-12-18',
      title: 'A Coming Film',
      video: false,
      vote_average: 0,
      vote_count: 0,
    },
  ],
  total_pages: 1,
  total_results: 1,
};
const TRENDING = {
  page: 1,
  results: [
    { id: 1, media_type: 'movie', title: 'Trending Film', original_title: 'Trending Film', release_date: '2026-11-01', poster_path: '/t.jpg', popularity: 99 },
    { id: 2, media_type: 'tv', name: 'Trending Show', original_name: 'Trending Show', first_air_date: '2026-10-01', poster_path: null, popularity: 88 },
    { id: 3, media_type: 'person', name: 'A Person', popularity: 77 },
  ],
  total_pages: 1,
  total_results: 3,
};

describe('TMDB adapter', () => {
  let server: Server;
  let baseUrl: string;
  let database: Database;
  let cleanup: () => Promise<void>;
  const hits: string[] = [];
  let throttleNext = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      hits.push(url.pathname);
      if (url.searchParams.get('api_key') !== 'key123') {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"status_code":7,"status_message":"Invalid API key"}');
        return;
      }
      if (throttleNext > 0) {
        throttleNext -= 1;
        res.writeHead(429, { 'retry-after': '2', 'content-type': 'application/json' }).end('{"status_code":25}');
        return;
      }
      const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (url.pathname === '/3/find/tt0111161' && url.searchParams.get('external_source') === 'imdb_id') return json(FIND_SHAWSHANK);
      if (url.pathname === '/3/find/tt0903747') return json(FIND_BREAKING_BAD);
      if (url.pathname.startsWith('/3/find/')) return json({ movie_results: [], tv_results: [], person_results: [] });
      if (url.pathname === '/3/movie/upcoming') return json(UPCOMING);
      if (url.pathname === '/3/trending/all/week') return json(TRENDING);
      res.writeHead(404).end();
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/3`;
    ({ database, cleanup } = await openTestDatabase());
  });
  afterAll(async () => {
    server.close();
    await cleanup();
  });

  const client = (sleeps: number[] = [], apiKey = 'key123') =>
    new TmdbClient(database, { apiKey, baseUrl, sleep: async (ms) => void sleeps.push(ms) });

  it('finds poster and backdrop by IMDb id, backing off on 429 as Retry-After says', async () => {
    const sleeps: number[] = [];
    throttleNext = 1;
    hits.length = 0;
    const found = await client(sleeps).findByImdbId('tt0111161');
    expect(sleeps).toEqual([2000]);
    expect(hits).toEqual(['/3/find/tt0111161', '/3/find/tt0111161']);
    expect(found).toEqual({
      tmdbId: 278,
      mediaType: 'movie',
      posterUrl: 'https://image.tmdb.org/t/p/w500/9cqNxx0GxF0bflZmeSMuL5tnGzr.jpg',
      backdropUrl: 'https://image.tmdb.org/t/p/w1280/kXfqcdQKsToO0OUXHcrrNCHDBzO.jpg',
      popularity: 150.9,
    });
    // Cached in the database: no second request.
    await client().findByImdbId('tt0111161');
    expect(hits).toHaveLength(2);
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

  it('gives up after the retries and reports other errors', async () => {
    const sleeps: number[] = [];
    throttleNext = 10;
    await expect(
      new TmdbClient(database, { apiKey: 'key123', baseUrl, maxRetries: 2, sleep: async (ms) => void sleeps.push(ms) }).findByImdbId('tt7654321'),
    ).rejects.toBeInstanceOf(TmdbError);
    expect(sleeps).toEqual([2000, 2000]);
    throttleNext = 0;
    await expect(client([], 'wrong').upcomingMovies(2)).rejects.toThrow(/HTTP 401/);
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
});
