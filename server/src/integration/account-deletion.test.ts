import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, type TestContext } from '../../test/helpers.ts';
import { writeWithEvents } from '../events/index.ts';
import { communitiesApi } from '../modules/communities/communities.test-fixtures.ts';
import { bookGems } from '../modules/gems/index.ts';
import { type NewTitle, upsertTitles } from '../modules/titles/titles.repository.ts';
import { normalizeText } from '../search/normalize.ts';

/**
 * Closing an account: a person with a profile, ratings, reviews, a list, a watchlist, follows, a discussion, comments,
 * messages and gems closes it; then every GET route of the OpenAPI document, with its path parameters filled from the
 * fixture's ids, is read by another signed-in person and by nobody, and no answer holds the name, the username or the
 * e-mail. The discussion and comments stay, by Anonymous; the old session is refused; the ledger keeps its row.
 */
let ctx: TestContext;
type Person = Awaited<ReturnType<typeof buildUser>>;
let zed: Person;
let amy: Person;
let bo: Person;
type Headers = Record<string, string>;
const NAME = 'Zedekiah Quillfeather';
const USERNAME = 'zedquill_gone';
let email: string;
const ids: Record<string, string> = {};
const api = () => communitiesApi(ctx);
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers?: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const ok = async (p: ReturnType<typeof call>) => {
  const res = await p;
  if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data;
};

const title = (id: string, primaryTitle: string, titleType: 'movie' | 'tvSeries'): NewTitle => ({ id, titleType, primaryTitle, startYear: 2001, releaseDate: '2001-01-01', genres: ['Drama'], popularity: 1 });

beforeAll(async () => {
  ctx = await createTestApp();
  await upsertTitles(ctx.database.db, [title('tt9700001', 'Gone Film', 'movie'), title('tt9700002', 'Other Film', 'movie'), title('tt9710001', 'Gone Show', 'tvSeries')], (p, o) =>
    normalizeText(`${p} ${o ?? ''}`),
  );
  zed = await buildUser(ctx, { displayName: NAME });
  email = zed.user.email;
  amy = await buildUser(ctx, { displayName: 'Amy Stays' });
  bo = await buildUser(ctx, { displayName: 'Bo Stays' });
  await ok(call('POST', '/api/user/setProfile', zed.headers, { displayName: NAME, username: USERNAME, bio: `I am ${NAME}` }));
  await ok(call('POST', '/api/user/setProfile', amy.headers, { displayName: 'Amy Stays', username: 'amy_stays' }));
  const rating = await ok(call('POST', '/api/ratings-and-reviews/create', zed.headers, { titleId: 'tt9700001', rating: 8, review: 'A review by the one who leaves.' }));
  ids.ratingId = rating.id ?? rating.ratingId ?? '';
  const amyRating = await ok(call('POST', '/api/ratings-and-reviews/create', amy.headers, { titleId: 'tt9700001', rating: 6, review: 'Amy stays and reviews.' }));
  ids.amyRatingId = amyRating.id ?? amyRating.ratingId ?? '';
  await ok(call('POST', '/api/ratings-and-reviews/create', zed.headers, { titleId: 'tt9710001', rating: 5 }));
  await ok(call('POST', '/api/watchlist', zed.headers, { titleId: 'tt9700002' }));
  await ok(call('POST', '/api/diary', zed.headers, { titleId: 'tt9700002', watchedOn: '2026-11-01' }));
  ids.zedList = (await ok(call('POST', '/api/lists', zed.headers, { name: `${NAME}'s picks`, contentList: [{ titleId: 'tt9700001' }] }))).listId;
  ids.amyList = (await ok(call('POST', '/api/lists', amy.headers, { name: 'Amy list', contentList: [{ titleId: 'tt9700002' }] }))).listId;
  // What Zed gives to what stays: a like of Amy's review and of Amy's list.
  await ok(call('POST', `/api/ratings-and-reviews/${ids.amyRatingId}/likes`, zed.headers));
  await ok(call('POST', `/api/lists/${ids.amyList}/likes`, zed.headers));
  await ok(call('POST', '/api/user/follow', zed.headers, { fromId: zed.user.id, toId: amy.user.id }));
  await ok(call('POST', '/api/user/follow', amy.headers, { fromId: amy.user.id, toId: zed.user.id }));
  await ok(call('POST', '/api/user/follow', bo.headers, { fromId: bo.user.id, toId: zed.user.id }));
  ids.communityId = await api().createOk({ name: 'Leavers Club', description: 'Open.', isPublic: true }, amy.headers);
  await api().join(ids.communityId, zed.user.id, zed.headers);
  await api().join(ids.communityId, bo.user.id, bo.headers);
  ids.discussionId = await api().discussionOk(ids.communityId, { title: 'Started by the one who leaves', body: 'Body.' }, zed.headers);
  ids.commentId = await api().commentOk(ids.communityId, ids.discussionId, { text: 'A comment by the one who leaves.' }, zed.headers);
  ids.amyCommentId = await api().commentOk(ids.communityId, ids.discussionId, { text: 'Amy answers.', parentId: ids.commentId }, amy.headers);
  await call('POST', `/api/discussions/${ids.discussionId}/like`, amy.headers);
  const sent = await ok(call('POST', '/api/messages', zed.headers, { toId: amy.user.id, text: `Hello from ${NAME}` }));
  ids.conversationId = sent.conversationId ?? sent.conversation?.id ?? '';
  await ctx.database.db.transaction().execute((trx) =>
    bookGems(trx, { userId: zed.user.id, reason: 'level_reward', key: 'test:zed', description: 'A reward', amount: 25 }),
  );
});
afterAll(async () => {
  await ctx?.close();
});

