import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscussionSchema, DiscussionsPageSchema, TrendingDiscussionSchema } from '../../../../common/contracts/communities.ts';
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
let publicDiscussion: string;
let privateDiscussion: string;

beforeAll(async () => {
  ctx = await createTestApp();
  api = communitiesApi(ctx);
  [admin, member, author, stranger] = await insertFans(ctx, 4, 'Person');
  ({ publicId, privateId } = await api.publicAndPrivate({ public: 'Sci-Fi Circle', private: 'Hidden Reel' }, admin, [member, author]));
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/communities/{communityId}/discussions', () => {
  it('members and the admin start discussions; anonymous 401, a stranger 403, no community 404', async () => {
    const body = { title: 'Best first contact films?', body: 'Arrival, obviously. What else?' };
    expect((await api.call('POST', `/api/communities/${publicId}/discussions`, undefined, body)).statusCode).toBe(401);
    const refused = await api.call('POST', `/api/communities/${publicId}/discussions`, stranger.headers, body);
    expect(refused.statusCode).toBe(403);
    expect((await api.call('POST', `/api/communities/${privateId}/discussions`, stranger.headers, body)).statusCode).toBe(403);
    expect((await api.call('POST', `/api/communities/${MISSING}/discussions`, author.headers, body)).statusCode).toBe(404);
    const res = await api.call('POST', `/api/communities/${publicId}/discussions`, author.headers, { ...body, spoiler: true });
    expect(res.statusCode).toBe(201);
    const d = DiscussionSchema.parse(res.json().data);
    publicDiscussion = d.discussionId;
    expect(d).toMatchObject({
      communityId: publicId,
      communityName: 'Sci-Fi Circle',
      title: 'Best first contact films?',
      spoiler: true,
      locked: false,
      author: { userId: author.user.id },
      likeCount: 0,
      commentCount: 0,
      abilities: { edit: true, delete: true, lock: false, comment: true, like: true, report: false },
    });
    privateDiscussion = await api.discussionOk(privateId, { title: 'Secret cut of Blade Runner', body: 'The workprint.' }, author.headers);
    await api.discussionOk(publicId, { title: 'Admin notice', body: '' }, admin.headers);
    const community = (await api.call('GET', `/api/communities/${publicId}`)).json().data;
    expect(community.discussionCount).toBe(2);
  });

  it('keeps text as plain text, exactly as written', async () => {
    const body = '<script>alert(1)</script> & <b>bold</b> https://example.com';
    const id = await api.discussionOk(publicId, { title: '<img src=x onerror=alert(1)>', body }, member.headers);
    const d = (await api.call('GET', `/api/discussions/${id}`)).json().data;
    expect(d.title).toBe('<img src=x onerror=alert(1)>');
    expect(d.body).toBe(body);
    expect((await api.call('DELETE', `/api/discussions/${id}`, member.headers)).statusCode).toBe(200);
  });

  it('answers 400 naming the field', async () => {
    const url = `/api/communities/${publicId}/discussions`;
    const cases: [unknown, string][] = [
      [{ title: 'ab', body: '' }, 'title'],
      [{ title: 'x'.repeat(201), body: '' }, 'title'],
      [{ body: 'no title' }, 'title'],
      [{ title: 'Fine title', body: 'x'.repeat(20_001) }, 'body'],
      [{ title: 'Fine title', body: 'ok', spoiler: 'yes' }, 'spoiler'],
      [{ title: 'Bell\u0007 title', body: '' }, 'title'],
    ];
    for (const [body, field] of cases) {
      const res = await api.call('POST', url, author.headers, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(errorOf(res).message).toMatch(new RegExp(`^${field}`));
    }
    const badId = await api.call('POST', '/api/communities/nope/discussions', author.headers, { title: 'Fine title' });
    expect(errorOf(badId).message).toMatch(/^communityId/);
  });
});

describe('reading discussions', () => {
  it('a public discussion is for anyone; a private one 404 to anonymous callers and strangers', async () => {
    expect((await api.call('GET', `/api/discussions/${publicDiscussion}`)).statusCode).toBe(200);
    for (const h of [undefined, stranger.headers]) {
      const res = await api.call('GET', `/api/discussions/${privateDiscussion}`, h);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('discussion_not_found');
    }
    for (const p of [member, author, admin]) expect((await api.call('GET', `/api/discussions/${privateDiscussion}`, p.headers)).statusCode).toBe(200);
    expect((await api.call('GET', `/api/discussions/${MISSING}`)).statusCode).toBe(404);
  });

  it('a community’s discussions: new and active sorts; a private community’s 404 to strangers', async () => {
    const res = await api.call('GET', `/api/communities/${publicId}/discussions?sort=new&page=1`);
    expect(res.statusCode).toBe(200);
    const page = DiscussionsPageSchema.parse(res.json().data);
    expect(page.results.map((d) => d.title)).toEqual(['Admin notice', 'Best first contact films?']);
    const active = DiscussionsPageSchema.parse((await api.call('GET', `/api/communities/${publicId}/discussions?sort=active`)).json().data);
    expect(active.results).toHaveLength(2);
    for (const h of [undefined, stranger.headers]) expect((await api.call('GET', `/api/communities/${privateId}/discussions`, h)).statusCode).toBe(404);
    expect((await api.call('GET', `/api/communities/${privateId}/discussions`, member.headers)).json().data.results).toHaveLength(1);
    const bad = await api.call('GET', `/api/communities/${publicId}/discussions?sort=hot`);
    expect(errorOf(bad).message).toMatch(/^sort/);
  });

  it('GET /api/discussions lists what the reader can see across communities', async () => {
    const anon = DiscussionsPageSchema.parse((await api.call('GET', '/api/discussions')).json().data);
    expect(anon.results.map((d) => d.discussionId)).not.toContain(privateDiscussion);
    const strangers = DiscussionsPageSchema.parse((await api.call('GET', '/api/discussions?page=1', stranger.headers)).json().data);
    expect(strangers.results.map((d) => d.discussionId)).not.toContain(privateDiscussion);
    const mine = DiscussionsPageSchema.parse((await api.call('GET', '/api/discussions', member.headers)).json().data);
    expect(mine.results.map((d) => d.discussionId)).toContain(privateDiscussion);
    const admins = DiscussionsPageSchema.parse((await api.call('GET', '/api/discussions?sort=active', admin.headers)).json().data);
    expect(admins.results.map((d) => d.discussionId)).toContain(privateDiscussion);
  });

  it('search finds only what the caller may see', async () => {
    const find = async (keyword: string, h?: Headers) => {
      const res = await api.call('POST', '/api/discussions/search', h, { keyword });
      expect(res.statusCode).toBe(200);
      return (res.json().data as { discussionId: string }[]).map((d) => d.discussionId);
    };
    expect(await find('blade runner', stranger.headers)).toEqual([]);
    expect(await find('blade runner')).toEqual([]);
    expect(await find('BLADE', member.headers)).toEqual([privateDiscussion]);
    expect(await find('arrival')).toEqual([publicDiscussion]);
    expect(await find('100%_')).toEqual([]);
    const bad = await api.call('POST', '/api/discussions/search', undefined, { keyword: '' });
    expect(errorOf(bad).message).toMatch(/^keyword/);
    const long = await api.call('POST', '/api/discussions/search', undefined, { keyword: 'x'.repeat(101) });
    expect(errorOf(long).message).toMatch(/^keyword/);
  });
});

describe('editing, deleting, locking', () => {
  it('only the author edits (403 to the admin and others, 401 anonymous, 404 to strangers of a private one)', async () => {
    const url = `/api/discussions/${publicDiscussion}`;
    expect((await api.call('PUT', url, undefined, { title: 'New title' })).statusCode).toBe(401);
    for (const p of [stranger, member, admin]) expect((await api.call('PUT', url, p.headers, { title: 'New title' })).statusCode).toBe(403);
    expect((await api.call('PUT', `/api/discussions/${privateDiscussion}`, stranger.headers, { title: 'New title' })).statusCode).toBe(404);
    const bad = await api.call('PUT', url, author.headers, { title: 'x' });
    expect(errorOf(bad).message).toMatch(/^title/);
    const ok = await api.call('PUT', url, author.headers, { title: 'Best first contact films, ranked?' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.title).toBe('Best first contact films, ranked?');
    expect(ok.json().data.editedAt).not.toBeNull();
  });

  it('lock and unlock: admin only', async () => {
    const url = `/api/communities/${publicId}/discussions/${publicDiscussion}/lock`;
    expect((await api.call('POST', url)).statusCode).toBe(401);
    for (const p of [stranger, member, author]) expect((await api.call('POST', url, p.headers)).statusCode).toBe(403);
    expect((await api.call('POST', `/api/communities/${privateId}/discussions/${privateDiscussion}/lock`, stranger.headers)).statusCode).toBe(404);
    expect((await api.call('POST', `/api/communities/${privateId}/discussions/${publicDiscussion}/lock`, admin.headers)).statusCode).toBe(404);
    expect((await api.call('POST', url, admin.headers)).json().data).toEqual({ discussionId: publicDiscussion, locked: true });
    expect((await api.call('GET', `/api/discussions/${publicDiscussion}`)).json().data.locked).toBe(true);
    expect((await api.call('DELETE', url, admin.headers)).json().data).toEqual({ discussionId: publicDiscussion, locked: false });
  });

  it('the author or the admin deletes; others 403; strangers 404 for a private one', async () => {
    const id = await api.discussionOk(publicId, { title: 'Delete me' }, author.headers);
    expect((await api.call('DELETE', `/api/discussions/${id}`)).statusCode).toBe(401);
    expect((await api.call('DELETE', `/api/discussions/${id}`, member.headers)).statusCode).toBe(403);
    expect((await api.call('DELETE', `/api/discussions/${id}`, admin.headers)).statusCode).toBe(200);
    expect((await api.call('GET', `/api/discussions/${id}`)).statusCode).toBe(404);
    expect((await api.call('DELETE', `/api/discussions/${privateDiscussion}`, stranger.headers)).statusCode).toBe(404);
    const id2 = await api.discussionOk(publicId, { title: 'Delete me too' }, author.headers);
    expect((await api.call('DELETE', `/api/discussions/${id2}`, author.headers)).statusCode).toBe(200);
    expect((await api.call('GET', `/api/communities/${publicId}`)).json().data.discussionCount).toBe(2);
  });
});

describe('likes of discussions', () => {
  it('are idempotent and counted; 401 anonymous; 404 for a stranger on a private one', async () => {
    const url = `/api/discussions/${publicDiscussion}/likes`;
    expect((await api.call('POST', url)).statusCode).toBe(401);
    const first = await api.call('POST', url, stranger.headers);
    expect(first.json().data).toEqual({ discussionId: publicDiscussion, likedByMe: true, likeCount: 1, changed: true });
    expect((await api.call('POST', url, stranger.headers)).json().data).toMatchObject({ likeCount: 1, changed: false });
    expect((await api.call('GET', `/api/discussions/${publicDiscussion}`, stranger.headers)).json().data.likedByMe).toBe(true);
    expect((await api.call('DELETE', url, stranger.headers)).json().data).toMatchObject({ likedByMe: false, likeCount: 0, changed: true });
    expect((await api.call('DELETE', url, stranger.headers)).json().data).toMatchObject({ likeCount: 0, changed: false });
    for (const method of ['POST', 'DELETE'] as const)
      expect((await api.call(method, `/api/discussions/${privateDiscussion}/likes`, stranger.headers)).statusCode).toBe(404);
    expect((await api.call('POST', `/api/discussions/${privateDiscussion}/likes`, member.headers)).json().data.likeCount).toBe(1);
  });
});

describe('reports of discussions', () => {
  it('go to the community’s admin; once per person; 404 to strangers of a private one', async () => {
    const url = `/api/discussions/${publicDiscussion}/reports`;
    expect((await api.call('POST', url, undefined, { reason: 'Spam' })).statusCode).toBe(401);
    expect(errorOf(await api.call('POST', url, stranger.headers, { reason: '' })).message).toMatch(/^reason/);
    // Nobody reports their own content: the author is told so (403 `own_content`) and nothing is written.
    const own = await api.call('POST', url, author.headers, { reason: 'Mine' });
    expect([own.statusCode, errorOf(own).code]).toEqual([403, 'own_content']);
    expect((await api.call('POST', url, stranger.headers, { reason: 'Off topic' })).statusCode).toBe(201);
    expect(errorOf(await api.call('POST', url, stranger.headers, { reason: 'Again' })).code).toBe('already_reported');
    expect((await api.call('POST', `/api/discussions/${privateDiscussion}/reports`, stranger.headers, { reason: 'x' })).statusCode).toBe(404);
    const reports = (await api.call('GET', `/api/communities/${publicId}/reports`, admin.headers)).json().data;
    expect(reports.results).toHaveLength(1);
    expect(reports.results[0]).toMatchObject({ targetType: 'discussion', discussionId: publicDiscussion, reason: 'Off topic', reporter: { userId: stranger.user.id } });
    const dismissed = await api.call('DELETE', `/api/communities/${publicId}/reports/${reports.results[0].reportId}`, admin.headers);
    expect(dismissed.statusCode).toBe(200);
  });
});

describe('GET /api/home/top-discussions', () => {
  it('shows public discussions in the Trending discussion shape, never a private community’s', async () => {
    const res = await api.call('GET', '/api/home/top-discussions', stranger.headers);
    expect(res.statusCode).toBe(200);
    const list = (res.json().data as unknown[]).map((d) => TrendingDiscussionSchema.parse(d));
    expect(list.map((d) => d.discussionId)).toContain(publicDiscussion);
    expect(list.map((d) => d.discussionId)).not.toContain(privateDiscussion);
    const top = list.find((d) => d.discussionId === publicDiscussion);
    expect(top).toMatchObject({ communityName: 'Sci-Fi Circle', communityImage: null, discussionCreatorName: author.user.displayName, discussionCreatorImage: null, discussionCreatorId: author.user.id });
    expect(typeof top?.createAt._seconds).toBe('number');
    // The member's view is the same: the home page never shows a private community's discussions.
    const members = (await api.call('GET', '/api/home/top-discussions', member.headers)).json().data as { discussionId: string }[];
    expect(members.map((d) => d.discussionId)).not.toContain(privateDiscussion);
  });

  it('ranks by likes and comments, and follows a new like at once', async () => {
    const quiet = await api.discussionOk(publicId, { title: 'A quiet one' }, member.headers);
    const [first] = (await api.call('GET', '/api/home/top-discussions')).json().data;
    expect(first.discussionId).toBe(quiet);
    for (const p of [stranger, member, admin]) await api.call('POST', `/api/discussions/${publicDiscussion}/likes`, p.headers);
    const [after] = (await api.call('GET', '/api/home/top-discussions')).json().data;
    expect(after).toMatchObject({ discussionId: publicDiscussion, likeCount: 3 });
  });

  it('leaves a discussion out once its community becomes private', async () => {
    const before = (await api.call('GET', '/api/home/top-discussions')).json().data as { discussionId: string }[];
    expect(before.map((d) => d.discussionId)).toContain(publicDiscussion);
    await api.call('PUT', `/api/communities/${publicId}`, admin.headers, { isPublic: false });
    const after = (await api.call('GET', '/api/home/top-discussions')).json().data as { discussionId: string }[];
    expect(after.map((d) => d.discussionId)).not.toContain(publicDiscussion);
    expect((await api.call('GET', `/api/discussions/${publicDiscussion}`, stranger.headers)).statusCode).toBe(404);
    expect((await api.call('POST', '/api/discussions/search', stranger.headers, { keyword: 'contact' })).json().data).toEqual([]);
    await api.call('PUT', `/api/communities/${publicId}`, admin.headers, { isPublic: true });
    expect((await api.call('GET', `/api/discussions/${publicDiscussion}`, stranger.headers)).statusCode).toBe(200);
  });
});

describe('GET /api/user/discussions and /api/user/liked-discussions', () => {
  it('a person’s discussions: only what the reader may see; 401 anonymous', async () => {
    expect((await api.call('GET', '/api/user/discussions')).statusCode).toBe(401);
    const own = (await api.call('GET', '/api/user/discussions', author.headers)).json().data as { discussionId: string }[];
    expect(own.map((d) => d.discussionId)).toEqual(expect.arrayContaining([publicDiscussion, privateDiscussion]));
    const seenByStranger = (await api.call('GET', `/api/user/discussions?userId=${author.user.id}`, stranger.headers)).json().data as { discussionId: string }[];
    expect(seenByStranger.map((d) => d.discussionId)).toContain(publicDiscussion);
    expect(seenByStranger.map((d) => d.discussionId)).not.toContain(privateDiscussion);
    const seenByMember = (await api.call('GET', `/api/user/discussions?userId=${author.user.id}&page=1`, member.headers)).json().data as { discussionId: string }[];
    expect(seenByMember.map((d) => d.discussionId)).toContain(privateDiscussion);
    const bad = await api.call('GET', '/api/user/discussions?userId=../x', author.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^userId/);
  });

  it('liked discussions: the reader’s, latest first; left out once they may no longer see one', async () => {
    expect((await api.call('GET', '/api/user/liked-discussions')).statusCode).toBe(401);
    const liked = (await api.call('GET', '/api/user/liked-discussions', member.headers)).json().data as { discussionId: string; likedByMe: boolean }[];
    expect(liked.map((d) => d.discussionId)).toEqual(expect.arrayContaining([publicDiscussion, privateDiscussion]));
    expect(liked.every((d) => d.likedByMe)).toBe(true);
    await api.leave(privateId, member.headers);
    const after = (await api.call('GET', '/api/user/liked-discussions', member.headers)).json().data as { discussionId: string }[];
    expect(after.map((d) => d.discussionId)).not.toContain(privateDiscussion);
    expect((await api.call('GET', `/api/discussions/${privateDiscussion}`, member.headers)).statusCode).toBe(404);
  });
});
