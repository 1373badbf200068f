import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext, uniqueEmail } from '../../../test/helpers.ts';
import { signInLinkOf } from '../../../test/smtp.ts';
import { createMailer, signInMail } from './mailer.ts';

let ctx: TestContext;
type ctxWithLog = TestContext & { lines: Array<{ level: number; msg: string; req?: { url: string } }> };
beforeAll(async () => {
  ctx = await createTestApp({ SIGNIN_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await ctx?.close();
});

async function requestLink(email: string, next?: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/email-link', payload: next === undefined ? { email } : { email, next } });
  expect(res.statusCode).toBe(200);
  const mail = await ctx.smtp.mailFor(email.toLowerCase());
  const url = new URL(signInLinkOf(mail.raw));
  return { res, url, path: url.pathname + url.search, mail };
}

describe('e-mail link sign-in', () => {
  it('sends a link by SMTP and answers the same for unknown and known addresses', async () => {
    const email = uniqueEmail();
    const first = await requestLink(email);
    await ctx.app.inject({ method: 'GET', url: first.path });
    const second = await requestLink(email);
    expect(first.res.json()).toEqual(second.res.json());
    expect(first.res.json().data.sent).toBe(true);
    expect(second.mail.raw).toContain('Subject: Your Reelhouse sign-in link');
    expect(second.url.origin).toBe('http://localhost:3000');
  });

  it('signs a new person up, sets the idToken cookie and continues into onboarding', async () => {
    const email = uniqueEmail('New.Person');
    const { path } = await requestLink(email);
    const res = await ctx.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://localhost:3000/onboarding');
    const cookie = res.cookies.find((c) => c.name === 'idToken');
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite?.toLowerCase()).toBe('lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.secure).toBeFalsy();
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { idToken: cookie?.value ?? "" } });
    expect(session.json().data.user).toMatchObject({ email: email.toLowerCase(), onboarded: false, photoURL: null });
  });

  it('sends a returning person to /home', async () => {
    const email = uniqueEmail();
    await signIn(ctx, email);
    const { path } = await requestLink(email);
    const res = await ctx.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://localhost:3000/home');
  });

  it('accepts a link only once', async () => {
    const { path } = await requestLink(uniqueEmail());
    const ok = await ctx.app.inject({ method: 'GET', url: path });
    expect(ok.cookies.some((c) => c.name === 'idToken' && c.value)).toBe(true);
    const again = await ctx.app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toMatch(/^http:\/\/localhost:3000\/login\?error=/);
    expect(again.cookies.some((c) => c.name === 'idToken' && c.value)).toBe(false);
  });

  it('lets a link expire after 15 minutes', async () => {
    const email = uniqueEmail();
    const { path } = await requestLink(email);
    const rows = await ctx.database.db.selectFrom('verifications' as never).selectAll().execute();
    const latest = (rows as Array<{ id: string; expiresAt: string | Date; createdAt: string | Date }>).sort(
      (a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime(),
    )[0];
    const ttl = new Date(latest.expiresAt).getTime() - new Date(latest.createdAt).getTime();
    expect(Math.round(ttl / 1000)).toBe(15 * 60);
    await ctx.database.db
      .updateTable('verifications' as never)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() } as never)
      .where('id' as never, '=', latest.id as never)
      .execute();
    const res = await ctx.app.inject({ method: 'GET', url: path });
    expect(res.headers.location).toMatch(/\/login\?error=/);
  });

  it('rejects an invalid e-mail with a message naming the field', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/email-link', payload: { email: 'not-an-address' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_error', message: 'email: Enter a valid e-mail address.' } });
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/auth/email-link', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/^email: /);
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/email-link',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.code).toBe('invalid_json');
  });

  it('rejects a forged or unknown token without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/magic-link/verify?token=forged&callbackURL=%2Fhome' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/error=/);
    const long = await ctx.app.inject({ method: 'GET', url: `/api/auth/magic-link/verify?token=${'a'.repeat(201)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: { code: 'validation_error', message: 'token: is not a sign-in token' } });
  });
});

describe('a shared link opened signed out', () => {
  it('leads a returning person back to it after the e-mail link', async () => {
    const email = uniqueEmail();
    await signIn(ctx, email);
    const { url, path } = await requestLink(email, '/lists/abc123/view');
    expect(url.searchParams.get('callbackURL')).toBe('/lists/abc123/view');
    const res = await ctx.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://localhost:3000/lists/abc123/view');
  });

  it('leads a new person into onboarding carrying the way back, query and all', async () => {
    const next = '/community/c1/discussions/d1?page=2';
    const { url, path } = await requestLink(uniqueEmail(), next);
    expect(url.searchParams.get('newUserCallbackURL')).toBe(`/onboarding?next=${encodeURIComponent(next)}`);
    const res = await ctx.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`http://localhost:3000/onboarding?next=${encodeURIComponent(next)}`);
  });

  it('refuses a way back that leads off the site, naming the field', async () => {
    for (const next of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', 'lists/1/view', '/login']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/email-link', payload: { email: uniqueEmail(), next } });
      expect(res.statusCode, next).toBe(400);
      expect(res.json(), next).toEqual({ error: { code: 'validation_error', message: 'next: must be a path on this site, such as /lists/{listId}/view' } });
    }
    const notText = await ctx.app.inject({ method: 'POST', url: '/api/auth/email-link', payload: { email: uniqueEmail(), next: 42 } });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().error.message).toMatch(/^next: /);
  });
});

