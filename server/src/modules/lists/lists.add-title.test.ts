import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListAddTitleResultSchema, ListDetailsSchema } from '../../../../common/contracts/lists.ts';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { errorOf, LIST_MOVIES, LIST_SHOWS, listsApi, movieId, seedListTitles } from './lists.test-fixtures.ts';

let ctx: TestContext;
let api: ReturnType<typeof listsApi>;
type Person = Awaited<ReturnType<typeof buildUser>>;
let owner: Person;
let other: Person;

const MISSING = '00000000-0000-4000-8000-000000000000';
type Headers = Record<string, string>;
const add = (id: string, payload: unknown, headers?: Headers) =>
  ctx.app.inject({ method: 'POST', url: `/api/lists/${id}/titles`, headers, payload: payload as object });

beforeAll(async () => {
  ctx = await createTestApp();
  api = listsApi(ctx);
  await seedListTitles(ctx);
  owner = await buildUser(ctx, { displayName: 'Ada Owner' });
  other = await buildUser(ctx, { displayName: 'Ben Other' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/lists/{listId}/titles', () => {
  it('answers 401 anonymous, 403 to another person on a public list, 404 on a private or missing list', async () => {
    const publicId = await api.make(owner.headers);
    const privateId = await api.make(owner.headers, { visibility: 'private' });
    expect((await add(publicId, { titleId: movieId(1) })).statusCode).toBe(401);
    const forbidden = await add(publicId, { titleId: movieId(1) }, other.headers);
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).code).toBe('forbidden');
    const hidden = await add(privateId, { titleId: movieId(1) }, other.headers);
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).code).toBe('list_not_found');
    const missing = await add(MISSING, { titleId: movieId(1) }, owner.headers);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('list_not_found');
    const list = ListDetailsSchema.parse((await api.get(publicId, owner.headers)).json().data);
    expect(list.titleCount).toBe(1);
  });

  it('answers 400 naming the field for a bad body, 404 title_not_found for an unknown title', async () => {
    const id = await api.make(owner.headers);
    const noTitle = await add(id, {}, owner.headers);
    expect(noTitle.statusCode).toBe(400);
    expect(errorOf(noTitle).message).toContain('titleId');
    const longNote = await add(id, { titleId: movieId(1), note: 'x'.repeat(501) }, owner.headers);
    expect(longNote.statusCode).toBe(400);
    expect(errorOf(longNote).message).toContain('note');
    const unknown = await add(id, { titleId: 'tt0000405' }, owner.headers);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('title_not_found');
    expect((await api.get(id, owner.headers)).json().data.titleCount).toBe(1);
  });

  it('answers 400 naming titleId for a title of the other type, on add, create and edit', async () => {
    const movies = await api.make(owner.headers);
    const show = LIST_SHOWS[0];
    const wrong = await add(movies, { titleId: show.id }, owner.headers);
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toEqual({ code: 'wrong_title_type', message: `titleId: ${show.primaryTitle} is a TV show, and this is a list of movies.` });
    const shows = await api.make(owner.headers, { type: 'tvSeries', contentList: [{ titleId: show.id }] });
    const movie = await add(shows, { titleId: movieId(2) }, owner.headers);
    expect(movie.statusCode).toBe(400);
    expect(errorOf(movie).message).toBe(`titleId: ${LIST_MOVIES[2].primaryTitle} is a movie, and this is a list of TV shows.`);
    expect((await add(shows, { titleId: LIST_SHOWS[1].id }, owner.headers)).json().data).toMatchObject({ added: true, titleCount: 2 });
    const mixed = { name: 'Mixed', type: 'tvSeries', genres: [], contentList: [{ titleId: show.id }, { titleId: movieId(3) }] };
    const created = await api.create(mixed, owner.headers);
    expect(created.statusCode).toBe(400);
    expect(errorOf(created).message).toMatch(/^contentList\.1\.titleId: .* is a movie, and this is a list of TV shows\.$/);
    const edited = await api.edit(shows, mixed, owner.headers);
    expect(edited.statusCode).toBe(400);
    expect(errorOf(edited).code).toBe('wrong_title_type');
    expect((await api.get(shows, owner.headers)).json().data.titleCount).toBe(2);
    expect((await api.get(movies, owner.headers)).json().data.titleCount).toBe(1);
  });

  it('puts the title at the end with its note, counting it and moving lastUpdated; adding it again changes nothing', async () => {
    const id = await api.make(owner.headers, { contentList: [{ titleId: movieId(0) }, { titleId: movieId(1) }] });
    const before = ListDetailsSchema.parse((await api.get(id, owner.headers)).json().data);
    await new Promise((r) => setTimeout(r, 5));
    const res = await add(id, { titleId: movieId(7), note: '  Late find  ' }, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const added = ListAddTitleResultSchema.parse(res.json().data);
    expect(added).toMatchObject({ listId: id, added: true, titleCount: 3 });
    expect(added.contentList.map((t) => t.titleId)).toEqual([movieId(0), movieId(1), movieId(7)]);
    expect(Date.parse(added.lastUpdated)).toBeGreaterThan(Date.parse(before.lastUpdated));
    const after = ListDetailsSchema.parse((await api.get(id, owner.headers)).json().data);
    expect(after.contentList.map((t) => [t.titleId, t.note])).toEqual([
      [movieId(0), null],
      [movieId(1), null],
      [movieId(7), 'Late find'],
    ]);

    const again = await add(id, { titleId: movieId(7), note: 'Other note' }, owner.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ added: false, titleCount: 3, lastUpdated: added.lastUpdated });
    const same = ListDetailsSchema.parse((await api.get(id, owner.headers)).json().data);
    expect(same.contentList.map((t) => [t.titleId, t.note])).toEqual(after.contentList.map((t) => [t.titleId, t.note]));
  });

  it('shows the new title to other readers of a public list at once (the cached page is dropped)', async () => {
    const id = await api.make(owner.headers);
    expect((await api.get(id, other.headers)).json().data.titleCount).toBe(1);
    expect((await add(id, { titleId: movieId(3) }, owner.headers)).statusCode).toBe(200);
    const seen = ListDetailsSchema.parse((await api.get(id, other.headers)).json().data);
    expect(seen.titleCount).toBe(2);
    expect(seen.contentList.map((t) => t.titleId)).toEqual([movieId(0), movieId(3)]);
  });

  it('answers 409 list_full for a 51st title and keeps the list as it was', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => ({ titleId: movieId(i) }));
    const id = await api.make(owner.headers, { contentList: fifty });
    const res = await add(id, { titleId: movieId(55) }, owner.headers);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'list_full', message: 'Oops! select only 50 options' });
    // A title it already holds is still "nothing changed", not full.
    expect((await add(id, { titleId: movieId(49) }, owner.headers)).json().data).toMatchObject({ added: false, titleCount: 50 });
    const list = ListDetailsSchema.parse((await api.get(id, owner.headers)).json().data);
    expect(list.titleCount).toBe(50);
    expect(list.contentList.map((t) => t.titleId)).toEqual(fifty.map((t) => t.titleId));
  });

  it('keeps positions and the count right under concurrent additions, stopping at 50', async () => {
    const start = Array.from({ length: 45 }, (_, i) => ({ titleId: movieId(i) }));
    const id = await api.make(owner.headers, { contentList: start });
    const ids = [45, 46, 47, 48, 49, 50, 51, 52, 45, 46].map(movieId);
    const answers = await Promise.all(ids.map((titleId) => add(id, { titleId }, owner.headers)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    expect(answers.filter((a) => a.statusCode === 200 && a.json().data.added)).toHaveLength(5);
    const list = ListDetailsSchema.parse((await api.get(id, owner.headers)).json().data);
    expect(list.titleCount).toBe(50);
    expect(list.contentList).toHaveLength(50);
    expect(new Set(list.contentList.map((t) => t.titleId)).size).toBe(50);
  });
});

describe('GET /api/lists/?titleId=', () => {
  it('says which of my lists hold the title, and only when asked', async () => {
    const reader = await buildUser(ctx, { displayName: 'Cy Reader' });
    const holds = await api.make(reader.headers, { name: 'Holds it', contentList: [{ titleId: movieId(9) }] });
    const lacks = await api.make(reader.headers, { name: 'Lacks it', contentList: [{ titleId: movieId(8) }] });
    const asked = await api.mine(`?titleId=${movieId(9)}`, reader.headers);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data.results.map((r: { listId: string }) => r.listId).sort()).toEqual([holds, lacks].sort());
    expect(asked.json().data.holdingTitle).toEqual([holds]);
    expect((await add(lacks, { titleId: movieId(9) }, reader.headers)).statusCode).toBe(200);
    expect((await api.mine(`?titleId=${movieId(9)}`, reader.headers)).json().data.holdingTitle.sort()).toEqual([holds, lacks].sort());
    expect((await api.mine('', reader.headers)).json().data.holdingTitle).toBeUndefined();
  });
});
