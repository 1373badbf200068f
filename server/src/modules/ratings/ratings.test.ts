import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyTitleStateSchema, RatingSchema, RatingSummarySchema, ReviewLocationSchema } from '../../../../common/contracts/ratings.ts';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { normalizeText } from '../../search/normalize.ts';
import { type NewTitle, upsertTitles } from '../titles/titles.repository.ts';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof buildUser>>;
let owner: Person;
let other: Person;

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const title = (id: string, primaryTitle: string, over: Partial<NewTitle> = {}): NewTitle => ({
  id,
  titleType: 'movie',
  primaryTitle,
  startYear: 2001,
  releaseDate: '2001-05-04',
  genres: ['Drama'],
  popularity: 1,
  ...over,
});

beforeAll(async () => {
  ctx = await createTestApp();
  await upsertTitles(
    ctx.database.db,
    [
      title('tt9100001', 'Harbour Lights'),
      title('tt9100002', 'Second Harbour'),
      title('tt9100003', 'Tomorrow Film', { releaseDate: day(1), startYear: new Date().getUTCFullYear() }),
      title('tt9100004', 'Next Year Show', { titleType: 'tvSeries', releaseDate: null, startYear: new Date().getUTCFullYear() + 1 }),
      title('tt9100005', 'Released Today', { releaseDate: day(0) }),
      title('tt9100006', 'Undated Oldie', { releaseDate: null, startYear: null }),
      title('tt9100007', 'A Series', { titleType: 'tvSeries', releaseDate: null, startYear: 1999 }),
      title('tt9100008', 'Lighthouse Keeper'),
      title('tt9100009', 'Keeper, the Series', { titleType: 'tvSeries', releaseDate: null, startYear: 2003 }),
    ],
    (p, o) => normalizeText(`${p} ${o ?? ''}`),
  );
  owner = await buildUser(ctx, { displayName: 'Ada Owner' });
  other = await buildUser(ctx, { displayName: 'Ben Other' });
});
afterAll(async () => {
  await ctx?.close();
});

type Headers = Record<string, string>;
const create = (payload: unknown, headers?: Headers) => ctx.app.inject({ method: 'POST', url: '/api/ratings-and-reviews/create', payload: payload as object, headers });
const get = (url: string, headers?: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const put = (id: string, payload: unknown, headers?: Headers) => ctx.app.inject({ method: 'PUT', url: `/api/ratings-and-reviews/${id}`, payload: payload as object, headers });
const del = (id: string, headers?: Headers) => ctx.app.inject({ method: 'DELETE', url: `/api/ratings-and-reviews/${id}`, headers });
const summary = async (titleId: string) => RatingSummarySchema.parse((await get(`/api/ratings-and-reviews/${titleId}/summary`)).json().data);
const errorOf = (res: { json(): { error: { code: string; message: string } } }) => res.json().error;

describe('POST /api/ratings-and-reviews/create', () => {
  it('answers 401 to an anonymous caller', async () => {
    const res = await create({ titleId: 'tt9100001', rating: 8 });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('unauthorized');
  });

  it('rates and reviews a title: 201 with the rating, its author and what the author may do', async () => {
    const res = await create({ titleId: 'tt9100001', rating: 8, review: '  A quiet film about light.\r\nSee it.  ', spoiler: true }, owner.headers);
    expect(res.statusCode).toBe(201);
    const rating = RatingSchema.parse(res.json().data);
    expect(rating).toMatchObject({
      titleId: 'tt9100001',
      rating: 8,
      review: 'A quiet film about light.\nSee it.',
      spoiler: true,
      likeCount: 0,
      likedByMe: false,
      author: { id: owner.user.id, displayName: 'Ada Owner', imageUrl: null },
      abilities: { edit: true, delete: true, like: false },
    });
    expect(await summary('tt9100001')).toEqual({ average: 8, count: 1, reviewCount: 1 });
  });

  it('answers a second create for the same title 409 already_rated with the existing id, and changes nothing', async () => {
    const first = (await get('/api/movies/movie/tt9100001/me', owner.headers)).json().data.rating.id as string;
    const res = await create({ titleId: 'tt9100001', rating: 3 }, owner.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'already_rated', message: expect.any(String), id: first });
    expect(await summary('tt9100001')).toEqual({ average: 8, count: 1, reviewCount: 1 });
  });

  it('lets another person rate the same title; the average is their mean to one decimal', async () => {
    const res = await create({ titleId: 'tt9100001', rating: 5 }, other.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ review: null, spoiler: false });
    expect(await summary('tt9100001')).toEqual({ average: 6.5, count: 2, reviewCount: 1 });
  });

  it('refuses a title released in the future 409 not_released (by date, or by start year without one)', async () => {
    for (const titleId of ['tt9100003', 'tt9100004']) {
      const res = await create({ titleId, rating: 7 }, owner.headers);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('not_released');
    }
    expect(await summary('tt9100003')).toEqual({ average: null, count: 0, reviewCount: 0 });
  });

  it('accepts a title released today and one with no date at all', async () => {
    expect((await create({ titleId: 'tt9100005', rating: 10 }, other.headers)).statusCode).toBe(201);
    expect((await create({ titleId: 'tt9100006', rating: 1, review: '' }, other.headers)).json().data.review).toBeNull();
  });

  it('answers 404 title_not_found for an unknown title', async () => {
    const res = await create({ titleId: 'tt0000001', rating: 7 }, owner.headers);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('title_not_found');
  });

  it.each([
    ['rating 0', { rating: 0 }, 'rating'],
    ['rating 11', { rating: 11 }, 'rating'],
    ['rating 7.5', { rating: 7.5 }, 'rating'],
    ['rating "7"', { rating: '7' }, 'rating'],
    ['rating as text', { rating: 'great' }, 'rating'],
    ['no rating', { rating: undefined }, 'rating'],
    ['a review over 10,000 characters', { review: 'a'.repeat(10_001) }, 'review'],
    ['a review with control characters', { review: 'bad\u0000byte' }, 'review'],
    ['a review that is not text', { review: 42 }, 'review'],
    ['spoiler as text', { spoiler: 'yes' }, 'spoiler'],
    ['a malformed title id', { titleId: '<script>' }, 'titleId'],
  ])('answers 400 naming the field for %s', async (_name, change, field) => {
    const res = await create({ titleId: 'tt9100002', rating: 7, ...change }, owner.headers);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('validation_error');
    expect(errorOf(res).message.startsWith(`${field}:`)).toBe(true);
  });

  it('takes a review of exactly 10,000 characters', async () => {
    const res = await create({ titleId: 'tt9100007', rating: 6, review: 'b'.repeat(10_000) }, owner.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.review).toHaveLength(10_000);
  });

  it("counts a rating as the title's activity for weekly popularity, once", async () => {
    const rows = await ctx.database.db.selectFrom('titleActivityDaily').select(['titleId', 'count']).where('kind', '=', 'rating').where('titleId', '=', 'tt9100001').execute();
    expect(rows.map((r) => Number(r.count))).toEqual([2]);
  });
});