describe('sign-in links without a mail server', () => {
  it('are written to the log with the link alone on its own line', async () => {
    const lines: Array<{ msg: string; mail?: { to: string; text?: string } }> = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const mailer = createMailer({ from: 'Reelhouse <no-reply@reelhouse.local>', log });
    const link = 'http://localhost:3000/api/auth/magic-link/verify?token=abc&callbackURL=%2Fhome%2Fmovie%2Ftt0111161';
    await mailer.send({ to: 'ada@example.com', ...signInMail(link) });
    expect(lines).toHaveLength(1);
    const msgLines = lines[0].msg.split('\n');
    expect(msgLines[0]).toBe('Sign-in link for ada@example.com (no SMTP_URL set, so it is not mailed); open it in a browser:');
    expect(msgLines.filter((l) => l.includes('magic-link'))).toEqual([link]);
    // The mail's text (which holds the link among other words) is not repeated.
    expect(lines[0].mail).toEqual({ to: 'ada@example.com', subject: 'Your Reelhouse sign-in link' });
  });
});

describe('sign-in links edited or cut short', () => {
  let logged: ctxWithLog;
  beforeAll(async () => {
    const lines: Array<{ level: number; msg: string; req?: { url: string }; [k: string]: unknown }> = [];
    // Request logging is on outside NODE_ENV=test.
    const app = await createTestApp(
      { NODE_ENV: 'development', SIGNIN_RATE_LIMIT: '1000' },
      { logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } } },
    );
    logged = { ...app, lines };
  });
  afterAll(async () => {
    await logged?.close();
  });

  async function link(email = uniqueEmail()) {
    const res = await logged.app.inject({ method: 'POST', url: '/api/auth/email-link', payload: { email } });
    expect(res.statusCode).toBe(200);
    return new URL(signInLinkOf((await logged.smtp.mailFor(email.toLowerCase())).raw));
  }
  const open = (url: URL) => logged.app.inject({ method: 'GET', url: url.pathname + url.search });
  const sessionCookie = (res: Awaited<ReturnType<typeof open>>) => res.cookies.find((c) => c.name === 'idToken' && c.value);

  it('lands on /login?error= when callbackURL leads off the site, without signing in, and logs it at warn', async () => {
    for (const callback of ['https://evil.example/home', '//evil.example', '/\\evil.example', 'javascript:alert(1)', `/${'a'.repeat(600)}`]) {
      const url = await link();
      url.searchParams.set('callbackURL', callback);
      const res = await open(url);
      expect(res.statusCode, callback).toBe(302);
      expect(res.headers.location, callback).toBe('http://localhost:3000/login?error=invalid_callback_url');
      expect(sessionCookie(res), callback).toBeUndefined();
      // The link itself still works once put back as it was.
      url.searchParams.set('callbackURL', '/home');
      expect(sessionCookie(await open(url)), callback).toBeDefined();
    }
    for (const name of ['errorCallbackURL', 'newUserCallbackURL']) {
      const url = await link();
      url.searchParams.set(name, 'https://evil.example/');
      expect((await open(url)).headers.location, name).toBe('http://localhost:3000/login?error=invalid_callback_url');
    }
    const refused = logged.lines.filter((l) => l.msg.includes('callback address off this site'));
    expect(refused.length).toBeGreaterThanOrEqual(7);
    expect(refused.every((l) => l.level === 40)).toBe(true);
    expect(logged.lines.some((l) => l.level >= 50)).toBe(false);
  });

  it('lands on /login?error= without errorCallbackURL, and on /home without callbackURL, never on JSON', async () => {
    const used = await link();
    used.searchParams.delete('errorCallbackURL');
    expect(sessionCookie(await open(used))).toBeDefined();
    const again = await open(used);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toMatch(/^http:\/\/localhost:3000\/login\?error=INVALID_TOKEN$/);
    const forged = await open(new URL('http://localhost:3000/api/auth/magic-link/verify?token=forged'));
    expect(forged.headers.location).toMatch(/^http:\/\/localhost:3000\/login\?error=/);
    // Cut down to the token alone: the person is signed in and sent on, not shown the library's JSON.
    const email = uniqueEmail();
    await signIn(logged, email);
    const bare = await link(email);
    const res = await open(new URL(`${bare.pathname}?token=${bare.searchParams.get('token')}`, 'http://localhost:3000'));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://localhost:3000/home');
    expect(sessionCookie(res)).toBeDefined();
  });

  it('keeps sign-in tokens out of the request log', async () => {
    const url = await link();
    const token = url.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(10);
    await open(url);
    const requests = logged.lines.filter((l) => l.req?.url.startsWith('/api/auth/magic-link/verify'));
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((l) => l.req?.url.includes('token=[redacted]'))).toBe(true);
    expect(JSON.stringify(logged.lines)).not.toContain(token);
  });
});

