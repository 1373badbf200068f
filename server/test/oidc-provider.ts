import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { freePort } from './process.ts';

/**
 * A small OpenID Connect identity provider for tests, speaking the shapes of
 * OpenID Connect Core 1.0, Discovery 1.0, RFC 6749 (authorization code grant),
 * RFC 7636 (PKCE), RFC 7517 (JWKS) and RFC 9207 (iss on the authorization response).
 *
 * The authorize endpoint does not show a login page: it answers at once as if
 * `person` had signed in and consented (or declined, when `decline` is set).
 */

/** The person signed in at the provider: the claims the provider vouches for. */
export interface ProviderPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface OidcTestProviderOptions {
  clientId: string;
  clientSecret: string;
  /** Redirect URIs registered for the client; any is accepted when omitted. */
  redirectUris?: string[];
  /** Path of the issuer under the origin, e.g. "/realms/fans". */
  issuerPath?: string;
}

export interface TokenRequestRecord {
  clientAuth: 'client_secret_basic' | 'client_secret_post' | 'none';
  grantType: string | null;
  codeVerifier: string | null;
  status: number;
  error?: string;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  person: ProviderPerson;
  expiresAt: number;
  used: boolean;
  accessToken?: string;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A JWS in compact serialization, signed RS256 (RFC 7515, RFC 7518 3.3). */
export function signJwt(payload: Record<string, unknown>, key: KeyObject, kid: string): string {
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
  const body = b64url(JSON.stringify(payload));
  const signature = sign('sha256', Buffer.from(`${header}.${body}`), key);
  return `${header}.${body}.${b64url(signature)}`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** RFC 6749 5.2: error responses of the token endpoint; never cached. */
function tokenError(res: ServerResponse, status: number, error: string, description: string, headers: Record<string, string> = {}) {
  json(res, status, { error, error_description: description }, { 'cache-control': 'no-store', pragma: 'no-cache', ...headers });
}

export async function startOidcProvider(options: OidcTestProviderOptions) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const base = options.issuerPath ?? '';
  const issuer = `${origin}${base}`;
  const endpoints = {
    authorization: `${issuer}/protocol/openid-connect/auth`,
    token: `${issuer}/protocol/openid-connect/token`,
    userinfo: `${issuer}/protocol/openid-connect/userinfo`,
    jwks: `${issuer}/protocol/openid-connect/certs`,
  };

  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = b64url(randomBytes(8));
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, { person: ProviderPerson; scope: string }>();

  const provider = {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    endpoints,
    /** Who signs in at the provider next. */
    person: { sub: 'provider-user-1', email: 'fan@example.com', email_verified: true, name: 'Provider Fan' } as ProviderPerson,
    /** When set, the person declines consent: the provider answers with error=access_denied. */
    decline: false,
    /** When set, the token endpoint fails this way instead of answering. */
    tokenFailure: null as null | 'server_error' | 'not_json',
    /** When set, the id_token is signed with a key that is not on the jwks_uri. */
    signWithForeignKey: false,
    /** Every request to the token endpoint, in order. */
    tokenRequests: [] as TokenRequestRecord[],
    /** Every query string the authorize endpoint received, in order. */
    authorizeRequests: [] as URLSearchParams[],
    close: () => Promise.resolve(),
  };

  function idToken(code: IssuedCode, accessToken: string): string {
    const now = Math.floor(Date.now() / 1000);
    const { sub, ...claims } = code.person;
    // at_hash: left half of the SHA-256 of the access token (OIDC Core 3.1.3.6).
    const atHash = b64url(createHash('sha256').update(accessToken).digest().subarray(0, 16));
    const key = provider.signWithForeignKey ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : privateKey;
    return signJwt(
      {
        iss: issuer,
        sub,
        aud: code.clientId,
        exp: now + 300,
        iat: now,
        auth_time: now,
        ...(code.nonce ? { nonce: code.nonce } : {}),
        at_hash: atHash,
        ...claims,
      },
      key,
      kid,
    );
  }

  function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    provider.authorizeRequests.push(new URLSearchParams(q));
    const redirectUri = q.get('redirect_uri');
    // OIDC Core 3.1.2.6: a bad client or redirect URI is shown to the person, never redirected to.
    if (q.get('client_id') !== options.clientId) return json(res, 400, { error: 'invalid_request', error_description: 'unknown client_id' });
    if (!redirectUri || (options.redirectUris && !options.redirectUris.includes(redirectUri))) {
      return json(res, 400, { error: 'invalid_request', error_description: 'redirect_uri is not registered' });
    }
    const back = new URL(redirectUri);
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    back.searchParams.set('iss', issuer);
    const fail = (error: string, description: string) => {
      back.searchParams.set('error', error);
      back.searchParams.set('error_description', description);
      res.writeHead(302, { location: back.toString() });
      res.end();
    };
    if (q.get('response_type') !== 'code') return fail('unsupported_response_type', 'only response_type=code is supported');
    if (!(q.get('scope') ?? '').split(' ').includes('openid')) return fail('invalid_scope', 'the openid scope is required');
    const challengeMethod = q.get('code_challenge_method') ?? (q.get('code_challenge') ? 'plain' : undefined);
    if (challengeMethod && challengeMethod !== 'S256' && challengeMethod !== 'plain') {
      return fail('invalid_request', 'code_challenge_method must be S256 or plain');
    }
    if (provider.decline) return fail('access_denied', 'The person declined to share their identity.');
    const code = b64url(randomBytes(24));
    codes.set(code, {
      clientId: options.clientId,
      redirectUri,
      scope: q.get('scope') ?? 'openid',
      nonce: q.get('nonce') ?? undefined,
      codeChallenge: q.get('code_challenge') ?? undefined,
      codeChallengeMethod: challengeMethod,
      person: { ...provider.person },
      expiresAt: Date.now() + 60_000,
      used: false,
    });
    back.searchParams.set('code', code);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    const record: TokenRequestRecord = {
      clientAuth: 'none',
      grantType: form.get('grant_type'),
      codeVerifier: form.get('code_verifier'),
      status: 200,
    };
    provider.tokenRequests.push(record);
    const reject = (status: number, error: string, description: string, headers: Record<string, string> = {}) => {
      record.status = status;
      record.error = error;
      tokenError(res, status, error, description, headers);
    };

    if (provider.tokenFailure === 'server_error') return reject(500, 'server_error', 'The provider is having a bad day.');
    if (provider.tokenFailure === 'not_json') {
      record.status = 502;
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>Bad gateway</body></html>');
      return;
    }

    // RFC 6749 2.3.1: HTTP Basic (form-urlencoded id and secret) or both in the body, not both ways.
    let clientId: string | null = null;
    let clientSecret: string | null = null;
    const authorization = req.headers.authorization;
    if (authorization?.toLowerCase().startsWith('basic ')) {
      const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) return reject(401, 'invalid_client', 'malformed Basic credentials', { 'www-authenticate': 'Basic realm="token"' });
      clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
      clientSecret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
      record.clientAuth = 'client_secret_basic';
      if (form.has('client_secret')) return reject(400, 'invalid_request', 'use one client authentication method');
    } else if (form.has('client_secret')) {
      clientId = form.get('client_id');
      clientSecret = form.get('client_secret');
      record.clientAuth = 'client_secret_post';
    }
    if (clientId !== options.clientId || clientSecret === null || !safeEqual(clientSecret, options.clientSecret)) {
      return reject(401, 'invalid_client', 'client authentication failed', { 'www-authenticate': 'Basic realm="token"' });
    }
    if (form.has('client_id') && form.get('client_id') !== clientId) return reject(400, 'invalid_request', 'client_id does not match');

