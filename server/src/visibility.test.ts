import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../test/fans.ts';
import { createTestApp, type TestContext } from '../test/helpers.ts';
import { authorActive, notBlockedWith, notHidden } from './lib/visibility.ts';
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

/**
 * A moderator suspends (or restores) an account, as the suspension service does it: the account changes and
 * `person.suspended` / `person.restored` is recorded, which the modules' shared caches follow.
 */
async function suspend(who: Fan, on: boolean): Promise<void> {
  const res = await ctx.app.inject({ method: on ? 'POST' : 'DELETE', url: `/api/moderation/suspensions/${who.user.id}`, headers: mod.headers });
  expect(res.statusCode).toBe(200);
}

type Shown = { commentId: string; collapsed: string | null; text: string; author: unknown; replies: Shown[] };
const threadOf = async (community: string, d: string, headers?: Headers) =>
  (await api.call('GET', `/api/communities/${community}/discussions/${d}/comments`, headers)).json().data as { results: Shown[]; commentCount: number };
const shownCount = (results: Shown[]) => results.length + results.reduce((n, c) => n + c.replies.length, 0);

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
    expect(collapsed).toMatchObject({ collapsed: 'blocked', text: '', author: null });
    expect(collapsed.replies.map((r: { commentId: string }) => r.commentId)).toContain(reply);
    expect(collapsed.replies).toHaveLength(2);
    const shown = page.results.length + page.results.reduce((n: number, c: { replies: unknown[] }) => n + c.replies.length, 0);
    expect(shown).toBe(page.commentCount);
    // Others see it as it is.
    const plain = (await api.call('GET', `/api/communities/${community}/discussions/${d}/comments`, cal.headers)).json().data;
    expect(plain.results.find((c: { commentId: string }) => c.commentId === theirs)).toMatchObject({ collapsed: null, text: 'From the blocked one.' });
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

describe('comments the reader may not see', () => {
  it('stay in their thread collapsed with their replies, saying why only as far as the reader may know', async () => {
    const [author, reader, blockedByReader, blocksReader, hiddenOne] = await insertFans(ctx, 5, 'Reason');
    const community = await api.createOk({ name: 'Reason Talk', isPublic: true }, admin.headers);
    for (const p of [author, reader, blockedByReader, blocksReader, hiddenOne]) await api.join(community, p.user.id, p.headers);
    const d = await api.discussionOk(community, { title: 'Reasons', body: 'Text.' }, author.headers);
    const mine = await api.commentOk(community, d, { text: 'Blocked by the reader.' }, blockedByReader.headers);
    const theirs = await api.commentOk(community, d, { text: 'Blocks the reader.' }, blocksReader.headers);
    const removed = await api.commentOk(community, d, { text: 'Soon removed.' }, hiddenOne.headers);
    const removedLeaf = await api.commentOk(community, d, { text: 'Removed, no replies.' }, hiddenOne.headers);
    for (const parentId of [mine, theirs, removed]) await api.commentOk(community, d, { text: 'A reply.', parentId }, author.headers);
    expect((await block(reader, blockedByReader)).statusCode).toBe(200);
    expect((await block(blocksReader, reader)).statusCode).toBe(200);
    expect((await hide('comment', removed)).statusCode).toBe(200);
    expect((await hide('comment', removedLeaf)).statusCode).toBe(200);

    const page = await threadOf(community, d, reader.headers);
    const find = (id: string) => page.results.find((c) => c.commentId === id);
    expect(find(mine)).toMatchObject({ collapsed: 'blocked', text: '', author: null });
    // Being blocked is not revealed: the same as any comment that is not available.
    expect(find(theirs)).toMatchObject({ collapsed: 'unavailable', text: '', author: null });
    expect(find(removed)).toMatchObject({ collapsed: 'removed', text: '', author: null });
    expect(find(removedLeaf)).toMatchObject({ collapsed: 'removed', text: '', author: null });
    for (const id of [mine, theirs, removed]) expect(find(id)?.replies).toHaveLength(1);
    expect(page.commentCount).toBe(7);
    expect(shownCount(page.results)).toBe(page.commentCount);
    // Anonymous readers see the removed ones collapsed too; the author of a removed comment still reads their own.
    const anonymous = await threadOf(community, d);
    expect(anonymous.results.find((c) => c.commentId === removed)).toMatchObject({ collapsed: 'removed', text: '' });
    expect(anonymous.results.find((c) => c.commentId === mine)).toMatchObject({ collapsed: null, text: 'Blocked by the reader.' });
    expect((await threadOf(community, d, hiddenOne.headers)).results.find((c) => c.commentId === removed)).toMatchObject({ collapsed: null, text: 'Soon removed.' });
  });
});

