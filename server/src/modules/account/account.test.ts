import { setTimeout as sleep } from 'node:timers/promises';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportReportSchema } from '../../../../common/contracts/imports.ts';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { importForm, insertImportTitles, zipOf } from '../imports/imports.test-fixtures.ts';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof buildUser>>;
let ida: Person;
let jo: Person;
type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers?: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  ctx = await createTestApp();
  await insertImportTitles(ctx.database.db);
  ida = await buildUser(ctx, { displayName: 'Ida Export' });
  jo = await buildUser(ctx, { displayName: 'Jo Reimport' });
  await call('POST', '/api/user/setProfile', ida.headers, { displayName: 'Ida Export', username: 'ida_export' });
  for (const [titleId, rating, review] of [
    ['tt9500010', 9, 'The diner scene, "still" the best, ever.'],
    ['tt9500014', 7, null],
    ['tt9500018', 4, null],
    ['tt9500017', 8, null],
  ] as const) {
    const res = await call('POST', '/api/ratings-and-reviews/create', ida.headers, { titleId, rating, ...(review ? { review } : {}) });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  for (const titleId of ['tt9500016', 'tt9500011']) expect((await call('POST', '/api/watchlist', ida.headers, { titleId })).statusCode).toBe(200);
  expect((await call('POST', '/api/diary', ida.headers, { titleId: 'tt9500010', watchedOn: '2026-11-20' })).statusCode).toBeLessThan(300);
  expect((await call('POST', '/api/lists', ida.headers, { name: 'Night films', description: 'After dark <3', contentList: [{ titleId: 'tt9500010' }] })).statusCode).toBe(201);
  // Marks a Letterboxd import leaves: Solaris watched without a day; Paper Moon and the series liked.
  await ctx.database.db
    .insertInto('titleMarks')
    .values([
      { userId: ida.user.id, titleId: 'tt9500014', mark: 'watched', markedAt: '2024-03-02T10:00:00.000Z' },
      { userId: ida.user.id, titleId: 'tt9500018', mark: 'liked', markedAt: '2024-05-01T10:00:00.000Z' },
      { userId: ida.user.id, titleId: 'tt9500017', mark: 'liked', markedAt: '2024-05-02T10:00:00.000Z' },
    ])
    .execute();
});
afterAll(async () => {
  await ctx?.close();
});

async function exportOf(headers: Headers) {
  const res = await call('GET', '/api/account/export', headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['cache-control']).toContain('no-store');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="reelhouse-export-\d{4}-\d\d-\d\d\.zip"$/);
  const files = unzipSync(new Uint8Array(res.rawPayload));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

