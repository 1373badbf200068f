import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../../../test/fans.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { communitiesApi, type Headers } from './communities.test-fixtures.ts';

/**
 * Concurrent storms over real HTTP (a listening server, many connections at once): the member, like, comment and
 * reply counts equal the rows behind them afterwards.
 */
let ctx: TestContext;
let base: string;
type Fan = { user: { id: string; displayName: string }; headers: Headers };
let fans: Fan[];
let admin: Fan;
let communityId: string;
let privateId: string;
let discussionId: string;
let commentId: string;

const STORM = 150;

async function http(method: string, path: string, headers: Headers, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } };
}

const count = async (table: 'communityMembers' | 'discussionLikes' | 'commentLikes' | 'comments', where: [string, string][]) => {
  let q = ctx.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  for (const [col, value] of where) q = q.where(col as never, '=', value as never);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

beforeAll(async () => {
  // Many connections at once from one address (this test's), more than the per-address bound lets in by default.
  ctx = await createTestApp({ MAX_CONNECTIONS_PER_ADDRESS: '1000' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  [admin, ...fans] = await insertFans(ctx, STORM + 1, 'Storm');
  const api = communitiesApi(ctx);
  communityId = await api.createOk({ name: 'Storm Watchers', isPublic: true }, admin.headers);
  privateId = await api.createOk({ name: 'Storm Cellar', isPublic: false }, admin.headers);
  discussionId = await api.discussionOk(communityId, { title: 'Everyone in here' }, admin.headers);
  commentId = await api.commentOk(communityId, discussionId, { text: 'Like this' }, admin.headers);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe('concurrent storms over HTTP', () => {
  it(`${STORM} concurrent joins (each twice) of one public community: the member count equals the rows`, async () => {
    const results = await Promise.all(fans.flatMap((f) => [0, 1].map(() => http('POST', `/api/communities/join-community/${communityId}`, f.headers, { userId: f.user.id }))));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const row = (await http('GET', `/api/communities/${communityId}`, admin.headers)).json.data;
    const rows = await count('communityMembers', [
      ['communityId', communityId],
      ['status', 'member'],
    ]);
    expect(rows).toBe(STORM);
    expect(row.memberCount).toBe(rows);
  });

  it(`${STORM} concurrent requests to a private community, then approvals and leaves at once: counts equal the rows`, async () => {
    await Promise.all(fans.map((f) => http('POST', `/api/communities/join-community/${privateId}`, f.headers, { userId: f.user.id })));
    expect(await count('communityMembers', [['communityId', privateId]])).toBe(STORM);
    const half = fans.slice(0, STORM / 2);
    const results = await Promise.all([
      ...half.map((f) => http('POST', `/api/communities/${privateId}/join-requests/${f.user.id}/approve`, admin.headers)),
      ...half.map((f) => http('POST', `/api/communities/${privateId}/join-requests/${f.user.id}/approve`, admin.headers)),
      ...fans.slice(STORM / 2).map((f) => http('DELETE', `/api/communities/join-community/${privateId}`, f.headers)),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(STORM);
    expect(results.filter((r) => r.status === 404)).toHaveLength(STORM / 2);
    const rows = await count('communityMembers', [
      ['communityId', privateId],
      ['status', 'member'],
    ]);
    expect(rows).toBe(STORM / 2);
    expect((await http('GET', `/api/communities/${privateId}`, admin.headers)).json.data.memberCount).toBe(rows);
  });

  it(`${STORM} people like a discussion and a comment at once (likes, unlikes and repeats): counts equal the rows`, async () => {
    await Promise.all(
      fans.flatMap((f, i) => [
        http('POST', `/api/discussions/${discussionId}/likes`, f.headers),
        http('POST', `/api/discussions/${discussionId}/likes`, f.headers),
        http('POST', `/api/communities/${communityId}/discussions/${discussionId}/comments/${commentId}/likes`, f.headers),
        ...(i % 3 === 0 ? [http('DELETE', `/api/communities/${communityId}/discussions/${discussionId}/comments/${commentId}/likes`, f.headers)] : []),
      ]),
    );
    const discussion = (await http('GET', `/api/discussions/${discussionId}`, admin.headers)).json.data;
    const discussionRows = await count('discussionLikes', [['discussionId', discussionId]]);
    expect(discussionRows).toBe(STORM);
    expect(discussion.likeCount).toBe(discussionRows);
    const comment = await ctx.database.db.selectFrom('comments').select('likeCount').where('id', '=', commentId).executeTakeFirstOrThrow();
    const commentRows = await count('commentLikes', [['commentId', commentId]]);
    expect(Number(comment.likeCount)).toBe(commentRows);
    // Each like then unlike of the same person raced; whatever won, the count follows the rows.
    expect(commentRows).toBeGreaterThanOrEqual(STORM - Math.ceil(STORM / 3));
  });

  it(`${STORM} concurrent comments and replies: comment and reply counts equal the rows`, async () => {
    const results = await Promise.all(
      fans.map((f, i) =>
        http('POST', `/api/communities/${communityId}/discussions/${discussionId}/comments`, f.headers, {
          text: `Storm ${i}`,
          ...(i % 2 === 0 ? { parentId: commentId } : {}),
        }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const d = await ctx.database.db.selectFrom('discussions').select('commentCount').where('id', '=', discussionId).executeTakeFirstOrThrow();
    expect(Number(d.commentCount)).toBe(await count('comments', [['discussionId', discussionId]]));
    const c = await ctx.database.db.selectFrom('comments').select('replyCount').where('id', '=', commentId).executeTakeFirstOrThrow();
    expect(Number(c.replyCount)).toBe(await count('comments', [['parentId', commentId]]));
    expect(Number(c.replyCount)).toBe(STORM / 2);
  });

  it('concurrent deletions of the same comments (each twice) and new replies: counts still equal the rows', async () => {
    const page = await ctx.database.db.selectFrom('comments').select(['id', 'authorId']).where('discussionId', '=', discussionId).where('parentId', '=', commentId).execute();
    const byAuthor = new Map(fans.map((f) => [f.user.id, f]));
    const url = (id: string) => `/api/communities/${communityId}/discussions/${discussionId}/comments/${id}`;
    const results = await Promise.all([
      ...page.flatMap((c) => {
        const f = byAuthor.get(c.authorId ?? '') as Fan;
        return [http('DELETE', url(c.id), f.headers), http('DELETE', url(c.id), f.headers)];
      }),
      ...fans.slice(0, 20).map((f, i) => http('POST', `/api/communities/${communityId}/discussions/${discussionId}/comments`, f.headers, { text: `Late ${i}`, parentId: commentId })),
    ]);
    expect(results.every((r) => r.status < 500)).toBe(true);
    const d = await ctx.database.db.selectFrom('discussions').select('commentCount').where('id', '=', discussionId).executeTakeFirstOrThrow();
    const live = await ctx.database.db.selectFrom('comments').select('deleted').where('discussionId', '=', discussionId).execute();
    expect(Number(d.commentCount)).toBe(live.filter((r) => !(r.deleted === true || r.deleted === 1)).length);
    const c = await ctx.database.db.selectFrom('comments').select('replyCount').where('id', '=', commentId).executeTakeFirstOrThrow();
    expect(Number(c.replyCount)).toBe(await count('comments', [['parentId', commentId]]));
    expect(Number(c.replyCount)).toBe(20);
  });
});
