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
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { presentCurrentUser } from '../user/user.presenter.ts';
import type { Auth } from './auth.service.ts';

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

export async function authRoutes(app: FastifyInstance, opts: { auth: Auth; config: Config }) {
  const { auth, config } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = { rateLimit: { max: config.SIGNIN_RATE_LIMIT, timeWindow: '1 minute' } };

  r.post(
    '/api/auth/email-link',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary: 'Send a sign-in link by e-mail (signs up unknown addresses on first use)',
        description:
          'Answers the same for known and unknown addresses. The link works once and expires after 15 minutes; it signs the person in and redirects to /home, or to /onboarding for a new person.',
        body: EmailLinkRequestSchema,
        response: { 200: envelope(EmailLinkResponseSchema) },
      },
    },
    async (req) => {
      try {
        await auth.api.signInMagicLink({
          body: {
            email: req.body.email,
            callbackURL: '/home',
            newUserCallbackURL: '/onboarding',
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

  // The link in the mail: verified by the authentication library, which sets the
  // idToken cookie and redirects (to /login?error=... when invalid or expired).
  r.get(
    '/api/auth/magic-link/verify',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary: 'Open a sign-in link (redirects)',
        querystring: z.object({
          token: z.string().min(1).max(200),
          callbackURL: z.string().max(500).optional(),
          newUserCallbackURL: z.string().max(500).optional(),
          errorCallbackURL: z.string().max(500).optional(),
        }),
      },
    },
    async (req, reply) => {
      const url = new URL(req.url, config.appUrl);
      const res = await auth.handler(new Request(url, { method: 'GET', headers: webHeaders(req) }));
      return forward(reply, res);
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
      const user = await req.sessionUser();
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
      const user = await req.sessionUser();
      if (user) {
        await app.database.db.deleteFrom('sessions').where('id', '=', user.sessionId).execute();
        app.sessionCache.forgetSession(user.sessionId);
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
    // Starts the OpenID Connect flow: the library answers with the provider's URL.
    r.get(
      '/api/auth/oidc/:providerId',
      { config: limit, schema: { tags: ['auth'], params: z.object({ providerId: z.string().max(64) }) } },
      async (req, reply) => {
        if (!config.oidcProviders.some((p) => p.providerId === req.params.providerId)) {
          throw notFound(`providerId: no identity provider "${req.params.providerId}" is configured.`, 'unknown_provider');
        }
        const res = await auth.api.signInSocial({
          body: { provider: req.params.providerId, callbackURL: '/home', newUserCallbackURL: '/onboarding', errorCallbackURL: '/login' },
          headers: webHeaders(req),
          asResponse: true,
        });
        const body = (await res.clone().json()) as { url?: string };
        for (const c of res.headers.getSetCookie()) reply.header('set-cookie', c);
        if (!body.url) return forward(reply, res);
        return reply.redirect(body.url);
      },
    );
    r.get('/api/auth/callback/:providerId', { config: limit }, async (req, reply) => {
      const url = new URL(req.url, config.appUrl);
      const res = await auth.handler(new Request(url, { method: 'GET', headers: webHeaders(req) }));
      return forward(reply, res);
    });
  }
}