describe('the total of a title’s reviews', () => {
  it('equals a count of the reviews each reader sees, through writes, hides, blocks both ways, suspensions and deletions', async () => {
    await upsertTitles(
      ctx.database.db,
      [{ id: 'tt9300004', titleType: 'movie', primaryTitle: 'Tallied Film', startYear: 1999, releaseDate: '1999-03-31', genres: ['Drama'], popularity: 1 }],
      (p, o) => normalizeText(`${p} ${o ?? ''}`),
    );
    const [a, b, c, d, e, reader, other] = await insertFans(ctx, 7, 'Tally');
    const title = 'tt9300004';
    const page = async (headers?: Headers) => (await api.call('POST', `/api/ratings-and-reviews/${title}/all`, headers, {})).json().data as { total: number };
    // What the reader sees, counted row by row with the visibility rule itself (lib/visibility.ts).
    const counted = async (readerId: string | null) => {
      const row = await ctx.database.db
        .selectFrom('ratings as r')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('r.titleId', '=', title)
        .where('r.review', 'is not', null)
        .where(notHidden('review', 'r.id'))
        .where(authorActive('r.userId'))
        .where(notBlockedWith(readerId, 'r.userId'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const check = async () => {
      for (const who of [null, reader, other, a]) expect([who?.user.id ?? null, (await page(who?.headers)).total]).toEqual([who?.user.id ?? null, await counted(who?.user.id ?? null)]);
    };
    const ra = await rate(a.headers, title, 'A.');
    const rb = await rate(b.headers, title, 'B.');
    await rate(c.headers, title, 'C.');
    const rd = await rate(d.headers, title, 'D.');
    expect((await api.call('POST', '/api/ratings-and-reviews/create', e.headers, { titleId: title, rating: 5 })).statusCode).toBe(201);
    await check();
    expect((await page()).total).toBe(4);

    expect((await hide('review', rb)).statusCode).toBe(200);
    await check();
    // Hidden and suspended at once is counted once.
    await suspend(b, true);
    await suspend(c, true);
    await check();
    expect((await page()).total).toBe(2);
    // Blocks either way, one of them on a hidden review, and both ways at once.
    expect((await block(reader, d)).statusCode).toBe(200);
    expect((await block(a, reader)).statusCode).toBe(200);
    expect((await block(reader, a)).statusCode).toBe(200);
    expect((await block(reader, b)).statusCode).toBe(200);
    expect((await block(other, c)).statusCode).toBe(200);
    await check();
    expect((await page(reader.headers)).total).toBe(0);
    // A review taken away, one written, one deleted, a restore and an unhide.
    expect((await api.call('PUT', `/api/ratings-and-reviews/${rd}`, d.headers, { review: null })).statusCode).toBe(200);
    await check();
    expect((await api.call('DELETE', `/api/ratings-and-reviews/${ra}`, a.headers)).statusCode).toBe(200);
    await check();
    await suspend(c, false);
    await check();
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/moderation/hidden/review/${rb}`, headers: mod.headers })).statusCode).toBe(200);
    await check();
    await suspend(b, false);
    await check();
    expect((await page()).total).toBe(2);
    expect((await page(other.headers)).total).toBe(1);
  });
});

describe('a suspended person’s content', () => {
  it('leaves comment threads (collapsed, replies kept), listings and the home section, and comes back when restored', async () => {
    const [author, gone, reader] = await insertFans(ctx, 3, 'Suspended Talk');
    const community = await api.createOk({ name: 'Suspension Talk', isPublic: true }, admin.headers);
    for (const p of [author, gone, reader]) await api.join(community, p.user.id, p.headers);
    const theirs = await api.discussionOk(community, { title: 'By the suspended one', body: 'Text.' }, gone.headers);
    const d = await api.discussionOk(community, { title: 'A thread with them', body: 'Text.' }, author.headers);
    const comment = await api.commentOk(community, d, { text: 'From the suspended one.' }, gone.headers);
    await api.commentOk(community, d, { text: 'A reply to them.', parentId: comment }, author.headers);
    await api.commentOk(community, d, { text: 'Plain comment.' }, author.headers);
    const top = async () => ((await api.call('GET', '/api/home/top-discussions')).json().data as { discussionId: string }[]).map((x) => x.discussionId);
    const listed = async (headers?: Headers) =>
      ((await api.call('GET', `/api/communities/${community}/discussions`, headers)).json().data.results as { discussionId: string }[]).map((x) => x.discussionId);
    expect(await top()).toContain(theirs);

    await suspend(gone, true);
    for (const headers of [reader.headers, undefined]) {
      const page = await threadOf(community, d, headers);
      const collapsed = page.results.find((c) => c.commentId === comment);
      expect(collapsed).toMatchObject({ collapsed: 'unavailable', text: '', author: null });
      expect(collapsed?.replies).toHaveLength(1);
      expect(shownCount(page.results)).toBe(page.commentCount);
      expect(await listed(headers)).not.toContain(theirs);
      expect((await api.call('GET', `/api/discussions/${theirs}`, headers)).statusCode).toBe(404);
    }
    expect(await top()).not.toContain(theirs);

    await suspend(gone, false);
    expect((await threadOf(community, d, reader.headers)).results.find((c) => c.commentId === comment)).toMatchObject({ collapsed: null, text: 'From the suspended one.' });
    expect(await listed(reader.headers)).toContain(theirs);
    expect(await top()).toContain(theirs);
  });

  it('leaves a title’s reviews, their total and the review by id, and comes back when restored', async () => {
    await upsertTitles(
      ctx.database.db,
      [{ id: 'tt9300003', titleType: 'movie', primaryTitle: 'Suspense Film', startYear: 1999, releaseDate: '1999-03-31', genres: ['Drama'], popularity: 1 }],
      (p, o) => normalizeText(`${p} ${o ?? ''}`),
    );
    const [one, gone, reader] = await insertFans(ctx, 3, 'Suspended Critic');
    await rate(one.headers, 'tt9300003', 'Stays.');
    const theirs = await rate(gone.headers, 'tt9300003', 'Leaves.');
    const page = async (headers?: Headers) => (await api.call('POST', '/api/ratings-and-reviews/tt9300003/all', headers, {})).json().data;
    const ids = (p: { results: { id: string }[] }) => p.results.map((r) => r.id);
    expect((await page()).total).toBe(2);

    await suspend(gone, true);
    for (const headers of [reader.headers, undefined]) {
      const p = await page(headers);
      expect(ids(p)).not.toContain(theirs);
      expect(p.results).toHaveLength(1);
      expect(p.total).toBe(1);
      expect((await api.call('GET', `/api/ratings-and-reviews/${theirs}`, headers)).statusCode).toBe(404);
    }

    await suspend(gone, false);
    const back = await page(reader.headers);
    expect(ids(back)).toContain(theirs);
    expect(back.total).toBe(2);
    expect((await api.call('GET', `/api/ratings-and-reviews/${theirs}`, reader.headers)).statusCode).toBe(200);
  });

  it('leaves trending lists, list listings and the list page, and comes back when restored', async () => {
    const [gone, reader] = await insertFans(ctx, 2, 'Suspended Lister');
    const lists = listsApi(ctx);
    const theirs = await lists.make(gone.headers, { name: 'Soon suspended' });
    const trending = async () => ((await api.call('GET', '/api/home/trending-lists')).json().data as { listId: string }[]).map((l) => l.listId);
    const owned = async (headers?: Headers) => (await lists.mine(`?userId=${gone.user.id}`, headers)).json().data;
    expect(await trending()).toContain(theirs);
    expect((await owned(reader.headers)).total).toBe(1);

    await suspend(gone, true);
    expect(await trending()).not.toContain(theirs);
    const page = await owned(reader.headers);
    expect(page.results).toEqual([]);
    expect(page.total).toBe(0);
    for (const headers of [reader.headers, undefined]) expect((await api.call('GET', `/api/lists/${theirs}/get`, headers)).statusCode).toBe(404);

    await suspend(gone, false);
    expect(await trending()).toContain(theirs);
    expect((await owned(reader.headers)).total).toBe(1);
    expect((await api.call('GET', `/api/lists/${theirs}/get`, reader.headers)).statusCode).toBe(200);
  });
});
