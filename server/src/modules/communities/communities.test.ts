import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommunitiesPageSchema,
  CommunitySchema,
  GENERAL_COMMUNITY_ID,
  JoinRequestsPageSchema,
  MembershipChangeSchema,
  MembersPageSchema,
  PENDING_MESSAGE,
} from '../../../../common/contracts/communities.ts';
import { insertFans } from '../../../test/fans.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { imageForm, makeImage } from '../uploads/uploads.test-fixtures.ts';
import { communitiesApi, errorOf, type Headers, MISSING } from './communities.test-fixtures.ts';

let ctx: TestContext;
let api: ReturnType<typeof communitiesApi>;
type Fan = { user: { id: string; displayName: string }; headers: Headers };
let admin: Fan;
let member: Fan;
let stranger: Fan;
let asker: Fan;
let publicId: string;
let privateId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  api = communitiesApi(ctx);
  [admin, member, stranger, asker] = await insertFans(ctx, 4, 'Person');
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/communities', () => {
  it('answers 401 to an anonymous caller', async () => {
    expect((await api.create({ name: 'Noir Lovers', description: '', isPublic: true })).statusCode).toBe(401);
  });

  it('creates a community whose admin is the creator, in the Community shape of spec 3', async () => {
    const form = imageForm(await makeImage('png', 300, 200), { purpose: 'community' });
    const up = await ctx.app.inject({ method: 'POST', url: '/api/uploads/images', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
    const image: string = up.json().data.url;
    const res = await api.create(
      { name: '  Noir Lovers ', description: 'Shadows, fedoras and rain.', isPublic: true, communityImage: image },
      admin.headers,
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const c = CommunitySchema.parse(res.json().data);
    publicId = c.communityId;
    expect(c).toMatchObject({
      name: 'Noir Lovers',
      isPublic: true,
      communityImage: image,
      members: [],
      description: 'Shadows, fedoras and rain.',
      userId: admin.user.id,
      joinRequests: [],
      memberCount: 0,
      membership: 'admin',
      isGeneral: false,
    });
    privateId = await api.createOk({ name: 'Secret Screenings', description: 'Invite only.', isPublic: false }, admin.headers);
  });

  it('refuses a name taken ignoring case: 409 name_taken', async () => {
    const res = await api.create({ name: 'NOIR lovers', description: '', isPublic: true }, stranger.headers);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('name_taken');
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'ab', description: '', isPublic: true }, 'name'],
      [{ name: 'x'.repeat(61), description: '', isPublic: true }, 'name'],
      [{ name: 'Fine Name', description: 'x'.repeat(2001), isPublic: true }, 'description'],
      [{ name: 'Fine Name', description: '', isPublic: 'yes' }, 'isPublic'],
      [{ name: 'Fine Name', description: '' }, 'isPublic'],
      [{ name: 'Fine Name', description: '', isPublic: true, communityImage: 'javascript:alert(1)' }, 'communityImage'],
      [{ name: 'Fine Name', description: '', isPublic: true, communityImage: 'http://insecure.example.com/a.png' }, 'communityImage'],
      // A picture elsewhere on the web: every viewer's browser would call that host.
      [{ name: 'Fine Name', description: '', isPublic: true, communityImage: 'https://img.example.com/noir.webp' }, 'communityImage'],
      [{ name: 42, description: '', isPublic: true }, 'name'],
      [[1, 2], ''],
    ];
    for (const [body, field] of cases) {
      const res = await api.create(body, stranger.headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message.startsWith(field), `${errorOf(res).message} names ${field}`).toBe(true);
    }
  });
});

