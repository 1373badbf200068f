import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListDetailsSchema, ListsPageSchema } from '../../../../common/contracts/lists.ts';
import { insertFans } from '../../../test/fans.ts';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { refuseEvents } from '../../db/faults.test-fixtures.ts';
import { errorOf, listsApi, movieId, POSTERLESS_MOVIE, seedListTitles } from './lists.test-fixtures.ts';

let ctx: TestContext;
let api: ReturnType<typeof listsApi>;
type Person = Awaited<ReturnType<typeof buildUser>>;
let owner: Person;
let other: Person;
let publicId: string;
let privateId: string;

const MISSING = '00000000-0000-4000-8000-000000000000';

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

describe('POST /api/lists', () => {
  it('answers 401 to an anonymous caller', async () => {
    const res = await api.create({ name: 'Nope', contentList: [] });
    expect(res.statusCode).toBe(401);
  });

  it('creates a list with its titles in the given order, notes, genres and visibility', async () => {
    const res = await api.create(
      {
        name: '  Rainy Sundays  ',
        type: 'movie',
        genres: ['Drama', { name: 'Comedy' }, 'drama'],
        description: 'For the long afternoons.',
        visibility: 'public',
        contentList: [{ titleId: movieId(2), note: 'Start here' }, { titleId: movieId(0) }, { titleId: POSTERLESS_MOVIE.id, note: '' }],
      },
      owner.headers,
    );
    expect(res.statusCode).toBe(201);
    const list = ListDetailsSchema.parse(res.json().data);
    publicId = list.listId;
    expect(list).toMatchObject({
      name: 'Rainy Sundays',
      type: 'movie',
      description: 'For the long afternoons.',
      visibility: 'public',
      genres: [{ name: 'Drama' }, { name: 'Comedy' }],
      titleCount: 3,
      ownerProfile: { userId: owner.user.id, displayName: 'Ada Owner' },
      likeCount: 0,
      viewCount: 0,
      likedByMe: false,
      abilities: { edit: true, delete: true, like: false },
    });
    expect(list.contentList.map((t) => [t.titleId, t.note])).toEqual([
      [movieId(2), 'Start here'],
      [movieId(0), null],
      [POSTERLESS_MOVIE.id, null],
    ]);
    expect(list.contentList[0]).toMatchObject({ title: 'List Film 2', primaryImage: 'https://img.example/film-2.jpg', type: 'movie' });
    expect(list.lastUpdated).toBe(list.createdAt);
  });

  it('falls back to movies for a type that is neither movies nor tv series, and reads "tv series" as tvSeries', async () => {
    const odd = await api.create({ name: 'Odd type', type: 'documentary', contentList: [] }, owner.headers);
    expect(odd.json().data.type).toBe('movie');
    const none = await api.create({ name: 'No type', contentList: [] }, owner.headers);
    expect(none.json().data.type).toBe('movie');
    const series = await api.create({ name: 'Shows', type: 'tv series', contentList: [{ titleId: 'tt960001' }] }, owner.headers);
    expect(series.json().data.type).toBe('tvSeries');
    const exact = await api.create({ name: 'Shows 2', type: 'tvSeries', visibility: 'private', contentList: [] }, owner.headers);
    expect(exact.json().data).toMatchObject({ type: 'tvSeries', visibility: 'private' });
    privateId = exact.json().data.listId;
  });

  it('keeps 50 titles, and refuses 51 naming contentList', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => ({ titleId: movieId(i) }));
    const ok = await api.create({ name: 'Fifty', contentList: fifty }, owner.headers);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.titleCount).toBe(50);
    expect(ok.json().data.contentList).toHaveLength(50);
    const res = await api.create({ name: 'Too many', contentList: [...fifty, { titleId: movieId(50) }] }, owner.headers);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'validation_error' });
    expect(errorOf(res).message).toMatch(/^contentList: must hold at most 50 titles/);
  });

  it.each([
    ['no name', { contentList: [] }, /^name: /],
    ['a blank name', { name: '   ', contentList: [] }, /^name: is required/],
    ['a name of 101 characters', { name: 'x'.repeat(101), contentList: [] }, /^name: must be at most 100/],
    ['an unknown visibility', { name: 'N', visibility: 'friends', contentList: [] }, /^visibility: /],
    ['a note of 501 characters', { name: 'N', contentList: [{ titleId: movieId(0), note: 'n'.repeat(501) }] }, /^contentList\.0\.note: must be at most 500/],
    ['a title twice', { name: 'N', contentList: [{ titleId: movieId(0) }, { titleId: movieId(0) }] }, /^contentList\.1\.titleId: is already in the list/],
    ['a malformed title id', { name: 'N', contentList: [{ titleId: 'not an id!' }] }, /^contentList\.0\.titleId: must be a title id/],
    ['contentList as text', { name: 'N', contentList: 'tt1' }, /^contentList: /],
    ['11 genres', { name: 'N', genres: Array.from({ length: 11 }, (_, i) => `G${i}`), contentList: [] }, /^genres: must hold at most 10/],
    ['a description of 1001 characters', { name: 'N', description: 'd'.repeat(1001), contentList: [] }, /^description: must be at most 1000/],
  ])('answers 400 naming the field for %s', async (_case, payload, message) => {
    const res = await api.create(payload, owner.headers);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toMatch(message);
  });

  it('answers 404 naming an unknown title and where it is', async () => {
    const res = await api.create({ name: 'Ghosts', contentList: [{ titleId: movieId(1) }, { titleId: 'tt0000404' }] }, owner.headers);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: 'title_not_found', message: 'contentList.1.titleId: there is no title tt0000404.' });
  });
});