describe('sessions', () => {
  it('works as a cookie and as a bearer token, and ends on logout', async () => {
    const s = await signIn(ctx);
    const byCookie = await ctx.app.inject({ method: 'GET', url: '/api/user/me', cookies: { idToken: s.cookie } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json().data.id).toBe(s.user.id);
    const byBearer = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${decodeURIComponent(s.token)}` },
    });
    expect(byBearer.statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: s.headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: { signedOut: true } });
    const cleared = out.cookies.find((c) => c.name === 'idToken');
    expect(cleared?.value).toBe('');
    const after = await ctx.app.inject({ method: 'GET', url: '/api/user/me', cookies: { idToken: s.cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: { code: 'unauthorized', message: 'Session expired. Please log in again.' } });
  });

  it('refuses a cookie whose signature is missing or wrong, and a bearer token with a wrong one', async () => {
    const s = await signIn(ctx);
    const signed = decodeURIComponent(s.cookie);
    const token = signed.slice(0, signed.indexOf('.'));
    const signature = signed.slice(signed.indexOf('.') + 1);
    const me = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/user/me', headers });
    expect((await me({ cookie: `idToken=${s.cookie}` })).statusCode).toBe(200);
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    for (const cookie of [`${token}.AAAA`, token, `${token}.${flipped}`, `${token}.${signature}x`, `${token}.`]) {
      const res = await me({ cookie: `idToken=${encodeURIComponent(cookie)}` });
      expect(res.statusCode, cookie).toBe(401);
      const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: `idToken=${encodeURIComponent(cookie)}` } });
      expect(session.json(), cookie).toEqual({ data: { user: null } });
    }
    // A bearer token may come bare or signed, but not wrongly signed.
    expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${signed}` })).statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${token}.AAAA` })).statusCode).toBe(401);
  });

  it('answers 401 without a session, and a null user on /api/auth/session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/me' })).statusCode).toBe(401);
    const junk = await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: 'Bearer %E0%A4%A' } });
    expect(junk.statusCode).toBe(401);
    const s = await ctx.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(s.json()).toEqual({ data: { user: null } });
  });

  it('expires sessions whose time is up', async () => {
    const s = await signIn(ctx);
    const sessionId = (await ctx.database.db.selectFrom('sessions').select('id').where('userId', '=', s.user.id).executeTakeFirstOrThrow()).id;
    await ctx.database.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', s.user.id)
      .execute();
    // The session was resolved once while signing in and is cached; an expiry written straight
    // into the table is seen once the entry is dropped (or after SESSION_CACHE_SECONDS).
    ctx.app.sessionCache.forgetSession(sessionId);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: s.headers })).statusCode).toBe(401);
  });

  it('sees a change made straight in the database within SESSION_CACHE_SECONDS', async () => {
    const short = await createTestApp({ SESSION_CACHE_SECONDS: '1' });
    try {
      const s = await signIn(short);
      await short.database.db.deleteFrom('sessions').where('userId', '=', s.user.id).execute();
      // Still the cached answer right away...
      expect((await short.app.inject({ method: 'GET', url: '/api/user/me', headers: s.headers })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 1100));
      // ...and looked up again once the entry is older than the configured lifetime.
      expect((await short.app.inject({ method: 'GET', url: '/api/user/me', headers: s.headers })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('onboarding profile', () => {
  it('sets the display name and bio of the signed-in person only', async () => {
    const s = await signIn(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/setProfile',
      headers: s.headers,
      payload: { displayName: '  Ana Lima ', bio: 'Noir and giallo.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: s.user.id, displayName: 'Ana Lima', bio: 'Noir and giallo.', onboarded: true });
    // The cached session shows the new profile at once.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: s.headers });
    expect(me.json().data).toMatchObject({ displayName: 'Ana Lima', bio: 'Noir and giallo.', onboarded: true });
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/user/setProfile', headers: s.headers, payload: { displayName: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('displayName: Display name is required.');
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/user/setProfile', headers: s.headers, payload: { name: 'Maya' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('displayName: Display name is required.');
    const badBio = await ctx.app.inject({ method: 'POST', url: '/api/user/setProfile', headers: s.headers, payload: { displayName: 'Maya', bio: 5 } });
    expect(badBio.statusCode).toBe(400);
    expect(badBio.json().error.message).toBe('bio: Bio must be text.');
    const anon = await ctx.app.inject({ method: 'POST', url: '/api/user/setProfile', payload: { displayName: 'X' } });
    expect(anon.statusCode).toBe(401);
  });
});

describe('when the mail server is down', () => {
  it('answers 503 mail_unavailable instead of a 500', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const res = await down.app.inject({ method: 'POST', url: '/api/auth/email-link', payload: { email: uniqueEmail() } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('mail_unavailable');
    } finally {
      await down.close();
    }
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 with a JSON error after too many sign-in requests', async () => {
    const limited = await createTestApp({ SIGNIN_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/auth/email-link', payload: { email: uniqueEmail() } });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().error.code).toBe('rate_limited');
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
