import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListSummary, ListSummarySchema } from '../../../../common/contracts/lists.ts';
import { insertFans } from '../../../test/fans.ts';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { errorOf, listsApi, movieId, seedListTitles } from './lists.test-fixtures.ts';

let ctx: TestContext;
let api: ReturnType<typeof listsApi>;
type Person = Awaited<ReturnType<typeof buildUser>>;
let owner: Person;
let other: Person;
let critic: Person;
/** A list three people like. */
let popular: string;

const ids = (res: { json(): { data: ListSummary[] } }) => res.json().data.map((l) => ListSummarySchema.parse(l).listId);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestApp();
  api = listsApi(ctx);
  await seedListTitles(ctx);
  owner = await buildUser(ctx, { displayName: 'Ada Owner' });
  other = await buildUser(ctx, { displayName: 'Ben Other' });
  critic = await buildUser(ctx, { displayName: 'Cy Critic' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/lists/{listId}/view', () => {
  it('counts a view once per viewer a day, never the owner’s, and hides a private list from others', async () => {
    const id = await api.make(owner.headers, { name: 'Viewed' });
    const privateId = await api.make(owner.headers, { name: 'Hidden', visibility: 'private' });
    const anon = await api.view(id);
    expect(anon.statusCode).toBe(200);
    expect(anon.json().data).toEqual({ listId: id, counted: true, viewCount: 1 });
    expect((await api.view(id)).json().data).toMatchObject({ counted: false, viewCount: 1 });
    expect((await api.view(id, other.headers)).json().data).toMatchObject({ counted: true, viewCount: 2 });
    expect((await api.view(id, other.headers)).json().data).toMatchObject({ counted: false, viewCount: 2 });
    expect((await api.view(id, owner.headers)).json().data).toMatchObject({ counted: false, viewCount: 2 });
    expect((await api.view(privateId, owner.headers)).statusCode).toBe(200);
    const res = await api.view(privateId, other.headers);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('list_not_found');
    expect((await api.view(privateId)).statusCode).toBe(404);
  });
});