describe('GET /api/lists/{listId}/get', () => {
  it('shows a public list to its owner, another person and an anonymous reader, with their own abilities', async () => {
    const mine = await api.get(publicId, owner.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const theirs = await api.get(publicId, other.headers);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.abilities).toEqual({ edit: false, delete: false, like: true });
    const anon = await api.get(publicId);
    expect(anon.statusCode).toBe(200);
    expect(anon.json().data.abilities).toEqual({ edit: false, delete: false, like: false });
    expect(anon.json().data.contentList).toHaveLength(3);
  });

  it('shows a private list to its owner only: 404 to anyone else', async () => {
    expect((await api.get(privateId, owner.headers)).statusCode).toBe(200);
    const res = await api.get(privateId, other.headers);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('list_not_found');
    expect((await api.get(privateId)).statusCode).toBe(404);
  });

  it('answers 404 for a list that does not exist and 400 naming listId for a malformed id', async () => {
    expect((await api.get(MISSING)).statusCode).toBe(404);
    const bad = await api.get('nope');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toMatch(/^listId: /);
  });
});

describe('POST /api/lists/{listId}/edit', () => {
  const edited = { name: 'Rainy Sundays, revised', type: 'movie', genres: ['Horror'], contentList: [{ titleId: movieId(5), note: 'New first' }, { titleId: movieId(2) }] };

  it('answers 401 to an anonymous caller, 403 to another person and 404 for their view of a private list', async () => {
    expect((await api.edit(publicId, edited)).statusCode).toBe(401);
    const res = await api.edit(publicId, edited, other.headers);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
    expect((await api.edit(privateId, edited, other.headers)).statusCode).toBe(404);
    expect((await api.edit(MISSING, edited, owner.headers)).statusCode).toBe(404);
  });

  it('replaces every field for the owner, and readers see the new version at once', async () => {
    const before = (await api.get(publicId)).json().data;
    const res = await api.edit(publicId, edited, owner.headers);
    expect(res.statusCode).toBe(200);
    const list = ListDetailsSchema.parse(res.json().data);
    expect(list).toMatchObject({ name: 'Rainy Sundays, revised', description: null, genres: [{ name: 'Horror' }], titleCount: 2 });
    expect(list.contentList.map((t) => [t.titleId, t.note])).toEqual([
      [movieId(5), 'New first'],
      [movieId(2), null],
    ]);
    expect(Date.parse(list.lastUpdated)).toBeGreaterThanOrEqual(Date.parse(before.lastUpdated));
    expect((await api.get(publicId, other.headers)).json().data.name).toBe('Rainy Sundays, revised');
  });

  it('validates as create does: 51 titles 400 naming contentList, an unknown title 404', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ titleId: movieId(i) }));
    const res = await api.edit(publicId, { name: 'X', contentList: many }, owner.headers);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toMatch(/^contentList: /);
    const unknown = await api.edit(publicId, { name: 'X', contentList: [{ titleId: 'tt0000405' }] }, owner.headers);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toContain('tt0000405');
  });

  it('makes a public list private, after which it is 404 to others', async () => {
    const id = await api.make(owner.headers, { name: 'Soon private' });
    expect((await api.get(id, other.headers)).statusCode).toBe(200);
    expect((await api.edit(id, { name: 'Soon private', visibility: 'private', contentList: [] }, owner.headers)).statusCode).toBe(200);
    expect((await api.get(id, other.headers)).statusCode).toBe(404);
    expect((await api.get(id)).statusCode).toBe(404);
  });
});

