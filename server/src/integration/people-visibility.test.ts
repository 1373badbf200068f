import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../../test/fans.ts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { type NewTitle, upsertTitles } from '../modules/titles/titles.repository.ts';
import { normalizeText } from '../search/normalize.ts';

// The people modules read through the kernel's visibility rule (lib/visibility.ts): suspended people, people on either
// side of a block and what a moderator hid stay out of the feed, activity, notifications, messages, search and lists.
let ctx: TestContext;
type Headers = Record<string, string>;
type Fan = Awaited<ReturnType<typeof insertFans>>[number];
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers?: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const tick = () => new Promise((r) => setTimeout(r, 3));
const ids = (items: { id: string }[]) => items.map((i) => i.id);

const titles = Array.from({ length: 8 }, (_, i) => `tt95000${String(i + 10)}`);
const title = (id: string, i: number): NewTitle => ({ id, titleType: 'movie', primaryTitle: `Seen ${i}`, startYear: 2001, releaseDate: '2001-01-01', genres: ['Drama'], popularity: 1 });

beforeAll(async () => {
  ctx = await createTestApp();
  await upsertTitles(ctx.database.db, titles.map(title), (p, o) => normalizeText(`${p} ${o ?? ''}`));
});
afterAll(async () => {
  await ctx?.close();
});

async function rate(fan: Fan, i: number, review?: string): Promise<string> {
  const res = await call('POST', '/api/ratings-and-reviews/create', fan.headers, { titleId: titles[i], rating: 7, ...(review ? { review } : {}) });
  expect(res.statusCode).toBe(201);
  await tick();
  return res.json().data.id;
}
const follow = async (from: Fan, to: Fan) => expect((await call('POST', '/api/user/follow', from.headers, { fromId: from.user.id, toId: to.user.id })).statusCode).toBe(200);
const suspended = (fan: Fan, yes: boolean) =>
  ctx.database.db.updateTable('users').set({ suspendedAt: yes ? new Date().toISOString() : null }).where('id', '=', fan.user.id).execute();
const hide = (targetType: string, targetId: string) =>
  ctx.database.db.insertInto('hiddenContent').values({ targetType, targetId, hiddenBy: null, createdAt: new Date().toISOString() }).execute();
/** A block row alone, as if written between two reads (a block through the route also ends the follows). */
const blockRow = (blocker: Fan, blocked: Fan) =>
  ctx.database.db.insertInto('blocks').values({ blockerId: blocker.user.id, blockedId: blocked.user.id, createdAt: new Date().toISOString() }).execute();
const feedPage = async (fan: Fan, query = '') => {
  const res = await call('GET', `/api/feed${query}`, fan.headers);
  expect(res.statusCode).toBe(200);
  return res.json().data as { results: { id: string }[]; nextCursor: string | null };
};

describe('the feed', () => {
  it('leaves out suspended people and people on either side of a block, in full pages, both ways of reading it', async () => {
    const [reader, ada, sus, blocker, blockee] = await insertFans(ctx, 5, 'Feed');
    for (const f of [ada, sus, blocker, blockee]) await follow(reader, f);
    const adaOld = await rate(ada, 0);
    const adaNew = await rate(ada, 1);
    await rate(sus, 2);
    await rate(blocker, 3);
    await rate(blockee, 4);
    await suspended(sus, true);
    await blockRow(blocker, reader);
    await blockRow(reader, blockee);
    // The block rows alone, written without the route (which also ends the follows and empties the inboxes): the feed
    // still leaves them out, as it checks every item's author at read.
    const first = await feedPage(reader, '?limit=1');
    expect(ids(first.results)).toEqual([adaNew]);
    const second = await feedPage(reader, `?limit=1&cursor=${first.nextCursor}`);
    expect(ids(second.results)).toEqual([adaOld]);
    expect(second.nextCursor).toBeNull();
    expect(ids((await feedPage(reader, '?limit=2')).results)).toEqual([adaNew, adaOld]);
    await suspended(sus, false);
    expect((await feedPage(reader)).results).toHaveLength(3);
  });
});

