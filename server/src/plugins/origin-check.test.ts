import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext, uniqueEmail } from '../../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ SIGNIN_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await ctx?.close();
});

const signedIn = async (cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: { cookie: `idToken=${cookie}` } })).statusCode === 200;

describe('writes carrying the session cookie', () => {
  it('refuses a logout sent from another site, and the session lives on', async () => {
    const s = await signIn(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `idToken=${s.cookie}`, origin: 'http://evil.example', 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'forbidden_origin', message: 'This request did not come from a Reelhouse page.' } });
    expect(res.cookies.find((c) => c.name === 'idToken')).toBeUndefined();
    expect(await signedIn(s.cookie)).toBe(true);
  });

  it('refuses a foreign Sec-Fetch-Site, a null Origin, and a cookie with neither header', async () => {
    const s = await signIn(ctx);
    const cases: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
      { origin: 'http://localhost:3000.evil.example' },
      {},
    ];
    for (const headers of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/setProfile',
        headers: { cookie: `idToken=${s.cookie}`, ...headers },
        payload: { displayName: 'Forged' },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error.code).toBe('forbidden_origin');
    }
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: s.headers });
    expect(me.json().data.displayName).not.toBe('Forged');
  });

  it('lets the app own pages write: by APP_URL, by the address the page was served from, or by Sec-Fetch-Site', async () => {
    const s = await signIn(ctx);
    const cookie = `idToken=${s.cookie}`;
    const own = [
      { origin: 'http://localhost:3000' },
      // The web dev server, which forwards /api with its own Host.
      { origin: 'http://localhost:5173', host: 'localhost:5173' },
      { 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of own) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/user/setProfile', headers: { cookie, ...headers }, payload: { displayName: 'Own Page' } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('does not check writes authenticated by a bearer token or carrying no cookie', async () => {
    const s = await signIn(ctx);
    const bearer = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/setProfile',
      headers: { authorization: `Bearer ${decodeURIComponent(s.cookie)}`, cookie: `idToken=${s.cookie}` },
      payload: { displayName: 'Script' },
    });
    expect(bearer.statusCode).toBe(200);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/email-link',
      headers: { origin: 'http://evil.example' },
      payload: { email: uniqueEmail() },
    });
    expect(anonymous.statusCode).toBe(200);
    // Reads are not writes.
    const read = await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: { cookie: `idToken=${s.cookie}`, origin: 'http://evil.example' } });
    expect(read.statusCode).toBe(200);
  });

  it('ends the session on a logout from the app itself', async () => {
    const s = await signIn(ctx);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: s.headers });
    expect(res.statusCode).toBe(200);
    expect(await signedIn(s.cookie)).toBe(false);
  });
});
