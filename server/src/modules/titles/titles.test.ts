import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { normalizeText } from '../../search/index.ts';
import { generatedTitles, REAL_TITLES, realTitle } from './titles.fixtures.ts';
import { presentCard } from './titles.presenter.ts';
import { findCardRows, upsertTitles, writeActivityBatch } from './titles.repository.ts';
import { recordTitleActivity } from './titles.service.ts';

let ctx: TestContext;
const nextYear = new Date().getUTCFullYear() + 1;

const searchText = (p: string, o: string | null) => normalizeText(`${p} ${o ?? ''}`);

beforeAll(async () => {
  ctx = await createTestApp();
  const titles = [
    ...REAL_TITLES.map(realTitle),
    ...generatedTitles(300, 11),
    // A 10/10 with three votes must never top a ratings list.
    { id: 'tt9999901', titleType: 'movie' as const, primaryTitle: 'Three Votes Wonder', startYear: 2020, genres: ['Drama'], imdbRating: 10, imdbVotes: 3, popularity: 0.001 },
    { id: 'tt9999902', titleType: 'tvSeries' as const, primaryTitle: 'Three Votes Show', startYear: 2020, genres: ['Drama'], imdbRating: 10, imdbVotes: 3, popularity: 0.001 },
    { id: 'tt9999903', titleType: 'movie' as const, primaryTitle: 'Future Film', startYear: nextYear, releaseDate: `${nextYear}-03-01`, genres: ['Sci-Fi'], popularity: 1 },
    { id: 'tt9999904', titleType: 'tvSeries' as const, primaryTitle: 'Future Show', startYear: nextYear, releaseDate: `${nextYear}-04-01`, genres: ['Drama'], popularity: 1 },
    // Crime and Film-Noir: 25 films, most with fewer votes than a top list asks, one with 7 votes, one unrated.
    ...Array.from({ length: 23 }, (_, i) => ({
      id: `tt99998${String(i).padStart(2, '0')}`,
      titleType: 'movie' as const,
      primaryTitle: `Noir Night ${i}`,
      startYear: 1940 + i,
      genres: ['Crime', 'Film-Noir'],
      imdbRating: Math.round((6 + ((i * 7) % 23) / 10) * 10) / 10,
      imdbVotes: 400 + i * 2_500,
      popularity: 1 + i / 100,
    })),
    { id: 'tt9999890', titleType: 'movie' as const, primaryTitle: 'Noir Seven Votes', startYear: 1950, genres: ['Crime', 'Film-Noir'], imdbRating: 9.9, imdbVotes: 7, popularity: 0.002 },
    { id: 'tt9999891', titleType: 'movie' as const, primaryTitle: 'Noir Unrated', startYear: 1951, genres: ['Crime', 'Film-Noir'], popularity: 0.003 },
    { id: 'tt9999905', titleType: 'movie' as const, primaryTitle: 'Big Earner', startYear: 2015, genres: ['Action'], grossUsd: 2_900_000_000, popularity: 5, imdbRating: 7, imdbVotes: 100_000 },
  ];
  await upsertTitles(ctx.database.db, titles, searchText);
  await ctx.app.titles.sync();
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object });

