import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { BlockStateSchema, CursorQuerySchema, FollowRequestSchema, FollowStateSchema, MuteRequestSchema, MuteSchema, MutesSchema, MuteTargetTypeSchema, PeoplePageSchema, PersonCardSchema, UserIdSchema } from '../../../../common/contracts/people.ts';
import { text } from '../../../../common/contracts/text.ts';
import { personal } from '../../lib/http/personal.ts';
import { LIMITS, limited } from '../../lib/http/rate-limits.ts';
import { eraseAccountSocial } from './social.repository.ts';
import * as social from './social.service.ts';

const SMALL = 8 * 1024;
const UserParams = z.object({ userId: UserIdSchema });
const MuteParams = z.object({ targetType: MuteTargetTypeSchema, targetId: text().trim().min(1, 'must be an id').max(64, 'must be an id') });

/** Follows, followers and following, blocks and mutes. */
export async function socialRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  // A closed account's follows (both ways, the others' counts with them), blocks and mutes go.
  app.outbox.subscribe('social.eraseAccount', 'account.deleted', ({ data }) => eraseAccountSocial(db.db, data.userId));

  const FOLLOW_RULES =
    'Signed in. `fromId` must be the caller (403 `forbidden` otherwise); following oneself is 400 `self_follow`; an unknown or suspended person 404 `user_not_found`; following when either blocked the other 403 `blocked`. ' +
    'Idempotent: the follows row is written (or removed) only once and both counters move with it in the same transaction, so they always equal the rows. ' +
    `Rate-limited with messages and reports: ${LIMITS.follow.max} a minute per person, then 429 \`rate_limited\` with the seconds to wait.`;
  r.post(
    '/api/user/follow',
    {
      bodyLimit: SMALL,
      config: limited('follow'),
      schema: {
        tags: ['people'],
        summary: 'Follow someone',
        description: `${FOLLOW_RULES} A new follow notifies the person followed.`,
        body: FollowRequestSchema,
        response: { 200: envelope(FollowStateSchema) },
      },
    },
    async (req) => ({ data: await social.follow(db, req.requireUser(), req.body.fromId, req.body.toId) }),
  );
  r.post(
    '/api/user/unfollow',
    {
      bodyLimit: SMALL,
      config: limited('follow'),
      schema: { tags: ['people'], summary: 'Stop following someone', description: FOLLOW_RULES, body: FollowRequestSchema, response: { 200: envelope(FollowStateSchema) } },
    },
    async (req) => {
      const actor = req.requireUser();
      return { data: await social.unfollow(db, actor, req.body.fromId, req.body.toId) };
    },
  );
  for (const which of ['followers', 'following'] as const) {
    r.get(
      `/api/user/:userId/${which}`,
      {
        schema: {
          tags: ['people'],
          summary: which === 'followers' ? "A person's followers" : 'The people a person follows',
          description:
            'Public. Newest follow first; `limit` 1 to 50 (20), `cursor` the `nextCursor` of the page before (null at the end). Suspended accounts and people on either side of a block with the reader are left out; someone who blocked the reader is 404 `user_not_found`.',
          params: UserParams,
          querystring: CursorQuerySchema,
          response: { 200: envelope(PeoplePageSchema) },
        },
      },
      async (req, reply) => {
        personal(reply);
        return { data: await social.followList(db, req.sessionUser(), req.params.userId, which, req.query) };
      },
    );
  }
  // ---- blocks, mutes, reports ----
  r.get(
    '/api/user/blocks',
    { schema: { tags: ['safety'], summary: 'The people the reader blocked', description: 'Signed in; newest first, up to 500.', response: { 200: envelope(z.array(PersonCardSchema)) } } },
    async (req, reply) => {
      personal(reply);
      return { data: await social.blockedList(db, req.requireUser()) };
    },
  );
  r.post(
    '/api/user/blocks/:userId',
    {
      schema: {
        tags: ['safety'],
        summary: 'Block someone',
        description:
          'Signed in. Ends the follows between the two both ways (counters in the same transaction); from then on neither can follow or message the other (403 `blocked`), the blocked person gets 404 for the blocker\'s profile and activity, and neither sees the other in search, feed or notifications. Blocking twice changes nothing; oneself is 400 `self_block`; an unknown person 404 `user_not_found`. ' +
          'Replies in discussions are refused by the communities module, which reads the blocks table.',
        params: UserParams,
        response: { 200: envelope(BlockStateSchema) },
      },
    },
    async (req) => ({ data: await social.block(db, req.requireUser(), req.params.userId) }),
  );
  r.delete(
    '/api/user/blocks/:userId',
    { schema: { tags: ['safety'], summary: 'Unblock someone', description: 'Signed in. Follows ended by the block do not come back.', params: UserParams, response: { 200: envelope(BlockStateSchema) } } },
    async (req) => ({ data: await social.unblock(db, req.requireUser(), req.params.userId) }),
  );
  r.get(
    '/api/user/mutes',
    { schema: { tags: ['safety'], summary: 'What the reader muted', description: 'Signed in.', response: { 200: envelope(MutesSchema) } } },
    async (req, reply) => {
      personal(reply);
      return { data: await social.muteList(db, req.requireUser()) };
    },
  );
  r.post(
    '/api/user/mutes',
    {
      bodyLimit: SMALL,
      schema: {
        tags: ['safety'],
        summary: 'Mute a person or a community',
        description:
          'Signed in. `{ targetType: "user" | "community", targetId }`. A muted person stays followed but is left out of the feed and their doings notify no more. A muted community is stored for the communities module to read (its id is not checked here). Muting twice changes nothing.',
        body: MuteRequestSchema,
        response: { 200: envelope(MuteSchema) },
      },
    },
    async (req) => ({ data: await social.mute(db, req.requireUser(), req.body.targetType, req.body.targetId) }),
  );
  r.delete(
    '/api/user/mutes/:targetType/:targetId',
    { schema: { tags: ['safety'], summary: 'Unmute', description: 'Signed in.', params: MuteParams, response: { 200: envelope(MuteSchema) } } },
    async (req) => ({ data: await social.unmute(db, req.requireUser(), req.params.targetType, req.params.targetId) }),
  );
}