describe('export', () => {
  it('needs a signed-in person', async () => {
    expect((await call('GET', '/api/account/export')).statusCode).toBe(401);
  });

  it('answers a ZIP of JSON and CSV with everything the person made', async () => {
    const files = await exportOf(ida.headers);
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'comments.json',
        'diary.csv',
        'diary.json',
        'discussions.json',
        'follows.json',
        'gems.json',
        'letterboxd/diary.csv',
        'letterboxd/likes/films.csv',
        'letterboxd/ratings.csv',
        'letterboxd/watched.csv',
        'letterboxd/watchlist.csv',
        'likes.json',
        'lists.json',
        'profile.json',
        'ratings.csv',
        'ratings.json',
        'watched.json',
        'watchlist.json',
        'watchlist.csv',
      ].sort(),
    );
    expect(JSON.parse(files['profile.json'])).toMatchObject({ id: ida.user.id, email: ida.user.email, displayName: 'Ida Export', username: 'ida_export' });
    const ratings = JSON.parse(files['ratings.json']) as { titleId: string; rating: number; review: string | null }[];
    expect(ratings.map((r) => [r.titleId, r.rating, r.review]).sort()).toEqual(
      [
        ['tt9500010', 9, 'The diner scene, "still" the best, ever.'],
        ['tt9500014', 7, null],
        ['tt9500017', 8, null],
        ['tt9500018', 4, null],
      ].sort(),
    );
    expect(JSON.parse(files['lists.json'])).toMatchObject([{ name: 'Night films', description: 'After dark <3', items: [{ titleId: 'tt9500010', title: 'Heat' }] }]);
    expect((JSON.parse(files['watchlist.json']) as { titleId: string }[]).map((w) => w.titleId).sort()).toEqual(['tt9500011', 'tt9500016']);
    // Letterboxd's columns, half stars, films only (the series is left out), quoted where needed.
    const lb = files['letterboxd/ratings.csv'].trim().split('\r\n');
    expect(lb[0]).toBe('Date,Name,Year,Letterboxd URI,Rating');
    expect(lb.slice(1).map((l) => l.replace(/^\d{4}-\d\d-\d\d,/, '')).sort()).toEqual(['Heat,1995,,4.5', 'Paper Moon,1973,,2', 'Solaris,1972,,3.5']);
    expect(files['letterboxd/watchlist.csv'].split('\r\n')[0]).toBe('Date,Name,Year,Letterboxd URI');
    expect(JSON.parse(files['diary.json'])).toMatchObject([{ titleId: 'tt9500010', title: 'Heat', watchedOn: '2026-11-20' }]);
    expect(files['letterboxd/diary.csv'].trim().split('\r\n')).toEqual(['Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date', '2026-11-20,Heat,1995,,,,,2026-11-20']);
    expect(files['ratings.csv']).toContain('"The diner scene, ""still"" the best, ever."');
    // Every film watched once, in Letterboxd's watched.csv: by its first diary day, else the day it was marked watched.
    expect(files['letterboxd/watched.csv'].split('\r\n')).toEqual(['Date,Name,Year,Letterboxd URI', '2024-03-02,Solaris,1972,', '2026-11-20,Heat,1995,', '']);
    expect(files['letterboxd/likes/films.csv'].split('\r\n')).toEqual(['Date,Name,Year,Letterboxd URI', '2024-05-01,Paper Moon,1973,', '']);
    expect(JSON.parse(files['watched.json'])).toEqual([{ titleId: 'tt9500014', title: 'Solaris', year: 1972, type: 'movie', markedAt: '2024-03-02T10:00:00.000Z' }]);
    expect((JSON.parse(files['likes.json']) as { titleId: string }[]).map((l) => l.titleId)).toEqual(['tt9500018', 'tt9500017']);
  });

  it('reads back through the Letterboxd import into another account with the same ratings, watchlist, diary, watched films and likes', async () => {
    const files = await exportOf(ida.headers);
    // The letterboxd/ folder zipped, as a person would upload it.
    const letterboxd = Object.fromEntries(Object.entries(files).flatMap(([name, text]) => (name.startsWith('letterboxd/') ? [[name.slice('letterboxd/'.length), text]] : [])));
    const form = importForm(zipOf(letterboxd), 'letterboxd.zip');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/imports', payload: form.payload, headers: { ...jo.headers, ...form.headers } });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.id as string;
    let status = 'queued';
    for (let i = 0; i < 2000 && status !== 'done' && status !== 'failed'; i++) {
      status = ImportReportSchema.parse((await call('GET', `/api/imports/${id}`, jo.headers)).json().data).status;
      if (status !== 'done') await sleep(20);
    }
    expect(status).toBe('done');
    const ratingsOf = async (userId: string) =>
      (await ctx.database.db.selectFrom('ratings').innerJoin('titles', 'titles.id', 'ratings.titleId').select(['titleId', 'rating']).where('userId', '=', userId).where('titles.titleType', '=', 'movie').orderBy('titleId').execute()).map(
        (r) => [r.titleId, Number(r.rating)],
      );
    expect(await ratingsOf(jo.user.id)).toEqual(await ratingsOf(ida.user.id));
    const watchOf = async (userId: string) => (await ctx.database.db.selectFrom('watchlistEntries').select('titleId').where('userId', '=', userId).orderBy('titleId').execute()).map((r) => r.titleId);
    expect(await watchOf(jo.user.id)).toEqual(await watchOf(ida.user.id));
    // The diary, watched.csv and likes/films.csv read back: Heat has its diary day, so only Solaris is watched without one.
    const diaryOf = async (userId: string) => (await ctx.database.db.selectFrom('diaryEntries').select(['titleId', 'watchedOn']).where('userId', '=', userId).execute()).map((r) => [r.titleId, r.watchedOn]);
    expect(await diaryOf(jo.user.id)).toEqual(await diaryOf(ida.user.id));
    const marksOf = async (userId: string) =>
      (await ctx.database.db.selectFrom('titleMarks').select(['mark', 'titleId']).where('userId', '=', userId).orderBy('mark').orderBy('titleId').execute()).map((r) => [r.mark, r.titleId]);
    expect(await marksOf(jo.user.id)).toEqual([
      ['liked', 'tt9500018'],
      ['watched', 'tt9500014'],
    ]);
  });
});

