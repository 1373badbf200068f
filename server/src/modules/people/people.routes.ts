import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import {
  ActivityItemSchema,
  ActivityQuerySchema,
  BlockStateSchema,
  ConversationsSchema,
  CountriesSchema,
  CursorQuerySchema,
  FeedPageSchema,
  FeedQuerySchema,
  FollowRequestSchema,
  FollowStateSchema,
  HiddenStateSchema,
  HideRequestSchema,
  MarkReadRequestSchema,
  MessageSchema,
  MessagesPageSchema,
  MessagesQuerySchema,
  MuteRequestSchema,
  MuteSchema,
  MutesSchema,
  MuteTargetTypeSchema,
  NotificationsPageSchema,
  PeoplePageSchema,
  PersonCardSchema,
  ProfileSchema,
  ReportRequestSchema,
  ReportsPageSchema,
  ResolveReportSchema,
  SendMessageRequestSchema,
  SuspensionSchema,
  UnreadCountSchema,
  UserIdSchema,
  UserSearchRequestSchema,
  UserSearchResponseSchema,
} from '../../../../common/contracts/people.ts';
import { blankToUndefined } from '../../../../common/contracts/query.ts';
import { text } from '../../../../common/contracts/text.ts';
import { contentHidden } from '../../lib/visibility.ts';
import * as activity from './activity.service.ts';
import * as messages from './messages.service.ts';
import * as moderation from './moderation.service.ts';
import * as social from './social.service.ts';

/**
 * One limiter for what one account could flood others with (follows, messages, reports): @fastify/rate-limit per
 * route, keyed by the signed-in person (by address before sign-in), counted in Redis when REDIS_URL is set, else in
 * this process. Over the limit: 429 `rate_limited` saying how many seconds to wait (and a Retry-After header).
 */
export const LIMITS = {
  follow: { max: 60, timeWindow: 60_000 },
  message: { max: 30, timeWindow: 60_000 },
  report: { max: 10, timeWindow: 3_600_000 },
} as const;
const limited = (kind: keyof typeof LIMITS) => ({
  rateLimit: { ...LIMITS[kind], groupId: kind, keyGenerator: (req: FastifyRequest) => `${kind}:${req.session?.id ?? `ip:${req.ip}`}` },
});

const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');
const SMALL = 8 * 1024;

const SuffixParams = z.object({ suffix: text().trim().min(1, 'must be me, an id or a username').max(64, 'must be me, an id or a username') });
const UserParams = z.object({ userId: UserIdSchema });
const IdParams = z.object({ id: text().trim().min(1, 'must be an id').max(64, 'must be an id') });
const ConversationParams = z.object({ conversationId: text().trim().min(1, 'must be a conversation id').max(64, 'must be a conversation id') });
const MuteParams = z.object({ targetType: MuteTargetTypeSchema, targetId: text().trim().min(1, 'must be an id').max(64, 'must be an id') });
const HiddenParams = z.object({ targetType: HideRequestSchema.shape.targetType, targetId: text().trim().min(1, 'must be an id').max(64, 'must be an id') });
const ReportsQuery = CursorQuerySchema.extend({
  status: z.preprocess(blankToUndefined, z.enum(['open', 'resolved'], { error: 'must be open or resolved' }).default('open')),
});
const ActivityData = envelope(z.array(ActivityItemSchema));
const ACTIVITY_NOTE =
  'Each item carries `cursor`: pass the last one as `?cursor=` for the next page (`limit` 1 to 50, 20 by default); an empty `data` is the end. ' +
  '`userId` reads another person\'s public activity (never their private lists); without it, the reader\'s own (signed in). Someone who blocked the reader, or a suspended account, is 404 `user_not_found`. Hidden content (moderation) is left out. Sent `private, no-store`.';