describe('another person’s activity', () => {
  it('shows nothing of someone the reader blocked, and what a moderator hid only to its author', async () => {
    const [reader, subject] = await insertFans(ctx, 2, 'Tab');
    const reviewId = await rate(subject, 5, 'Hidden soon.');
    const tab = async (path: string, who: Fan) => {
      const res = await call('GET', `/api/filter/${path}?userId=${subject.user.id}`, who.headers);
      expect(res.statusCode).toBe(200);
      return ids(res.json().data);
    };
    expect(await tab('my-activity', reader)).toEqual([reviewId]);
    await hide('review', reviewId);
    expect(await tab('my-activity', reader)).toEqual([]);
    expect(await tab('userComments', reader)).toEqual([]);
    // Its author still sees it (lib/visibility.ts: the author always sees their own item).
    expect(await tab('my-activity', subject)).toEqual([reviewId]);
    await ctx.database.db.deleteFrom('hiddenContent').where('targetId', '=', reviewId).execute();
    expect(await tab('userComments', reader)).toEqual([reviewId]);
    expect((await call('POST', `/api/user/blocks/${subject.user.id}`, reader.headers)).statusCode).toBe(200);
    expect(await tab('my-activity', reader)).toEqual([]);
    expect(await tab('userComments', reader)).toEqual([]);
    // The other way round it is 404, as the profile is.
    expect((await call('GET', `/api/filter/my-activity?userId=${reader.user.id}`, subject.headers)).statusCode).toBe(404);
  });
});

describe('notifications', () => {
  it('leaves out those of blocked or suspended actors and of hidden or deleted subjects, from the list and the count alike', async () => {
    const [me, liker, follower, later] = await insertFans(ctx, 4, 'Bell');
    const reviewId = await rate(me, 6, 'Liked by many.');
    const other = await rate(me, 7, 'Deleted later.');
    expect((await call('POST', `/api/ratings-and-reviews/${reviewId}/likes`, liker.headers)).statusCode).toBe(200);
    expect((await call('POST', `/api/ratings-and-reviews/${other}/likes`, later.headers)).statusCode).toBe(200);
    await follow(follower, me);
    const bell = async () => {
      const list = (await call('GET', '/api/notifications', me.headers)).json().data;
      const count = (await call('GET', '/api/notifications/unread-count', me.headers)).json().data.unreadCount;
      expect(list.unreadCount).toBe(count);
      expect(list.results.length).toBe(count);
      return (list.results as { kind: string; targetId: string }[]).map((n) => `${n.kind}:${n.targetId}`).sort();
    };
    expect(await bell()).toEqual([`follow:${me.user.id}`, `review_like:${other}`, `review_like:${reviewId}`].sort());
    await blockRow(me, follower);
    expect(await bell()).toEqual([`review_like:${other}`, `review_like:${reviewId}`].sort());
    await ctx.database.db.deleteFrom('blocks').where('blockerId', '=', me.user.id).execute();
    await blockRow(follower, me);
    expect(await bell()).toEqual([`review_like:${other}`, `review_like:${reviewId}`].sort());
    await suspended(liker, true);
    expect(await bell()).toEqual([`review_like:${other}`]);
    await suspended(liker, false);
    await hide('review', reviewId);
    expect(await bell()).toEqual([`review_like:${other}`]);
    expect((await call('DELETE', `/api/ratings-and-reviews/${other}`, me.headers)).statusCode).toBe(200);
    expect(await bell()).toEqual([]);
  });
});

