import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiaryMonthSchema, DiaryYearSchema, LogWatchResultSchema, TitleWatchedSchema } from '../../../../common/contracts/diary.ts';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { normalizeText } from '../../search/normalize.ts';
import { type NewTitle, upsertTitles } from '../titles/titles.repository.ts';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof buildUser>>;
let owner: Person;
let other: Person;

const TITLES: NewTitle[] = [
  { id: 'tt9500001', titleType: 'movie', primaryTitle: 'Solaris', startYear: 1972, releaseDate: '1972-03-20', genres: ['Drama', 'Sci-Fi'], runtimeMinutes: 167, popularity: 1 },
  { id: 'tt9500002', titleType: 'movie', primaryTitle: 'Stalker', startYear: 1979, releaseDate: '1979-05-25', genres: ['Drama', 'Sci-Fi'], runtimeMinutes: 162, popularity: 1 },
  { id: 'tt9500003', titleType: 'movie', primaryTitle: 'Mirror', startYear: 1975, releaseDate: '1975-03-07', genres: ['Drama'], runtimeMinutes: 107, popularity: 1 },
  { id: 'tt9500004', titleType: 'tvSeries', primaryTitle: 'Twin Peaks', startYear: 1990, releaseDate: null, genres: ['Mystery'], runtimeMinutes: 47, popularity: 1 },
  { id: 'tt9500005', titleType: 'movie', primaryTitle: 'No Runtime', startYear: 2001, releaseDate: null, genres: ['Comedy'], runtimeMinutes: null, popularity: 1 },
];

type Headers = Record<string, string>;
const log = (body: unknown, headers?: Headers) => ctx.app.inject({ method: 'POST', url: '/api/diary', payload: body as object, headers });
const month = (m: string, headers?: Headers) => ctx.app.inject({ method: 'GET', url: `/api/diary${m ? `?month=${m}` : ''}`, headers });
const year = (y: string, headers?: Headers) => ctx.app.inject({ method: 'GET', url: `/api/diary/year/${y}`, headers });
const remove = (id: string, headers?: Headers) => ctx.app.inject({ method: 'DELETE', url: `/api/diary/${id}`, headers });
const errorOf = (res: { json(): { error: { code: string; message: string } } }) => res.json().error;

async function rate(userId: string, titleId: string, rating: number) {
  const now = new Date().toISOString();
  await ctx.database.db.insertInto('ratings').values({ id: randomUUID(), userId, titleId, rating, review: null, spoiler: false, likeCount: 0, createdAt: now, updatedAt: now }).execute();
}

