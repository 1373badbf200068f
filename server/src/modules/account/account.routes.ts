import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiTokenListSchema,
  ApiTokenParamsSchema,
  CreateApiTokenRequestSchema,
  CreatedApiTokenSchema,
  DeleteAccountRequestSchema,
  RssParamsSchema,
} from '../../../../common/contracts/account.ts';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { personal } from '../../lib/http/personal.ts';
import { SESSION_COOKIE } from '../../lib/http/session-cookie.ts';
import { closeAccount, createToken, exportArchive, feedOf, listTokens, revokeToken } from './account.service.ts';

const Done = envelope(z.object({ ok: z.literal(true) }));

export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  // What follows a closed account: its cached sessions and tokens are forgotten on every instance.
  app.outbox.subscribe('account.dropSessions', 'account.deleted', ({ data }) => app.sessionCache.forgetUser(data.userId));

  r.get(
    '/api/account/export',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: (req) => `export:${req.session?.id ?? req.ip}` } },
      schema: {
        tags,
        summary: 'Everything you made, as a ZIP',
        description:
          'Signed in (a session or an access token). A ZIP of JSON (profile, ratings with reviews, watchlist, lists, discussions, comments, follows, gem ledger) and CSV (ratings, watchlist), ' +
          "with `letterboxd/ratings.csv` and `letterboxd/watchlist.csv` in Letterboxd's columns (Date, Name, Year, Letterboxd URI, Rating in half stars), which Reelhouse's Letterboxd import reads back. Sent `private, no-store`.",
        produces: ['application/zip'],
      },
    },
    async (req, reply) => {
      const { fileName, bytes } = await exportArchive(app.database, req.sessionUser());
      personal(reply);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );

  r.delete(
    '/api/account',
    {
      bodyLimit: 1024,
      schema: {
        tags,
        summary: 'Close your account',
        description:
          'Signed in with a session (not an access token: 403 `session_required`). `confirm` must be `DELETE` (400 naming the field otherwise). ' +
          'Your profile, ratings and reviews, watchlist, lists, follows, blocks, mutes, conversations, notifications, uploads, imports, badges and tokens are removed and every session ends; ' +
          'your discussions and comments in communities stay, shown as Anonymous; the gem ledger keeps its rows without your name. The session cookie is cleared.',
        body: DeleteAccountRequestSchema,
        response: { 200: Done },
      },
    },
    async (req, reply) => {
      await closeAccount(app.database, req.sessionUser());
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: app.config.appUrl.startsWith('https://') });
      return { data: { ok: true as const } };
    },
  );

  r.get(
    '/api/account/tokens',
    {
      schema: {
        tags,
        summary: 'Your access tokens',
        description: 'Signed in with a session. Name, when made and when last used (written at most once per session-cache period); never the token. Newest first. Sent `private, no-store`.',
        response: { 200: envelope(ApiTokenListSchema) },
      },
    },
    async (req, reply) => {
      const results = await listTokens(app.database, req.sessionUser());
      personal(reply);
      return { data: { results } };
    },
  );

  r.post(
    '/api/account/tokens',
    {
      bodyLimit: 2 * 1024,
      config: { rateLimit: { max: 30, timeWindow: '1 hour', keyGenerator: (req) => `token:${req.session?.id ?? req.ip}` } },
      schema: {
        tags,
        summary: 'Make an access token for a script',
        description:
          'Signed in with a session (a token cannot make tokens: 403 `session_required`). Answers the token (`rh_` and 43 characters) this once: only its SHA-256 is kept. ' +
          'A script sends it as `Authorization: Bearer rh_...` and acts as you. At most 20 (409 `too_many_tokens`).',
        body: CreateApiTokenRequestSchema,
        response: { 200: envelope(CreatedApiTokenSchema) },
      },
    },
    async (req, reply) => {
      const data = await createToken(app.database, req.sessionUser(), req.body.name);
      personal(reply);
      return { data };
    },
  );

  r.delete(
    '/api/account/tokens/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an access token',
        description: 'Signed in with a session. The token stops working at once, on every instance. 404 `token_not_found` for none of yours.',
        params: ApiTokenParamsSchema,
        response: { 200: Done },
      },
    },
    async (req) => {
      await revokeToken(app.database, app.sessionCache, req.sessionUser(), req.params.id);
      return { data: { ok: true as const } };
    },
  );

  for (const kind of ['reviews', 'lists'] as const) {
    r.get(
      `/users/:username/${kind}.rss`,
      {
        schema: {
          tags,
          summary: `A person's public ${kind} as RSS 2.0`,
          description: `Public. The latest 50 public ${kind} (hidden ones left out). 404 for no such person, a suspended or a closed account.`,
          params: RssParamsSchema,
          produces: ['application/rss+xml'],
        },
      },
      async (req, reply) => {
        const xml = await feedOf(app.database, app.config.appUrl, req.params.username, kind);
        return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
      },
    );
  }
}
