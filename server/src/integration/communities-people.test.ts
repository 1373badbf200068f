import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../../test/fans.ts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { communitiesApi, errorOf, type Headers } from '../modules/communities/communities.test-fixtures.ts';
import { setRole } from '../modules/moderation/index.ts';
import { upsertTitles } from '../modules/titles/titles.repository.ts';
import { normalizeText } from '../search/normalize.ts';

let ctx: TestContext;
let api: ReturnType<typeof communitiesApi>;
type Fan = Awaited<ReturnType<typeof insertFans>>[number];
let ana: Fan;
let ben: Fan;
let cal: Fan;
let mod: Fan;

beforeAll(async () => {
  ctx = await createTestApp();
  api = communitiesApi(ctx);
  [ana, ben, cal, mod] = await insertFans(ctx, 4, 'Person');
  await setRole(ctx.database.db, `${mod.user.id}@example.com`, 'moderator');
});
afterAll(async () => {
  await ctx?.close();
});

const notificationsOf = async (headers: Headers) => {
  const res = await api.call('GET', '/api/notifications', headers);
  expect(res.statusCode).toBe(200);
  return res.json().data.results as { kind: string; targetType: string; targetId: string; actor: { id: string } | null; text: string; othersCount: number }[];
};
const readAll = (headers: Headers) => api.call('POST', '/api/notifications/read', headers, {});
const block = (headers: Headers, userId: string) => api.call('POST', `/api/user/blocks/${userId}`, headers);
const unblock = (headers: Headers, userId: string) => api.call('DELETE', `/api/user/blocks/${userId}`, headers);
const comments = async (communityId: string, discussionId: string, headers?: Headers) => {
  const res = await api.call('GET', `/api/communities/${communityId}/discussions/${discussionId}/comments`, headers);
  expect(res.statusCode).toBe(200);
  return res.json().data.results as { commentId: string; text: string; replies: { commentId: string }[] }[];
};