beforeAll(async () => {
  ctx = await createTestApp();
  await upsertTitles(ctx.database.db, TITLES, (p, o) => normalizeText(`${p} ${o ?? ''}`));
  owner = await buildUser(ctx, { displayName: 'Ada Owner' });
  other = await buildUser(ctx, { displayName: 'Ben Other' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('logging a watch', () => {
  it('answers 401 without a session', async () => {
    expect((await log({ titleId: 'tt9500001' })).statusCode).toBe(401);
    expect((await month('')).statusCode).toBe(401);
  });

  it('logs today by default, and the same title on the same day again changes nothing', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const first = await log({ titleId: 'tt9500003' }, owner.headers);
    expect(first.statusCode).toBe(200);
    const a = LogWatchResultSchema.parse(first.json().data);
    expect(a).toMatchObject({ changed: true, entry: { watchedOn: today, rewatch: false, rating: null, title: { id: 'tt9500003', title: 'Mirror' } } });
    const again = LogWatchResultSchema.parse((await log({ titleId: 'tt9500003' }, owner.headers)).json().data);
    expect(again).toMatchObject({ changed: false, entry: { id: a.entry.id } });
    const state = TitleWatchedSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/diary/titles/tt9500003', headers: owner.headers })).json().data);
    expect(state).toEqual({ titleId: 'tt9500003', watched: true, count: 1, latest: { id: a.entry.id, watchedOn: today }, undated: false, liked: false });
    const contains = await ctx.app.inject({ method: 'POST', url: '/api/diary/contains', payload: { titleIds: ['tt9500002', 'tt9500003'] }, headers: owner.headers });
    expect(contains.json().data).toEqual({ titleIds: ['tt9500003'] });
    const theirs = await ctx.app.inject({ method: 'POST', url: '/api/diary/contains', payload: { titleIds: ['tt9500003'] }, headers: other.headers });
    expect(theirs.json().data).toEqual({ titleIds: [] });
  });

  it('refuses a bad date, a day to come and an unknown title, naming the field', async () => {
    const bad = await log({ titleId: 'tt9500001', watchedOn: '2023-02-30' }, owner.headers);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain('watchedOn');
    const future = await log({ titleId: 'tt9500001', watchedOn: '2099-01-01' }, owner.headers);
    expect(future.statusCode).toBe(400);
    expect(errorOf(future).message).toContain('watchedOn');
    const unknown = await log({ titleId: 'tt0000000' }, owner.headers);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('title_not_found');
    expect((await month('2023-13', owner.headers)).statusCode).toBe(400);
    expect((await year('19', owner.headers)).statusCode).toBe(400);
  });
});

describe('the diary by month, rewatches, and the year in review', () => {
  let rewatchId = '';
  beforeAll(async () => {
    for (const [titleId, watchedOn] of [
      ['tt9500001', '2023-01-05'],
      ['tt9500002', '2023-01-20'],
      ['tt9500001', '2023-03-02'],
      ['tt9500004', '2023-03-10'],
      ['tt9500005', '2023-03-11'],
      ['tt9500002', '2022-12-31'],
    ] as const) {
      const res = await log({ titleId, watchedOn }, owner.headers);
      expect(res.statusCode).toBe(200);
      if (titleId === 'tt9500001' && watchedOn === '2023-03-02') rewatchId = res.json().data.entry.id;
    }
    await rate(owner.user.id, 'tt9500001', 9);
    await rate(owner.user.id, 'tt9500002', 7);
    await rate(other.user.id, 'tt9500004', 10);
  });

  it('lists a month newest day first, counts the second watch as a rewatch, and names the months with entries', async () => {
    const march = DiaryMonthSchema.parse((await month('2023-03', owner.headers)).json().data);
    expect(march.month).toBe('2023-03');
    expect(march.entries.map((e) => [e.title.id, e.watchedOn, e.rewatch, e.rating])).toEqual([
      ['tt9500005', '2023-03-11', false, null],
      ['tt9500004', '2023-03-10', false, null],
      ['tt9500001', '2023-03-02', true, 9],
    ]);
    const january = DiaryMonthSchema.parse((await month('2023-01', owner.headers)).json().data);
    expect(january.entries.map((e) => [e.title.id, e.rewatch])).toEqual([
      ['tt9500002', true],
      ['tt9500001', false],
    ]);
    expect(march.months.slice(-3)).toEqual([
      { month: '2023-03', count: 3 },
      { month: '2023-01', count: 2 },
      { month: '2022-12', count: 1 },
    ]);
    const theirs = DiaryMonthSchema.parse((await month('2023-03', other.headers)).json().data);
    expect(theirs.entries).toEqual([]);
  });

  it('adds up the year: films, hours from runtimes, genres, highest rated', async () => {
    const review = DiaryYearSchema.parse((await year('2023', owner.headers)).json().data);
    expect(review).toMatchObject({
      year: 2023,
      entries: 5,
      films: 4,
      distinctFilms: 3,
      shows: 1,
      rewatches: 2,
      // 167 + 162 + 167 + 47 minutes (no runtime counts nothing) = 543 min = 9.05 h
      hours: 9.1,
      perMonth: [2, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    });
    expect(review.topGenres).toEqual([
      { name: 'Drama', count: 3 },
      { name: 'Sci-Fi', count: 3 },
      { name: 'Comedy', count: 1 },
      { name: 'Mystery', count: 1 },
    ]);
    expect(review.highestRated.map((r) => [r.title.id, r.rating])).toEqual([
      ['tt9500001', 9],
      ['tt9500002', 7],
    ]);
    expect(review.years).toContain(2022);
    expect(review.years).toContain(2023);
  });

  it('draws the year as a PNG card for its owner', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/diary/year/2023/card.png', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const { default: sharp } = await import('sharp');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/diary/year/2023/card.png' })).statusCode).toBe(401);
  });

  it("deletes the owner's entry only: anyone else's is 404 and stays", async () => {
    const theirs = await remove(rewatchId, other.headers);
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs).code).toBe('diary_entry_not_found');
    expect((await remove(randomUUID(), owner.headers)).statusCode).toBe(404);
    const mine = await remove(rewatchId, owner.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual({ id: rewatchId, titleId: 'tt9500001', deleted: true });
    const march = DiaryMonthSchema.parse((await month('2023-03', owner.headers)).json().data);
    expect(march.entries.map((e) => e.title.id)).toEqual(['tt9500005', 'tt9500004']);
  });
});

