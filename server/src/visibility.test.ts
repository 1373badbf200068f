import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../test/fans.ts';
import { createTestApp, type TestContext } from '../test/helpers.ts';
import { communitiesApi, type Headers } from './modules/communities/communities.test-fixtures.ts';
import { listsApi, seedListTitles } from './modules/lists/lists.test-fixtures.ts';
import { setRole } from './modules/moderation/index.ts';
import { upsertTitles } from './modules/titles/titles.repository.ts';
import { normalizeText } from './search/normalize.ts';

/**
 * One visibility rule (lib/visibility.ts): what the reader may not see is neither read, listed, counted, liked,
 * commented on nor reported by them. Each case is a defect found at a seam between modules.
 */
let ctx: TestContext;
let api: ReturnType<typeof communitiesApi>;
type Fan = Awaited<ReturnType<typeof insertFans>>[number];
let admin: Fan;
let ana: Fan;
let ben: Fan;
let cal: Fan;
let mod: Fan;

beforeAll(async () => {
  ctx = await createTestApp();
  api = communitiesApi(ctx);
  await seedListTitles(ctx);
  await upsertTitles(
    ctx.database.db,
    [{ id: 'tt9300001', titleType: 'movie', primaryTitle: 'Seen Film', startYear: 1999, releaseDate: '1999-03-31', genres: ['Drama'], popularity: 1 }],
    (p, o) => normalizeText(`${p} ${o ?? ''}`),
  );
  [admin, ana, ben, cal, mod] = await insertFans(ctx, 5, 'Viewer');
  await setRole(ctx.database.db, `${mod.user.id}@example.com`, 'moderator');
});
afterAll(async () => {
  await ctx?.close();
});

const hide = (targetType: string, targetId: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/moderation/hidden', headers: mod.headers, payload: { targetType, targetId } });
const block = (who: Fan, whom: Fan) => ctx.app.inject({ method: 'POST', url: `/api/user/blocks/${whom.user.id}`, headers: who.headers });

async function rate(headers: Headers, titleId: string, review: string): Promise<string> {
  const res = await api.call('POST', '/api/ratings-and-reviews/create', headers, { titleId, rating: 8, review });
  if (res.statusCode !== 201) throw new Error(`rate failed: ${res.body}`);
  return res.json().data.id;
}

describe('a discussion a moderator hid', () => {
  it('leaves the home section at once, and its comments are neither read nor written', async () => {
    const community = await api.createOk({ name: 'Hidden Talk', isPublic: true }, admin.headers);
    await api.join(community, ana.user.id, ana.headers);
    await api.join(community, ben.user.id, ben.headers);
    const d = await api.discussionOk(community, { title: 'Soon hidden', body: 'Text.' }, ana.headers);
    const c = await api.commentOk(community, d, { text: 'First.' }, ben.headers);
    const top = async () => ((await api.call('GET', '/api/home/top-discussions')).json().data as { discussionId: string }[]).map((x) => x.discussionId);
    expect(await top()).toContain(d);

    expect((await hide('discussion', d)).statusCode).toBe(200);
    expect(await top()).not.toContain(d);
    const base = `/api/communities/${community}/discussions/${d}`;
    for (const headers of [ben.headers, undefined]) {
      expect((await api.call('GET', `${base}/comments`, headers)).statusCode).toBe(404);
      expect((await api.call('GET', `${base}/comments/${c}/replies`, headers)).statusCode).toBe(404);
    }
    const before = await ctx.database.db.selectFrom('comments').select('id').where('discussionId', '=', d).execute();
    const write = await api.call('POST', `${base}/comments`, ben.headers, { text: 'Still here?' });
    expect(write.statusCode).toBe(404);
    const like = await api.call('POST', `/api/discussions/${d}/likes`, ben.headers);
    expect(like.statusCode).toBe(404);
    expect(await ctx.database.db.selectFrom('comments').select('id').where('discussionId', '=', d).execute()).toEqual(before);
    expect((await api.call('GET', `/api/discussions/${d}`, ben.headers)).statusCode).toBe(404);
  });
});

describe('a review a moderator hid', () => {
  it('is 404 by id and takes no like', async () => {
    const id = await rate(ana.headers, 'tt9300001', 'Hidden soon.');
    expect((await api.call('GET', `/api/ratings-and-reviews/${id}`, ben.headers)).statusCode).toBe(200);
    expect((await hide('review', id)).statusCode).toBe(200);
    for (const headers of [ben.headers, undefined]) expect((await api.call('GET', `/api/ratings-and-reviews/${id}`, headers)).statusCode).toBe(404);
    expect((await api.call('POST', `/api/ratings-and-reviews/${id}/likes`, ben.headers)).statusCode).toBe(404);
    const row = await ctx.database.db.selectFrom('ratings').select('likeCount').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.likeCount)).toBe(0);
    // Its author still reads it.
    expect((await api.call('GET', `/api/ratings-and-reviews/${id}`, ana.headers)).statusCode).toBe(200);
  });
});

