import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthProvidersResponseSchema,
  EmailLinkRequestSchema,
  EmailLinkResponseSchema,
  SessionResponseSchema,
} from '../../../../common/contracts/auth.ts';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { text } from '../../../../common/contracts/text.ts';
import type { Config } from '../../config.ts';
import { writeWithEvents } from '../../events/index.ts';
import { AppError, notFound } from '../../lib/http/errors.ts';
import { presentCurrentUser } from '../user/index.ts';
import { type Auth, SIGN_IN_ERROR_PATH } from './auth.service.ts';

function webHeaders(req: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) headers.append(k, item);
    else headers.set(k, String(v));
  }
  return headers;
}

/** Copies a Web Response from the authentication library onto the Fastify reply. */
async function forward(reply: FastifyReply, res: Response) {
  reply.status(res.status);
  for (const [k, v] of res.headers) {
    if (k === 'set-cookie' || k === 'content-length') continue;
    reply.header(k, v);
  }
  const cookies = res.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const body = await res.text();
  return reply.send(body || null);
}

/** The longest callback address a sign-in link may carry. */
const CALLBACK_URL_MAX = 500;

/**
 * A callback address given in a sign-in link, as a path on this site, or null when it leads elsewhere (another
 * origin, a protocol-relative "//host", a javascript: URL) or is not one address.
 */