describe('community images', () => {
  it('takes an image the creator uploaded here, and refuses one never stored or stored by someone else', async () => {
    const form = imageForm(await makeImage('png', 300, 200), { purpose: 'community' });
    const up = await ctx.app.inject({ method: 'POST', url: '/api/uploads/images', headers: { ...stranger.headers, ...form.headers }, payload: form.payload });
    expect(up.statusCode).toBe(201);
    const url: string = up.json().data.url;
    expect(url).toMatch(/^\/media\/images\//);
    const others = await api.create({ name: 'Borrowed Image', description: '', isPublic: true, communityImage: url }, member.headers);
    expect(others.statusCode).toBe(400);
    expect(errorOf(others).message).toMatch(/^communityImage/);
    const forged = await api.create({ name: 'Forged Image', description: '', isPublic: true, communityImage: '/media/images/0123456789abcdef.webp' }, stranger.headers);
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged).message).toMatch(/^communityImage/);
    const own = await api.create({ name: 'Own Image', description: '', isPublic: true, communityImage: url }, stranger.headers);
    expect(own.statusCode).toBe(201);
    expect(own.json().data.communityImage).toBe(url);
    // Editing other fields while sending the same image back keeps it.
    const id = own.json().data.communityId;
    expect((await api.call('PUT', `/api/communities/${id}`, stranger.headers, { description: 'Still mine', communityImage: url })).statusCode).toBe(200);
    await api.call('DELETE', `/api/communities/${id}`, stranger.headers);
  });
});

describe('GET /api/communities/generalCommunity and /api/communities/{id}', () => {
  it('the general community exists from the first start, with no admin', async () => {
    const res = await api.call('GET', '/api/communities/generalCommunity');
    expect(res.statusCode).toBe(200);
    const c = CommunitySchema.parse(res.json().data);
    expect(c).toMatchObject({ communityId: GENERAL_COMMUNITY_ID, name: 'General', isPublic: true, userId: null, isGeneral: true });
  });

  it('shows a community to anyone, private ones too; 404 community_not_found for none; 400 for a bad id', async () => {
    for (const h of [undefined, stranger.headers]) {
      const res = await api.call('GET', `/api/communities/${privateId}`, h);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ name: 'Secret Screenings', isPublic: false, membership: 'none', members: [], joinRequests: [] });
    }
    const missing = await api.call('GET', `/api/communities/${MISSING}`);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('community_not_found');
    const bad = await api.call('GET', '/api/communities/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toMatch(/^communityId/);
  });
});

describe('membership (spec 4)', () => {
  it('joining needs a session (401) and the caller’s own id (403)', async () => {
    expect((await api.join(publicId, member.user.id)).statusCode).toBe(401);
    const res = await api.join(publicId, stranger.user.id, member.headers);
    expect(res.statusCode).toBe(403);
    const bad = await api.call('POST', `/api/communities/join-community/${publicId}`, member.headers, {});
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toMatch(/^userId/);
  });

  it('a public community makes a member at once; joining again changes nothing', async () => {
    const res = await api.join(publicId, member.user.id, member.headers);
    expect(res.statusCode).toBe(200);
    const change = MembershipChangeSchema.parse(res.json().data);
    expect(change).toMatchObject({ membership: 'member', memberCount: 1 });
    expect(change.message).toBe('You joined Noir Lovers!');
    const again = MembershipChangeSchema.parse((await api.join(publicId, member.user.id, member.headers)).json().data);
    expect(again).toMatchObject({ membership: 'member', memberCount: 1 });
    const seen = CommunitySchema.parse((await api.call('GET', `/api/communities/${publicId}`, member.headers)).json().data);
    expect(seen).toMatchObject({ membership: 'member', members: [member.user.id], memberCount: 1 });
  });

  it('a private community records a pending request; asking again answers the pending message', async () => {
    const res = await api.join(privateId, asker.user.id, asker.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ membership: 'pending', memberCount: 0 });
    const again = await api.join(privateId, asker.user.id, asker.headers);
    expect(again.json().data).toMatchObject({ membership: 'pending', message: PENDING_MESSAGE });
    const seen = CommunitySchema.parse((await api.call('GET', `/api/communities/${privateId}`, asker.headers)).json().data);
    expect(seen).toMatchObject({ membership: 'pending', joinRequests: [asker.user.id], members: [] });
  });

  it('the admin can neither join nor leave their community: 409 is_admin', async () => {
    expect(errorOf(await api.join(publicId, admin.user.id, admin.headers)).code).toBe('is_admin');
    expect(errorOf(await api.leave(publicId, admin.headers)).code).toBe('is_admin');
  });

  it('joining or leaving a community that does not exist is 404', async () => {
    expect((await api.join(MISSING, member.user.id, member.headers)).statusCode).toBe(404);
    expect((await api.leave(MISSING, member.headers)).statusCode).toBe(404);
  });
});

