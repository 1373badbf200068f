import { betterAuth } from 'better-auth';
import { bearer, genericOAuth, magicLink } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { betterAuthDatabase } from '../../db/dialect.ts';
import { SESSION_COOKIE } from '../../lib/http/session-cookie.ts';
import type { SessionReader } from '../../plugins/session.ts';
import { type Mailer, signInMail } from './mailer.ts';

export const SIGN_IN_LINK_TTL_SECONDS = 15 * 60;
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
export { SESSION_COOKIE } from '../../lib/http/session-cookie.ts';
/** Where a browser sign-in that failed lands, with ?error=<code>. */
export const SIGN_IN_ERROR_PATH = '/login';
const DISPLAY_NAME_MAX = 40;

const ts = { createdAt: 'created_at', updatedAt: 'updated_at' };

/**
 * The authentication library, configured on our own tables (snake_case) and
 * our own session cookie name. It owns tokens, verification and sessions.
 */
export function createAuth(config: Config, database: Database, mailer: Mailer, log: FastifyBaseLogger) {
  const secure = config.appUrl.startsWith('https://');
  return betterAuth({
    appName: 'Reelhouse',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.appUrl],
    database: betterAuthDatabase(database),
    user: {
      modelName: 'users',
      fields: { name: 'display_name', image: 'image_url', emailVerified: 'email_verified', ...ts },
      // Read with the session (sessionReader below); only this app writes them.
      additionalFields: {
        bio: { type: 'string', required: false, input: false },
        onboarded: { type: 'boolean', required: false, input: false, defaultValue: false },
        suspendedAt: { type: 'date', required: false, input: false, fieldName: 'suspended_at' },
      },
      // An identity provider may only create an account for an address it has verified:
      // otherwise anyone could open "your" account there first. Linking to an existing
      // account on a verified address is the library's own rule (see docs/features.md, Signing in).
      validateUserInfo: ({ user, source }) => {
        if (source.method === 'oauth' && source.action === 'create-user' && user.emailVerified !== true) {
          return {
            error: 'email_not_verified',
            errorDescription: 'Your identity provider has not verified this e-mail address. Verify it there, or sign in with an e-mail link.',
          };
        }
      },
    },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_TTL_SECONDS,
      fields: { userId: 'user_id', expiresAt: 'expires_at', ipAddress: 'ip_address', userAgent: 'user_agent', ...ts },
    },
    account: {
      modelName: 'accounts',
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...ts,
      },
    },
    verification: { modelName: 'verifications', fields: { expiresAt: 'expires_at', ...ts } },
    // Browser flows that fail before their own error page is known (a forged or expired
    // OAuth state, say) land on the sign-in screen too.
    onAPIError: { errorURL: `${config.appUrl}${SIGN_IN_ERROR_PATH}` },
    // Our own limiter (fastify rate-limit, Redis-backed when REDIS_URL is set) guards the sign-in calls.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      useSecureCookies: false,
      cookies: { session_token: { name: SESSION_COOKIE, attributes: { secure, sameSite: 'lax', path: '/', httpOnly: true } } },
    },
    logger: {
      log: (level, message, ...args) => {
        // An address refused by the library's origin checks is the client's mistake (or a forged link), not ours.
        const refused = level === 'error' && /^Invalid (callbackURL|newUserCallbackURL|errorCallbackURL|redirectURL|origin)\b/.test(message);
        log[refused ? 'warn' : level]({ args }, `auth: ${message}`);
      },
    },
    plugins: [
      magicLink({
        expiresIn: SIGN_IN_LINK_TTL_SECONDS,
        sendMagicLink: async ({ email, url }) => {
          await mailer.send({ to: email, ...signInMail(url) });
        },
      }),
      bearer(),
      ...(config.oidcProviders.length
        ? [
            genericOAuth({
              config: config.oidcProviders.map((p) => ({
                providerId: p.providerId,
                discoveryUrl: p.discoveryUrl,
                clientId: p.clientId,
                clientSecret: p.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                // The provider's name starts the display name, which onboarding lets the person change.
                // Its picture is not taken: it lives on the provider's host, and a picture is one uploaded here.
                mapProfileToUser: (profile) => ({
                  name: typeof profile.name === 'string' ? profile.name.trim().slice(0, DISPLAY_NAME_MAX) : '',
                  image: undefined,
                }),
              })),
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The session of a request's cookie or bearer token, read by better-auth (which checks the cookie's signature and
 * the session's expiry): the signed-in person, or null. A suspended person has no session: their sessions stop at
 * once (suspending drops them from the session cache).
 */
export function sessionReader(auth: Auth): SessionReader {
  return async (headers) => {
    const found = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
    if (!found) return null;
    const { session, user } = found;
    if (user.suspendedAt) return null;
    return {
      id: user.id,
      email: user.email,
      displayName: user.name,
      imageUrl: user.image ?? null,
      bio: user.bio ?? null,
      onboarded: Boolean(user.onboarded),
      sessionId: session.id,
      expiresAt: new Date(session.expiresAt).getTime(),
    };
  };
}
