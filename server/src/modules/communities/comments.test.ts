import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentLocationSchema, CommentSchema, CommentsPageSchema, RepliesPageSchema } from '../../../../common/contracts/communities.ts';
import { insertFans } from '../../../test/fans.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { communitiesApi, errorOf, type Headers, MISSING } from './communities.test-fixtures.ts';

let ctx: TestContext;
let api: ReturnType<typeof communitiesApi>;
type Fan = { user: { id: string; displayName: string }; headers: Headers };
let admin: Fan;
let member: Fan;
let author: Fan;
let stranger: Fan;
let publicId: string;
let privateId: string;
let pubD: string;
let privD: string;
let privComment: string;
let privReply: string;

const base = (c: string, d: string) => `/api/communities/${c}/discussions/${d}/comments`;

/** The discussion's comment count, and its comments that are not deleted, from the database. */
async function countsOf(discussionId: string) {
  const d = await ctx.database.db.selectFrom('discussions').select('commentCount').where('id', '=', discussionId).executeTakeFirstOrThrow();
  const rows = await ctx.database.db.selectFrom('comments').select(['deleted']).where('discussionId', '=', discussionId).execute();
  return { count: Number(d.commentCount), rows: rows.filter((r) => !(r.deleted === true || r.deleted === 1)).length };
}