describe('admin tools', () => {
  it('join requests: the admin lists and approves; everyone else 403, anonymous 401', async () => {
    const url = `/api/communities/${privateId}/join-requests`;
    expect((await api.call('GET', url)).statusCode).toBe(401);
    for (const h of [stranger.headers, asker.headers]) expect((await api.call('GET', url, h)).statusCode).toBe(403);
    const list = JoinRequestsPageSchema.parse((await api.call('GET', url, admin.headers)).json().data);
    expect(list.results.map((r) => r.userId)).toEqual([asker.user.id]);
    expect((await api.call('POST', `${url}/${asker.user.id}/approve`, stranger.headers)).statusCode).toBe(403);
    const ok = await api.call('POST', `${url}/${asker.user.id}/approve`, admin.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ membership: 'member', memberCount: 1 });
    const again = await api.call('POST', `${url}/${asker.user.id}/approve`, admin.headers);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('join_request_not_found');
  });

  it('rejecting drops the request', async () => {
    await api.join(privateId, stranger.user.id, stranger.headers);
    const url = `/api/communities/${privateId}/join-requests/${stranger.user.id}/reject`;
    expect((await api.call('POST', url, member.headers)).statusCode).toBe(403);
    expect((await api.call('POST', url, admin.headers)).json().data).toMatchObject({ membership: 'none' });
    const seen = (await api.call('GET', `/api/communities/${privateId}`, stranger.headers)).json().data;
    expect(seen.membership).toBe('none');
  });

  it('members: anyone for a public community; only members of a private one', async () => {
    const pub = MembersPageSchema.parse((await api.call('GET', `/api/communities/${publicId}/members`)).json().data);
    expect(pub.results.map((m) => [m.userId, m.role])).toEqual([
      [admin.user.id, 'admin'],
      [member.user.id, 'member'],
    ]);
    expect((await api.call('GET', `/api/communities/${privateId}/members`, stranger.headers)).statusCode).toBe(403);
    expect((await api.call('GET', `/api/communities/${privateId}/members`)).statusCode).toBe(401);
    expect((await api.call('GET', `/api/communities/${privateId}/members`, asker.headers)).statusCode).toBe(200);
  });

  it('removing a member: admin only; the count follows', async () => {
    await api.join(publicId, stranger.user.id, stranger.headers);
    const url = `/api/communities/${publicId}/members/${stranger.user.id}`;
    expect((await api.call('DELETE', url)).statusCode).toBe(401);
    expect((await api.call('DELETE', url, member.headers)).statusCode).toBe(403);
    const res = await api.call('DELETE', url, admin.headers);
    expect(res.json().data).toMatchObject({ membership: 'none', memberCount: 1 });
    expect((await api.call('DELETE', url, admin.headers)).statusCode).toBe(404);
  });

  it('editing: admin only, names stay unique, bad input 400 naming the field', async () => {
    const url = `/api/communities/${publicId}`;
    expect((await api.call('PUT', url, undefined, { description: 'x' })).statusCode).toBe(401);
    expect((await api.call('PUT', url, member.headers, { description: 'x' })).statusCode).toBe(403);
    const taken = await api.call('PUT', url, admin.headers, { name: 'secret screenings' });
    expect(errorOf(taken).code).toBe('name_taken');
    const empty = await api.call('PUT', url, admin.headers, {});
    expect(empty.statusCode).toBe(400);
    const bad = await api.call('PUT', url, admin.headers, { description: 'x'.repeat(2001) });
    expect(errorOf(bad).message).toMatch(/^description/);
    const ok = await api.call('PUT', url, admin.headers, { description: 'Rain, always rain.', communityImage: null });
    expect(ok.json().data).toMatchObject({ description: 'Rain, always rain.', communityImage: null, name: 'Noir Lovers' });
  });

  it('handing the admin role to a member: the old admin stays as a member', async () => {
    const url = `/api/communities/${publicId}/admin`;
    expect((await api.call('POST', url, member.headers, { userId: member.user.id })).statusCode).toBe(403);
    expect((await api.call('POST', url, admin.headers, { userId: stranger.user.id })).statusCode).toBe(404);
    const res = await api.call('POST', url, admin.headers, { userId: member.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userId: member.user.id, membership: 'member', memberCount: 1 });
    // And back again.
    const back = await api.call('POST', url, member.headers, { userId: admin.user.id });
    expect(back.json().data).toMatchObject({ userId: admin.user.id, membership: 'member', memberCount: 1 });
  });

  it('deleting: admin only', async () => {
    const id = await api.createOk({ name: 'Short Lived', isPublic: true }, stranger.headers);
    expect((await api.call('DELETE', `/api/communities/${id}`)).statusCode).toBe(401);
    expect((await api.call('DELETE', `/api/communities/${id}`, admin.headers)).statusCode).toBe(403);
    expect((await api.call('DELETE', `/api/communities/${id}`, stranger.headers)).statusCode).toBe(200);
    expect((await api.call('GET', `/api/communities/${id}`)).statusCode).toBe(404);
    expect((await api.call('DELETE', `/api/communities/${GENERAL_COMMUNITY_ID}`, stranger.headers)).statusCode).toBe(403);
  });

  it('reports: admin only', async () => {
    const url = `/api/communities/${publicId}/reports`;
    expect((await api.call('GET', url)).statusCode).toBe(401);
    expect((await api.call('GET', url, member.headers)).statusCode).toBe(403);
    expect((await api.call('GET', url, admin.headers)).statusCode).toBe(200);
    expect((await api.call('DELETE', `${url}/${MISSING}`, admin.headers)).statusCode).toBe(404);
    expect((await api.call('DELETE', `${url}/${MISSING}`, member.headers)).statusCode).toBe(403);
  });

  it('leaving: a member leaves and the count drops; leaving twice changes nothing', async () => {
    const res = await api.leave(privateId, asker.headers);
    expect(res.json().data).toMatchObject({ membership: 'none', memberCount: 0 });
    expect((await api.leave(privateId, asker.headers)).json().data).toMatchObject({ membership: 'none', memberCount: 0 });
    expect((await api.leave(privateId)).statusCode).toBe(401);
  });
});

