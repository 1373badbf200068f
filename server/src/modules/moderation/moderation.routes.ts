import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { CursorQuerySchema, HiddenStateSchema, HideRequestSchema, ReportRequestSchema, ReportsPageSchema, ResolveReportSchema, SuspensionSchema, UserIdSchema } from '../../../../common/contracts/people.ts';
import { blankToUndefined } from '../../../../common/contracts/query.ts';
import { text } from '../../../../common/contracts/text.ts';
import { personal } from '../../lib/http/personal.ts';
import { LIMITS, limited } from '../../lib/http/rate-limits.ts';
import { eraseAccountModeration } from './moderation.repository.ts';
import * as moderation from './moderation.service.ts';

const SMALL = 8 * 1024;
const UserParams = z.object({ userId: UserIdSchema });
const IdParams = z.object({ id: text().trim().min(1, 'must be an id').max(64, 'must be an id') });
const HiddenParams = z.object({ targetType: HideRequestSchema.shape.targetType, targetId: text().trim().min(1, 'must be an id').max(64, 'must be an id') });
const ReportsQuery = CursorQuerySchema.extend({
  status: z.preprocess(blankToUndefined, z.enum(['open', 'resolved'], { error: 'must be open or resolved' }).default('open')),
});

/** Reports from anyone signed in; the moderators' queue, hiding and suspensions. */
export async function moderationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const ctx: moderation.ModerationContext = { database: app.database, cache: app.cache };
  moderation.subscribeSuspensions(app.outbox, app.sessionCache);
  // A closed account's reports go, and its name from what it resolved or hid.
  app.outbox.subscribe('moderation.eraseAccount', 'account.deleted', ({ data }) => eraseAccountModeration(db.db, data.userId));

  r.post(
    '/api/reports',
    {
      bodyLimit: SMALL,
      config: limited('report'),
      schema: {
        tags: ['safety'],
        summary: 'Report a person, review, list, discussion, comment or message',
        description:
          'Signed in. `{ targetType, targetId, reason }` (reason 1 to 1,000 characters). People, reviews, lists (public, or one\'s own) and messages (of one\'s own conversations) must exist: 404 `target_not_found`; discussions and comments are stored as given. Nobody reports themselves or their own content: 403 `own_content`. ' +
          `Moderators see open reports. Rate-limited: ${LIMITS.report.max} an hour per person, then 429.`,
        body: ReportRequestSchema,
        response: { 201: envelope(z.object({ id: z.string(), status: z.literal('open') })) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await moderation.report(db, req.requireUser(), req.body) }),
  );

  // ---- moderation ----
  const MOD = 'Moderators only (`npm run admin -- grant-moderator <email>`): anyone else 403 `forbidden`.';
  r.get(
    '/api/moderation/reports',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Reports, open ones by default',
        description: `${MOD} Newest first; \`status\` open (default) or resolved; keyset pages (\`cursor\`, \`limit\`). Each report says how its target stands now: \`targetOwner\` (the person, the author, the list's owner, the sender; null when gone), \`targetHidden\`, \`ownerSuspended\`.`,
        querystring: ReportsQuery,
        response: { 200: envelope(ReportsPageSchema) },
      },
    },
    async (req, reply) => {
      const page = await moderation.listReports(db, req.requireUser(), req.query.status, req.query);
      personal(reply);
      return { data: page };
    },
  );
  r.post(
    '/api/moderation/reports/:id/resolve',
    {
      bodyLimit: SMALL,
      schema: {
        tags: ['moderation'],
        summary: 'Close a report',
        description: `${MOD} Optional \`{ resolution }\` note. 404 \`report_not_found\`.`,
        params: IdParams,
        body: ResolveReportSchema.nullish(),
        response: { 200: envelope(z.object({ id: z.string(), status: z.literal('resolved') })) },
      },
    },
    async (req) => ({ data: await moderation.resolveReport(db, req.requireUser(), req.params.id, req.body?.resolution) }),
  );
  r.post(
    '/api/moderation/hidden',
    {
      bodyLimit: SMALL,
      schema: {
        tags: ['moderation'],
        summary: 'Hide a review, list, discussion, comment or message',
        description: `${MOD} Hidden content leaves the feed and activity at once; the modules showing each kind leave out what the hidden_content table names.`,
        body: HideRequestSchema,
        response: { 200: envelope(HiddenStateSchema) },
      },
    },
    async (req) => ({ data: await moderation.hide(ctx, req.requireUser(), req.body.targetType, req.body.targetId, true) }),
  );
  r.delete(
    '/api/moderation/hidden/:targetType/:targetId',
    { schema: { tags: ['moderation'], summary: 'Show hidden content again', description: MOD, params: HiddenParams, response: { 200: envelope(HiddenStateSchema) } } },
    async (req) => ({ data: await moderation.hide(ctx, req.requireUser(), req.params.targetType, req.params.targetId, false) }),
  );
  for (const suspended of [true, false]) {
    const handler = async (req: FastifyRequest<{ Params: { userId: string } }>) => ({
      data: await moderation.suspend(ctx, req.requireUser(), req.params.userId, suspended),
    });
    const schema = {
      tags: ['moderation'],
      summary: suspended ? 'Suspend an account' : 'Lift a suspension',
      description: suspended
        ? `${MOD} The account's sessions stop working at once (on every instance) and it cannot sign in again until restored; its profile is 404 to others. Oneself: 403.`
        : MOD,
      params: UserParams,
      response: { 200: envelope(SuspensionSchema) },
    };
    if (suspended) r.post('/api/moderation/suspensions/:userId', { schema }, handler);
    else r.delete('/api/moderation/suspensions/:userId', { schema }, handler);
  }

}
