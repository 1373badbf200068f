import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../test/helpers.ts';
import { signInLinkOf } from '../test/smtp.ts';

/**
 * What a browser relies on, end to end: the session cookie's attributes (HttpOnly, SameSite=Lax, Secure on an https
 * address such as production's), the Origin check of writes carrying that cookie, and the security headers and
 * Content-Security-Policy of the web app's pages and of the API. plugins/origin-check.test.ts covers the Origin
 * check's every case on sign-out; app.test.ts the headers of a deep page.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ SIGNIN_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await ctx?.close();
});

async function sessionCookieOf(app: TestContext): Promise<string> {
  const email = `cookie.${Math.random().toString(36).slice(2, 8)}@example.com`;
  await app.app.inject({ method: 'POST', url: '/api/auth/email-link', payload: { email } });
  const mail = await app.smtp.mailFor(email);
  const link = new URL(signInLinkOf(mail.raw));
  const verify = await app.app.inject({ method: 'GET', url: link.pathname + link.search });
  const header = ([] as string[]).concat(verify.headers['set-cookie'] ?? []).find((c) => c.startsWith('idToken='));
  expect(header, `sign-in answered ${verify.statusCode}`).toBeDefined();
  return header as string;
}

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, for the whole site, and not Secure on an http:// address', async () => {
    const cookie = await sessionCookieOf(ctx);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('is Secure in production (APP_URL https://)', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      APP_URL: 'https://reelhouse.example',
      AUTH_SECRET: 'a-production-secret-of-enough-length-0123456789',
      PAYMENTS_PROVIDER: 'sandbox',
      SIGNIN_RATE_LIMIT: '1000',
    });
    try {
      const cookie = await sessionCookieOf(prod);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    } finally {
      await prod.close();
    }
  });
});

describe('the Origin check of writes carrying the cookie', () => {
  it('refuses a cross-site write with the cookie (403), takes one from the app, and one with a bearer token and no Origin', async () => {
    const s = await signIn(ctx);
    const write = (headers: Record<string, string>, displayName: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/user/setProfile', headers, payload: { displayName } });
    const cross = await write({ cookie: `idToken=${s.cookie}`, origin: 'https://evil.example' }, 'Evil Name');
    expect(cross.statusCode).toBe(403);
    expect(cross.json().error.code).toBe('forbidden_origin');
    const crossSite = await write({ cookie: `idToken=${s.cookie}`, 'sec-fetch-site': 'cross-site' }, 'Evil Name');
    expect(crossSite.statusCode).toBe(403);
    expect((await write({ cookie: `idToken=${s.cookie}`, origin: ctx.config.appUrl }, 'Same Origin')).statusCode).toBe(200);
    expect((await write({ authorization: `Bearer ${decodeURIComponent(s.cookie)}` }, 'Bearer Fan')).statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: { cookie: `idToken=${s.cookie}` } });
    expect(me.json().data.displayName).toBe('Bearer Fan');
  });
});

describe('security headers', () => {
  const BROWSER = ['x-content-type-options', 'referrer-policy', 'strict-transport-security', 'cross-origin-opener-policy', 'x-frame-options'];

  it('the web app (/) has the strict policy: scripts from itself only, no plugins, no framing, forms to itself', async () => {
    const res = await ctx.app.inject('/');
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'", "connect-src 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    // A picture chosen on the device previews from a blob: URL before it is uploaded; blob: scripts stay out.
    expect(csp).toMatch(/img-src [^;]*blob:/);
    expect(csp).not.toMatch(/(default|script)-src[^;]*blob:/);
    for (const name of BROWSER) expect(res.headers[name], name).toBeDefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('an API answer may not be rendered, framed or sniffed', async () => {
    for (const url of ['/api/home/carousel', '/api/user/me', '/api/no-such-route']) {
      const res = await ctx.app.inject(url);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});
