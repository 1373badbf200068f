import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WatchlistPageSchema } from '../../../../common/contracts/watchlist.ts';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { normalizeText } from '../../search/normalize.ts';
import { type NewTitle, upsertTitles } from '../titles/titles.repository.ts';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof buildUser>>;
let owner: Person;
let other: Person;

const movies: NewTitle[] = Array.from({ length: 25 }, (_, i) => ({
  id: `tt93000${String(i).padStart(2, '0')}`,
  titleType: 'movie',
  primaryTitle: `Watch Me ${i}`,
  startYear: 2000 + i,
  releaseDate: `${2000 + i}-01-15`,
  genres: ['Drama', 'Mystery'],
  imdbRating: 7.5,
  imdbVotes: 1000 + i,
  posterUrl: `https://img.example/${i}.jpg`,
  popularity: 1,
}));
const shows: NewTitle[] = Array.from({ length: 3 }, (_, i) => ({
  id: `tt94000${i}`,
  titleType: 'tvSeries',
  primaryTitle: `Series ${i}`,
  startYear: 2010 + i,
  releaseDate: null,
  genres: ['Comedy'],
  popularity: 1,
}));

type Headers = Record<string, string>;
const add = (titleId: unknown, headers?: Headers) => ctx.app.inject({ method: 'POST', url: '/api/watchlist', payload: { titleId }, headers });
const remove = (titleId: string, headers?: Headers) => ctx.app.inject({ method: 'DELETE', url: `/api/watchlist/${titleId}`, headers });
const list = (query: string, headers?: Headers) => ctx.app.inject({ method: 'GET', url: `/api/watchlist/userWatchlist${query}`, headers });
const errorOf = (res: { json(): { error: { code: string; message: string } } }) => res.json().error;