beforeAll(async () => {
  ctx = await createTestApp();
  api = communitiesApi(ctx);
  [admin, member, author, stranger] = await insertFans(ctx, 4, 'Person');
  ({ publicId, privateId } = await api.publicAndPrivate({ public: 'Horror Hall', private: 'Crypt' }, admin, [member, author]));
  pubD = await api.discussionOk(publicId, { title: 'Scariest opening scene?' }, author.headers);
  privD = await api.discussionOk(privateId, { title: 'Private screening notes' }, author.headers);
  privComment = await api.commentOk(privateId, privD, { text: 'Hidden comment' }, member.headers);
  privReply = await api.commentOk(privateId, privD, { text: 'Hidden reply', parentId: privComment }, author.headers);
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST .../comments', () => {
  it('anyone signed in who can see the discussion comments; anonymous 401', async () => {
    expect((await api.call('POST', base(publicId, pubD), undefined, { text: 'Hi' })).statusCode).toBe(401);
    const res = await api.call('POST', base(publicId, pubD), stranger.headers, { text: 'The Exorcist, stairs.', spoiler: true });
    expect(res.statusCode).toBe(201);
    const c = CommentSchema.parse(res.json().data);
    expect(c).toMatchObject({
      parentId: null,
      depth: 0,
      text: 'The Exorcist, stairs.',
      spoiler: true,
      deleted: false,
      author: { userId: stranger.user.id },
      likeCount: 0,
      replyCount: 0,
      replies: [],
      abilities: { edit: true, delete: true, reply: true, like: true, report: false },
    });
    expect(await countsOf(pubD)).toEqual({ count: 1, rows: 1 });
  });

  it('replies nest, with reply counts kept', async () => {
    const top = await api.commentOk(publicId, pubD, { text: 'Jaws. The first victim.' }, member.headers);
    const r1 = await api.commentOk(publicId, pubD, { text: 'Agreed', parentId: top }, author.headers);
    const r2 = await api.commentOk(publicId, pubD, { text: 'Deeper', parentId: r1 }, admin.headers);
    const deep = (await api.call('GET', `${base(publicId, pubD)}/${r1}/replies`)).json().data;
    expect(deep.results).toHaveLength(1);
    expect(deep.results[0]).toMatchObject({ commentId: r2, depth: 2, parentId: r1 });
    const page = CommentsPageSchema.parse((await api.call('GET', base(publicId, pubD))).json().data);
    const jaws = page.results.find((c) => c.commentId === top);
    expect(jaws).toMatchObject({ replyCount: 1, replies: [{ commentId: r1, replyCount: 1 }] });
    expect(page.commentCount).toBe(4);
  });

  it('a stranger cannot comment on, read or reply in a private community: 404 everywhere', async () => {
    const url = base(privateId, privD);
    expect((await api.call('POST', url, stranger.headers, { text: 'Let me in' })).statusCode).toBe(404);
    expect((await api.call('POST', url, stranger.headers, { text: 'Let me in', parentId: privComment })).statusCode).toBe(404);
    for (const h of [undefined, stranger.headers]) {
      expect((await api.call('GET', url, h)).statusCode).toBe(404);
      expect((await api.call('GET', `${url}/${privComment}/replies`, h)).statusCode).toBe(404);
      expect((await api.call('GET', `${url}/${privReply}/replies?page=1`, h)).statusCode).toBe(404);
    }
    for (const method of ['POST', 'DELETE'] as const) {
      expect((await api.call(method, `${url}/${privComment}/likes`, stranger.headers)).statusCode).toBe(404);
      expect((await api.call(method, `${url}/${privReply}/likes`, stranger.headers)).statusCode).toBe(404);
    }
    expect((await api.call('PUT', `${url}/${privComment}`, stranger.headers, { text: 'x' })).statusCode).toBe(404);
    expect((await api.call('DELETE', `${url}/${privComment}`, stranger.headers)).statusCode).toBe(404);
    expect((await api.call('POST', `${url}/${privComment}/reports`, stranger.headers, { reason: 'x' })).statusCode).toBe(404);
    // The members read it.
    const page = CommentsPageSchema.parse((await api.call('GET', url, member.headers)).json().data);
    expect(page.results[0]).toMatchObject({ commentId: privComment, replyCount: 1, replies: [{ commentId: privReply }] });
  });

  it('a discussion under another community’s path, or an unknown comment, is 404', async () => {
    expect((await api.call('GET', base(publicId, privD), member.headers)).statusCode).toBe(404);
    expect((await api.call('GET', base(privateId, pubD), member.headers)).statusCode).toBe(404);
    expect((await api.call('GET', `${base(publicId, pubD)}/${MISSING}/replies`)).statusCode).toBe(404);
    expect((await api.call('GET', `${base(publicId, pubD)}/${privComment}/replies`, member.headers)).statusCode).toBe(404);
    const wrongParent = await api.call('POST', base(publicId, pubD), member.headers, { text: 'x', parentId: privComment });
    expect(wrongParent.statusCode).toBe(404);
    expect(errorOf(wrongParent).message).toMatch(/^parentId/);
  });

  it('answers 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ text: '' }, 'text'],
      [{ text: '   ' }, 'text'],
      [{}, 'text'],
      [{ text: 'x'.repeat(10_001) }, 'text'],
      [{ text: 'ok', parentId: 'nope' }, 'parentId'],
      [{ text: 'ok', spoiler: 1 }, 'spoiler'],
    ];
    for (const [body, field] of cases) {
      const res = await api.call('POST', base(publicId, pubD), member.headers, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toMatch(new RegExp(`^${field}`));
    }
    expect(errorOf(await api.call('GET', `${base(publicId, pubD)}?page=zero`)).message).toMatch(/^page/);
    expect(errorOf(await api.call('GET', `${base(publicId, pubD)}/x/replies`)).message).toMatch(/^commentId/);
  });

  it('a locked discussion takes no new comments or replies: 409 locked', async () => {
    const d = await api.discussionOk(publicId, { title: 'Soon locked' }, author.headers);
    const c = await api.commentOk(publicId, d, { text: 'Before the lock' }, member.headers);
    await api.call('POST', `/api/communities/${publicId}/discussions/${d}/lock`, admin.headers);
    for (const body of [{ text: 'After' }, { text: 'After', parentId: c }]) {
      const res = await api.call('POST', base(publicId, d), member.headers, body);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('locked');
    }
    const page = CommentsPageSchema.parse((await api.call('GET', base(publicId, d), member.headers)).json().data);
    expect(page.locked).toBe(true);
    expect(page.results[0].abilities.reply).toBe(false);
    // Likes still work.
    expect((await api.call('POST', `${base(publicId, d)}/${c}/likes`, author.headers)).statusCode).toBe(200);
  });
});