describe('POST /api/movies/search', () => {
  it('answers media search results, exact title first', async () => {
    const res = await post('/api/movies/search', { input: 'godfather', titleType: null });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data[0]).toEqual({
      id: 'tt0068646',
      type: 'movie',
      title: 'The Godfather',
      primaryImage: null,
      releaseDate: '1972-06-15',
      creator: 'Director of The Godfather',
      year: 1972,
      imdbRating: 9.2,
      imdbVotes: 2000000,
      genres: ['Crime', 'Drama'],
    });
    expect(data.length).toBeLessThanOrEqual(10);
  });

  it('filters by title type and answers [] for blank input', async () => {
    const shows = (await post('/api/movies/search', { input: 'the', titleType: 'tvSeries' })).json().data as { type: string }[];
    expect(shows.length).toBeGreaterThan(0);
    expect(shows.every((s) => s.type === 'tvSeries')).toBe(true);
    expect((await post('/api/movies/search', { input: '   ', titleType: null })).json()).toEqual({ data: [] });
    expect((await post('/api/movies/search', { input: 'breaking' })).json().data[0].id).toBe('tt0903747');
  });

  it('answers 400 naming the field for bad input', async () => {
    const long = await post('/api/movies/search', { input: 'x'.repeat(201), titleType: null });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/^input/);
    const type = await post('/api/movies/search', { input: 'dune', titleType: 'book' });
    expect(type.statusCode).toBe(400);
    expect(type.json().error.message).toMatch(/^titleType/);
    const notText = await post('/api/movies/search', { input: 42, titleType: null });
    expect(notText.statusCode).toBe(400);
  });

  it('never fails on odd input', async () => {
    const odd = [
      '',
      ' ',
      '"',
      '*',
      '()',
      '-',
      ':',
      'NEAR',
      'NEAR(a b)',
      'a NEAR b',
      '"dune" OR "matrix"',
      'title:dune',
      "'; drop table titles; --",
      '%_%',
      '\\',
      '🎬🍿',
      '東京物語',
      'ÅÄÖ ñ ç ß œ',
      'a'.repeat(200),
      'a b c d e f g h i j k l m n o p',
      '1999 2000 2001',
      '2021',
      'dune 2021 2021',
      ' \t\n',
      '\u202e\u200b',
    ];
    for (const input of odd) {
      for (const titleType of [null, 'movie', 'tvSeries']) {
        const res = await post('/api/movies/search', { input, titleType });
        expect(res.statusCode, `${JSON.stringify(input)} ${titleType}`).toBe(200);
      }
      const page = await get(`/api/search?q=${encodeURIComponent(input)}`);
      expect(page.statusCode, JSON.stringify(input)).toBe(200);
    }
    // Control characters are refused by the contracts, naming the field (common/contracts/text.ts).
    const nul = await post('/api/movies/search', { input: 'du\u0000ne', titleType: null });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toContain('input');
    const nulPage = await get(`/api/search?q=${encodeURIComponent('du\u0000ne')}`);
    expect(nulPage.statusCode).toBe(400);
    expect(nulPage.json().error.message).toContain('q');
  });
});

