import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../../../test/fans.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { communitiesApi, type Headers, type Method } from './communities.test-fixtures.ts';

/** No input, however odd, makes any route of communities, discussions or comments answer a 5xx. */
let ctx: TestContext;
let api: ReturnType<typeof communitiesApi>;
let routes: [Method, string][];
let admin: { headers: Headers };
let stranger: { headers: Headers };

const ODD_BODIES: unknown[] = [
  {},
  [],
  [1, 2],
  { name: null, description: null, isPublic: null, title: null, body: null, text: null, keyword: null, reason: null, userId: null },
  { name: {}, description: [], isPublic: 'true', title: Number.MAX_VALUE, body: { a: 1 }, text: ['x'], keyword: 7, reason: false, userId: '../../etc' },
  { title: 'x'.repeat(5000), text: 'x'.repeat(11_000), keyword: '%'.repeat(100), reason: '\u0000', parentId: '00000000-0000-4000-8000-000000000000' },
  { name: '\u202e\u202e\u202e', description: '\ud800', isPublic: true, communityImage: 'https://' },
  { userId: 'x'.repeat(65), spoiler: 'false', title: '   ', text: '\n\n\n' },
];
const ODD_IDS = ['00000000-0000-4000-8000-000000000000', 'x', '%2e%2e', '..', 'A'.repeat(36), "'; drop table comments; --"];

beforeAll(async () => {
  ctx = await createTestApp();
  api = communitiesApi(ctx);
  [admin, stranger] = await insertFans(ctx, 2, 'Odd');
  const c = await api.createOk({ name: 'Odd Inputs', isPublic: false }, admin.headers);
  const d = await api.discussionOk(c, { title: 'Odd discussion' }, admin.headers);
  const k = await api.commentOk(c, d, { text: 'Odd comment' }, admin.headers);
  const u = '00000000-0000-4000-8000-000000000000';
  routes = [
    ['POST', '/api/communities'],
    ['GET', '/api/communities?mine=true&page=2'],
    ['GET', '/api/communities/generalCommunity'],
    ['GET', `/api/communities/${c}`],
    ['PUT', `/api/communities/${c}`],
    ['POST', `/api/communities/join-community/${c}`],
    ['DELETE', `/api/communities/join-community/${c}`],
    ['GET', `/api/communities/${c}/members?page=1`],
    ['DELETE', `/api/communities/${c}/members/${u}`],
    ['GET', `/api/communities/${c}/join-requests`],
    ['POST', `/api/communities/${c}/join-requests/${u}/approve`],
    ['POST', `/api/communities/${c}/join-requests/${u}/reject`],
    ['POST', `/api/communities/${c}/admin`],
    ['GET', `/api/communities/${c}/reports`],
    ['DELETE', `/api/communities/${c}/reports/${u}`],
    ['POST', `/api/communities/${c}/discussions`],
    ['GET', `/api/communities/${c}/discussions?sort=active&page=3`],
    ['GET', '/api/discussions?page=2'],
    ['POST', '/api/discussions/search'],
    ['GET', `/api/discussions/${d}`],
    ['PUT', `/api/discussions/${d}`],
    ['POST', `/api/discussions/${d}/likes`],
    ['DELETE', `/api/discussions/${d}/likes`],
    ['POST', `/api/discussions/${d}/reports`],
    ['POST', `/api/communities/${c}/discussions/${d}/lock`],
    ['POST', `/api/communities/${c}/discussions/${d}/comments`],
    ['GET', `/api/communities/${c}/discussions/${d}/comments?page=2`],
    ['GET', `/api/communities/${c}/discussions/${d}/comments/${k}/replies?page=1`],
    ['PUT', `/api/communities/${c}/discussions/${d}/comments/${k}`],
    ['POST', `/api/communities/${c}/discussions/${d}/comments/${k}/likes`],
    ['DELETE', `/api/communities/${c}/discussions/${d}/comments/${k}/likes`],
    ['POST', `/api/communities/${c}/discussions/${d}/comments/${k}/reports`],
    ['GET', '/api/user/discussions?userId=someone&page=2'],
    ['GET', '/api/user/liked-discussions?page=2'],
    ['GET', '/api/home/top-discussions'],
    ['GET', '/api/home/trending-communities'],
    ['GET', '/api/home/popular-communities'],
  ];
});
afterAll(async () => {
  await ctx?.close();
});

describe('odd input', () => {
  it('never answers a 5xx, and every error is { error: { code, message } }', async () => {
    for (const [method, url] of routes) {
      for (const headers of [undefined, admin.headers, stranger.headers]) {
        for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : ODD_BODIES) {
          const res = await api.call(method, url, headers, body);
          expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)?.slice(0, 60)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.json().error.code, `${method} ${url}`).toEqual(expect.any(String));
        }
      }
      // The same path with odd ids in place of each uuid, and odd query values.
      for (const odd of ODD_IDS) {
        const bent = url.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, encodeURIComponent(odd)).replace(/=\w+/g, `=${encodeURIComponent(odd)}`);
        const res = await api.call(method, bent, admin.headers, method === 'GET' || method === 'DELETE' ? undefined : {});
        expect(res.statusCode, `${method} ${bent}`).toBeLessThan(500);
      }
    }
  });

  it('text bodies of other types are refused without a 5xx', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/discussions/search', headers: { ...admin.headers, 'content-type': 'application/json' }, payload: '{"keyword":' });
    expect(res.statusCode).toBe(400);
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/communities',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Big', description: 'x'.repeat(200_000), isPublic: true }),
    });
    expect(big.statusCode).toBe(413);
  });
});