interface Operation {
  parameters?: { in: string; name: string; required?: boolean }[];
}

/** Values for a path or query parameter of that name, from the fixture. */
function valuesFor(name: string): string[] {
  const t = ['tt9700001', 'tt9710001'];
  const byName: Record<string, string[]> = {
    suffix: [zed.user.id, USERNAME, 'me'],
    userId: [zed.user.id],
    username: [USERNAME],
    listId: [ids.zedList, ids.amyList],
    communityId: [ids.communityId],
    discussionId: [ids.discussionId],
    commentId: [ids.commentId, ids.amyCommentId],
    conversationId: [ids.conversationId],
    titleId: t,
    id: [...t, zed.user.id, ids.discussionId],
    type: ['movie', 'tv', 'tvSeries'],
    query: [NAME.split(' ')[0], USERNAME],
    q: [NAME.split(' ')[0]],
    search: [NAME.split(' ')[0]],
  };
  return byName[name] ?? [];
}

function urlsOf(path: string, op: Operation): string[] {
  let urls = [path];
  for (const p of (op.parameters ?? []).filter((x) => x.in === 'path')) {
    const values = valuesFor(p.name);
    urls = urls.flatMap((u) => (values.length ? values : ['x']).map((v) => u.replace(`{${p.name}}`, encodeURIComponent(v))));
  }
  const queries = (op.parameters ?? []).filter((x) => x.in === 'query' && valuesFor(x.name).length > 0);
  const withQuery = urls.flatMap((u) => queries.map((q) => `${u}?${q.name}=${encodeURIComponent(valuesFor(q.name)[0])}`));
  return [...urls, ...withQuery];
}

// Amy's profile before Zed leaves.
let before: { followerCount: number; followingCount: number };

/** The counters others read that Zed moved: the title's figures, Amy's review's and list's likes, the community's members. */
async function counters() {
  const db = ctx.database.db;
  const stats = await db.selectFrom('titleRatingStats').select(['ratingCount', 'ratingSum', 'reviewCount']).where('titleId', '=', 'tt9700001').executeTakeFirstOrThrow();
  const review = await db.selectFrom('ratings').select('likeCount').where('id', '=', ids.amyRatingId).executeTakeFirstOrThrow();
  const list = await db.selectFrom('lists').select('likeCount').where('id', '=', ids.amyList).executeTakeFirstOrThrow();
  const community = await db.selectFrom('communities').select('memberCount').where('id', '=', ids.communityId).executeTakeFirstOrThrow();
  return {
    title: [Number(stats.ratingCount), Number(stats.ratingSum), Number(stats.reviewCount)],
    reviewLikes: Number(review.likeCount),
    listLikes: Number(list.likeCount),
    members: Number(community.memberCount),
  };
}
let countersBefore: Awaited<ReturnType<typeof counters>>;

