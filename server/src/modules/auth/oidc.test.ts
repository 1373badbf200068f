import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, signIn, type TestContext, uniqueEmail } from '../../../test/helpers.ts';
import { type OidcTestProvider, startOidcProvider } from '../../../test/oidc-provider.ts';
import { freePort } from '../../../test/process.ts';

// Sign-in with an OpenID Connect provider, end to end over real HTTP: the app listens on a
// port, a local identity provider (server/test/oidc-provider.ts) answers discovery, authorize,
// token, userinfo and JWKS, and a small cookie-keeping client plays the browser.

const CLIENT_ID = 'reelhouse-web';
const CLIENT_SECRET = 's3cret';

let idp: OidcTestProvider;
let ctx: TestContext;
let appUrl: string;

beforeAll(async () => {
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  idp = await startOidcProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    issuerPath: '/realms/fans',
    redirectUris: [`${appUrl}/api/auth/callback/keycloak`],
  });
  ctx = await createTestApp({
    APP_URL: appUrl,
    SIGNIN_RATE_LIMIT: '1000',
    OIDC_PROVIDERS: `keycloak|${idp.discoveryUrl}|${CLIENT_ID}|${CLIENT_SECRET}`,
  });
  await ctx.app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await ctx?.close();
  await idp?.close();
});

beforeEach(() => {
  idp.person = { sub: `sub-${randomBytes(6).toString('hex')}`, email: uniqueEmail('oidc'), email_verified: true, name: 'Provider Fan', picture: 'https://idp.example.com/face.png' };
  idp.decline = false;
  idp.tokenFailure = null;
  idp.signWithForeignKey = false;
});

/** Keeps the app's cookies the way a browser does, and sends them only back to the app. */
class Browser {
  readonly cookies = new Map<string, string>();

  async get(url: string): Promise<Response> {
    const toApp = new URL(url).origin === appUrl;
    const headers: Record<string, string> = {};
    if (toApp && this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers });
    if (toApp) {
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';').map((s) => s.trim());
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq);
        const value = pair.slice(eq + 1);
        const expired = attributes.some((a) => /^max-age=0$/i.test(a)) || value === '';
        if (expired) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
    }
    return res;
  }
}

const locationOf = (res: Response) => new URL(res.headers.get('location') ?? '', appUrl).toString();

/** Continue with the provider: our start URL, the provider's authorize, then back to our callback. */
async function continueWithProvider(browser = new Browser(), edit?: (callback: URL) => void) {
  const start = await browser.get(`${appUrl}/api/auth/oidc/keycloak`);
  expect(start.status).toBe(302);
  const authorize = await browser.get(locationOf(start));
  expect(authorize.status).toBe(302);
  const callbackUrl = new URL(locationOf(authorize));
  expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(`${appUrl}/api/auth/callback/keycloak`);
  edit?.(callbackUrl);
  const callback = await browser.get(callbackUrl.toString());
  return { browser, start, authorize, callbackUrl, callback, location: callback.headers.get('location') ?? '' };
}

async function me(browser: Browser) {
  const res = await browser.get(`${appUrl}/api/user/me`);
  return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown>; error?: { code: string } } };
}

async function countRows(table: 'users' | 'sessions' | 'accounts') {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.database.db.withoutPlugins());
  return Number(rows[0].n);
}

/** The provider identities linked to a person (the accounts table belongs to the authentication library). */
async function accountsOf(userId: string) {
  const { rows } = await sql<{ provider_id: string; account_id: string }>`
    select provider_id, account_id from accounts where user_id = ${userId} and provider_id <> 'magic-link'`.execute(
    ctx.database.db.withoutPlugins(),
  );
  return rows.map((r) => ({ providerId: r.provider_id, accountId: r.account_id }));
}

async function expectRefused(journey: { callback: Response; location: string; browser: Browser }, error: RegExp) {
  expect(journey.callback.status).toBe(302);
  expect(journey.location).toMatch(new RegExp(`^${appUrl}/login\\?error=`));
  expect(new URL(journey.location).searchParams.get('error')).toMatch(error);
  expect(journey.browser.cookies.has('idToken')).toBe(false);
  expect((await me(journey.browser)).status).toBe(401);
}