describe('GET /api/search', () => {
  it('pages through results', async () => {
    const one = (await get('/api/search?q=the&page=1')).json().data;
    expect(one.page).toBe(1);
    expect(one.pageSize).toBe(20);
    expect(one.results).toHaveLength(20);
    expect(one.hasMore).toBe(true);
    const two = (await get('/api/search?q=the&page=2')).json().data;
    expect(two.results[0].id).not.toBe(one.results[0].id);
    const ids = new Set([...one.results, ...two.results].map((r: { id: string }) => r.id));
    expect(ids.size).toBe(40);
    const movies = (await get('/api/search?q=dune&type=movie')).json().data;
    expect(movies.results[0].id).toBe('tt1160419');
  });

  it('answers 400 naming the field', async () => {
    const bad = await get('/api/search?q=dune&page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^page/);
    const type = await get('/api/search?q=dune&type=book');
    expect(type.statusCode).toBe(400);
    expect(type.json().error.message).toMatch(/^type/);
    expect((await get('/api/search?q=dune&page=abc')).statusCode).toBe(400);
  });
});

describe('search clicks and popular searches', () => {
  it('falls back to popular titles, then counts clicked searches', async () => {
    const before = (await get('/api/movies/popular-searches')).json().data as { query: string; count: number }[];
    expect(before).toHaveLength(10);
    expect(before[0]).toEqual({ query: 'The Shawshank Redemption', count: 0 });

    // Three people (anonymous: told apart by their address).
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/movies/search-click',
        payload: { query: '  Dune ', titleId: 'tt1160419' },
        remoteAddress: `192.0.2.${i + 10}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { recorded: true } });
    }
    await post('/api/movies/search-click', { query: 'matrix', titleId: 'tt0133093' });
    const after = (await get('/api/movies/popular-searches')).json().data;
    expect(after.slice(0, 2)).toEqual([
      { query: 'dune', count: 3 },
      { query: 'matrix', count: 1 },
    ]);
    expect(after).toHaveLength(10);
  });

  it('answers 404 for an unknown title and 400 for bad fields', async () => {
    const missing = await post('/api/movies/search-click', { query: 'x', titleId: 'tt0000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('title_not_found');
    const blank = await post('/api/movies/search-click', { query: '  ', titleId: 'tt1160419' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toMatch(/^query/);
    const badId = await post('/api/movies/search-click', { query: 'dune', titleId: "tt1'; --" });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toMatch(/^titleId/);
  });

  it('counts a click only when the query finds the title, so nobody can plant a popular search', async () => {
    const before = (await get('/api/movies/popular-searches')).json().data;
    const planted = await post('/api/movies/search-click', { query: 'visit my spam site', titleId: 'tt1160419' });
    expect(planted.statusCode).toBe(400);
    expect(planted.json()).toEqual({
      error: { code: 'not_a_search_result', message: 'titleId: tt1160419 is not among the results for this query.' },
    });
    // A real title, but not what this query finds (Dune is not a result for "matrix").
    const wrong = await post('/api/movies/search-click', { query: 'matrix', titleId: 'tt1160419' });
    expect(wrong.statusCode).toBe(400);
    expect((await get('/api/movies/popular-searches')).json().data).toEqual(before);
    // A typo that finds the title counts, as the suggestions it came from did.
    const typo = await post('/api/movies/search-click', { query: 'dume', titleId: 'tt1160419' });
    expect(typo.statusCode).toBe(200);
  });
});

describe('popular movies and shows', () => {
  it('answers the 10 most popular of each kind', async () => {
    const movies = (await get('/api/movies/popular-movies')).json().data;
    expect(movies).toHaveLength(10);
    expect(movies[0].id).toBe('tt0111161');
    expect(movies.every((m: { type: string }) => m.type === 'movie')).toBe(true);
    const shows = (await get('/api/movies/popular-shows')).json().data;
    expect(shows[0].id).toBe('tt0944947');
    expect(shows.every((m: { type: string }) => m.type === 'tvSeries')).toBe(true);
  });
});

describe('genres and directory', () => {
  it('lists genres with counts', async () => {
    const genres = (await get('/api/movies/getPossibleGenres')).json().data as { name: string; count: number }[];
    expect(genres.find((g) => g.name === 'Drama')?.count).toBeGreaterThan(50);
    const shows = (await get('/api/movies/getPossibleGenres?titleType=tvSeries')).json().data as { name: string; count: number }[];
    expect(shows.find((g) => g.name === 'Drama')?.count).toBeLessThan(genres.find((g) => g.name === 'Drama')?.count ?? 0);
  });

  it('searches by genres (all must match)', async () => {
    const res = await post('/api/movies/search-by-genres', { genreNames: ['crime', 'Drama'], titleType: 'movie' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.results[0].id).toBe('tt0468569');
    expect(data.results.every((r: { genres: string[] }) => r.genres.includes('Crime') && r.genres.includes('Drama'))).toBe(true);
    const page2 = (await post('/api/movies/search-by-genres', { genreNames: ['Drama'], titleType: null, page: 2 })).json().data;
    expect(page2.page).toBe(2);
    const unknown = await post('/api/movies/search-by-genres', { genreNames: ['Cooking'], titleType: null });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/^genreNames: unknown genre "Cooking"/);
    const empty = await post('/api/movies/search-by-genres', { genreNames: [], titleType: null });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/^genreNames/);
  });

  it('filters movies and shows', async () => {
    const res = await get('/api/movies/filters?genre=Sci-Fi&yearFrom=1990&yearTo=2010&ratingMin=8&sort=rating');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.results.length).toBeGreaterThan(0);
    for (const r of data.results) {
      expect(r.type).toBe('movie');
      expect(r.genres).toContain('Sci-Fi');
      expect(r.year).toBeGreaterThanOrEqual(1990);
      expect(r.year).toBeLessThanOrEqual(2010);
      expect(r.imdbRating).toBeGreaterThanOrEqual(8);
    }
    const byTitle = (await get('/api/tv/filters?sort=title')).json().data.results as { title: string; type: string }[];
    expect(byTitle.every((r) => r.type === 'tvSeries')).toBe(true);
    const names = byTitle.map((r) => normalizeText(r.title));
    expect(names).toEqual([...names].sort());
    const byYear = (await get('/api/tv/filters?sort=year&genre=')).json().data.results as { year: number }[];
    expect(byYear[0].year).toBe(nextYear);
    const empty = (await get('/api/movies/filters?yearFrom=&genre=&page=')).json().data;
    expect(empty.results[0].id).toBe('tt0111161');
  });

  it('sorts a filtered set by rating without leaving any title out, few votes and unrated last', async () => {
    const pages = async (sort: string) => {
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const data = (await get(`/api/movies/filters?genre=Crime,Film-Noir&sort=${sort}&page=${page}`)).json().data;
        ids.push(...data.results.map((r: { id: string }) => r.id));
        if (!data.hasMore) return { ids, results: data.results };
      }
    };
    const popular = await pages('popularity');
    expect(popular.ids).toHaveLength(25);
    const byRating = await pages('rating');
    expect(byRating.ids).toHaveLength(25);
    expect([...byRating.ids].sort()).toEqual([...popular.ids].sort());
    // The 9.9 on 7 votes is pulled to the mean: the best rated films on thousands of votes come before it.
    const first = (await get('/api/movies/filters?genre=Crime,Film-Noir&sort=rating')).json().data.results;
    expect(first[0].id).not.toBe('tt9999890');
    expect(first[0].imdbVotes).toBeGreaterThan(10_000);
    expect(byRating.ids.indexOf('tt9999890')).toBeGreaterThan(5);
    expect(byRating.ids.at(-1)).toBe('tt9999891');
  });

  it('answers 400 naming the field for bad filters', async () => {
    for (const [query, field] of [
      ['yearFrom=abc', 'yearFrom'],
      ['yearFrom=2010&yearTo=2000', 'yearTo'],
      ['ratingMin=11', 'ratingMin'],
      ['sort=random', 'sort'],
      ['page=-1', 'page'],
      ['genre=Cooking', 'genre'],
      ['votesMin=1.5', 'votesMin'],
    ]) {
      const res = await get(`/api/movies/filters?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toMatch(new RegExp(`^${field}`));
    }
  });
});