export async function peopleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;

  // ---- profiles ----
  // ---- follows ----
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
    async (req) => {
      const actor = req.requireUser();
      const result = await social.follow(db, actor, req.body.fromId, req.body.toId);
      if (result.notification) await app.announceNotification(result.notification);
      return { data: result.state };
    },
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
            'Public. Newest follow first; `limit` 1 to 50 (20), `cursor` the `nextCursor` of the page before (null at the end). Suspended accounts are left out; someone who blocked the reader is 404 `user_not_found`.',
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
    async (req) => {
      const actor = req.requireUser();
      const result = await social.block(db, actor, req.params.userId);
      // Both people's open conversations with each other close at once.
      app.events.publish(actor.id, 'conversation', { with: req.params.userId, canWrite: false });
      app.events.publish(req.params.userId, 'conversation', { with: actor.id, canWrite: false });
      return { data: result };
    },
  );
  r.delete(
    '/api/user/blocks/:userId',
    { schema: { tags: ['safety'], summary: 'Unblock someone', description: 'Signed in. Follows ended by the block do not come back.', params: UserParams, response: { 200: envelope(BlockStateSchema) } } },
    async (req) => {
      const actor = req.requireUser();
      const result = await social.unblock(db, actor, req.params.userId);
      const open = !(await social.isBlockedEitherWay(db, actor.id, req.params.userId));
      app.events.publish(actor.id, 'conversation', { with: req.params.userId, canWrite: open });
      app.events.publish(req.params.userId, 'conversation', { with: actor.id, canWrite: open });
      return { data: result };
    },
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
    async (req, reply) => reply.status(201).send({ data: await social.report(db, req.requireUser(), req.body) }),
  );

  // ---- moderation ----
  const MOD = 'Moderators only (`npm run admin -- grant-moderator <email>`): anyone else 403 `forbidden`.';
  r.get(
    '/api/moderation/reports',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Reports, open ones by default',
        description: `${MOD} Newest first; \`status\` open (default) or resolved; keyset pages (\`cursor\`, \`limit\`).`,
        querystring: ReportsQuery,
        response: { 200: envelope(ReportsPageSchema) },
      },
    },
    async (req, reply) => {
      await moderation.requireModerator(db, req.requireUser());
      personal(reply);
      return { data: await moderation.listReports(db, req.query.status, req.query) };
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
    async (req) => {
      const actor = req.requireUser();
      await moderation.requireModerator(db, actor);
      return { data: await moderation.resolveReport(db, actor, req.params.id, req.body?.resolution) };
    },
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
    async (req) => {
      const actor = req.requireUser();
      await moderation.requireModerator(db, actor);
      const result = await moderation.hide(db, actor, req.body.targetType, req.body.targetId, true);
      await contentHidden(app.cache, req.body.targetType);
      return { data: result };
    },
  );
  r.delete(
    '/api/moderation/hidden/:targetType/:targetId',
    { schema: { tags: ['moderation'], summary: 'Show hidden content again', description: MOD, params: HiddenParams, response: { 200: envelope(HiddenStateSchema) } } },
    async (req) => {
      const actor = req.requireUser();
      await moderation.requireModerator(db, actor);
      const result = await moderation.hide(db, actor, req.params.targetType, req.params.targetId, false);
      await contentHidden(app.cache, req.params.targetType);
      return { data: result };
    },
  );
  for (const suspended of [true, false]) {
    const handler = async (req: FastifyRequest<{ Params: { userId: string } }>) => {
      const actor = req.requireUser();
      await moderation.requireModerator(db, actor);
      const result = await moderation.suspend(db, actor, req.params.userId, suspended);
      app.sessionCache.forgetUser(req.params.userId);
      // Their open pages' event streams end too (on every process).
      if (suspended) app.events.publish(req.params.userId, 'signed-out', {});
      return { data: result };
    };
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

  // ---- messages ----
  r.get(
    '/api/messages/conversations',
    {
      schema: {
        tags: ['messages'],
        summary: "The reader's conversations",
        description:
          'Signed in. Latest message first (100 at most), each with the other person, the last message, its unread count, and `canWrite` (false once either blocked the other: the conversation is closed); `unreadCount` sums them.',
        response: { 200: envelope(ConversationsSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await messages.conversations(db, req.requireUser()) };
    },
  );
  r.get(
    '/api/messages/:conversationId',
    {
      schema: {
        tags: ['messages'],
        summary: "A conversation's messages",
        description:
          'Signed in, one of its two people (else 404 `conversation_not_found`). Newest first, 30 a page; `?before=<message id>` (the `nextBefore` of the page before) reads older ones. Reading the newest page marks the conversation read.',
        params: ConversationParams,
        querystring: MessagesQuerySchema,
        response: { 200: envelope(MessagesPageSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await messages.conversationMessages(db, req.requireUser(), req.params.conversationId, req.query.before) };
    },
  );
  r.post(
    '/api/messages',
    {
      bodyLimit: 16 * 1024,
      config: limited('message'),
      schema: {
        tags: ['messages'],
        summary: 'Write to someone',
        description:
          '`{ toId, text }` (1 to 2,000 characters). Allowed when the recipient follows the sender or has written to them; otherwise 403 `not_allowed`; never when either blocked the other (403 `blocked`). Oneself 400; unknown or suspended recipient 404 `user_not_found`. ' +
          `Both people's open pages get it live. Rate-limited: ${LIMITS.message.max} a minute per person, then 429.`,
        body: SendMessageRequestSchema,
        response: { 201: envelope(MessageSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      const message = await messages.sendMessage(db, actor, req.body.toId, req.body.text);
      const payload = { message, conversationId: message.conversationId };
      app.events.publish(req.body.toId, 'message', payload);
      app.events.publish(actor.id, 'message', payload);
      return reply.status(201).send({ data: message });
    },
  );

  // ---- activity and feed ----
  r.get(
    '/api/filter/my-activity',
    {
      schema: {
        tags: ['activity'],
        summary: 'Activity tab All: ratings, reviews, lists, discussions and comments',
        description: `${ACTIVITY_NOTE} Discussions started and comments written (kinds \`discussion\` and \`comment\`, each with its discussion and community) only from communities the reader may see: public ones, or private ones they are admin or member of; never hidden ones, nor of a community the reader muted.`,
        querystring: ActivityQuerySchema,
        response: { 200: ActivityData },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: (await activity.personActivity(db, req.sessionUser(), req.query, 'all')).items };
    },
  );
  r.get(
    '/api/filter/userComments',
    {
      schema: {
        tags: ['activity'],
        summary: 'Activity tab Comments: what the person wrote',
        description: `${ACTIVITY_NOTE} Their reviews, and their comments and replies in discussions of communities the reader may see (public ones, or private ones they are admin or member of).`,
        querystring: ActivityQuerySchema,
        response: { 200: ActivityData },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: (await activity.personActivity(db, req.sessionUser(), req.query, 'comments')).items };
    },
  );
  r.get(
    '/api/feed',
    {
      schema: {
        tags: ['activity'],
        summary: 'The home feed: what the people the reader follows did',
        description:
          'Signed in. Ratings, reviews and public lists of followed people (not muted ones), newest first; keyset pages: `?cursor=` the `nextCursor` of the page before (null at the end), `limit` 1 to 50 (20). Never private lists, hidden content, or anyone on either side of a block (blocking ends the follows). Discussions they started (kind `discussion`) appear too, only from communities the reader may see (public ones, or private ones the reader is admin or member of) and not from communities the reader muted. Sent `private, no-store`.',
        querystring: FeedQuerySchema,
        response: { 200: envelope(FeedPageSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      const page = await activity.feed(db, req.requireUser(), req.query);
      return { data: { results: page.items, nextCursor: page.nextCursor } };
    },
  );
}