describe('communities tell people', () => {
  it('notifies replies to a discussion and to a comment, and likes of both', async () => {
    const club = await api.createOk({ name: 'Notify Club', isPublic: true }, ana.headers);
    await api.join(club, ben.user.id, ben.headers);
    const d = await api.discussionOk(club, { title: 'Best heist films' }, ana.headers);
    const c = await api.commentOk(club, d, { text: 'Heat, surely' }, ben.headers);
    expect((await notificationsOf(ana.headers)).find((n) => n.kind === 'discussion_reply')).toMatchObject({
      targetType: 'discussion',
      targetId: d,
      actor: { id: ben.user.id },
      text: 'Person 2 replied to your discussion',
    });
    // Ana replies to Ben's comment: Ben is told of the reply; Ana is not told of her own doing.
    await api.commentOk(club, d, { text: 'Agreed', parentId: c }, ana.headers);
    expect((await notificationsOf(ben.headers)).find((n) => n.kind === 'comment_reply')).toMatchObject({ targetType: 'comment', targetId: c, actor: { id: ana.user.id } });
    expect((await notificationsOf(ana.headers)).filter((n) => n.kind === 'discussion_reply')).toHaveLength(1);
    // Likes, once however often repeated.
    for (let i = 0; i < 2; i++) {
      expect((await api.call('POST', `/api/discussions/${d}/likes`, ben.headers)).statusCode).toBe(200);
      expect((await api.call('POST', `/api/communities/${club}/discussions/${d}/comments/${c}/likes`, ana.headers)).statusCode).toBe(200);
    }
    const anas = await notificationsOf(ana.headers);
    expect(anas.filter((n) => n.kind === 'discussion_like')).toEqual([expect.objectContaining({ targetId: d, text: 'Person 2 liked your discussion', othersCount: 0 })]);
    const bens = await notificationsOf(ben.headers);
    expect(bens.filter((n) => n.kind === 'comment_like')).toEqual([expect.objectContaining({ targetId: c, text: 'Person 1 liked your comment' })]);
  });

  it('tells the admin of a join request and the person of its approval', async () => {
    const club = await api.createOk({ name: 'Private Notify Club', isPublic: false }, ana.headers);
    expect((await api.join(club, cal.user.id, cal.headers)).json().data.membership).toBe('pending');
    expect((await notificationsOf(ana.headers)).find((n) => n.kind === 'join_request')).toMatchObject({
      targetType: 'community',
      targetId: club,
      actor: { id: cal.user.id },
      text: 'Person 3 asked to join your community',
    });
    expect((await api.call('POST', `/api/communities/${club}/join-requests/${cal.user.id}/approve`, ana.headers)).statusCode).toBe(200);
    expect((await notificationsOf(cal.headers)).find((n) => n.kind === 'request_approved')).toMatchObject({
      targetId: club,
      actor: { id: ana.user.id },
      text: 'Person 1 approved your request to join',
    });
  });

  it('refuses comments and replies between people who blocked each other, and collapses their comments', async () => {
    const [dee, eve] = await insertFans(ctx, 2, 'Blocker');
    const club = await api.createOk({ name: 'Block Club', isPublic: true }, dee.headers);
    await api.join(club, eve.user.id, eve.headers);
    await api.join(club, ben.user.id, ben.headers);
    const d = await api.discussionOk(club, { title: 'Quiet please' }, dee.headers);
    const bensComment = await api.commentOk(club, d, { text: 'Ben here' }, ben.headers);
    const evesComment = await api.commentOk(club, d, { text: 'Eve here' }, eve.headers);
    expect((await block(dee.headers, eve.user.id)).statusCode).toBe(200);
    // The discussion of someone who blocked her is not there for her at all (lib/visibility.ts).
    const onDiscussion = await api.call('POST', `/api/communities/${club}/discussions/${d}/comments`, eve.headers, { text: 'Let me in' });
    expect(onDiscussion.statusCode).toBe(404);
    expect(errorOf(onDiscussion).code).toBe('discussion_not_found');
    // Ben blocks Eve: she cannot reply to his comment either, though the discussion is Dee's.
    await unblock(dee.headers, eve.user.id);
    expect((await block(ben.headers, eve.user.id)).statusCode).toBe(200);
    const reply = await api.call('POST', `/api/communities/${club}/discussions/${d}/comments`, eve.headers, { text: 'Hey', parentId: bensComment });
    expect(reply.statusCode).toBe(403);
    expect(errorOf(reply).code).toBe('blocked');
    // Eve can still comment on Dee's discussion; Ben sees Eve's comments collapsed, the others as they are.
    expect((await api.call('POST', `/api/communities/${club}/discussions/${d}/comments`, eve.headers, { text: 'Back again' })).statusCode).toBe(201);
    const forBen = await comments(club, d, ben.headers);
    expect(forBen.map((c) => c.text)).toEqual(expect.not.arrayContaining(['Eve here', 'Back again']));
    expect(forBen.map((c) => c.commentId)).toContain(bensComment);
    expect(forBen.find((c) => c.commentId === evesComment)).toMatchObject({ collapsed: 'blocked', text: '', author: null });
    const forDee = await comments(club, d, dee.headers);
    expect(forDee.map((c) => c.commentId)).toContain(evesComment);
    // A moderator hides Ben's comment: nobody else reads it; it keeps its place as removed by a moderator.
    expect((await api.call('POST', '/api/moderation/hidden', mod.headers, { targetType: 'comment', targetId: bensComment })).statusCode).toBe(200);
    for (const headers of [dee.headers, eve.headers, undefined]) {
      expect((await comments(club, d, headers)).find((c) => c.commentId === bensComment)).toMatchObject({ collapsed: 'removed', text: '', author: null });
    }
  });

  it('leaves hidden reviews and reviews of people who blocked the reader out of a title’s reviews', async () => {
    await upsertTitles(
      ctx.database.db,
      [{ id: 'tt9700001', titleType: 'movie', primaryTitle: 'Review Target', startYear: 2001, releaseDate: '2001-01-01', genres: ['Drama'], popularity: 1 }],
      (p, o) => normalizeText(`${p} ${o ?? ''}`),
    );
    const [fay, gus, hal] = await insertFans(ctx, 3, 'Reviewer');
    const ids: Record<string, string> = {};
    for (const [name, fan] of [
      ['fay', fay],
      ['gus', gus],
      ['hal', hal],
    ] as const) {
      const res = await api.call('POST', '/api/ratings-and-reviews/create', fan.headers, { titleId: 'tt9700001', rating: 8, review: `${name} liked it` });
      expect(res.statusCode).toBe(201);
      ids[name] = res.json().data.id;
    }
    const reviews = async (headers?: Headers) =>
      ((await api.call('POST', '/api/ratings-and-reviews/tt9700001/all', headers, {})).json().data.results as { id: string }[]).map((r) => r.id).sort();
    expect(await reviews(hal.headers)).toEqual([ids.fay, ids.gus, ids.hal].sort());
    await block(gus.headers, hal.user.id);
    expect(await reviews(hal.headers)).toEqual([ids.fay, ids.hal].sort());
    expect(await reviews(gus.headers)).toEqual([ids.fay, ids.gus].sort());
    expect(await reviews()).toEqual([ids.fay, ids.gus, ids.hal].sort());
    await api.call('POST', '/api/moderation/hidden', mod.headers, { targetType: 'review', targetId: ids.fay });
    expect(await reviews()).toEqual([ids.gus, ids.hal].sort());
  });

  it('leaves hidden discussions and those of people who blocked the reader out of listings', async () => {
    const [ida, jon] = await insertFans(ctx, 2, 'Lister');
    const club = await api.createOk({ name: 'Listing Club', isPublic: true }, ida.headers);
    await api.join(club, jon.user.id, jon.headers);
    const a = await api.discussionOk(club, { title: 'Ida writes' }, ida.headers);
    const b = await api.discussionOk(club, { title: 'Jon writes' }, jon.headers);
    const list = async (headers?: Headers) =>
      ((await api.call('GET', `/api/communities/${club}/discussions`, headers)).json().data.results as { discussionId: string }[]).map((d) => d.discussionId).sort();
    expect(await list(ida.headers)).toEqual([a, b].sort());
    await block(jon.headers, ida.user.id);
    expect(await list(ida.headers)).toEqual([a]);
    expect((await api.call('GET', `/api/discussions/${b}`, ida.headers)).statusCode).toBe(404);
    await api.call('POST', '/api/moderation/hidden', mod.headers, { targetType: 'discussion', targetId: a });
    expect(await list()).toEqual([b]);
    await readAll(ida.headers);
  });
});