describe('paging comments', () => {
  it('20 top-level comments a page, oldest first, with first replies and reply counts', async () => {
    const d = await api.discussionOk(publicId, { title: 'Busy thread' }, author.headers);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push(await api.commentOk(publicId, d, { text: `Comment ${i}` }, member.headers));
    for (let i = 0; i < 5; i++) await api.commentOk(publicId, d, { text: `Reply ${i}`, parentId: ids[0] }, author.headers);
    const one = CommentsPageSchema.parse((await api.call('GET', base(publicId, d))).json().data);
    expect(one).toMatchObject({ page: 1, pageSize: 20, hasMore: true, commentCount: 28 });
    expect(one.results.map((c) => c.text)).toEqual(Array.from({ length: 20 }, (_, i) => `Comment ${i}`));
    expect(one.results[0].replyCount).toBe(5);
    expect(one.results[0].replies.map((r) => r.text)).toEqual(['Reply 0', 'Reply 1', 'Reply 2']);
    const two = CommentsPageSchema.parse((await api.call('GET', `${base(publicId, d)}?page=2`)).json().data);
    expect(two.results.map((c) => c.text)).toEqual(['Comment 20', 'Comment 21', 'Comment 22']);
    expect(two.hasMore).toBe(false);
    const replies = RepliesPageSchema.parse((await api.call('GET', `${base(publicId, d)}/${ids[0]}/replies?page=1`)).json().data);
    expect(replies.results.map((r) => r.text)).toEqual(['Reply 0', 'Reply 1', 'Reply 2', 'Reply 3', 'Reply 4']);
  });
});

describe('GET /api/comments/:commentId/location', () => {
  it('names the discussion, the top-level comment and the page holding it, for comments and replies at any depth', async () => {
    const d = await api.discussionOk(publicId, { title: 'Where is it?' }, author.headers);
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) ids.push(await api.commentOk(publicId, d, { text: `Line ${i}` }, member.headers));
    const reply = await api.commentOk(publicId, d, { text: 'Answer', parentId: ids[21] }, author.headers);
    const deeper = await api.commentOk(publicId, d, { text: 'Deeper', parentId: reply }, admin.headers);
    const locate = async (id: string, headers?: Headers) => {
      const res = await api.call('GET', `/api/comments/${id}/location`, headers);
      return { status: res.statusCode, body: res.json() };
    };
    const first = await locate(ids[0], stranger.headers);
    expect(first.status).toBe(200);
    expect(CommentLocationSchema.parse(first.body.data)).toEqual({ commentId: ids[0], communityId: publicId, discussionId: d, threadId: ids[0], page: 1 });
    expect((await locate(ids[19])).body.data).toMatchObject({ threadId: ids[19], page: 1 });
    expect((await locate(ids[20])).body.data).toMatchObject({ threadId: ids[20], page: 2 });
    expect((await locate(deeper, member.headers)).body.data).toEqual({ commentId: deeper, communityId: publicId, discussionId: d, threadId: ids[21], page: 2 });
    // The page it names holds the thread.
    const page = CommentsPageSchema.parse((await api.call('GET', `${base(publicId, d)}?page=2`)).json().data);
    expect(page.results.map((c) => c.commentId)).toContain(ids[21]);
  });

  it('is 404 to whoever may not see the comment, and for an unknown one; 400 for a malformed id', async () => {
    expect((await api.call('GET', `/api/comments/${privReply}/location`, stranger.headers)).statusCode).toBe(404);
    expect((await api.call('GET', `/api/comments/${privReply}/location`)).statusCode).toBe(404);
    const own = await api.call('GET', `/api/comments/${privReply}/location`, member.headers);
    expect(own.json().data).toMatchObject({ communityId: privateId, discussionId: privD, threadId: privComment, page: 1 });
    const missing = await api.call('GET', `/api/comments/${MISSING}/location`, member.headers);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('comment_not_found');
    const bad = await api.call('GET', '/api/comments/not%20an%20id/location', member.headers);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toMatch(/commentId/);
  });
});