describe('GET /api/lists/', () => {
  it('answers 401 to an anonymous caller', async () => {
    expect((await api.mine()).statusCode).toBe(401);
  });

  it("gives the owner all their lists, last updated first, and another person only the owner's public ones", async () => {
    const mine = ListsPageSchema.parse((await api.mine('', owner.headers)).json().data);
    expect(mine.results.map((l) => l.listId)).toContain(privateId);
    expect(mine.results.map((l) => l.listId)).toContain(publicId);
    expect(mine.total).toBe(mine.results.length);
    const times = mine.results.map((l) => Date.parse(l.lastUpdated));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Cards carry at most five titles.
    expect(Math.max(...mine.results.map((l) => l.contentList.length))).toBe(5);
    expect(mine.results.find((l) => l.titleCount === 50)?.contentList).toHaveLength(5);

    const theirs = ListsPageSchema.parse((await api.mine(`?userId=${owner.user.id}`, other.headers)).json().data);
    expect(theirs.results.every((l) => l.visibility === 'public')).toBe(true);
    expect(theirs.results.map((l) => l.listId)).not.toContain(privateId);
    expect(theirs.total).toBe(mine.results.filter((l) => l.visibility === 'public').length);
    expect(ListsPageSchema.parse((await api.mine('', other.headers)).json().data).results).toEqual([]);
    // The same without the trailing slash.
    const bare = await ctx.app.inject({ method: 'GET', url: '/api/lists', headers: owner.headers });
    expect(bare.json().data).toEqual(mine);
  });

  it('answers 400 naming page for a page out of range', async () => {
    const res = await api.mine('?page=0', owner.headers);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toMatch(/^page: /);
  });
});

describe('POST and DELETE /api/lists/{listId}/likes', () => {
  it('lets another person like once and take it back; not the owner, not anonymously, not a private list', async () => {
    expect((await api.like(publicId)).statusCode).toBe(401);
    const own = await api.like(publicId, owner.headers);
    expect(own.statusCode).toBe(403);
    expect((await api.like(privateId, other.headers)).statusCode).toBe(404);

    const likedOf = async (headers?: Record<string, string>) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/lists/liked', headers, payload: { listIds: [publicId, privateId] } });
      return res.statusCode === 200 ? res.json().data.liked : res.statusCode;
    };
    expect(await likedOf(other.headers)).toEqual([]);
    expect(await likedOf()).toBe(401);
    const first = await api.like(publicId, other.headers);
    expect(first.statusCode).toBe(200);
    expect(await likedOf(other.headers)).toEqual([publicId]);
    expect(await likedOf(owner.headers)).toEqual([]);
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/lists/liked', headers: other.headers, payload: { listIds: ['nope'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^listIds/);
    expect(first.json().data).toEqual({ listId: publicId, likedByMe: true, likeCount: 1, changed: true });
    expect((await api.like(publicId, other.headers)).json().data).toMatchObject({ likeCount: 1, changed: false });
    const read = (await api.get(publicId, other.headers)).json().data;
    expect(read).toMatchObject({ likeCount: 1, likedByMe: true });

    expect((await api.unlike(publicId, other.headers)).json().data).toEqual({ listId: publicId, likedByMe: false, likeCount: 0, changed: true });
    expect((await api.unlike(publicId, other.headers)).json().data).toMatchObject({ likeCount: 0, changed: false });
    expect((await api.unlike(publicId)).statusCode).toBe(401);
  });
});