describe('messages', () => {
  it('leaves hidden messages out of the conversation list, and conversations with a suspended person out until restored', async () => {
    const [me, pal, gone] = await insertFans(ctx, 3, 'Chat');
    await follow(me, pal);
    await follow(me, gone);
    const send = async (from: Fan, to: Fan, text: string) => {
      const res = await call('POST', '/api/messages', from.headers, { toId: to.user.id, text });
      expect(res.statusCode).toBe(201);
      return res.json().data as { id: string; conversationId: string };
    };
    const first = await send(pal, me, 'First.');
    const hidden = await send(pal, me, 'Rude.');
    const withGone = await send(gone, me, 'Hello from soon suspended.');
    await hide('message', hidden.id);
    const list = async () => (await call('GET', '/api/messages/conversations', me.headers)).json().data;
    let conversations = await list();
    const palConversation = conversations.results.find((c: { id: string }) => c.id === first.conversationId);
    expect(palConversation).toMatchObject({ lastMessage: { id: first.id }, unreadCount: 1 });
    expect(conversations.unreadCount).toBe(2);
    await suspended(gone, true);
    conversations = await list();
    expect(ids(conversations.results)).toEqual([first.conversationId]);
    expect(conversations.unreadCount).toBe(1);
    expect((await call('GET', `/api/messages/${withGone.conversationId}`, me.headers)).json().error.code).toBe('conversation_not_found');
    await suspended(gone, false);
    expect(ids((await list()).results)).toEqual([withGone.conversationId, first.conversationId]);
    const page = (await call('GET', `/api/messages/${first.conversationId}`, me.headers)).json().data;
    expect(ids(page.results)).toEqual([first.id]);
  });
});

describe('people search, followers and profiles', () => {
  it('finds a person even when more people the reader blocked match first (the limit counts only people shown)', async () => {
    const [reader, visible] = await insertFans(ctx, 2, 'Zanzibar');
    const crowd = await insertFans(ctx, 320, 'Zanzibar Crowd');
    const now = new Date().toISOString();
    await ctx.database.db
      .updateTable('users')
      .set({ searchText: 'zanzibar crowd', followerCount: 1000 })
      .where(
        'id',
        'in',
        crowd.map((c) => c.user.id),
      )
      .execute();
    await ctx.database.db.updateTable('users').set({ searchText: 'zanzibar solo', followerCount: 0 }).where('id', '=', visible.user.id).execute();
    await ctx.database.db
      .insertInto('blocks')
      .values(crowd.map((c, i) => (i % 2 === 0 ? { blockerId: reader.user.id, blockedId: c.user.id, createdAt: now } : { blockerId: c.user.id, blockedId: reader.user.id, createdAt: now })))
      .execute();
    const res = await call('POST', '/api/user/search', reader.headers, { keyword: 'zanzibar' });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().data)).toEqual([visible.user.id]);
  });

  it('leaves people on either side of a block with the reader out of followers and following, and 404s a blocker’s profile', async () => {
    const [reader, star, friend, blocked, blocker] = await insertFans(ctx, 5, 'Lists');
    for (const f of [friend, blocked, blocker]) await follow(f, star);
    await follow(star, blocked);
    await follow(star, friend);
    expect((await call('POST', `/api/user/blocks/${blocked.user.id}`, reader.headers)).statusCode).toBe(200);
    expect((await call('POST', `/api/user/blocks/${reader.user.id}`, blocker.headers)).statusCode).toBe(200);
    const list = async (which: string) => ids((await call('GET', `/api/user/${star.user.id}/${which}`, reader.headers)).json().data.results);
    expect(await list('followers')).toEqual([friend.user.id]);
    expect(await list('following')).toEqual([friend.user.id]);
    // Someone else still sees them all.
    expect((await call('GET', `/api/user/${star.user.id}/followers`, friend.headers)).json().data.results).toHaveLength(3);
    const profile = await call('GET', `/api/user/profile/${reader.user.id}`, blocked.headers);
    expect(profile.statusCode).toBe(404);
    expect(profile.json().error.code).toBe('user_not_found');
    expect((await call('GET', `/api/user/profile/${blocker.user.id}`, reader.headers)).statusCode).toBe(404);
    // The one who blocked still sees the profile, to lift the block from it.
    expect((await call('GET', `/api/user/profile/${reader.user.id}`, blocker.headers)).json().data.blockedByMe).toBe(true);
  });
});