describe('presets', () => {
  it('answers the movie presets', async () => {
    const box = (await get('/api/movies/preset/box-office')).json().data;
    expect(box.results[0].id).toBe('tt9999905');
    const top = (await get('/api/movies/preset/top-rated')).json().data;
    expect(top.results).toHaveLength(20);
    expect(top.results[0].id).toBe('tt0111161');
    expect(top.results.map((r: { id: string }) => r.id)).not.toContain('tt9999901');
    const soon = (await get('/api/movies/preset/coming-soon')).json().data;
    expect(soon.results.map((r: { id: string }) => r.id)).toEqual(['tt9999903']);
    const byGenre = (await get('/api/movies/preset/by-genre?genre=western')).json().data;
    expect(byGenre.results[0].id).toBe('tt1853728');
    const popular = (await get('/api/movies/preset/popular?page=2')).json().data;
    expect(popular.page).toBe(2);
  });

  it('answers the show presets', async () => {
    const ratings = (await get('/api/tv/preset/ratings')).json().data;
    expect(ratings.results[0].id).toBe('tt0903747');
    expect(ratings.results.map((r: { id: string }) => r.id)).not.toContain('tt9999902');
    const popular = (await get('/api/tv/preset/popular')).json().data;
    expect(popular.results[0].id).toBe('tt0944947');
    const soon = (await get('/api/tv/preset/coming-soon')).json().data;
    expect(soon.results.map((r: { id: string }) => r.id)).toEqual(['tt9999904']);
    const byGenre = (await get('/api/tv/preset/by-genre?genre=Comedy')).json().data;
    expect(byGenre.results.every((r: { type: string; genres: string[] }) => r.type === 'tvSeries' && r.genres.includes('Comedy'))).toBe(true);
  });

  it('answers 404 for an unknown preset and 400 for a missing genre', async () => {
    const unknown = await get('/api/movies/preset/ratings');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({
      code: 'unknown_preset',
      message: 'presetName: unknown preset "ratings". Movie presets: box-office, top-rated, coming-soon, by-genre, popular.',
    });
    expect((await get('/api/tv/preset/box-office')).statusCode).toBe(404);
    const noGenre = await get('/api/movies/preset/by-genre');
    expect(noGenre.statusCode).toBe(400);
    expect(noGenre.json().error.message).toMatch(/^genre/);
    expect((await get('/api/tv/preset/by-genre?genre=Cooking')).statusCode).toBe(400);
  });
});