describe('list likes at once', () => {
  it('keep the like count equal to the likes when many people like at once and one person likes many times at once', async () => {
    const id = await api.make(owner.headers, { name: 'Crowded' });
    const fans = await insertFans(ctx, 60, 'Crowd');
    const many = await Promise.all(fans.map((f) => api.like(id, f.headers)));
    expect(many.map((r) => r.statusCode)).toEqual(fans.map(() => 200));
    const same = await Promise.all(Array.from({ length: 20 }, () => api.like(id, other.headers)));
    expect(same.filter((r) => r.json().data.changed)).toHaveLength(1);
    const rows = await ctx.database.db.selectFrom('listLikes').select('userId').where('listId', '=', id).execute();
    expect(rows).toHaveLength(61);
    expect((await api.get(id)).json().data.likeCount).toBe(61);
    const unliked = await Promise.all(fans.slice(0, 30).map((f) => api.unlike(id, f.headers)));
    expect(unliked.every((r) => r.json().data.changed)).toBe(true);
    expect((await api.get(id)).json().data.likeCount).toBe(31);
  });
});

describe('DELETE /api/lists/{listId}', () => {
  it('answers 401 anonymously, 403 to another person, 404 to them for a private list, and deletes for the owner', async () => {
    const id = await api.make(owner.headers, { name: 'Short-lived' });
    await api.view(id, other.headers);
    await api.like(id, other.headers);
    expect((await api.remove(id)).statusCode).toBe(401);
    expect((await api.remove(id, other.headers)).statusCode).toBe(403);
    expect((await api.remove(privateId, other.headers)).statusCode).toBe(404);
    const res = await api.remove(id, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ listId: id, deleted: true });
    expect((await api.get(id)).statusCode).toBe(404);
    expect((await api.remove(id, owner.headers)).statusCode).toBe(404);
    expect((await api.recent(other.headers)).json().data.map((l: { listId: string }) => l.listId)).not.toContain(id);
  });
});

describe('the OpenAPI reference', () => {
  it('documents every lists route with its decisions', async () => {
    const doc = (await ctx.app.inject('/api/docs/openapi.json')).json();
    expect(doc.paths['/api/lists'].post.description).toMatch(/falls back to `movie`/);
    expect(doc.paths['/api/lists/{listId}/edit'].post.description).toMatch(/403/);
    expect(doc.paths['/api/home/trending-lists'].get.description).toMatch(/half as much every 2 days/);
    expect(doc.paths['/api/lists/recommended'].get.description).toMatch(/never the reader's own/);
    for (const path of ['/api/lists/recently-viewed-lists', '/api/user/recently-viewed-lists/clear', '/api/lists/', '/api/lists/{listId}/get', '/api/lists/{listId}/view', '/api/lists/{listId}', '/api/lists/{listId}/likes']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/lists/{listId}/view']).toBeUndefined();
  });
});

describe('list.created', () => {
  it('is recorded in the transaction that creates the list: without it, there is no list', async () => {
    const id = await api.make(owner.headers, { name: 'Told to others', visibility: 'private' });
    const rows = await ctx.database.db.selectFrom('outboxEvents').select('payload').where('type', '=', 'list.created').execute();
    expect(rows.map((r) => JSON.parse(r.payload)).filter((p) => p.listId === id)).toEqual([{ listId: id, ownerId: owner.user.id, visibility: 'private' }]);

    const undo = await refuseEvents(ctx.database, 'list.created');
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/lists',
        headers: owner.headers,
        payload: { name: 'Never made', type: 'movie', genres: ['Drama'], contentList: [{ titleId: movieId(0) }] },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect(await ctx.database.db.selectFrom('lists').select('id').where('name', '=', 'Never made').execute()).toEqual([]);
  });
});