describe('blocks, either way', () => {
  it('keep the blocked person from liking the blocker’s reviews and discussions', async () => {
    const [blocker, blocked] = await insertFans(ctx, 2, 'Blocking');
    const review = await rate(blocker.headers, 'tt9300001', 'Mine alone.');
    const community = await api.createOk({ name: 'Block Talk', isPublic: true }, admin.headers);
    await api.join(community, blocker.user.id, blocker.headers);
    const d = await api.discussionOk(community, { title: 'By the blocker', body: 'Text.' }, blocker.headers);
    expect((await block(blocker, blocked)).statusCode).toBe(200);

    expect((await api.call('POST', `/api/ratings-and-reviews/${review}/likes`, blocked.headers)).statusCode).toBe(404);
    expect((await api.call('POST', `/api/discussions/${d}/likes`, blocked.headers)).statusCode).toBe(404);
    expect(await ctx.database.db.selectFrom('reviewLikes').select('userId').where('ratingId', '=', review).execute()).toEqual([]);
    expect(await ctx.database.db.selectFrom('discussionLikes').select('userId').where('discussionId', '=', d).execute()).toEqual([]);
  });

  it('count only the lists the reader sees in `total`', async () => {
    const [owner, reader] = await insertFans(ctx, 2, 'Lister');
    const lists = listsApi(ctx);
    await lists.make(owner.headers, { name: 'Owner one' });
    expect((await block(owner, reader)).statusCode).toBe(200);
    const page = (await lists.mine(`?userId=${owner.user.id}`, reader.headers)).json().data;
    expect(page.results).toEqual([]);
    expect(page.total).toBe(0);
    expect((await lists.mine(`?userId=${owner.user.id}`, owner.headers)).json().data.total).toBe(1);
  });

  it('count only the reviews of a title the reader sees in `total`', async () => {
    await upsertTitles(
      ctx.database.db,
      [{ id: 'tt9300002', titleType: 'movie', primaryTitle: 'Counted Film', startYear: 1999, releaseDate: '1999-03-31', genres: ['Drama'], popularity: 1 }],
      (p, o) => normalizeText(`${p} ${o ?? ''}`),
    );
    const [one, two, three, reader] = await insertFans(ctx, 4, 'Counted');
    await rate(one.headers, 'tt9300002', 'One.');
    const hidden = await rate(two.headers, 'tt9300002', 'Two.');
    await rate(three.headers, 'tt9300002', 'Three.');
    const page = async (headers?: Headers) => (await api.call('POST', '/api/ratings-and-reviews/tt9300002/all', headers, {})).json().data;
    expect((await page()).total).toBe(3);
    expect((await hide('review', hidden)).statusCode).toBe(200);
    expect((await page()).total).toBe(2);
    expect((await block(three, reader)).statusCode).toBe(200);
    const forReader = await page(reader.headers);
    expect(forReader.results).toHaveLength(1);
    expect(forReader.total).toBe(1);
    expect((await page(one.headers)).total).toBe(2);
  });

  it('show the blocker a blocked person’s comment collapsed, with the replies under it kept', async () => {
    const [author, blocker, blocked] = await insertFans(ctx, 3, 'Thread');
    const community = await api.createOk({ name: 'Thread Talk', isPublic: true }, admin.headers);
    for (const p of [author, blocker, blocked]) await api.join(community, p.user.id, p.headers);
    const d = await api.discussionOk(community, { title: 'A thread', body: 'Text.' }, author.headers);
    const theirs = await api.commentOk(community, d, { text: 'From the blocked one.' }, blocked.headers);
    const reply = await api.commentOk(community, d, { text: 'My own reply.', parentId: theirs }, blocker.headers);
    await api.commentOk(community, d, { text: 'Another reply.', parentId: theirs }, author.headers);
    await api.commentOk(community, d, { text: 'Plain comment.' }, author.headers);
    expect((await block(blocker, blocked)).statusCode).toBe(200);

    const page = (await api.call('GET', `/api/communities/${community}/discussions/${d}/comments`, blocker.headers)).json().data;
    expect(page.commentCount).toBe(4);
    const collapsed = page.results.find((c: { commentId: string }) => c.commentId === theirs);
    expect(collapsed).toMatchObject({ blocked: true, text: '', author: null });
    expect(collapsed.replies.map((r: { commentId: string }) => r.commentId)).toContain(reply);
    expect(collapsed.replies).toHaveLength(2);
    const shown = page.results.length + page.results.reduce((n: number, c: { replies: unknown[] }) => n + c.replies.length, 0);
    expect(shown).toBe(page.commentCount);
    // Others see it as it is.
    const plain = (await api.call('GET', `/api/communities/${community}/discussions/${d}/comments`, cal.headers)).json().data;
    expect(plain.results.find((c: { commentId: string }) => c.commentId === theirs)).toMatchObject({ blocked: false, text: 'From the blocked one.' });
  });
});

describe('reports', () => {
  it('of a discussion or comment in a private community the reporter cannot see are 404 and change nothing', async () => {
    const { privateId } = await api.publicAndPrivate({ public: 'Open Reports', private: 'Closed Reports' }, admin, [ana]);
    const d = await api.discussionOk(privateId, { title: 'Members only', body: 'Text.' }, ana.headers);
    const c = await api.commentOk(privateId, d, { text: 'Inside.' }, ana.headers);
    for (const [targetType, targetId] of [
      ['discussion', d],
      ['comment', c],
      ['discussion', '00000000-0000-4000-8000-00000000dead'],
    ]) {
      const res = await api.call('POST', '/api/reports', cal.headers, { targetType, targetId, reason: 'Spam.' });
      expect(res.statusCode, targetType).toBe(404);
    }
    expect(await ctx.database.db.selectFrom('reports').select('id').where('reporterId', '=', cal.user.id).execute()).toEqual([]);
    // Someone inside may (the community's admin here); its author may not report their own discussion.
    expect((await api.call('POST', '/api/reports', admin.headers, { targetType: 'discussion', targetId: d, reason: 'Spam.' })).statusCode).toBe(201);
    expect((await api.call('POST', '/api/reports', ana.headers, { targetType: 'discussion', targetId: d, reason: 'Spam.' })).statusCode).toBe(403);
  });
});