describe('GET /api/communities and the home sections', () => {
  it('discovers every community, most members first, and lists one’s own with mine=true', async () => {
    const all = CommunitiesPageSchema.parse((await api.call('GET', '/api/communities')).json().data);
    expect(all.results.map((c) => c.name)).toEqual(expect.arrayContaining(['Noir Lovers', 'Secret Screenings', 'General']));
    expect(all.results[0].name).toBe('Noir Lovers');
    const mine = CommunitiesPageSchema.parse((await api.call('GET', '/api/communities?mine=true', member.headers)).json().data);
    expect(mine.results.map((c) => [c.name, c.membership])).toEqual([['Noir Lovers', 'member']]);
    const adminMine = CommunitiesPageSchema.parse((await api.call('GET', '/api/communities?mine=true&page=1', admin.headers)).json().data);
    expect(adminMine.results.map((c) => c.name)).toEqual(['Noir Lovers', 'Secret Screenings']);
    expect((await api.call('GET', '/api/communities?mine=true')).statusCode).toBe(401);
    const badMine = await api.call('GET', '/api/communities?mine=maybe');
    expect(errorOf(badMine).message).toMatch(/^mine/);
    const badPage = await api.call('GET', '/api/communities?page=0');
    expect(errorOf(badPage).message).toMatch(/^page/);
  });

  it('trending and popular communities carry the reader’s standing', async () => {
    for (const path of ['/api/home/trending-communities', '/api/home/popular-communities']) {
      const res = await api.call('GET', path, member.headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const list = res.json().data.map((c: unknown) => CommunitySchema.parse(c));
      expect(list.find((c: { name: string }) => c.name === 'Noir Lovers')).toMatchObject({ membership: 'member', members: [member.user.id] });
      const anon = (await api.call('GET', path)).json().data;
      expect(anon.every((c: { membership: string }) => c.membership === 'none')).toBe(true);
    }
  });

  it('the shared ranking is dropped when someone joins', async () => {
    const before = (await api.call('GET', '/api/home/popular-communities')).json().data;
    const noir = before.find((c: { name: string }) => c.name === 'Noir Lovers');
    await api.join(publicId, asker.user.id, asker.headers);
    const after = (await api.call('GET', '/api/home/popular-communities')).json().data;
    expect(after.find((c: { name: string }) => c.name === 'Noir Lovers').memberCount).toBe(noir.memberCount + 1);
  });
});

describe('the API reference', () => {
  it('documents every route of communities, discussions and comments', async () => {
    const doc = (await api.call('GET', '/api/docs/openapi.json')).json();
    const expected: [string, string][] = [
      ['/api/communities', 'post'],
      ['/api/communities', 'get'],
      ['/api/communities/generalCommunity', 'get'],
      ['/api/communities/{communityId}', 'get'],
      ['/api/communities/{communityId}', 'put'],
      ['/api/communities/{communityId}', 'delete'],
      ['/api/communities/join-community/{communityId}', 'post'],
      ['/api/communities/join-community/{communityId}', 'delete'],
      ['/api/communities/{communityId}/members', 'get'],
      ['/api/communities/{communityId}/members/{userId}', 'delete'],
      ['/api/communities/{communityId}/join-requests', 'get'],
      ['/api/communities/{communityId}/join-requests/{userId}/approve', 'post'],
      ['/api/communities/{communityId}/join-requests/{userId}/reject', 'post'],
      ['/api/communities/{communityId}/admin', 'post'],
      ['/api/communities/{communityId}/reports', 'get'],
      ['/api/communities/{communityId}/reports/{reportId}', 'delete'],
      ['/api/communities/{communityId}/discussions', 'post'],
      ['/api/communities/{communityId}/discussions', 'get'],
      ['/api/communities/{communityId}/discussions/{discussionId}/lock', 'post'],
      ['/api/communities/{communityId}/discussions/{discussionId}/lock', 'delete'],
      ['/api/communities/{communityId}/discussions/{discussionId}/comments', 'post'],
      ['/api/communities/{communityId}/discussions/{discussionId}/comments', 'get'],
      ['/api/communities/{communityId}/discussions/{discussionId}/comments/{commentId}', 'put'],
      ['/api/communities/{communityId}/discussions/{discussionId}/comments/{commentId}', 'delete'],
      ['/api/communities/{communityId}/discussions/{discussionId}/comments/{commentId}/replies', 'get'],
      ['/api/communities/{communityId}/discussions/{discussionId}/comments/{commentId}/likes', 'post'],
      ['/api/communities/{communityId}/discussions/{discussionId}/comments/{commentId}/likes', 'delete'],
      ['/api/communities/{communityId}/discussions/{discussionId}/comments/{commentId}/reports', 'post'],
      ['/api/discussions', 'get'],
      ['/api/discussions/search', 'post'],
      ['/api/discussions/{discussionId}', 'get'],
      ['/api/discussions/{discussionId}', 'put'],
      ['/api/discussions/{discussionId}', 'delete'],
      ['/api/discussions/{discussionId}/likes', 'post'],
      ['/api/discussions/{discussionId}/likes', 'delete'],
      ['/api/discussions/{discussionId}/reports', 'post'],
      ['/api/user/discussions', 'get'],
      ['/api/user/liked-discussions', 'get'],
      ['/api/home/top-discussions', 'get'],
      ['/api/home/trending-communities', 'get'],
      ['/api/home/popular-communities', 'get'],
    ];
    for (const [path, method] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.description.length, `${method} ${path}`).toBeGreaterThan(20);
    }
    expect(doc.paths['/api/communities/join-community/{communityId}'].post.description).toMatch(/pending for approval/);
  });
});