describe("a person's diary on their profile", () => {
  const publicMonth = (userId: string, m: string, headers?: Headers) => ctx.app.inject({ method: 'GET', url: `/api/diary/people/${userId}?month=${m}`, headers });

  it('is readable by anyone, signed in or not, with the same entries and months as the owner’s', async () => {
    const own = DiaryMonthSchema.parse((await month('2023-01', owner.headers)).json().data);
    for (const headers of [other.headers, undefined, owner.headers]) {
      const res = await publicMonth(owner.user.id, '2023-01', headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(DiaryMonthSchema.parse(res.json().data)).toEqual(own);
    }
    expect(own.entries.length).toBeGreaterThan(0);
    const bad = await publicMonth(owner.user.id, '2023-13', other.headers);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain('month');
    expect((await publicMonth('no-such-person', '2023-01', other.headers)).json().error.code).toBe('user_not_found');
  });

  it('is 404 across a block either way, for a suspended person, and for a closed account', async () => {
    const blocker = await buildUser(ctx, { displayName: 'Bea Blocker' });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/user/blocks/${owner.user.id}`, headers: blocker.headers })).statusCode).toBe(200);
    // The person blocked, and the one who blocked them, each see no diary of the other.
    expect((await publicMonth(owner.user.id, '2023-01', blocker.headers)).json().error.code).toBe('user_not_found');
    expect((await publicMonth(blocker.user.id, '2023-01', owner.headers)).statusCode).toBe(404);
    expect((await publicMonth(owner.user.id, '2023-01', other.headers)).statusCode).toBe(200);

    const gone = await buildUser(ctx, { displayName: 'Sue Suspended' });
    expect((await log({ titleId: 'tt9500001', watchedOn: '2023-01-04' }, gone.headers)).statusCode).toBe(200);
    expect((await publicMonth(gone.user.id, '2023-01', other.headers)).statusCode).toBe(200);
    await ctx.database.db.updateTable('users').set({ suspendedAt: new Date().toISOString() }).where('id', '=', gone.user.id).execute();
    expect((await publicMonth(gone.user.id, '2023-01', other.headers)).statusCode).toBe(404);
    expect((await publicMonth(gone.user.id, '2023-01')).statusCode).toBe(404);

    const closing = await buildUser(ctx, { displayName: 'Cal Closing' });
    expect((await log({ titleId: 'tt9500002', watchedOn: '2023-01-05' }, closing.headers)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/account', headers: closing.headers, payload: { confirm: 'DELETE' } })).statusCode).toBe(200);
    expect((await publicMonth(closing.user.id, '2023-01', other.headers)).json().error.code).toBe('user_not_found');
  });
});
