import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedPageSchema } from '../../../common/contracts/people.ts';
import { insertFans } from '../../test/fans.ts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { communitiesApi, type Headers } from '../modules/communities/communities.test-fixtures.ts';
import { setRole } from '../modules/moderation/index.ts';

let ctx: TestContext;
let api: ReturnType<typeof communitiesApi>;
type Fan = Awaited<ReturnType<typeof insertFans>>[number];
let ana: Fan;
let ben: Fan;
let cal: Fan;
let mod: Fan;
let open: string;
let closed: string;
let publicTalk: string;
let privateTalk: string;
let publicComment: string;
let privateComment: string;

beforeAll(async () => {
  ctx = await createTestApp();
  api = communitiesApi(ctx);
  [ana, ben, cal, mod] = await insertFans(ctx, 4, 'Reader');
  await setRole(ctx.database.db, `${mod.user.id}@example.com`, 'moderator');
  expect((await api.call('POST', '/api/user/follow', ana.headers, { fromId: ana.user.id, toId: ben.user.id })).statusCode).toBe(200);
  open = await api.createOk({ name: 'Open Talk', isPublic: true }, ben.headers);
  closed = await api.createOk({ name: 'Closed Talk', isPublic: false }, ben.headers);
  publicTalk = await api.discussionOk(open, { title: 'Public talk' }, ben.headers);
  privateTalk = await api.discussionOk(closed, { title: 'Private talk' }, ben.headers);
  publicComment = await api.commentOk(open, publicTalk, { text: 'Said in public' }, ben.headers);
  privateComment = await api.commentOk(closed, privateTalk, { text: 'Said in private' }, ben.headers);
});
afterAll(async () => {
  await ctx?.close();
});

const feed = async (headers: Headers) => {
  const res = await api.call('GET', '/api/feed', headers);
  expect(res.statusCode).toBe(200);
  return FeedPageSchema.parse(res.json().data).results;
};
const tab = async (path: 'my-activity' | 'userComments', headers: Headers | undefined, userId?: string) => {
  const res = await api.call('GET', `/api/filter/${path}${userId ? `?userId=${userId}` : ''}`, headers);
  expect(res.statusCode).toBe(200);
  return FeedPageSchema.shape.results.parse(res.json().data);
};
const ids = (items: { kind: string; id: string }[]) => items.map((i) => `${i.kind}:${i.id}`);

describe('discussions in the feed and the activity tabs', () => {
  it('shows followed people’s discussions from communities the reader may see, never from a private one they are not in', async () => {
    const items = await feed(ana.headers);
    expect(ids(items)).toEqual([`discussion:${publicTalk}`]);
    expect(items[0]).toMatchObject({
      kind: 'discussion',
      actor: { id: ben.user.id },
      discussion: { id: publicTalk, title: 'Public talk', communityId: open, communityName: 'Open Talk', commentCount: 1, likeCount: 0, spoiler: false },
      rating: null,
      list: null,
      comment: null,
    });
    // Once a member of the private community, its discussions show too, newest first.
    await api.join(closed, ana.user.id, ana.headers);
    expect((await api.call('POST', `/api/communities/${closed}/join-requests/${ana.user.id}/approve`, ben.headers)).statusCode).toBe(200);
    expect(ids(await feed(ana.headers))).toEqual([`discussion:${privateTalk}`, `discussion:${publicTalk}`]);
    // A muted community's discussions do not.
    expect((await api.call('POST', '/api/user/mutes', ana.headers, { targetType: 'community', targetId: closed })).statusCode).toBe(200);
    expect(ids(await feed(ana.headers))).toEqual([`discussion:${publicTalk}`]);
    // The list of mutes names the community, for the settings screen.
    expect((await api.call('GET', '/api/user/mutes', ana.headers)).json().data).toEqual([
      { targetType: 'community', targetId: closed, createdAt: expect.any(String), name: 'Closed Talk', imageUrl: null, username: null },
    ]);
  });

  it('puts discussions and comments in the All tab and comments in the Comments tab, as far as the reader may see', async () => {
    const own = await tab('my-activity', ben.headers);
    expect(ids(own)).toEqual([`comment:${privateComment}`, `comment:${publicComment}`, `discussion:${privateTalk}`, `discussion:${publicTalk}`]);
    expect(own[1].comment).toMatchObject({ id: publicComment, text: 'Said in public', isReply: false, discussion: { id: publicTalk, title: 'Public talk', communityName: 'Open Talk' } });
    // Cal is in neither community: only what was said in the public one; so for a visitor.
    for (const headers of [cal.headers, undefined]) {
      expect(ids(await tab('my-activity', headers, ben.user.id))).toEqual([`comment:${publicComment}`, `discussion:${publicTalk}`]);
      expect(ids(await tab('userComments', headers, ben.user.id))).toEqual([`comment:${publicComment}`]);
    }
    expect(ids(await tab('userComments', ben.headers))).toEqual([`comment:${privateComment}`, `comment:${publicComment}`]);
  });

  it('leaves out hidden discussions and comments', async () => {
    expect((await api.call('POST', '/api/moderation/hidden', mod.headers, { targetType: 'comment', targetId: publicComment })).statusCode).toBe(200);
    expect(ids(await tab('userComments', cal.headers, ben.user.id))).toEqual([]);
    expect((await api.call('POST', '/api/moderation/hidden', mod.headers, { targetType: 'discussion', targetId: publicTalk })).statusCode).toBe(200);
    expect(ids(await tab('my-activity', cal.headers, ben.user.id))).toEqual([]);
    expect(ids(await feed(ana.headers))).toEqual([]);
  });
});