describe('GET /api/movies/{type}/{id}', () => {
  it('answers the title page with similar titles', async () => {
    const res = await get('/api/movies/movie/tt0068646');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      id: 'tt0068646',
      type: 'movie',
      title: 'The Godfather',
      originalTitle: null,
      year: 1972,
      releaseDate: '1972-06-15',
      runtimeMinutes: 120,
      genres: ['Crime', 'Drama'],
      imdbRating: 9.2,
      imdbVotes: 2000000,
      cast: [{ name: 'Lead of The Godfather', character: 'Hero' }],
      directors: ['Director of The Godfather'],
      seasons: null,
    });
    expect(d.similar.length).toBe(12);
    expect(d.similar.map((s: { id: string }) => s.id)).not.toContain('tt0068646');
    expect(d.similar[0].id).toBe('tt0468569');
    expect(d.similar.every((s: { type: string; genres: string[] }) => s.type === 'movie' && s.genres.includes('Crime'))).toBe(true);

    const show = (await get('/api/movies/tvSeries/tt6468322')).json().data;
    expect(show).toMatchObject({ title: 'Money Heist', originalTitle: 'La casa de papel', seasons: 3, creators: ['Creator of Money Heist'] });
  });

  it("gives titles outside their genres' top twelve the same similar titles as one written list, in the page's own shape", async () => {
    const probe = (id: string) => ({ id, titleType: 'movie' as const, primaryTitle: `Quiet Crime ${id}`, startYear: 1999, genres: ['Crime', 'Drama'], popularity: 0.0001 });
    await upsertTitles(ctx.database.db, [probe('tt9999910'), probe('tt9999911')], searchText);
    await ctx.app.titles.sync();
    const page = async (id: string) => {
      const res = await get(`/api/movies/movie/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body.match(/"similar":/g)).toHaveLength(1);
      return res.json().data;
    };
    const godfather = (await page('tt0068646')).similar.map((s: { id: string }) => s.id);
    const a = await page('tt9999910');
    const b = await page('tt9999911');
    const ids = (d: { similar: { id: string }[] }) => d.similar.map((s) => s.id);
    // The combination's twelve most popular, The Godfather among them; without it, The Godfather's own first eleven.
    expect(ids(a)).toEqual(ids(b));
    expect(ids(a)).toHaveLength(12);
    expect(ids(a)).toContain('tt0068646');
    expect(ids(a).filter((id) => id !== 'tt0068646')).toEqual(godfather.slice(0, 11));
    // Each card whole, as in every other list of cards.
    expect(a.similar[0]).toEqual({
      id: 'tt0468569',
      type: 'movie',
      title: 'The Dark Knight',
      primaryImage: null,
      releaseDate: expect.any(String),
      creator: expect.toBeOneOf([null, expect.any(String)]),
      year: 2008,
      imdbRating: 9,
      imdbVotes: 2800000,
      genres: ['Action', 'Crime', 'Drama'],
    });
    expect(a).toMatchObject({ id: 'tt9999910', title: 'Quiet Crime tt9999910', genres: ['Crime', 'Drama'], year: 1999 });
  });

  it('answers 404 for an unknown id or a type that does not match, 400 for a bad type', async () => {
    const missing = await get('/api/movies/movie/tt0000001');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('title_not_found');
    expect((await get('/api/movies/tvSeries/tt0068646')).statusCode).toBe(404);
    const badType = await get('/api/movies/book/tt0068646');
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.message).toMatch(/^type/);
    expect((await get(`/api/movies/movie/${'x'.repeat(60)}`)).statusCode).toBe(400);
    expect((await get('/api/movies/movie/%27%3B--')).statusCode).toBe(400);
  });
});

describe('home', () => {
  it('answers the carousel: 10 movies then 10 shows, tagged', async () => {
    const data = (await get('/api/home/carousel')).json().data;
    expect(data).toHaveLength(20);
    expect(data[0]).toMatchObject({
      id: 'tt0111161',
      title: 'The Shawshank Redemption',
      primaryImage: { url: null },
      titleType: { isSeries: false },
      ratings: { aggregateRating: 9.3, voteCount: 2900000 },
      tag: 'Top Movies',
    });
    expect(data[10]).toMatchObject({ id: 'tt0944947', titleType: { isSeries: true }, tag: 'Top TV Shows' });
  });

  it('ranks weekly popular titles by activity, falling back to popularity', async () => {
    // Earlier tests clicked 'dune' three times (x2) and 'matrix' once (x2); the rest is catalogue popularity.
    const before = (await get('/api/home/weekly-popular-movies?limit=5')).json().data;
    expect(before.map((m: { id: string }) => m.id)).toEqual(['tt1160419', 'tt0133093', 'tt0111161', 'tt0468569', 'tt1375666']);
    expect(before[0].tag).toBe('MOVIE');

    // Views are written in batches; ratings and watchlist adds come from other modules.
    const fan = await buildUser(ctx);
    for (let i = 0; i < 3; i++) await get('/api/movies/movie/tt0180073');
    await ctx.app.titles.flushViews();
    await recordTitleActivity(ctx.database.db, { titleId: 'tt0112384', kind: 'rating', userId: fan.user.id });
    await recordTitleActivity(ctx.database.db, { titleId: 'tt0000404', kind: 'watchlist' });

    // Answers are cached for a minute; another limit is another cache entry.
    const weekly = await get('/api/home/weekly-popular-movies?limit=4');
    expect(weekly.statusCode).toBe(200);
    expect(weekly.json().data.map((m: { id: string }) => m.id)).toEqual(['tt1160419', 'tt0112384', 'tt0180073', 'tt0133093']);

    const shows = (await get('/api/home/weekly-popular-shows')).json().data;
    expect(shows).toHaveLength(20);
    // Money Heist's page was viewed earlier in this file.
    expect(shows[0]).toMatchObject({ id: 'tt6468322', tag: 'TV SHOW', titleType: { isSeries: true } });
    expect(shows[1].id).toBe('tt0944947');
  });

  it('reads a weekly ranking once however many ask at the same time, then answers from the cache', async () => {
    const heavy = vi.spyOn(ctx.database, 'readHeavy');
    const ids = (r: { json(): { data: { id: string }[] } }) => r.json().data.map((m) => m.id);
    try {
      const first = await Promise.all(Array.from({ length: 5 }, () => get('/api/home/weekly-popular-movies?limit=3')));
      expect(heavy).toHaveBeenCalledTimes(1);
      expect(new Set(first.map((r) => JSON.stringify(ids(r)))).size).toBe(1);
      expect(ids(first[0])[0]).not.toBe('tt0111161');
      // Within its minute, new activity waits for the next read.
      for (let i = 0; i < 5; i++) await recordTitleActivity(ctx.database.db, { titleId: 'tt0111161', kind: 'rating' });
      expect(ids(await get('/api/home/weekly-popular-movies?limit=3'))).toEqual(ids(first[0]));
      expect(heavy).toHaveBeenCalledTimes(1);
    } finally {
      heavy.mockRestore();
    }
  });

  it('answers 400 for a bad limit', async () => {
    const res = await get('/api/home/weekly-popular-movies?limit=101');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^limit/);
  });
});

describe('buffered title views', () => {
  it('writes every view counted, including those counted while a batch is being written', async () => {
    const views = ctx.app.titles.views;
    const viewsOf = async (titleId: string) =>
      Number(
        (await ctx.database.db.selectFrom('titleActivityDaily').select('count').where('titleId', '=', titleId).where('kind', '=', 'view').executeTakeFirst())
          ?.count ?? 0,
      );
    await views.flush();
    const before = await viewsOf('tt0133093');
    views.count('tt0133093');
    const first = views.flush();
    views.count('tt0133093');
    views.count('tt0133093');
    const second = views.flush();
    await Promise.all([first, second]);
    expect(await viewsOf('tt0133093')).toBe(before + 3);
    // Nothing left to write.
    await views.flush();
    expect(await viewsOf('tt0133093')).toBe(before + 3);
  });

  it('adds to the day counters in batches, skipping titles that are gone', async () => {
    const day = '2026-01-05';
    const titleIds = Array.from({ length: 600 }, (_, i) => (i % 200 === 0 ? 'tt0180073' : `tt99${String(i).padStart(6, '0')}`));
    const counts = titleIds.map(() => 2);
    await writeActivityBatch(ctx.database, day, 'view', titleIds, counts);
    await writeActivityBatch(ctx.database, day, 'view', titleIds.slice(0, 1), counts.slice(0, 1));
    const stored = await ctx.database.db.selectFrom('titleActivityDaily').selectAll().where('day', '=', day).execute();
    expect(stored).toEqual([{ day, titleId: 'tt0180073', kind: 'view', count: 8 }]);
  });
});

describe('title views', () => {
  const viewsOn = async (day: string) =>
    Object.fromEntries(
      (await ctx.database.db.selectFrom('titleActivityDaily').select(['titleId', 'count']).where('day', '=', day).where('kind', '=', 'view').execute()).map(
        (r) => [r.titleId, Number(r.count)],
      ),
    );

  it('counts the views of a title page whatever its id looks like', async () => {
    await upsertTitles(ctx.database.db, [{ id: 'jw-tm424242', titleType: 'movie', primaryTitle: 'Only On A Streamer', genres: ['Drama'], popularity: 0.5 }], searchText);
    await ctx.app.titles.sync();
    const service = ctx.app.titles;
    await service.flushViews();
    const day = new Date().toISOString().slice(0, 10);
    const before = await viewsOn(day);
    for (const id of ['jw-tm424242', 'tt13130308', 'tt0180073', 'jw-tm424242', 'tt13130308', 'jw-tm424242']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/movies/movie/${id}` });
      expect(res.statusCode).toBe(200);
    }
    await service.flushViews();
    const after = await viewsOn(day);
    const added = (id: string) => (after[id] ?? 0) - (before[id] ?? 0);
    expect([added('jw-tm424242'), added('tt13130308'), added('tt0180073')]).toEqual([3, 2, 1]);
  });
});