describe('GET /api/ratings-and-reviews/{id}', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create({ titleId: 'tt9100002', rating: 9, review: 'Better than the first.' }, owner.headers)).json().data.id;
  });

  it('is public, with no abilities for an anonymous reader and never for a shared cache', async () => {
    const res = await get(`/api/ratings-and-reviews/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.json().data).toMatchObject({ id, rating: 9, likedByMe: false, abilities: { edit: false, delete: false, like: false } });
  });

  it('tells the author they may edit and delete, and another person that they may like', async () => {
    expect((await get(`/api/ratings-and-reviews/${id}`, owner.headers)).json().data.abilities).toEqual({ edit: true, delete: true, like: false });
    const res = await get(`/api/ratings-and-reviews/${id}`, other.headers);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json().data.abilities).toEqual({ edit: false, delete: false, like: true });
  });

  it('answers 404 for an unknown id and 400 naming id for a malformed one', async () => {
    const missing = await get('/api/ratings-and-reviews/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('rating_not_found');
    const bad = await get('/api/ratings-and-reviews/not%20an%20id');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message.startsWith('id:')).toBe(true);
  });
});

describe('GET /api/ratings-and-reviews/{id}/location', () => {
  it('names the title page of a review, movie or show; 404 for an unknown id, 400 naming id for a malformed one', async () => {
    const critic = await buildUser(ctx, { displayName: 'Cy Critic' });
    const movie = (await create({ titleId: 'tt9100008', rating: 7, review: 'Lights on the water.' }, critic.headers)).json().data.id;
    const show = (await create({ titleId: 'tt9100009', rating: 8, review: 'Held up.' }, critic.headers)).json().data.id;
    const one = await get(`/api/ratings-and-reviews/${movie}/location`);
    expect(one.statusCode).toBe(200);
    expect(ReviewLocationSchema.parse(one.json().data)).toEqual({ reviewId: movie, titleId: 'tt9100008', titleType: 'movie' });
    expect((await get(`/api/ratings-and-reviews/${show}/location`, other.headers)).json().data).toEqual({ reviewId: show, titleId: 'tt9100009', titleType: 'tvSeries' });
    const missing = await get('/api/ratings-and-reviews/00000000-0000-4000-8000-000000000000/location');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('rating_not_found');
    const bad = await get('/api/ratings-and-reviews/not%20an%20id/location');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message.startsWith('id:')).toBe(true);
  });
});

describe('PUT /api/ratings-and-reviews/{id}', () => {
  let id: string;
  beforeAll(async () => {
    const mine = (await get('/api/movies/movie/tt9100002/me', owner.headers)).json().data.rating;
    id = mine.id;
  });

  it('answers 401 to an anonymous caller, 403 to another person and 404 for an unknown id, changing nothing', async () => {
    expect((await put(id, { rating: 1 })).statusCode).toBe(401);
    const forbidden = await put(id, { rating: 1 }, other.headers);
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).code).toBe('forbidden');
    expect((await put('00000000-0000-4000-8000-000000000000', { rating: 1 }, owner.headers)).statusCode).toBe(404);
    expect((await get(`/api/ratings-and-reviews/${id}`)).json().data.rating).toBe(9);
  });

  it('lets the author change the rating, review and spoiler flag; the average follows', async () => {
    const before = await summary('tt9100002');
    const res = await put(id, { rating: 4, review: 'On second thought, no.', spoiler: true }, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, rating: 4, review: 'On second thought, no.', spoiler: true });
    expect(await summary('tt9100002')).toEqual({ average: 4, count: before.count, reviewCount: before.reviewCount });
  });

  it('removes the review with review: null, keeping the rating, and drops the spoiler flag', async () => {
    const res = await put(id, { review: null }, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ rating: 4, review: null, spoiler: false });
    expect(await summary('tt9100002')).toEqual({ average: 4, count: 1, reviewCount: 0 });
    expect((await put(id, { review: 'Back again.' }, owner.headers)).json().data.review).toBe('Back again.');
    expect((await summary('tt9100002')).reviewCount).toBe(1);
  });

  it.each([
    ['an empty body', {}, 'body'],
    ['rating 11', { rating: 11 }, 'rating'],
    ['rating 7.5', { rating: 7.5 }, 'rating'],
    ['rating "7"', { rating: '7' }, 'rating'],
    ['a review over 10,000 characters', { review: 'x'.repeat(10_001) }, 'review'],
    ['spoiler as a number', { spoiler: 1 }, 'spoiler'],
  ])('answers 400 naming the field for %s', async (_name, payload, field) => {
    const res = await put(id, payload, owner.headers);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message.startsWith(`${field}:`)).toBe(true);
  });
});

describe('DELETE /api/ratings-and-reviews/{id}', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create({ titleId: 'tt9100002', rating: 2, review: 'Not for me.' }, other.headers)).json().data.id;
  });

  it('answers 401 to an anonymous caller, 403 to another person and 404 for an unknown id', async () => {
    expect((await del(id)).statusCode).toBe(401);
    expect((await del(id, owner.headers)).statusCode).toBe(403);
    expect((await del('00000000-0000-4000-8000-000000000000', other.headers)).statusCode).toBe(404);
    expect((await get(`/api/ratings-and-reviews/${id}`)).statusCode).toBe(200);
  });

  it('lets the author delete; the counts follow and the title can be rated again', async () => {
    const before = await summary('tt9100002');
    const res = await del(id, other.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ deleted: true });
    expect((await get(`/api/ratings-and-reviews/${id}`)).statusCode).toBe(404);
    expect((await del(id, other.headers)).statusCode).toBe(404);
    expect(await summary('tt9100002')).toEqual({ average: 4, count: before.count - 1, reviewCount: before.reviewCount - 1 });
    expect((await create({ titleId: 'tt9100002', rating: 6 }, other.headers)).statusCode).toBe(201);
  });
});

describe('GET /api/ratings-and-reviews/{movieOrShowId}/summary', () => {
  it('is public and never for a shared cache', async () => {
    const res = await get('/api/ratings-and-reviews/tt9100001/summary');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.json().data).toEqual({ average: 6.5, count: 2, reviewCount: 1 });
  });

  it('answers 404 for an unknown title and 400 naming the title id for a malformed one', async () => {
    expect((await get('/api/ratings-and-reviews/tt0000001/summary')).statusCode).toBe(404);
    const bad = await get('/api/ratings-and-reviews/a%20b/summary');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message.startsWith('movieOrShowId:')).toBe(true);
  });

  it('is in the OpenAPI reference', async () => {
    const doc = (await get('/api/docs/openapi.json')).json();
    expect(doc.paths['/api/ratings-and-reviews/{movieOrShowId}/summary'].get.summary).toMatch(/average/);
    expect(doc.paths['/api/ratings-and-reviews/create'].post.description).toMatch(/already_rated/);
  });
});

describe('GET /api/movies/{type}/{id}/me', () => {
  it('answers 401 without a session', async () => {
    expect((await get('/api/movies/movie/tt9100001/me')).statusCode).toBe(401);
  });

  it("gives the reader's own rating and watchlist state, privately", async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/watchlist', payload: { titleId: 'tt9100001' }, headers: owner.headers });
    const res = await get('/api/movies/movie/tt9100001/me', owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const state = MyTitleStateSchema.parse(res.json().data);
    expect(state).toEqual({
      rating: { id: expect.any(String), rating: 8, review: 'A quiet film about light.\nSee it.', spoiler: true },
      onWatchlist: true,
    });
  });

  it('gives another person their own state, not the owner’s', async () => {
    expect((await get('/api/movies/tvSeries/tt9100007/me', other.headers)).json().data).toEqual({ rating: null, onWatchlist: false });
  });

  it('answers 404 for an unknown title or the wrong type, and 400 naming type for a bad one', async () => {
    expect((await get('/api/movies/movie/tt0000001/me', owner.headers)).statusCode).toBe(404);
    expect((await get('/api/movies/tvSeries/tt9100001/me', owner.headers)).statusCode).toBe(404);
    const bad = await get('/api/movies/film/tt9100001/me', owner.headers);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message.startsWith('type:')).toBe(true);
  });
});