beforeAll(async () => {
  ctx = await createTestApp();
  await upsertTitles(ctx.database.db, [...movies, ...shows], (p, o) => normalizeText(`${p} ${o ?? ''}`));
  owner = await buildUser(ctx, { displayName: 'Ada Owner' });
  other = await buildUser(ctx, { displayName: 'Ben Other' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('the watchlist routes without a session', () => {
  it('answer 401', async () => {
    expect((await add('tt9300000')).statusCode).toBe(401);
    expect((await remove('tt9300000')).statusCode).toBe(401);
    expect((await list('')).statusCode).toBe(401);
  });
});

describe('POST /api/watchlist and DELETE /api/watchlist/{titleId}', () => {
  it('adds a title, and adding it twice changes nothing', async () => {
    const first = await add('tt9300000', owner.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ titleId: 'tt9300000', title: 'Watch Me 0', onWatchlist: true, changed: true });
    expect((await add('tt9300000', owner.headers)).json().data).toEqual({ titleId: 'tt9300000', title: 'Watch Me 0', onWatchlist: true, changed: false });
    const page = WatchlistPageSchema.parse((await list('', owner.headers)).json().data);
    expect(page.results.map((r) => r.id)).toEqual(['tt9300000']);
    expect(page.total).toBe(1);
  });

  it("counts an addition as the title's activity once, not a repeated one", async () => {
    const rows = await ctx.database.db.selectFrom('titleActivityDaily').select('count').where('kind', '=', 'watchlist').where('titleId', '=', 'tt9300000').execute();
    expect(rows.map((r) => Number(r.count))).toEqual([1]);
  });

  it("keeps each person's watchlist their own", async () => {
    expect(WatchlistPageSchema.parse((await list('', other.headers)).json().data).results).toEqual([]);
    // Another person removing the title changes their own list only.
    expect((await remove('tt9300000', other.headers)).json().data).toMatchObject({ onWatchlist: false, changed: false });
    expect(WatchlistPageSchema.parse((await list('', owner.headers)).json().data).total).toBe(1);
  });

  it('removes a title, and removing it again changes nothing', async () => {
    expect((await remove('tt9300000', owner.headers)).json().data).toEqual({ titleId: 'tt9300000', title: 'Watch Me 0', onWatchlist: false, changed: true });
    expect((await remove('tt9300000', owner.headers)).json().data).toMatchObject({ changed: false });
    expect(WatchlistPageSchema.parse((await list('', owner.headers)).json().data).total).toBe(0);
  });

  it('answers 404 for an unknown title and 400 naming titleId for a malformed one', async () => {
    for (const res of [await add('tt0000001', owner.headers), await remove('tt0000001', owner.headers)]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('title_not_found');
    }
    for (const res of [await add('<b>', owner.headers), await add(42, owner.headers), await add(undefined, owner.headers), await remove('a%20b', owner.headers)]) {
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message.startsWith('titleId:')).toBe(true);
    }
  });
});

describe('GET /api/watchlist/userWatchlist', () => {
  /** Added oldest first, each a second after the last, so newest first has one answer. */
  const added = [...movies, ...shows].map((t) => t.id);
  beforeAll(async () => {
    for (const id of added) await add(id, other.headers);
    for (const [i, id] of added.entries()) {
      await ctx.database.db
        .updateTable('watchlistEntries')
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() })
        .where('userId', '=', other.user.id)
        .where('titleId', '=', id)
        .execute();
    }
  });
  const newestFirst = [...added].reverse();

  it('lists newest first, 20 a page, as title cards with when each was added, privately', async () => {
    const res = await list('', other.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const page = WatchlistPageSchema.parse(res.json().data);
    expect(page).toMatchObject({ page: 1, pageSize: 20, hasMore: true, total: 28 });
    expect(page.results.map((r) => r.id)).toEqual(newestFirst.slice(0, 20));
    expect(page.results.find((r) => r.id === 'tt9300024')).toEqual({
      id: 'tt9300024',
      type: 'movie',
      title: 'Watch Me 24',
      primaryImage: 'https://img.example/24.jpg',
      releaseDate: '2024-01-15',
      creator: null,
      year: 2024,
      imdbRating: 7.5,
      imdbVotes: 1024,
      genres: ['Drama', 'Mystery'],
      addedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 24)).toISOString(),
    });
    const second = WatchlistPageSchema.parse((await list('?page=2', other.headers)).json().data);
    expect(second).toMatchObject({ page: 2, hasMore: false, nextCursor: null });
    expect(second.results.map((r) => r.id)).toEqual(newestFirst.slice(20));
  });

  it('walks the list by startAfter cursors, unshaken by a removal in between', async () => {
    const first = WatchlistPageSchema.parse((await list('', other.headers)).json().data);
    expect(first.nextCursor).toEqual(expect.any(String));
    await remove(newestFirst[0], other.headers);
    const next = WatchlistPageSchema.parse((await list(`?startAfter=${first.nextCursor}`, other.headers)).json().data);
    expect(next).toMatchObject({ page: null, hasMore: false, nextCursor: null });
    expect(next.results.map((r) => r.id)).toEqual(newestFirst.slice(20));
    await add(newestFirst[0], other.headers);
  });

  it('keeps one kind with ?type=', async () => {
    const series = WatchlistPageSchema.parse((await list('?type=tvSeries', other.headers)).json().data);
    expect(series.results.map((r) => r.type)).toEqual(['tvSeries', 'tvSeries', 'tvSeries']);
    expect(series.total).toBe(3);
    const films = WatchlistPageSchema.parse((await list('?type=movie&page=2', other.headers)).json().data);
    expect(films.total).toBe(25);
    expect(films.results.map((r) => r.id)).toEqual(['tt9300004', 'tt9300003', 'tt9300002', 'tt9300001', 'tt9300000']);
  });

  it.each([
    ['page=0', 'page'],
    ['page=x', 'page'],
    ['page=0x10', 'page'],
    ['page=1e2', 'page'],
    ['page=501', 'page'],
    ['type=film', 'type'],
    ['startAfter=%25%25', 'startAfter'],
    ['startAfter=bm90LWEtY3Vyc29y', 'startAfter'],
  ])('answers 400 naming the field for ?%s', async (query, field) => {
    const res = await list(`?${query}`, other.headers);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message.startsWith(`${field}:`)).toBe(true);
  });
});

describe('POST /api/watchlist/contains', () => {
  const contains = (titleIds: unknown, headers?: Headers) => ctx.app.inject({ method: 'POST', url: '/api/watchlist/contains', payload: { titleIds }, headers });

  it('answers which of the titles are on the reader’s own watchlist, in the order asked', async () => {
    await add('tt9300003', owner.headers);
    expect((await contains(['tt9300003'])).statusCode).toBe(401);
    const res = await contains(['tt940002', 'tt0000001', 'tt9300003', 'tt9300001', 'tt940002'], other.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json().data).toEqual({ titleIds: ['tt940002', 'tt9300003', 'tt9300001'] });
    expect((await contains(['tt9300001', 'tt9300003'], owner.headers)).json().data).toEqual({ titleIds: ['tt9300003'] });
    expect((await contains([], owner.headers)).json().data).toEqual({ titleIds: [] });
  });

  it('answers 400 naming titleIds for more than 100 ids or a malformed one', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `tt${i}`);
    for (const body of [many, ['<b>'], 'tt1']) {
      const res = await contains(body, owner.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message.startsWith('titleIds')).toBe(true);
    }
  });
});