describe('GET /api/lists/recently-viewed-lists and POST /api/user/recently-viewed-lists/clear', () => {
  it('answers 401 to an anonymous caller', async () => {
    expect((await api.recent()).statusCode).toBe(401);
    expect((await api.clearRecent()).statusCode).toBe(401);
  });

  it('keeps the last 20 lists a person opened, newest first, without lists since made private', async () => {
    const made: string[] = [];
    for (let i = 0; i < 22; i++) made.push(await api.make(owner.headers, { name: `Recent ${i}` }));
    const [fan] = await insertFans(ctx, 1, 'Viewer');
    for (const id of made) {
      expect((await api.view(id, fan.headers)).statusCode).toBe(200);
      // Distinct times, so newest first is one order.
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(ids(await api.recent(fan.headers))).toEqual(made.slice(2).reverse());
    // Opening one again moves it to the front.
    await api.view(made[5], fan.headers);
    expect(ids(await api.recent(fan.headers)).slice(0, 2)).toEqual([made[5], made[21]]);
    expect(await ctx.database.db.selectFrom('listRecentViews').select('listId').where('userId', '=', fan.user.id).execute()).toHaveLength(20);

    await api.edit(made[21], { name: 'Now private', visibility: 'private', contentList: [] }, owner.headers);
    expect(ids(await api.recent(fan.headers))).not.toContain(made[21]);
    // Each person's own.
    expect(ids(await api.recent(other.headers)).some((id) => made.includes(id))).toBe(false);

    const cleared = await api.clearRecent(fan.headers);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toEqual({ cleared: 20 });
    expect(ids(await api.recent(fan.headers))).toEqual([]);
  });

  it('takes a cookie-signed clear only from the app’s own pages', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/recently-viewed-lists/clear', headers: { cookie: `idToken=${other.cookie}` } });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/lists/recommended', () => {
  let byTitle: string;
  let byGenre: string;
  let hidden: string;
  let criticsOwn: string;

  beforeAll(async () => {
    // The critic rates a comedy (movieId(10)) 9: lists holding it come first, then lists tagged Comedy.
    const rated = await ctx.app.inject({ method: 'POST', url: '/api/ratings-and-reviews/create', headers: critic.headers, payload: { titleId: movieId(10), rating: 9 } });
    expect(rated.statusCode).toBe(201);
    byTitle = await api.make(owner.headers, { name: 'Holds the rated film', genres: ['Drama'], contentList: [{ titleId: movieId(1) }, { titleId: movieId(10) }] });
    byGenre = await api.make(other.headers, { name: 'Comedies', genres: ['Comedy'], contentList: [{ titleId: movieId(4) }] });
    hidden = await api.make(owner.headers, { name: 'Private with the rated film', visibility: 'private', genres: ['Comedy'], contentList: [{ titleId: movieId(10) }] });
    criticsOwn = await api.make(critic.headers, { name: 'The critic’s own', genres: ['Comedy'], contentList: [{ titleId: movieId(10) }] });
    popular = await api.make(other.headers, { name: 'Much liked', genres: ['Western'], contentList: [{ titleId: movieId(3) }] });
    for (const fan of await insertFans(ctx, 3, 'Liker')) expect((await api.like(popular, fan.headers)).statusCode).toBe(200);
  });

  it("puts lists of the reader's highly rated titles first, then their favourite genres, never their own or a private list", async () => {
    const res = await api.recommended(critic.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const got = ids(res);
    expect(got.slice(0, 2)).toEqual([byTitle, byGenre]);
    // Topped up with popular lists.
    expect(got).toContain(popular);
    expect(got).not.toContain(hidden);
    expect(got).not.toContain(criticsOwn);
    expect(res.json().data.every((l: ListSummary) => l.ownerProfile.userId !== critic.user.id)).toBe(true);
    expect(got.length).toBeLessThanOrEqual(20);
  });

  it("gives a reader with nothing to go on popular lists, without their own", async () => {
    const got = ids(await api.recommended(other.headers));
    expect(got[0]).not.toBe(popular);
    expect(got).not.toContain(popular);
    expect(got).not.toContain(hidden);
  });

  it('gives an anonymous reader the most liked public lists', async () => {
    const res = await api.recommended();
    expect(res.statusCode).toBe(200);
    const got = ids(res);
    expect(got[0]).toBe(popular);
    expect(got).not.toContain(hidden);
    expect(res.json().data.every((l: ListSummary) => l.visibility === 'public')).toBe(true);
  });
});

describe('GET /api/home/trending-lists', () => {
  it('ranks by the views and likes of the last seven days with time decay, public lists only, the same for everyone', async () => {
    const liked = await api.make(other.headers, { name: 'Liked today' });
    const viewedToday = await api.make(other.headers, { name: 'Viewed today' });
    const viewedLastWeek = await api.make(other.headers, { name: 'Viewed six days ago' });
    const tooOld = await api.make(other.headers, { name: 'Viewed eight days ago' });
    const secret = await api.make(other.headers, { name: 'Private and busy', visibility: 'private' });
    const views = (listId: string, day: string, n: number) => Array.from({ length: n }, (_, i) => ({ listId, day, viewer: `a:test-${i}` }));
    await ctx.database.db
      .insertInto('listViews')
      .values([
        ...views(viewedToday, daysAgo(0), 6),
        ...views(viewedLastWeek, daysAgo(6), 40),
        ...views(tooOld, daysAgo(8), 50),
        ...views(secret, daysAgo(0), 50),
      ])
      .execute();
    // Four likes today (4 x 3) outweigh the three of the list liked above (9), which outweigh 6 views today (6),
    // which outweigh 40 views six days ago (40 x 0.125); 50 views eight days ago count for nothing.
    for (const fan of await insertFans(ctx, 4, 'Fan')) expect((await api.like(liked, fan.headers)).statusCode).toBe(200);

    const res = await api.trending();
    expect(res.statusCode).toBe(200);
    const got = ids(res);
    expect(got.slice(0, 4)).toEqual([liked, popular, viewedToday, viewedLastWeek]);
    expect(got.slice(0, 5)).not.toContain(tooOld);
    // Views older than the week are forgotten.
    expect(await ctx.database.db.selectFrom('listViews').select('viewer').where('listId', '=', tooOld).execute()).toEqual([]);
    expect(await ctx.database.db.selectFrom('listViews').select('viewer').where('listId', '=', viewedLastWeek).execute()).toHaveLength(40);
    expect(got).not.toContain(secret);
    expect(got.length).toBeLessThanOrEqual(20);
    expect(ids(await api.trending(other.headers))).toEqual(got);
    expect(ids(await api.trending(owner.headers))).toEqual(got);

    // A list made private leaves trending at once.
    await api.edit(liked, { name: 'Liked today', visibility: 'private', contentList: [] }, other.headers);
    expect(ids(await api.trending())).not.toContain(liked);
  });
});