describe('access tokens', () => {
  it('are shown once, stored hashed, act as the person, cannot mint tokens, and stop at once when revoked', async () => {
    expect((await call('POST', '/api/account/tokens', undefined, { name: 'x' })).statusCode).toBe(401);
    const bad = await call('POST', '/api/account/tokens', ida.headers, { name: '   ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('name');
    const made = await call('POST', '/api/account/tokens', ida.headers, { name: 'My script' });
    expect(made.statusCode, made.body).toBe(200);
    const { token, id } = made.json().data as { token: string; id: string };
    expect(token).toMatch(/^rh_[\w-]{43}$/);
    const stored = await ctx.database.db.selectFrom('apiTokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const bearer = { authorization: `Bearer ${token}` };
    const me = await call('GET', '/api/user/me', bearer);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.id).toBe(ida.user.id);
    expect((await call('GET', '/api/account/export', bearer)).statusCode).toBe(200);
    // A token cannot make, list or revoke tokens, nor close the account.
    expect((await call('POST', '/api/account/tokens', bearer, { name: 'more' })).json().error.code).toBe('session_required');
    expect((await call('GET', '/api/account/tokens', bearer)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/account', bearer, { confirm: 'DELETE' })).statusCode).toBe(403);

    const listed = (await call('GET', '/api/account/tokens', ida.headers)).json().data.results as { id: string; name: string; lastUsedAt: string | null; token?: string }[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id, name: 'My script' });
    expect(listed[0].lastUsedAt).not.toBeNull();
    expect(listed[0].token).toBeUndefined();

    expect((await call('DELETE', `/api/account/tokens/${id}`, jo.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/account/tokens/${id}`, ida.headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/me', bearer)).statusCode).toBe(401);
    expect((await call('GET', '/api/user/me', { authorization: 'Bearer rh_forged' })).statusCode).toBe(401);
  });
});

describe('RSS', () => {
  it("carries a person's public reviews and lists, escaped", async () => {
    const reviews = await call('GET', '/users/IDA_EXPORT/reviews.rss');
    expect(reviews.statusCode, reviews.body).toBe(200);
    expect(reviews.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(reviews.body).toContain('<rss version="2.0">');
    expect(reviews.body).toContain('<title>Heat (1995): 9/10</title>');
    expect(reviews.body).toContain('The diner scene, &#34;still&#34; the best, ever.');
    // Ratings without a review are not reviews.
    expect(reviews.body).not.toContain('Solaris');
    const lists = await call('GET', '/users/ida_export/lists.rss');
    expect(lists.statusCode).toBe(200);
    expect(lists.body).toContain('<title>Night films</title>');
    expect(lists.body).toContain('After dark &#60;3');
    expect((await call('GET', '/users/nobody_here/lists.rss')).json().error.code).toBe('user_not_found');
  });

  it('leaves out private lists and hidden reviews', async () => {
    await call('POST', '/api/lists', ida.headers, { name: 'Secret picks', visibility: 'private', contentList: [] });
    const review = await ctx.database.db.selectFrom('ratings').select('id').where('userId', '=', ida.user.id).where('titleId', '=', 'tt9500010').executeTakeFirstOrThrow();
    await ctx.database.db.insertInto('hiddenContent').values({ targetType: 'review', targetId: review.id, hiddenBy: null, createdAt: new Date().toISOString() }).execute();
    expect((await call('GET', '/users/ida_export/lists.rss')).body).not.toContain('Secret picks');
    expect((await call('GET', '/users/ida_export/reviews.rss')).body).not.toContain('Heat');
  });
});