describe('editing and deleting comments', () => {
  it('only the author edits; anonymous 401; bad input 400', async () => {
    const c = await api.commentOk(publicId, pubD, { text: 'Tpyo' }, member.headers);
    const url = `${base(publicId, pubD)}/${c}`;
    expect((await api.call('PUT', url, undefined, { text: 'x' })).statusCode).toBe(401);
    for (const p of [stranger, admin, author]) expect((await api.call('PUT', url, p.headers, { text: 'x' })).statusCode).toBe(403);
    expect(errorOf(await api.call('PUT', url, member.headers, {})).code).toBeDefined();
    expect((await api.call('PUT', url, member.headers, {})).statusCode).toBe(400);
    const ok = await api.call('PUT', url, member.headers, { text: 'Typo' });
    expect(ok.json().data).toMatchObject({ text: 'Typo' });
    expect(ok.json().data.editedAt).not.toBeNull();
  });

  it('a comment with replies stays as deleted; without, it goes; counts follow', async () => {
    const d = await api.discussionOk(publicId, { title: 'Deletions' }, author.headers);
    const parent = await api.commentOk(publicId, d, { text: 'Parent' }, member.headers);
    const child = await api.commentOk(publicId, d, { text: 'Child' }, author.headers);
    const reply = await api.commentOk(publicId, d, { text: 'Reply', parentId: parent }, author.headers);
    expect(await countsOf(d)).toEqual({ count: 3, rows: 3 });
    expect((await api.call('DELETE', `${base(publicId, d)}/${parent}`)).statusCode).toBe(401);
    expect((await api.call('DELETE', `${base(publicId, d)}/${parent}`, stranger.headers)).statusCode).toBe(403);
    const kept = await api.call('DELETE', `${base(publicId, d)}/${parent}`, member.headers);
    expect(kept.json().data).toMatchObject({ keptAsDeleted: true, commentCount: 2 });
    const page = CommentsPageSchema.parse((await api.call('GET', base(publicId, d))).json().data);
    expect(page.results[0]).toMatchObject({ commentId: parent, deleted: true, text: '', author: null, replyCount: 1 });
    expect((await api.call('POST', base(publicId, d), member.headers, { text: 'x', parentId: parent })).statusCode).toBe(409);
    expect((await api.call('POST', `${base(publicId, d)}/${parent}/likes`, member.headers)).statusCode).toBe(404);
    // The admin removes the other comment; it had no replies, so it goes.
    expect((await api.call('DELETE', `${base(publicId, d)}/${child}`, admin.headers)).json().data).toMatchObject({ keptAsDeleted: false, commentCount: 1 });
    // The last reply goes, and takes the deleted parent with it.
    expect((await api.call('DELETE', `${base(publicId, d)}/${reply}`, author.headers)).json().data).toMatchObject({ keptAsDeleted: false, commentCount: 0 });
    expect(CommentsPageSchema.parse((await api.call('GET', base(publicId, d))).json().data).results).toEqual([]);
    expect(await countsOf(d)).toEqual({ count: 0, rows: 0 });
  });
});

