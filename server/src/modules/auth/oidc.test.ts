import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

// A local OpenID Connect provider's discovery document, as the OIDC Discovery 1.0 spec shapes it.
let idp: Server;
let issuer: string;
let ctx: TestContext;

beforeAll(async () => {
  idp = createServer((req, res) => {
    if (req.url === '/realms/fans/.well-known/openid-configuration') {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          issuer: `${issuer}/realms/fans`,
          authorization_endpoint: `${issuer}/realms/fans/protocol/openid-connect/auth`,
          token_endpoint: `${issuer}/realms/fans/protocol/openid-connect/token`,
          userinfo_endpoint: `${issuer}/realms/fans/protocol/openid-connect/userinfo`,
          jwks_uri: `${issuer}/realms/fans/protocol/openid-connect/certs`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => idp.listen(0, '127.0.0.1', () => r()));
  issuer = `http://127.0.0.1:${(idp.address() as { port: number }).port}`;
  ctx = await createTestApp({
    OIDC_PROVIDERS: `keycloak|${issuer}/realms/fans/.well-known/openid-configuration|reelhouse-web|s3cret`,
  });
});

afterAll(async () => {
  await ctx?.close();
  await new Promise((r) => idp?.close(r));
});

describe('external identity providers (OpenID Connect)', () => {
  it('lists the configured providers', async () => {
    const res = await ctx.app.inject('/api/auth/providers');
    expect(res.json()).toEqual({ data: [{ id: 'keycloak', name: 'Keycloak', signInUrl: '/api/auth/oidc/keycloak' }] });
  });

  it('sends the person to the provider with the client id, scopes and our callback', async () => {
    const res = await ctx.app.inject('/api/auth/oidc/keycloak');
    expect(res.statusCode).toBe(302);
    const to = new URL(res.headers.location as string);
    expect(`${to.origin}${to.pathname}`).toBe(`${issuer}/realms/fans/protocol/openid-connect/auth`);
    expect(to.searchParams.get('client_id')).toBe('reelhouse-web');
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('scope')).toContain('openid');
    expect(to.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback/keycloak');
    expect(to.searchParams.get('state')).toBeTruthy();
  });

  it('rejects an unknown provider with a 4xx', async () => {
    const res = await ctx.app.inject('/api/auth/oidc/nope');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.code).toBeTruthy();
  });

  it('shows no providers when none are configured', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject('/api/auth/providers')).json()).toEqual({ data: [] });
      expect((await plain.app.inject('/api/auth/oidc/keycloak')).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