describe('external identity providers (OpenID Connect)', () => {
  it('lists the configured providers', async () => {
    const res = await ctx.app.inject('/api/auth/providers');
    expect(res.json()).toEqual({ data: [{ id: 'keycloak', name: 'Keycloak', signInUrl: '/api/auth/oidc/keycloak' }] });
  });

  it('sends the person to the provider with the client id, scopes, PKCE, nonce and our callback', async () => {
    const res = await ctx.app.inject('/api/auth/oidc/keycloak');
    expect(res.statusCode).toBe(302);
    const to = new URL(res.headers.location as string);
    expect(`${to.origin}${to.pathname}`).toBe(idp.endpoints.authorization);
    expect(to.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(to.searchParams.get('redirect_uri')).toBe(`${appUrl}/api/auth/callback/keycloak`);
    expect(to.searchParams.get('state')).toBeTruthy();
    expect(to.searchParams.get('nonce')).toBeTruthy();
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('rejects an unknown provider with a 4xx', async () => {
    const res = await ctx.app.inject('/api/auth/oidc/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'unknown_provider', message: expect.stringContaining('nope') } });
  });

  it('shows no providers when none are configured', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject('/api/auth/providers')).json()).toEqual({ data: [] });
      expect((await plain.app.inject('/api/auth/oidc/keycloak')).statusCode).toBe(404);
      expect((await plain.app.inject('/api/auth/callback/keycloak?code=x&state=y')).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('signing in with the provider', () => {
  it('signs a new person up: code exchanged, session cookie set, on to onboarding', async () => {
    const tokenCalls = idp.tokenRequests.length;
    const journey = await continueWithProvider();
    expect(journey.callback.status).toBe(302);
    expect(journey.location).toBe(`${appUrl}/onboarding`);

    const setCookie = journey.callback.headers.getSetCookie().find((c) => c.startsWith('idToken='));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(setCookie).toMatch(/;\s*Path=\//i);

    // The code went to the token endpoint once, with the client's secret and the PKCE verifier.
    const exchange = idp.tokenRequests.slice(tokenCalls);
    expect(exchange).toHaveLength(1);
    expect(exchange[0]).toMatchObject({ grantType: 'authorization_code', clientAuth: 'client_secret_post', status: 200 });
    const sentChallenge = new URL(locationOf(journey.start)).searchParams.get('code_challenge');
    expect(createHash('sha256').update(exchange[0].codeVerifier ?? '').digest('base64url')).toBe(sentChallenge);

    const who = await me(journey.browser);
    expect(who.status).toBe(200);
    expect(who.body.data).toMatchObject({ email: idp.person.email, displayName: 'Provider Fan', onboarded: false });
    // The provider's picture lives on its host: it is not taken (a picture is one the person uploads here).
    expect(who.body.data).toMatchObject({ photoURL: null });

    expect(await accountsOf(who.body.data?.id as string)).toEqual([{ providerId: 'keycloak', accountId: idp.person.sub }]);
  });

  it('sends a returning, onboarded person to /home, as the same account', async () => {
    const first = await continueWithProvider();
    const firstMe = await me(first.browser);
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/setProfile',
      headers: { cookie: `idToken=${first.browser.cookies.get('idToken')}`, origin: appUrl },
      payload: { displayName: 'Night Owl' },
    });
    expect(done.statusCode).toBe(200);

    const again = await continueWithProvider();
    expect(again.location).toBe(`${appUrl}/home`);
    const againMe = await me(again.browser);
    expect(againMe.body.data).toMatchObject({ id: firstMe.body.data?.id, displayName: 'Night Owl', onboarded: true });
  });

  it('signs a fan with a magic-link account into that same account when the provider has verified the e-mail', async () => {
    const existing = await buildUser(ctx, { displayName: 'Link Fan' });
    idp.person = { ...idp.person, email: existing.user.email.toUpperCase(), email_verified: true };
    const journey = await continueWithProvider();
    expect(journey.location).toBe(`${appUrl}/home`);
    const who = await me(journey.browser);
    expect(who.body.data).toMatchObject({ id: existing.user.id, email: existing.user.email, displayName: 'Link Fan' });
    // Both ways keep working afterwards.
    expect((await signIn(ctx, existing.user.email)).user.id).toBe(existing.user.id);
    expect((await me((await continueWithProvider()).browser)).body.data?.id).toBe(existing.user.id);
  });

  it('does not hand a magic-link account to a provider that has not verified the e-mail', async () => {
    const existing = await buildUser(ctx);
    idp.person = { ...idp.person, email: existing.user.email, email_verified: false };
    const sessions = await countRows('sessions');
    await expectRefused(await continueWithProvider(), /^account_not_linked$/);
    expect(await countRows('sessions')).toBe(sessions);
    expect(await accountsOf(existing.user.id)).toEqual([]);
  });

  it('does not create an account from an e-mail the provider has not verified', async () => {
    idp.person = { ...idp.person, email_verified: false };
    const users = await countRows('users');
    await expectRefused(await continueWithProvider(), /^email_not_verified$/);
    expect(await countRows('users')).toBe(users);
    // The owner of the address can still sign up by e-mail link, and no provider identity rides along.
    const owner = await signIn(ctx, idp.person.email);
    expect(owner.location).toBe(`${appUrl}/onboarding`);
    expect(await accountsOf(owner.user.id)).toEqual([]);
  });
});

describe('a sign-in that must not succeed', () => {
  it('refuses a callback whose state was changed, without asking the provider for tokens', async () => {
    const tokenCalls = idp.tokenRequests.length;
    const sessions = await countRows('sessions');
    const journey = await continueWithProvider(new Browser(), (u) => u.searchParams.set('state', 'forged-state-value'));
    await expectRefused(journey, /^state_mismatch$/);
    expect(idp.tokenRequests.length).toBe(tokenCalls);
    expect(await countRows('sessions')).toBe(sessions);
  });

  it('refuses a callback opened in another browser than the one that started (login CSRF)', async () => {
    const attacker = new Browser();
    const start = await attacker.get(`${appUrl}/api/auth/oidc/keycloak`);
    const authorize = await attacker.get(locationOf(start));
    const victim = new Browser();
    const callback = await victim.get(locationOf(authorize));
    await expectRefused({ callback, location: callback.headers.get('location') ?? '', browser: victim }, /^state_mismatch$/);
  });

  it('refuses a tampered code: the provider says invalid_grant and no session is made', async () => {
    const sessions = await countRows('sessions');
    const journey = await continueWithProvider(new Browser(), (u) => u.searchParams.set('code', `${u.searchParams.get('code')}x`));
    await expectRefused(journey, /^invalid_code$/);
    expect(idp.tokenRequests.at(-1)).toMatchObject({ status: 400, error: 'invalid_grant' });
    expect(await countRows('sessions')).toBe(sessions);
  });

  it('accepts a callback only once', async () => {
    const journey = await continueWithProvider();
    expect(journey.location).toBe(`${appUrl}/onboarding`);
    const tokenCalls = idp.tokenRequests.length;
    const sessions = await countRows('sessions');
    const replay = await new Browser().get(journey.callbackUrl.toString());
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toBe(`${appUrl}/login?error=state_mismatch`);
    const sameBrowser = await journey.browser.get(journey.callbackUrl.toString());
    expect(sameBrowser.headers.get('location')).toBe(`${appUrl}/login?error=state_mismatch`);
    expect(idp.tokenRequests.length).toBe(tokenCalls);
    expect(await countRows('sessions')).toBe(sessions);
  });

  it('refuses an id_token not signed by the provider key', async () => {
    idp.signWithForeignKey = true;
    const users = await countRows('users');
    await expectRefused(await continueWithProvider(), /^unable_to_get_user_info$/);
    expect(await countRows('users')).toBe(users);
  });

  it('sends the person back to /login when the token endpoint fails, never a 5xx', async () => {
    const sessions = await countRows('sessions');
    idp.tokenFailure = 'server_error';
    await expectRefused(await continueWithProvider(), /^invalid_code$/);
    idp.tokenFailure = 'not_json';
    await expectRefused(await continueWithProvider(), /^invalid_code$/);
    expect(await countRows('sessions')).toBe(sessions);
  });

  it('sends the person back to /login when they decline at the provider', async () => {
    idp.decline = true;
    const journey = await continueWithProvider();
    await expectRefused(journey, /^access_denied$/);
  });

  it('answers a callback without state, or for an unknown provider, with /login?error=', async () => {
    for (const path of ['/api/auth/callback/keycloak', '/api/auth/callback/keycloak?code=abc', '/api/auth/callback/nope?code=abc&state=xyz']) {
      const res = await new Browser().get(`${appUrl}${path}`);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toMatch(new RegExp(`^${appUrl}/login\\?error=`));
    }
  });

  it('sends the person back to /login when the provider cannot be reached', async () => {
    const downPort = await freePort();
    const offline = await createTestApp({
      OIDC_PROVIDERS: `offline|http://127.0.0.1:${downPort}/.well-known/openid-configuration|${CLIENT_ID}|${CLIENT_SECRET}`,
    });
    try {
      const res = await offline.app.inject('/api/auth/oidc/offline');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('http://localhost:3000/login?error=provider_unavailable');
    } finally {
      await offline.close();
    }
  });
});

describe('the test identity provider', () => {
  async function code(challenge?: string) {
    const q = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'openid email',
      redirect_uri: `${appUrl}/api/auth/callback/keycloak`,
      state: 's',
      ...(challenge ? { code_challenge: challenge, code_challenge_method: 'S256' } : {}),
    });
    const res = await fetch(`${idp.endpoints.authorization}?${q}`, { redirect: 'manual' });
    return new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
  }
  const exchange = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(idp.endpoints.token, { method: 'POST', body: new URLSearchParams(body), headers });
  const redirect_uri = () => `${appUrl}/api/auth/callback/keycloak`;

  it('checks client credentials (basic or post), redirect_uri and PKCE as RFC 6749 and RFC 7636 say', async () => {
    const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
    const ok = await exchange({ grant_type: 'authorization_code', code: await code(), redirect_uri: redirect_uri() }, { authorization: basic });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const tokens = (await ok.json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, access_token: expect.any(String), id_token: expect.any(String) });
    const info = await fetch(idp.endpoints.userinfo, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(await info.json()).toMatchObject({ sub: idp.person.sub, email: idp.person.email });

    const post = { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, grant_type: 'authorization_code' };
    const wrongSecret = await exchange({ ...post, client_secret: 'nope', code: await code(), redirect_uri: redirect_uri() });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    const wrongRedirect = await exchange({ ...post, code: await code(), redirect_uri: `${appUrl}/elsewhere` });
    expect(await wrongRedirect.json()).toMatchObject({ error: 'invalid_grant' });
    const wrongGrant = await exchange({ ...post, grant_type: 'password', code: await code(), redirect_uri: redirect_uri() });
    expect(await wrongGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });

    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const missing = await exchange({ ...post, code: await code(challenge), redirect_uri: redirect_uri() });
    expect(await missing.json()).toMatchObject({ error: 'invalid_grant' });
    const wrong = await exchange({ ...post, code: await code(challenge), redirect_uri: redirect_uri(), code_verifier: randomBytes(32).toString('base64url') });
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const pkceCode = await code(challenge);
    const right = await exchange({ ...post, code: pkceCode, redirect_uri: redirect_uri(), code_verifier: verifier });
    expect(right.status).toBe(200);
    const reused = await exchange({ ...post, code: pkceCode, redirect_uri: redirect_uri(), code_verifier: verifier });
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('publishes the public half of its signing key', async () => {
    const jwks = (await (await fetch(idp.endpoints.jwks)).json()) as { keys: Array<Record<string, string>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String), e: 'AQAB' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});
