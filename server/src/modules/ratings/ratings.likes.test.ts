import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewsPageSchema } from '../../../../common/contracts/ratings.ts';
import { insertFans } from '../../../test/fans.ts';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { normalizeText } from '../../search/normalize.ts';
import { type NewTitle, upsertTitles } from '../titles/titles.repository.ts';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof buildUser>>;
let owner: Person;
let other: Person;
let reviewId: string;
let bareRatingId: string;

const title = (id: string, primaryTitle: string): NewTitle => ({
  id,
  titleType: 'movie',
  primaryTitle,
  startYear: 1999,
  releaseDate: '1999-03-31',
  genres: ['Drama'],
  popularity: 1,
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const like = (id: string, headers?: Headers) => call('POST', `/api/ratings-and-reviews/${id}/likes`, headers);
const unlike = (id: string, headers?: Headers) => call('DELETE', `/api/ratings-and-reviews/${id}/likes`, headers);
const reviews = (titleId: string, body?: unknown, headers?: Headers) => call('POST', `/api/ratings-and-reviews/${titleId}/all`, headers, body);
const errorOf = (res: { json(): { error: { code: string; message: string } } }) => res.json().error;

async function rate(headers: Headers, titleId: string, rating: number, review?: string): Promise<string> {
  const res = await call('POST', '/api/ratings-and-reviews/create', headers, { titleId, rating, review });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json().data.id;
}

/** The review's like count and the like rows behind it, read from the database. */
async function countAndRows(id: string) {
  const rating = await ctx.database.db.selectFrom('ratings').select('likeCount').where('id', '=', id).executeTakeFirstOrThrow();
  const rows = await ctx.database.db
    .selectFrom('reviewLikes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ratingId', '=', id)
    .executeTakeFirstOrThrow();
  return { count: Number(rating.likeCount), rows: Number(rows.n) };
}

beforeAll(async () => {
  ctx = await createTestApp();
  await upsertTitles(
    ctx.database.db,
    [title('tt9200001', 'The Liked One'), title('tt9200002', 'Many Voices'), title('tt9200003', 'Storm Film'), title('tt9200004', 'Quiet Film')],
    (p, o) => normalizeText(`${p} ${o ?? ''}`),
  );
  owner = await buildUser(ctx, { displayName: 'Ada Owner' });
  other = await buildUser(ctx, { displayName: 'Ben Other' });
  reviewId = await rate(owner.headers, 'tt9200001', 9, 'Worth every minute.');
  bareRatingId = await rate(other.headers, 'tt9200001', 6);
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST and DELETE /api/ratings-and-reviews/{id}/likes', () => {
  it('answers 401 to an anonymous caller', async () => {
    expect((await like(reviewId)).statusCode).toBe(401);
    expect((await unlike(reviewId)).statusCode).toBe(401);
  });

  it("refuses to like one's own review: 403 own_review", async () => {
    const res = await like(reviewId, owner.headers);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('own_review');
    expect(await countAndRows(reviewId)).toEqual({ count: 0, rows: 0 });
  });

  it('answers 404 for an unknown review and 409 no_review for a rating without one', async () => {
    const missing = await like('00000000-0000-4000-8000-000000000000', other.headers);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('rating_not_found');
    expect((await unlike('00000000-0000-4000-8000-000000000000', other.headers)).statusCode).toBe(404);
    const bare = await like(bareRatingId, owner.headers);
    expect(bare.statusCode).toBe(409);
    expect(errorOf(bare).code).toBe('no_review');
  });

  it('likes once however often asked, and unlikes the same way', async () => {
    const first = await like(reviewId, other.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ id: reviewId, likeCount: 1, likedByMe: true });
    expect((await like(reviewId, other.headers)).json().data).toEqual({ id: reviewId, likeCount: 1, likedByMe: true });
    expect(await countAndRows(reviewId)).toEqual({ count: 1, rows: 1 });
    expect((await call('GET', `/api/ratings-and-reviews/${reviewId}`, other.headers)).json().data).toMatchObject({ likeCount: 1, likedByMe: true });

    expect((await unlike(reviewId, other.headers)).json().data).toEqual({ id: reviewId, likeCount: 0, likedByMe: false });
    expect((await unlike(reviewId, other.headers)).json().data).toEqual({ id: reviewId, likeCount: 0, likedByMe: false });
    expect(await countAndRows(reviewId)).toEqual({ count: 0, rows: 0 });
  });

  it("drops a review's likes when its author removes the review", async () => {
    const id = await rate(other.headers, 'tt9200004', 7, 'Soft and slow.');
    await like(id, owner.headers);
    expect(await countAndRows(id)).toEqual({ count: 1, rows: 1 });
    await call('PUT', `/api/ratings-and-reviews/${id}`, other.headers, { review: null });
    expect(await countAndRows(id)).toEqual({ count: 0, rows: 0 });
  });

  it('keeps the count equal to the rows: 200 people liking at once, and one person liking 50 times at once', async () => {
    const author = (await insertFans(ctx, 1, 'Storm Author'))[0];
    const id = await rate(author.headers, 'tt9200003', 8, 'Everyone likes this one.');
    const crowd = await insertFans(ctx, 200, 'Crowd');
    const keen = crowd[0];
    const answers = await Promise.all([...crowd.map((p) => like(id, p.headers)), ...Array.from({ length: 50 }, () => like(id, keen.headers))]);
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    expect(await countAndRows(id)).toEqual({ count: 200, rows: 200 });

    // Half of them take it back at once, the keen one 50 times.
    const leaving = crowd.slice(0, 100);
    const back = await Promise.all([...leaving.map((p) => unlike(id, p.headers)), ...Array.from({ length: 50 }, () => unlike(id, keen.headers))]);
    expect(back.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    expect(await countAndRows(id)).toEqual({ count: 100, rows: 100 });
    expect((await call('GET', `/api/ratings-and-reviews/${id}`)).json().data.likeCount).toBe(100);
  }, 60_000);
});

describe('POST /api/ratings-and-reviews/{movieOrShowId}/all', () => {
  let crowd: Awaited<ReturnType<typeof insertFans>>;
  const ids: string[] = [];
  beforeAll(async () => {
    crowd = await insertFans(ctx, 23, 'Voice');
    // 23 reviews, oldest first, and one rating without a review (not listed).
    for (const p of crowd) ids.push(await rate(p.headers, 'tt9200002', 7, `Review by ${p.user.displayName}`));
    // A second apart, so "newest first" has one answer.
    for (const [i, id] of ids.entries()) {
      await ctx.database.db.updateTable('ratings').set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() }).where('id', '=', id).execute();
    }
    await rate(owner.headers, 'tt9200002', 5);
    // The fifth review is the most liked, then the second.
    for (const p of crowd.slice(10, 13)) await like(ids[4], p.headers);
    await like(ids[1], other.headers);
    await like(ids[4], other.headers);
  });

  it('lists a title’s reviews newest first, 20 a page, each with author, like count and abilities; anonymous readers like nothing', async () => {
    const res = await reviews('tt9200002');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const page = ReviewsPageSchema.parse(res.json().data);
    expect(page).toMatchObject({ page: 1, pageSize: 20, hasMore: true, total: 23 });
    expect(page.results.map((r) => r.id)).toEqual([...ids].reverse().slice(0, 20));
    expect(page.results[0]).toMatchObject({ author: { id: crowd[22].user.id, displayName: 'Voice 23', imageUrl: null }, likedByMe: false });
    expect(page.results.every((r) => !r.abilities.like && !r.abilities.edit)).toBe(true);
    const second = ReviewsPageSchema.parse((await reviews('tt9200002', { page: 2 })).json().data);
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.results.map((r) => r.id)).toEqual(ids.slice(0, 3).reverse());
  });

  it('marks what the reader liked, and what is their own', async () => {
    const res = await reviews('tt9200002', { sort: 'liked' }, other.headers);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const page = ReviewsPageSchema.parse(res.json().data);
    expect(page.results.slice(0, 2).map((r) => [r.id, r.likeCount, r.likedByMe])).toEqual([
      [ids[4], 4, true],
      [ids[1], 1, true],
    ]);
    expect(page.results.filter((r) => r.likedByMe)).toHaveLength(2);
    const own = ReviewsPageSchema.parse((await reviews('tt9200002', {}, crowd[22].headers)).json().data).results[0];
    expect(own.abilities).toEqual({ edit: true, delete: true, like: false });
  });

  it('shows fresh like counts, edits, new reviews and deletions on a page read a moment before (the page is kept in the cache)', async () => {
    const first = ReviewsPageSchema.parse((await reviews('tt9200002', {}, other.headers)).json().data);
    const top = first.results[0];
    // A like: the count and the reader's state follow at once.
    expect((await like(top.id, other.headers)).statusCode).toBe(200);
    const liked = ReviewsPageSchema.parse((await reviews('tt9200002', {}, other.headers)).json().data).results[0];
    expect([liked.id, liked.likeCount, liked.likedByMe]).toEqual([top.id, top.likeCount + 1, true]);
    expect(await countAndRows(top.id)).toEqual({ count: top.likeCount + 1, rows: top.likeCount + 1 });
    expect((await unlike(top.id, other.headers)).statusCode).toBe(200);
    expect(ReviewsPageSchema.parse((await reviews('tt9200002', {}, other.headers)).json().data).results[0]).toMatchObject({ likeCount: top.likeCount, likedByMe: false });
    // An edit of the text, a new review and a deletion show on the next read.
    const author = crowd[22].headers;
    expect((await call('PUT', `/api/ratings-and-reviews/${top.id}`, author, { review: 'Changed my mind.' })).statusCode).toBe(200);
    expect(ReviewsPageSchema.parse((await reviews('tt9200002')).json().data).results[0].review).toBe('Changed my mind.');
    const [late] = await insertFans(ctx, 1, 'Late');
    const fresh = await rate(late.headers, 'tt9200002', 7, 'Late to this one.');
    const withNew = ReviewsPageSchema.parse((await reviews('tt9200002')).json().data);
    expect([withNew.results[0].id, withNew.total]).toEqual([fresh, 24]);
    expect((await call('DELETE', `/api/ratings-and-reviews/${fresh}`, late.headers)).statusCode).toBe(200);
    const after = ReviewsPageSchema.parse((await reviews('tt9200002')).json().data);
    expect([after.results[0].id, after.total]).toEqual([top.id, 23]);
    expect((await call('PUT', `/api/ratings-and-reviews/${top.id}`, author, { review: 'Review by Voice 23' })).statusCode).toBe(200);
  });

  it('answers an empty page for a title without reviews and 404 for an unknown title', async () => {
    expect((await reviews('tt9200004')).json().data).toEqual({ results: [], page: 1, pageSize: 20, hasMore: false, total: 0 });
    const missing = await reviews('tt0000001');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('title_not_found');
  });

  it.each([
    ['page 0', { page: 0 }, 'page'],
    ['page 1.5', { page: 1.5 }, 'page'],
    ['page "2"', { page: '2' }, 'page'],
    ['page 1001', { page: 1001 }, 'page'],
    ['an unknown sort', { sort: 'best' }, 'sort'],
  ])('answers 400 naming the field for %s', async (_name, body, field) => {
    const res = await reviews('tt9200002', body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message.startsWith(`${field}:`)).toBe(true);
  });

  it('lists ids the reader liked through /liked: 401 anonymous, 404 unknown title', async () => {
    expect((await call('POST', '/api/ratings-and-reviews/tt9200002/liked')).statusCode).toBe(401);
    const res = await call('POST', '/api/ratings-and-reviews/tt9200002/liked', other.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(new Set(res.json().data.ids)).toEqual(new Set([ids[1], ids[4]]));
    expect((await call('POST', '/api/ratings-and-reviews/tt9200002/liked', owner.headers)).json().data).toEqual({ ids: [] });
    expect((await call('POST', '/api/ratings-and-reviews/tt0000001/liked', other.headers)).statusCode).toBe(404);
  });
});
