import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MediaSearchResultSchema } from '../../../../common/contracts/titles.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import type { TitleType } from '../../db/schema.ts';
import { matchKeyOf, popularityOf, searchTextOf } from './catalogue.normalize.ts';
import {
  BREAKING_BAD_PROVIDERS,
  type FakeTmdb,
  movieExternalIds,
  SHAWSHANK_PROVIDERS,
  startFakeTmdb,
  TMDB_KEY,
  trendingPage,
  tvExternalIds,
  upcomingMovie,
  upcomingPage,
} from './tmdb.test-fixtures.ts';
import { TmdbClient } from './tmdb.ts';
import { type FeedReport, TmdbFeeds } from './tmdb-feeds.ts';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const IMG = 'https://image.tmdb.org/t/p';

interface Seed {
  id: string;
  title: string;
  type?: TitleType;
  year: number | null;
  votes?: number;
  tmdbId?: number | null;
  posterUrl?: string | null;
  releaseDate?: string | null;
  popularityBonus?: number;
}

async function seed(ctx: TestContext, titles: Seed[]) {
  const now = new Date().toISOString();
  await ctx.database.db
    .insertInto('titles')
    .values(
      titles.map((t) => ({
        id: t.id,
        imdbId: t.id.startsWith('tt') ? t.id : null,
        justwatchId: null,
        tmdbId: t.tmdbId ?? null,
        titleType: t.type ?? 'movie',
        primaryTitle: t.title,
        originalTitle: null,
        searchText: searchTextOf(t.title, null),
        startYear: t.year,
        endYear: null,
        releaseDate: t.releaseDate ?? null,
        runtimeMinutes: null,
        genres: 'Drama',
        plot: null,
        certification: null,
        seasons: null,
        imdbRating: 8,
        imdbVotes: t.votes ?? 1000,
        grossUsd: null,
        budgetUsd: null,
        posterUrl: t.posterUrl ?? null,
        backdropUrl: null,
        popularity: popularityOf(t.votes ?? 1000, null) + (t.popularityBonus ?? 0),
        matchKey: matchKeyOf(t.title),
        tmdbPopularity: null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
  await ctx.database.db
    .insertInto('titleGenres')
    .values(titles.map((t) => ({ titleId: t.id, genre: 'Drama' })))
    .execute();
  await ctx.app.titles.sync();
}

/** A refresher on the test app's database and caches, speaking to the local TMDB; back-off waits are recorded, not slept. */
function feedsFor(ctx: TestContext, tmdb: FakeTmdb, sleeps: number[] = []) {
  const client = new TmdbClient(ctx.database, { apiKey: TMDB_KEY, baseUrl: tmdb.baseUrl, maxRetries: 2, sleep: async (ms) => void sleeps.push(ms) });
  return new TmdbFeeds(ctx.database, client, ctx.app.log, {
    onChange: async () => {
      await ctx.app.titles.sync();
      ctx.app.upcoming.invalidate();
    },
  });
}

const get = (ctx: TestContext, url: string) => ctx.app.inject({ method: 'GET', url });
const upcomingIds = async (ctx: TestContext, page = 1) =>
  ((await get(ctx, `/api/movies/upcoming?page=${page}`)).json().data.results as { id: string }[]).map((r) => r.id);

/** TMDB as documented, for a catalogue seeded below. */
function tmdbRoutes() {
  return {
    '/trending/all/week': trendingPage(1, 1, [
      { adult: false, backdrop_path: '/shawshank-bd.jpg', id: 278, title: 'The Shawshank Redemption', original_title: 'The Shawshank Redemption', overview: 'Imprisoned.', poster_path: '/shawshank.jpg', media_type: 'movie', genre_ids: [18, 80], popularity: 150.9, release_date: '1994-09-23', video: false, vote_average: 8.7, vote_count: 26000 },
      { adult: false, backdrop_path: '/bb-bd.jpg', id: 1396, name: 'Breaking Bad', original_name: 'Breaking Bad', overview: 'A teacher.', poster_path: '/bb.jpg', media_type: 'tv', genre_ids: [18], popularity: 400.2, first_air_date: '2008-01-20', vote_average: 8.9, vote_count: 14000, origin_country: ['US'] },
      { adult: false, id: 7777, title: 'Not In The Catalogue', original_title: 'Not In The Catalogue', media_type: 'movie', popularity: 90, release_date: '2024-01-01', poster_path: '/x.jpg' },
      { adult: false, id: 31, name: 'A Famous Person', original_name: 'A Famous Person', media_type: 'person', popularity: 60, gender: 2, known_for_department: 'Acting', profile_path: '/pp.jpg' },
    ]),
    '/movie/upcoming?page=1': upcomingPage(1, 2, [
      upcomingMovie(9001, 'A Coming Film', `${NEXT_YEAR}-01-20`, { genre_ids: [28, 878], overview: 'Soon in cinemas.', popularity: 321.5 }),
      upcomingMovie(9002, 'Sequel Film: Part Two', `${NEXT_YEAR}-02-10`, { popularity: 200 }),
      upcomingMovie(9003, 'Amelie Returns', `${NEXT_YEAR}-03-05`, { original_title: "Le Retour d'Amélie", original_language: 'fr' }),
      upcomingMovie(9004, 'Already Out', day(-2)),
    ]),
    '/movie/upcoming?page=2': upcomingPage(2, 2, [
      upcomingMovie(9005, 'Twin Title', `${NEXT_YEAR}-01-05`, { poster_path: null }),
      upcomingMovie(9006, 'Out Today', day(0)),
    ]),
    '/movie/278/external_ids': movieExternalIds(278, 'tt0111161'),
    '/tv/1396/external_ids': tvExternalIds(1396, 'tt0903747'),
    '/movie/7777/external_ids': movieExternalIds(7777, 'tt7777777'),
    '/movie/9001/external_ids': movieExternalIds(9001, ''),
    '/movie/9002/external_ids': movieExternalIds(9002, 'tt1000001'),
    '/movie/9003/external_ids': movieExternalIds(9003, null),
    '/movie/9004/external_ids': movieExternalIds(9004, null),
    // 9005: unknown to TMDB's external ids (404).
    '/movie/9006/external_ids': movieExternalIds(9006, 'tt9000006'),
  };
}

const CATALOGUE: Seed[] = [
  { id: 'tt0111161', title: 'The Shawshank Redemption', year: 1994, votes: 2_900_000 },
  // Same votes, a hair more popular: first until TMDB's popularity counts.
  { id: 'tt0000100', title: 'Rival Classic', year: 1995, votes: 2_900_000, popularityBonus: 0.0001 },
  { id: 'tt0903747', title: 'Breaking Bad', type: 'tvSeries', year: 2008, votes: 2_000_000, posterUrl: 'https://kept.example/bb.jpg' },
  { id: 'tt1000001', title: 'Sequel Film: Part Two', year: NEXT_YEAR },
  { id: 'tt1000002', title: 'Amélie Returns', year: NEXT_YEAR },
  { id: 'tt1000003', title: 'Only In The Catalogue', year: NEXT_YEAR, releaseDate: `${NEXT_YEAR}-06-01` },
  // Same name and year as TMDB's 9005, but linked to another TMDB movie: not the same film.
  { id: 'tt1000005', title: 'Twin Title', year: NEXT_YEAR, tmdbId: 5555 },
];

describe('TMDB feeds refresher', () => {
  let ctx: TestContext;
  let tmdb: FakeTmdb;
  let first: FeedReport | null;

  beforeAll(async () => {
    tmdb = await startFakeTmdb(tmdbRoutes());
    ctx = await createTestApp();
    await seed(ctx, CATALOGUE);
  });
  afterAll(async () => {
    await ctx?.close();
    await tmdb?.close();
  });

  it('before a refresh, lists the catalogue alone and ranks by votes', async () => {
    expect(await upcomingIds(ctx)).toEqual(['tt1000003']);
    const popular = (await get(ctx, '/api/movies/popular-movies')).json().data as { id: string }[];
    expect(popular.slice(0, 2).map((t) => t.id)).toEqual(['tt0000100', 'tt0111161']);
  });

  it('matches trending and upcoming titles, fills what is missing and adds upcoming movies', async () => {
    first = await feedsFor(ctx, tmdb).refresh();
    expect(first).toEqual({
      trending: 3,
      upcoming: 6,
      matched: 4,
      updated: 4,
      added: 4,
      unmatched: 1,
      upcomingListed: 6,
      failures: [],
    });

    const rows = await ctx.database.db
      .selectFrom('titles')
      .select(['id', 'posterUrl', 'backdropUrl', 'tmdbId', 'tmdbPopularity', 'popularity', 'releaseDate', 'plot'])
      .where('id', 'in', ['tt0111161', 'tt0903747', 'tt1000001', 'tt1000002', 'tt1000005'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => ({ ...r, tmdbPopularity: r.tmdbPopularity === null ? null : Number(r.tmdbPopularity), popularity: Number(r.popularity) }))).toEqual([
      {
        id: 'tt0111161',
        posterUrl: `${IMG}/w500/shawshank.jpg`,
        backdropUrl: `${IMG}/w1280/shawshank-bd.jpg`,
        tmdbId: 278,
        tmdbPopularity: 150.9,
        popularity: popularityOf(2_900_000, 150.9),
        releaseDate: '1994-09-23',
        plot: 'Imprisoned.',
      },
      {
        // The poster it had is kept; the blanks are filled.
        id: 'tt0903747',
        posterUrl: 'https://kept.example/bb.jpg',
        backdropUrl: `${IMG}/w1280/bb-bd.jpg`,
        tmdbId: 1396,
        tmdbPopularity: 400.2,
        popularity: popularityOf(2_000_000, 400.2),
        releaseDate: '2008-01-20',
        plot: 'A teacher.',
      },
      {
        id: 'tt1000001',
        posterUrl: `${IMG}/w500/p9002.jpg`,
        backdropUrl: `${IMG}/w1280/bd9002.jpg`,
        tmdbId: 9002,
        tmdbPopularity: 200,
        popularity: popularityOf(1000, 200),
        releaseDate: `${NEXT_YEAR}-02-10`,
        plot: 'Sequel Film: Part Two: the plot.',
      },
      {
        id: 'tt1000002',
        posterUrl: `${IMG}/w500/p9003.jpg`,
        backdropUrl: `${IMG}/w1280/bd9003.jpg`,
        tmdbId: 9003,
        tmdbPopularity: 100,
        popularity: popularityOf(1000, 100),
        releaseDate: `${NEXT_YEAR}-03-05`,
        plot: 'Amelie Returns: the plot.',
      },
      { id: 'tt1000005', posterUrl: null, backdropUrl: null, tmdbId: 5555, tmdbPopularity: null, popularity: popularityOf(1000, null), releaseDate: null, plot: null },
    ]);

    // Upcoming movies TMDB knows and the catalogue did not: added, keyed by IMDb id when TMDB has one.
    const added = await ctx.database.db
      .selectFrom('titles')
      .select(['id', 'imdbId', 'tmdbId', 'titleType', 'primaryTitle', 'startYear', 'releaseDate', 'genres', 'plot', 'posterUrl', 'imdbVotes'])
      .where('id', 'in', ['tmdb-9001', 'tmdb-9004', 'tmdb-9005', 'tt9000006', 'tt7777777'])
      .orderBy('id')
      .execute();
    expect(added.map((t) => t.id)).toEqual(['tmdb-9001', 'tmdb-9004', 'tmdb-9005', 'tt9000006']);
    expect(added[0]).toEqual({
      id: 'tmdb-9001',
      imdbId: null,
      tmdbId: 9001,
      titleType: 'movie',
      primaryTitle: 'A Coming Film',
      startYear: NEXT_YEAR,
      releaseDate: `${NEXT_YEAR}-01-20`,
      genres: 'Action,Sci-Fi',
      plot: 'Soon in cinemas.',
      posterUrl: `${IMG}/w500/p9001.jpg`,
      imdbVotes: 0,
    });
    expect(added[2].posterUrl).toBeNull();
    expect(added[3].imdbId).toBe('tt9000006');
    const genres = await ctx.database.db.selectFrom('titleGenres').select('genre').where('titleId', '=', 'tmdb-9001').orderBy('genre').execute();
    expect(genres.map((g) => g.genre)).toEqual(['Action', 'Sci-Fi']);

    const list = await ctx.database.db.selectFrom('tmdbUpcoming').select(['titleId', 'rank', 'tmdbId', 'releaseDate']).orderBy('rank').execute();
    expect(list.map((r) => [r.rank, r.titleId, r.tmdbId])).toEqual([
      [1, 'tmdb-9001', 9001],
      [2, 'tt1000001', 9002],
      [3, 'tt1000002', 9003],
      [4, 'tmdb-9004', 9004],
      [5, 'tmdb-9005', 9005],
      [6, 'tt9000006', 9006],
    ]);
  });

  it('GET /api/movies/upcoming then lists them from today on, soonest first, with the catalogue', async () => {
    const res = await get(ctx, '/api/movies/upcoming');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.results.map((r: { id: string }) => r.id)).toEqual(['tt9000006', 'tmdb-9005', 'tmdb-9001', 'tt1000001', 'tt1000002', 'tt1000003']);
    expect(data).toMatchObject({ page: 1, totalPages: 1 });
    for (const card of data.results) MediaSearchResultSchema.strict().parse(card);
    expect(data.results[2]).toEqual({
      id: 'tmdb-9001',
      type: 'movie',
      title: 'A Coming Film',
      primaryImage: `${IMG}/w500/p9001.jpg`,
      releaseDate: `${NEXT_YEAR}-01-20`,
      creator: null,
      year: NEXT_YEAR,
      imdbRating: null,
      imdbVotes: 0,
      genres: ['Action', 'Sci-Fi'],
    });
    // An added movie has a title page and is found by search.
    const page = await get(ctx, '/api/movies/movie/tmdb-9001');
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ title: 'A Coming Film', plot: 'Soon in cinemas.', releaseDate: `${NEXT_YEAR}-01-20` });
    const found = await ctx.app.inject({ method: 'POST', url: '/api/movies/search', payload: { input: 'a coming film' } });
    expect(found.json().data[0].id).toBe('tmdb-9001');
  });

  it("TMDB's popularity feeds the catalogue ranking, and the cached lists follow", async () => {
    const popular = (await get(ctx, '/api/movies/popular-movies')).json().data as { id: string; primaryImage: string | null }[];
    expect(popular.slice(0, 2).map((t) => t.id)).toEqual(['tt0111161', 'tt0000100']);
    expect(popular[0].primaryImage).toBe(`${IMG}/w500/shawshank.jpg`);
    const weekly = (await get(ctx, '/api/home/weekly-popular-movies?limit=2')).json().data as { id: string }[];
    expect(weekly.map((t) => t.id)).toEqual(['tt0111161', 'tt0000100']);
  });

  it('a second refresh reads TMDB from the database cache and changes nothing', async () => {
    const asked = tmdb.hits.length;
    const again = await feedsFor(ctx, tmdb).refresh();
    expect(tmdb.hits.length).toBe(asked);
    expect(again).toMatchObject({ matched: 8, updated: 0, added: 0, unmatched: 1, upcomingListed: 6, failures: [] });
    expect(await ctx.database.db.selectFrom('titles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual({ n: CATALOGUE.length + 4 });
  });
});

describe('TMDB feeds when TMDB misbehaves', () => {
  let ctx: TestContext;
  let tmdb: FakeTmdb;
  const expire = () => ctx.database.db.deleteFrom('tmdbCache').execute();

  beforeAll(async () => {
    tmdb = await startFakeTmdb(tmdbRoutes());
    ctx = await createTestApp();
    await seed(ctx, CATALOGUE);
  });
  afterEach(() => {
    tmdb.throttle(0);
    for (const [k, v] of Object.entries(tmdbRoutes())) tmdb.routes.set(k, v);
  });
  afterAll(async () => {
    await ctx?.close();
    await tmdb?.close();
  });

  it('bad JSON, server errors and 429s are reported; what could be read is still used', async () => {
    const sleeps: number[] = [];
    tmdb.routes.set('/trending/all/week', (_req: unknown, res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"page":1,"results":[{"id":'));
    tmdb.routes.set('/movie/upcoming?page=2', (_req: unknown, res: ServerResponse) =>
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"status_code":11,"status_message":"Internal error."}'),
    );
    const report = await feedsFor(ctx, tmdb, sleeps).refresh();
    expect(report?.failures).toEqual([expect.stringMatching(/^trending page 1: .*JSON/), 'upcoming page 2: TMDB /movie/upcoming answered HTTP 503']);
    expect(sleeps).toEqual([1000, 1000]);
    // Page 1 of upcoming was read and used.
    expect(report).toMatchObject({ trending: 0, upcoming: 4, upcomingListed: 4 });
    expect(await upcomingIds(ctx)).toEqual(['tmdb-9001', 'tt1000001', 'tt1000002', 'tt1000003']);
  });

  it('when the upcoming list cannot be read at all, the stored one is kept', async () => {
    await expire();
    tmdb.routes.set('/movie/upcoming?page=1', (_req: unknown, res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops</html>'));
    const report = await feedsFor(ctx, tmdb).refresh();
    expect(report).toMatchObject({ upcoming: 0, upcomingListed: null, trending: 3 });
    expect(report?.failures).toEqual([expect.stringMatching(/^upcoming page 1: /)]);
    expect(await ctx.database.db.selectFrom('tmdbUpcoming').select('titleId').orderBy('rank').execute()).toHaveLength(4);
    expect(await upcomingIds(ctx)).toEqual(['tmdb-9001', 'tt1000001', 'tt1000002', 'tt1000003']);
  });

  it('a TMDB that keeps answering 429 ends the IMDb id look-ups; title and year still match', async () => {
    await expire();
    await ctx.database.db.updateTable('titles').set({ tmdbId: null }).where('id', 'in', ['tt1000001', 'tt1000002']).execute();
    await ctx.database.db.deleteFrom('titles').where('id', 'like', 'tmdb-%').execute();
    // Lists come through; every external ids call is throttled.
    for (const key of Object.keys(tmdbRoutes()).filter((k) => k.endsWith('external_ids'))) {
      tmdb.routes.set(key, (_req: unknown, res: ServerResponse) => res.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' }).end('{"status_code":25}'));
    }
    const before = tmdb.hits.length;
    const report = await feedsFor(ctx, tmdb).refresh();
    const externalCalls = tmdb.hits.slice(before).filter((h) => h.endsWith('external_ids'));
    // One look-up, tried three times (maxRetries 2), then no more.
    expect(new Set(externalCalls).size).toBe(1);
    expect(externalCalls).toHaveLength(3);
    expect(report?.failures).toEqual(['external ids: TMDB /movie/7777/external_ids answered HTTP 429']);
    // tt1000002 matches by title + year; tt1000001 too (same title), the new ones are added again.
    const linked = await ctx.database.db.selectFrom('titles').select(['id', 'tmdbId']).where('id', 'in', ['tt1000001', 'tt1000002']).orderBy('id').execute();
    expect(linked).toEqual([
      { id: 'tt1000001', tmdbId: 9002 },
      { id: 'tt1000002', tmdbId: 9003 },
    ]);
    expect(await upcomingIds(ctx)).toContain('tmdb-9001');
  });

  it('an unreachable TMDB is reported and requests are unaffected', async () => {
    await expire();
    const down = await startFakeTmdb();
    await down.close();
    const client = new TmdbClient(ctx.database, { apiKey: TMDB_KEY, baseUrl: down.baseUrl, maxRetries: 0 });
    const report = await new TmdbFeeds(ctx.database, client, ctx.app.log).refresh();
    expect(report?.failures).toEqual([expect.stringMatching(/^trending page 1: fetch failed/), expect.stringMatching(/^upcoming page 1: fetch failed/)]);
    expect(report?.upcomingListed).toBeNull();
    expect((await get(ctx, '/api/movies/upcoming')).statusCode).toBe(200);
  });
});

describe('TMDB watch providers, a batch per run', () => {
  let ctx: TestContext;
  let tmdb: FakeTmdb;
  const TITLES: Seed[] = [
    { id: 'tt0111161', title: 'The Shawshank Redemption', year: 1994, votes: 2_900_000, tmdbId: 278 },
    { id: 'tt0903747', title: 'Breaking Bad', type: 'tvSeries', year: 2008, votes: 2_000_000, tmdbId: 1396 },
    // TMDB has no such movie (404): read, with no providers.
    { id: 'tt0000200', title: 'Gone From TMDB', year: 1990, votes: 5_000, tmdbId: 4040 },
    // Not linked to TMDB: never asked about.
    { id: 'tt0000201', title: 'Unlinked', year: 1991, votes: 9_000_000 },
  ];
  const providersHits = () => tmdb.hits.filter((h) => h.endsWith('/watch/providers'));
  const checked = async () =>
    (await ctx.database.db.selectFrom('titleProviderChecks').select(['titleId', 'checkedAt']).orderBy('titleId').execute()).map((r): [string, number] => [r.titleId, Number(r.checkedAt)]);
  const feeds = (perRun: number) =>
    new TmdbFeeds(ctx.database, new TmdbClient(ctx.database, { apiKey: TMDB_KEY, baseUrl: tmdb.baseUrl, maxRetries: 0 }), ctx.app.log, { providersPerRun: perRun });

  beforeAll(async () => {
    tmdb = await startFakeTmdb({ '/movie/278/watch/providers': SHAWSHANK_PROVIDERS, '/tv/1396/watch/providers': BREAKING_BAD_PROVIDERS });
    ctx = await createTestApp();
    await seed(ctx, TITLES);
  });
  afterAll(async () => {
    await ctx?.close();
    await tmdb?.close();
  });

  it('reads a bounded batch each run, never-read titles first (most popular first), then those read longest ago', async () => {
    const first = await feeds(2).refreshProviders();
    expect(first).toEqual({ looked: 2, withProviders: 2, failed: 0 });
    expect(providersHits()).toEqual(['/movie/278/watch/providers', '/tv/1396/watch/providers']);
    const providers = await ctx.database.db.selectFrom('titleProviders').select(['titleId', 'country', 'provider']).where('source', '=', 'tmdb').orderBy('titleId').orderBy('country').orderBy('provider').execute();
    expect(providers.map((r) => `${r.titleId} ${r.country} ${r.provider}`)).toEqual([
      'tt0111161 GB pluto-tv',
      'tt0111161 US netflix',
      'tt0111161 US prime',
      'tt0903747 US hulu',
      'tt0903747 US netflix',
    ]);
    expect((await checked()).map(([id]) => id)).toEqual(['tt0111161', 'tt0903747']);

    // The next run: the title never read, then the one read longest ago.
    await ctx.database.db.updateTable('titleProviderChecks').set({ checkedAt: 1000 }).where('titleId', '=', 'tt0903747').execute();
    // TMDB's answers are kept a day: read afresh here, as a day later.
    await ctx.database.db.deleteFrom('tmdbCache').execute();
    const second = await feeds(2).refreshProviders();
    expect(second).toEqual({ looked: 2, withProviders: 1, failed: 0 });
    expect(providersHits().slice(2)).toEqual(['/movie/4040/watch/providers', '/tv/1396/watch/providers']);
    const marks = new Map(await checked());
    expect([...marks.keys()]).toEqual(['tt0000200', 'tt0111161', 'tt0903747']);
    expect(marks.get('tt0903747')).toBeGreaterThan(1000);
    expect(marks.has('tt0000201')).toBe(false);
  });

  it('a failing TMDB leaves the titles unmarked, so they come first next run; 0 a run turns it off', async () => {
    await ctx.database.db.deleteFrom('tmdbCache').execute();
    const before = await checked();
    tmdb.throttle(100, '0');
    const report = await feeds(3).refreshProviders();
    tmdb.throttle(0);
    expect(report).toEqual({ looked: 3, withProviders: 0, failed: 3 });
    expect(await checked()).toEqual(before);
    const asked = tmdb.hits.length;
    expect(await feeds(0).refreshProviders()).toBeNull();
    expect(tmdb.hits.length).toBe(asked);
  });

  it('runs once across processes: of two started on one database, one reads the batch', async () => {
    await ctx.database.db.deleteFrom('titleProviderChecks').execute();
    await ctx.database.db.deleteFrom('tmdbCache').execute();
    await ctx.database.db.deleteFrom('jobLeases').where('name', '=', 'tmdb-providers').execute();
    const asked = providersHits().length;
    const a = feeds(1);
    const b = feeds(1);
    a.start(3_600_000);
    b.start(3_600_000);
    await expect.poll(async () => (await checked()).length).toBe(1);
    await Promise.all([a.stop(), b.stop()]);
    expect(providersHits().length - asked).toBe(1);
    expect((await checked()).map(([id]) => id)).toEqual(['tt0111161']);
    const lease = await ctx.database.db.selectFrom('jobLeases').select('name').where('name', '=', 'tmdb-providers').execute();
    expect(lease).toHaveLength(1);
  });
});

describe('TMDB feeds in the running server', () => {
  it('without TMDB_API_KEY there are no feeds and no calls', async () => {
    const tmdb = await startFakeTmdb(tmdbRoutes());
    const ctx = await createTestApp({ TMDB_BASE_URL: tmdb.baseUrl });
    try {
      expect(ctx.app.tmdbFeeds).toBeNull();
      expect(tmdb.hits).toEqual([]);
    } finally {
      await ctx.close();
      await tmdb.close();
    }
  });

  it('refreshes once ready, without delaying it, and stops a refresh in flight on close', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const routes = tmdbRoutes();
    const tmdb = await startFakeTmdb({
      ...routes,
      // Upcoming answers only when the test says so.
      '/movie/upcoming?page=1': (_req: unknown, res: ServerResponse) => {
        void held.then(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(routes['/movie/upcoming?page=1'])));
      },
    });
    const ctx = await createTestApp({ TMDB_API_KEY: TMDB_KEY, TMDB_BASE_URL: tmdb.baseUrl, TMDB_REFRESH_HOURS: '1' });
    try {
      const feeds = ctx.app.tmdbFeeds as TmdbFeeds;
      expect(feeds).toBeInstanceOf(TmdbFeeds);
      // Ready while TMDB has not answered; requests are served meanwhile.
      await expect.poll(() => tmdb.hits.includes('/movie/upcoming?page=1')).toBe(true);
      expect((await get(ctx, '/api/movies/upcoming')).json().data).toEqual({ results: [], page: 1, totalPages: 0 });
      release();
      const report = await feeds.refresh();
      expect(report).toMatchObject({ added: 6, upcomingListed: 6, failures: [] });
      expect(await upcomingIds(ctx)).toEqual(['tt9000006', 'tmdb-9005', 'tmdb-9001', 'tt1000001', 'tmdb-9003']);
    } finally {
      release();
      await ctx.close();
    }

    // A second server whose TMDB never answers: close() ends its refresh at once instead of waiting for it.
    tmdb.routes.set('/trending/all/week', () => {});
    tmdb.hits.length = 0;
    const ctx2 = await createTestApp({ TMDB_API_KEY: TMDB_KEY, TMDB_BASE_URL: tmdb.baseUrl, TMDB_REFRESH_HOURS: '1' });
    await expect.poll(() => tmdb.hits.includes('/trending/all/week')).toBe(true);
    const start = Date.now();
    await ctx2.close();
    expect(Date.now() - start).toBeLessThan(3000);
    expect(await (ctx2.app.tmdbFeeds as TmdbFeeds).refresh()).toBeNull();
    await tmdb.close();
  });
});