describe('closing an account', () => {
  it('asks for DELETE, naming the field', async () => {
    for (const body of [{}, { confirm: 'delete me' }]) {
      const res = await call('DELETE', '/api/account', zed.headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('confirm');
    }
    expect((await call('DELETE', '/api/account', undefined, { confirm: 'DELETE' })).statusCode).toBe(401);
  });

  it('leaves no name, username or e-mail in any answer and refuses the old session', async () => {
    before = await ok(call('GET', `/api/user/profile/amy_stays`, amy.headers));
    countersBefore = await counters();
    const res = await call('DELETE', '/api/account', zed.headers, { confirm: 'DELETE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((c) => c.name === 'idToken')?.value).toBe('');

    // The old session ends.
    expect((await call('GET', '/api/user/me', zed.headers)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/account', zed.headers, { confirm: 'DELETE' })).statusCode).toBe(401);

    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const urls = Object.entries(doc.paths)
      // The live events stream never ends: it is a stream of ids, and is left out.
      .filter(([path, ops]) => ops.get && !path.startsWith('/api/docs') && path !== '/api/events' && !path.includes('*'))
      .flatMap(([path, ops]) => urlsOf(path, ops.get));
    expect(urls.length).toBeGreaterThan(60);
    const needles = [NAME.toLowerCase(), USERNAME, email.toLowerCase(), 'zedekiah'];
    let answered = 0;
    for (const url of urls) {
      for (const headers of [amy.headers, bo.headers, undefined]) {
        const r = await call('GET', url, headers);
        expect(r.statusCode, `${url}: ${r.body.slice(0, 300)}`).toBeLessThan(500);
        if (r.statusCode === 200) answered++;
        const body = r.body.toLowerCase();
        for (const n of needles) expect(body.includes(n), `${url} answers ${n}`).toBe(false);
      }
    }
    expect(answered).toBeGreaterThan(60);
  }, 180_000);

  it('keeps the discussion and comments by Anonymous, the counters in step and the ledger row', async () => {

    const discussion = await ok(call('GET', `/api/discussions/${ids.discussionId}`, bo.headers));
    expect(JSON.stringify(discussion)).toContain('Started by the one who leaves');
    const author = discussion.author ?? discussion.discussion?.author ?? null;
    expect(author).toBeNull();
    const comments = JSON.stringify(await ok(call('GET', `/api/communities/${ids.communityId}/discussions/${ids.discussionId}/comments`, bo.headers)));
    expect(comments).toContain('A comment by the one who leaves.');
    expect(comments).toContain('Amy answers.');

    // The profile is gone; counters others read are in step.
    expect((await call('GET', `/api/user/profile/${zed.user.id}`, amy.headers)).json().error.code).toBe('user_not_found');
    const after = await ok(call('GET', `/api/user/profile/amy_stays`, amy.headers));
    expect([before.followerCount, before.followingCount]).toEqual([1, 1]);
    expect([after.followerCount, after.followingCount]).toEqual([0, 0]);
    expect(countersBefore).toEqual({ title: [2, 14, 2], reviewLikes: 1, listLikes: 1, members: 2 });
    expect(await counters()).toEqual({ title: [1, 6, 1], reviewLikes: 0, listLikes: 0, members: 1 });
    const community = await ctx.database.db.selectFrom('communities').select('memberCount').where('id', '=', ids.communityId).executeTakeFirstOrThrow();
    const members = await ctx.database.db.selectFrom('communityMembers').select('userId').where('communityId', '=', ids.communityId).where('status', '=', 'member').execute();
    expect(Number(community.memberCount)).toBe(members.length);

    // The ledger keeps its row, owned by the tombstone, which holds nothing personal.
    const ledger = await ctx.database.db.selectFrom('gemTransactions').select(['userId', 'amount']).where('key', '=', 'test:zed').execute();
    expect(ledger).toEqual([{ userId: zed.user.id, amount: 25 }]);
    const tomb = await ctx.database.db.selectFrom('users').selectAll().where('id', '=', zed.user.id).executeTakeFirstOrThrow();
    expect(tomb).toMatchObject({ email: `deleted-${zed.user.id}@invalid`, displayName: '', username: null, bio: null, imageUrl: null });
    expect(tomb.deletedAt).not.toBeNull();
    for (const table of ['ratings', 'watchlistEntries', 'diaryEntries', 'sessions'] as const) {
      expect(await ctx.database.db.selectFrom(table).select('userId').where('userId', '=', zed.user.id).execute()).toEqual([]);
    }
    expect(await ctx.database.db.selectFrom('lists').select('id').where('ownerId', '=', zed.user.id).execute()).toEqual([]);
    expect(await ctx.database.db.selectFrom('messages').select('id').where('senderId', '=', zed.user.id).execute()).toEqual([]);
  });

  it('erases once however often the modules hear of it', async () => {
    // Each module erases its own rows on `account.deleted`; a second delivery (a retry) finds nothing left to count.
    const once = await counters();
    const afterFirst = await ctx.database.db.selectFrom('users').select(['followerCount', 'followingCount']).where('id', '=', amy.user.id).executeTakeFirstOrThrow();
    await writeWithEvents(ctx.database, (_trx, emit) => emit('account.deleted', { userId: zed.user.id }));
    expect(await counters()).toEqual(once);
    expect(await ctx.database.db.selectFrom('users').select(['followerCount', 'followingCount']).where('id', '=', amy.user.id).executeTakeFirstOrThrow()).toEqual(afterFirst);
    const delivered = await ctx.database.db.selectFrom('outboxEvents').select(['deliveredAt', 'lastError']).where('type', '=', 'account.deleted').execute();
    expect(delivered.length).toBe(2);
    for (const e of delivered) expect(e).toMatchObject({ lastError: null });
    for (const e of delivered) expect(e.deliveredAt).not.toBeNull();
  });
});