    if (form.get('grant_type') !== 'authorization_code') {
      return reject(400, 'unsupported_grant_type', 'only authorization_code is supported');
    }
    const codeValue = form.get('code');
    const issued = codeValue ? codes.get(codeValue) : undefined;
    if (!codeValue || !issued) return reject(400, 'invalid_grant', 'unknown authorization code');
    if (issued.used) {
      // RFC 6749 4.1.2: a code used twice is refused and what it issued is revoked.
      if (issued.accessToken) accessTokens.delete(issued.accessToken);
      return reject(400, 'invalid_grant', 'authorization code already used');
    }
    issued.used = true;
    if (issued.expiresAt < Date.now()) return reject(400, 'invalid_grant', 'authorization code expired');
    if (issued.clientId !== clientId) return reject(400, 'invalid_grant', 'code was issued to another client');
    if (form.get('redirect_uri') !== issued.redirectUri) return reject(400, 'invalid_grant', 'redirect_uri does not match');
    if (issued.codeChallenge) {
      const verifier = form.get('code_verifier');
      if (!verifier || !/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) return reject(400, 'invalid_grant', 'code_verifier missing or malformed');
      const derived = issued.codeChallengeMethod === 'S256' ? b64url(createHash('sha256').update(verifier).digest()) : verifier;
      if (!safeEqual(derived, issued.codeChallenge)) return reject(400, 'invalid_grant', 'code_verifier does not match');
    } else if (form.has('code_verifier')) {
      return reject(400, 'invalid_grant', 'code_verifier sent without a code_challenge');
    }

    const accessToken = b64url(randomBytes(32));
    issued.accessToken = accessToken;
    accessTokens.set(accessToken, { person: issued.person, scope: issued.scope });
    json(
      res,
      200,
      { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: issued.scope, id_token: idToken(issued, accessToken) },
      { 'cache-control': 'no-store', pragma: 'no-cache' },
    );
  }

  function userinfo(req: IncomingMessage, res: ServerResponse) {
    const header = req.headers.authorization ?? '';
    const grant = header.toLowerCase().startsWith('bearer ') ? accessTokens.get(header.slice(7).trim()) : undefined;
    if (!grant) {
      res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' });
      res.end();
      return;
    }
    json(res, 200, grant.person);
  }

  const server = createServer((req, res) => {
    try {
      route(req, res);
    } catch (err) {
      json(res, 500, { error: 'server_error', error_description: String(err) });
    }
  });
  function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    const route = `${req.method} ${path}`;
    if (route === `GET ${base}/.well-known/openid-configuration`) {
      return json(res, 200, {
        issuer,
        authorization_endpoint: endpoints.authorization,
        token_endpoint: endpoints.token,
        userinfo_endpoint: endpoints.userinfo,
        jwks_uri: endpoints.jwks,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        code_challenge_methods_supported: ['S256', 'plain'],
        claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nonce', 'email', 'email_verified', 'name', 'picture'],
        authorization_response_iss_parameter_supported: true,
      });
    }
    if (route === `GET ${new URL(endpoints.authorization).pathname}`) return authorize(url, res);
    if (route === `POST ${new URL(endpoints.token).pathname}`) {
      token(req, res).catch(() => tokenError(res, 500, 'server_error', 'unexpected failure'));
      return;
    }
    if ((req.method === 'GET' || req.method === 'POST') && path === new URL(endpoints.userinfo).pathname) return userinfo(req, res);
    if (route === `GET ${new URL(endpoints.jwks).pathname}`) {
      const jwk = publicKey.export({ format: 'jwk' });
      return json(res, 200, { keys: [{ ...jwk, kid, use: 'sig', alg: 'RS256' }] });
    }
    json(res, 404, { error: 'not_found' });
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  provider.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return provider;
}

export type OidcTestProvider = Awaited<ReturnType<typeof startOidcProvider>>;