describe('index upkeep', () => {
  it('picks up new and changed titles', async () => {
    await upsertTitles(ctx.database.db, [{ id: 'tt7777777', titleType: 'movie', primaryTitle: 'Zyzzyva Returns', genres: ['Comedy'], popularity: 3 }], searchText);
    await ctx.app.titles.sync();
    expect((await post('/api/movies/search', { input: 'zyzzyva' })).json().data[0].id).toBe('tt7777777');
    await upsertTitles(ctx.database.db, [{ id: 'tt7777777', titleType: 'movie', primaryTitle: 'Quixotic Returns', genres: ['Comedy'], popularity: 3 }], searchText);
    await ctx.app.titles.sync();
    expect((await post('/api/movies/search', { input: 'zyzzyva' })).json().data).toEqual([]);
    expect((await post('/api/movies/search', { input: 'quixotic' })).json().data[0]).toMatchObject({ id: 'tt7777777', title: 'Quixotic Returns' });
  });

  it('answers searches whose cards JSON must escape, or whose genres need trimming, as the contract writes them', async () => {
    await upsertTitles(
      ctx.database.db,
      [
        { id: 'tt7777001', titleType: 'movie', primaryTitle: 'The "Quuxburbs"', genres: ['Comedy'], popularity: 3 },
        { id: 'tt7777002', titleType: 'movie', primaryTitle: 'Quuxburbs Back\\slash', genres: ['Comedy'], popularity: 2 },
        { id: 'tt7777003', titleType: 'movie', primaryTitle: 'Quuxburbs Plain', genres: ['Comedy', 'Drama'], popularity: 1 },
      ],
      searchText,
    );
    await ctx.app.titles.sync();
    const res = await post('/api/movies/search', { input: 'quuxburbs' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { title: string; genres: string[] }) => [c.title, c.genres])).toEqual([
      ['The "Quuxburbs"', ['Comedy']],
      ['Quuxburbs Back\\slash', ['Comedy']],
      ['Quuxburbs Plain', ['Comedy', 'Drama']],
    ]);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/search?q=quuxburbs&page=1' });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.results.map((c: { id: string }) => c.id)).toEqual(['tt7777001', 'tt7777002', 'tt7777003']);
  });

  it('presents cards in the order asked, leaving out titles that are gone, and follows changes', async () => {
    const ids = ['tt0211915', 'tt0000000', 'tt2085059', 'tt0211915'];
    const rows = await findCardRows(ctx.database.db, ids);
    expect(rows.map((r) => r.id)).toEqual(['tt0211915', 'tt2085059', 'tt0211915']);
    expect(await ctx.app.titles.cardsFor(ids)).toEqual(rows.map(presentCard));
    // Accents, a missing poster and a series' creator survive the trip.
    const amelie = (await ctx.app.titles.cardsFor(['tt0211915']))[0];
    expect(amelie).toMatchObject({ title: 'Amélie', primaryImage: null });
    const show = (await ctx.app.titles.cardsFor(['tt2085059']))[0];
    expect(show?.creator).toBe('Creator of Black Mirror');

    await upsertTitles(
      ctx.database.db,
      [{ id: 'tt7777778', titleType: 'movie', primaryTitle: 'Card Changes', genres: ['Drama'], popularity: 1, people: [{ name: 'First Director', role: 'director' }] }],
      searchText,
    );
    await ctx.app.titles.sync();
    expect((await ctx.app.titles.cardsFor(['tt7777778']))[0]).toMatchObject({ title: 'Card Changes', creator: 'First Director', primaryImage: null });
    await upsertTitles(
      ctx.database.db,
      [
        {
          id: 'tt7777778',
          titleType: 'movie',
          primaryTitle: 'Card Changes',
          genres: ['Drama'],
          popularity: 1,
          posterUrl: 'https://img.example.org/new.jpg',
          people: [{ name: 'Second Director', role: 'director' }],
        },
      ],
      searchText,
    );
    await ctx.app.titles.sync();
    expect((await ctx.app.titles.cardsFor(['tt7777778']))[0]).toMatchObject({ creator: 'Second Director', primaryImage: 'https://img.example.org/new.jpg' });
  });
});