export function ownPath(value: string | string[] | undefined, appOrigin: string): string | null {
  if (typeof value !== 'string' || value.length > CALLBACK_URL_MAX) return null;
  try {
    const url = new URL(value, appOrigin);
    return url.origin === appOrigin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

export async function authRoutes(app: FastifyInstance, opts: { auth: Auth; config: Config }) {
  const { auth, config } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = { rateLimit: { max: config.SIGNIN_RATE_LIMIT, timeWindow: '1 minute' } };
  const appOrigin = new URL(config.appUrl).origin;
  // Where a browser lands after a sign-in, and where one that failed lands, with ?error=<code>.
  const at = (path: string) => `${config.appUrl}${path}`;
  const signInError = (code: string) => at(`${SIGN_IN_ERROR_PATH}?error=${encodeURIComponent(code)}`);

  r.post(
    '/api/auth/email-link',
    {
      config: limit,
      // An e-mail address and nothing else.
      bodyLimit: 1024,
      schema: {
        tags: ['auth'],
        summary: 'Send a sign-in link by e-mail (signs up unknown addresses on first use)',
        description:
          'Answers the same for known and unknown addresses. The link works once and expires after 15 minutes; it signs the person in and redirects to `next` (a path on this site) or /home, and a new person to /onboarding (carrying `?next=`).',
        body: EmailLinkRequestSchema,
        response: { 200: envelope(EmailLinkResponseSchema) },
      },
    },
    async (req) => {
      try {
        const next = req.body.next;
        await auth.api.signInMagicLink({
          body: {
            email: req.body.email,
            callbackURL: next ?? '/home',
            newUserCallbackURL: next ? `/onboarding?next=${encodeURIComponent(next)}` : '/onboarding',
            errorCallbackURL: '/login',
          },
          headers: webHeaders(req),
        });
      } catch (err) {
        // The mail server refused or could not be reached: say so, and let the person retry.
        req.log.error({ err }, 'sign-in mail not sent');
        throw new AppError(503, 'mail_unavailable', 'We could not send the sign-in mail right now. Please try again in a minute.');
      }
      return {
        data: { sent: true as const, message: 'If the address can receive mail, a sign-in link is on its way.' },
      };
    },
  );

  // The link in the mail: verified by the authentication library, which sets the idToken cookie and redirects
  // (to /login?error=... when invalid or expired). The link is opened in a browser tab, so every outcome is a
  // redirect: the callback addresses must be paths on this site (a link edited to lead elsewhere lands on
  // /login?error=invalid_callback_url), failures always land on the sign-in screen whatever errorCallbackURL
  // says, and a link without callbackURL continues to /home (the library would answer JSON with the token).
  const callbackParam = z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe('A path on this site');
  r.get(
    '/api/auth/magic-link/verify',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary: 'Open a sign-in link (redirects)',
        querystring: z.object({
          token: text({ error: 'is required' }).min(1, 'is required').max(200, 'is not a sign-in token'),
          callbackURL: callbackParam,
          newUserCallbackURL: callbackParam,
          errorCallbackURL: callbackParam,
        }),
      },
    },
    async (req, reply) => {
      const given = req.query;
      const callbackURL = given.callbackURL === undefined ? '/home' : ownPath(given.callbackURL, appOrigin);
      const newUserCallbackURL = given.newUserCallbackURL === undefined ? undefined : ownPath(given.newUserCallbackURL, appOrigin);
      const foreignError = given.errorCallbackURL !== undefined && ownPath(given.errorCallbackURL, appOrigin) === null;
      if (callbackURL === null || newUserCallbackURL === null || foreignError) {
        const { callbackURL: c, newUserCallbackURL: n, errorCallbackURL: e } = given;
        req.log.warn({ callbackURL: c, newUserCallbackURL: n, errorCallbackURL: e }, 'sign-in link with a callback address off this site refused');
        return reply.redirect(signInError('invalid_callback_url'));
      }
      const url = new URL('/api/auth/magic-link/verify', config.appUrl);
      url.searchParams.set('token', given.token);
      url.searchParams.set('callbackURL', callbackURL);
      if (newUserCallbackURL) url.searchParams.set('newUserCallbackURL', newUserCallbackURL);
      url.searchParams.set('errorCallbackURL', SIGN_IN_ERROR_PATH);
      const res = await auth.handler(new Request(url, { method: 'GET', headers: webHeaders(req) }));
      if (res.status >= 300 && res.status < 400 && res.headers.has('location')) return forward(reply, res);
      req.log.error({ status: res.status }, 'sign-in link answered without a redirect');
      return reply.redirect(signInError('sign_in_failed'));
    },
  );

  r.get(
    '/api/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in person, or null',
        response: { 200: envelope(SessionResponseSchema) },
      },
    },
    async (req) => {
      const user = req.sessionUser();
      return { data: { user: user ? presentCurrentUser(user) : null } };
    },
  );

  r.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session on the server and clear the cookie',
        response: { 200: envelope(z.object({ signedOut: z.literal(true) })) },
      },
    },
    async (req, reply) => {
      const user = req.sessionUser();
      if (user) {
        // better-auth revokes the session (its row goes), wherever it is used; every process forgets it, and what
        // was opened with it (live event streams, on any process) ends on `session.ended`.
        await auth.api.signOut({ headers: webHeaders(req) });
        app.sessionCache.forgetSession(user.sessionId);
        await writeWithEvents(app.database, (_trx, emit) => emit('session.ended', { userId: user.id, sessionId: user.sessionId }));
      }
      reply.clearCookie('idToken', { path: '/', httpOnly: true, sameSite: 'lax', secure: config.appUrl.startsWith('https://') });
      return { data: { signedOut: true as const } };
    },
  );

  r.get(
    '/api/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'External identity providers switched on by configuration',
        response: { 200: envelope(AuthProvidersResponseSchema) },
      },
    },
    async () => ({
      data: config.oidcProviders.map((p) => ({
        id: p.providerId,
        name: p.providerId.charAt(0).toUpperCase() + p.providerId.slice(1),
        signInUrl: `/api/auth/oidc/${encodeURIComponent(p.providerId)}`,
      })),
    }),
  );

  if (config.oidcProviders.length) {
    // Starts the OpenID Connect flow: the library answers with the provider's URL and sets
    // the state cookie that the callback checks.
    r.get(
      '/api/auth/oidc/:providerId',
      {
        config: limit,
        schema: {
          tags: ['auth'],
          summary: 'Continue with an identity provider (redirects)',
          description:
            'Redirects to the provider. Answers 404 for a provider that is not configured, and redirects to /login?error=provider_unavailable when the provider cannot be reached.',
          params: z.object({ providerId: text().max(64) }),
        },
      },
      async (req, reply) => {
        const { providerId } = req.params;
        if (!config.oidcProviders.some((p) => p.providerId === providerId)) {
          throw notFound(`providerId: no identity provider "${providerId}" is configured.`, 'unknown_provider');
        }
        let res: Response | undefined;
        try {
          res = await auth.api.signInSocial({
            body: {
              provider: providerId,
              callbackURL: at('/home'),
              newUserCallbackURL: at('/onboarding'),
              errorCallbackURL: at(SIGN_IN_ERROR_PATH),
            },
            headers: webHeaders(req),
            asResponse: true,
          });
        } catch (err) {
          req.log.error({ err, providerId }, 'identity provider sign-in could not start');
        }
        const body = res?.ok ? ((await res.json().catch(() => null)) as { url?: unknown } | null) : null;
        if (!res || typeof body?.url !== 'string') {
          // Usually the provider's discovery document could not be fetched (it is retried on each attempt).
          if (res) req.log.error({ status: res.status, providerId }, 'identity provider sign-in could not start');
          return reply.redirect(signInError('provider_unavailable'));
        }
        for (const c of res.headers.getSetCookie()) reply.header('set-cookie', c);
        return reply.redirect(body.url);
      },
    );

    // The provider sends the person back here with ?code&state (or ?error). The library checks
    // the state against its cookie, exchanges the code, verifies the id_token, finds or creates
    // the person, sets the idToken cookie and redirects to /home or /onboarding; on any failure
    // it redirects to /login?error=<code>.
    r.get(
      '/api/auth/callback/:providerId',
      {
        config: limit,
        schema: {
          tags: ['auth'],
          summary: 'Where the identity provider sends the person back (redirects)',
          params: z.object({ providerId: text().max(64) }),
        },
      },
      async (req, reply) => {
        const url = new URL(req.url, config.appUrl);
        let res: Response | undefined;
        try {
          res = await auth.handler(new Request(url, { method: 'GET', headers: webHeaders(req) }));
        } catch (err) {
          req.log.error({ err }, 'identity provider callback failed');
        }
        if (res && res.status >= 300 && res.status < 400 && res.headers.has('location')) return forward(reply, res);
        // Not a redirect: an error the library did not turn into one. The person is in a browser
        // tab, so they go back to the sign-in screen rather than see a JSON error.
        if (res) req.log.error({ status: res.status, body: await res.text().catch(() => '') }, 'identity provider callback failed');
        return reply.redirect(signInError('sign_in_failed'));
      },
    );
  }
}