describe('likes of comments', () => {
  it('are idempotent and counted; likedByMe follows', async () => {
    const c = await api.commentOk(publicId, pubD, { text: 'Like me' }, member.headers);
    const url = `${base(publicId, pubD)}/${c}/likes`;
    expect((await api.call('POST', url)).statusCode).toBe(401);
    expect((await api.call('POST', url, stranger.headers)).json().data).toEqual({ commentId: c, likedByMe: true, likeCount: 1, changed: true });
    expect((await api.call('POST', url, stranger.headers)).json().data).toMatchObject({ likeCount: 1, changed: false });
    const page = CommentsPageSchema.parse((await api.call('GET', base(publicId, pubD), stranger.headers)).json().data);
    expect(page.results.find((x) => x.commentId === c)).toMatchObject({ likedByMe: true, likeCount: 1 });
    expect((await api.call('DELETE', url, stranger.headers)).json().data).toMatchObject({ likedByMe: false, likeCount: 0, changed: true });
    expect((await api.call('DELETE', url, stranger.headers)).json().data).toMatchObject({ likeCount: 0, changed: false });
  });
});

describe('reports of comments', () => {
  it('reach the admin’s reports', async () => {
    const c = await api.commentOk(publicId, pubD, { text: 'Rude words' }, member.headers);
    const url = `${base(publicId, pubD)}/${c}/reports`;
    expect((await api.call('POST', url, undefined, { reason: 'Rude' })).statusCode).toBe(401);
    const own = await api.call('POST', url, member.headers, { reason: 'Mine' });
    expect([own.statusCode, errorOf(own).code]).toEqual([403, 'own_content']);
    expect((await api.call('POST', url, stranger.headers, { reason: 'Rude' })).statusCode).toBe(201);
    const reports = (await api.call('GET', `/api/communities/${publicId}/reports`, admin.headers)).json().data;
    expect(reports.results[0]).toMatchObject({ targetType: 'comment', commentId: c, excerpt: 'Rude words', reason: 'Rude' });
  });
});

describe('the shared cache of comment pages', () => {
  it('never answers a page older than the discussion’s last comment write or like', async () => {
    const d = await api.discussionOk(publicId, { title: 'Cached thread' }, author.headers);
    const c = await api.commentOk(publicId, d, { text: 'First version' }, member.headers);
    const read = async (h?: Headers) => CommentsPageSchema.parse((await api.call('GET', base(publicId, d), h)).json().data).results;
    const replies = async () => RepliesPageSchema.parse((await api.call('GET', `${base(publicId, d)}/${c}/replies`)).json().data).results;
    expect((await read())[0]).toMatchObject({ text: 'First version', likeCount: 0, replyCount: 0 });
    expect(await replies()).toEqual([]);
    await api.call('POST', `${base(publicId, d)}/${c}/likes`, stranger.headers);
    expect((await read())[0].likeCount).toBe(1);
    expect((await read(stranger.headers))[0].likedByMe).toBe(true);
    expect((await read(member.headers))[0].likedByMe).toBe(false);
    await api.call('PUT', `${base(publicId, d)}/${c}`, member.headers, { text: 'Second version' });
    expect((await read())[0].text).toBe('Second version');
    const r = await api.commentOk(publicId, d, { text: 'A reply' }, author.headers);
    const reply = await api.commentOk(publicId, d, { text: 'Nested', parentId: c }, author.headers);
    expect((await read())[0]).toMatchObject({ replyCount: 1, replies: [{ commentId: reply }] });
    expect((await replies()).map((x) => x.commentId)).toEqual([reply]);
    await api.call('DELETE', `${base(publicId, d)}/${r}`, author.headers);
    expect((await read()).map((x) => x.commentId)).toEqual([c]);
    // A community made private hides the cached page at once from strangers.
    await api.call('PUT', `/api/communities/${publicId}`, admin.headers, { isPublic: false });
    expect((await api.call('GET', base(publicId, d), stranger.headers)).statusCode).toBe(404);
    expect((await api.call('GET', `${base(publicId, d)}/${c}/replies`, stranger.headers)).statusCode).toBe(404);
    await api.call('PUT', `/api/communities/${publicId}`, admin.headers, { isPublic: true });
  });
});
