import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CommunitiesPageSchema,
  CommunitiesQuerySchema,
  CommunityDeletedSchema,
  CommunityPageSchema,
  CommunityParamsSchema,
  CommunityReportParamsSchema,
  CommunitySchema,
  CommunityUserParamsSchema,
  CreateCommunityRequestSchema,
  JoinCommunityRequestSchema,
  JoinRequestsPageSchema,
  MemberChangeSchema,
  MembershipChangeSchema,
  MembersPageSchema,
  PENDING_MESSAGE,
  ReportDismissedSchema,
  ReportsPageSchema,
  TransferAdminRequestSchema,
  TrendingDiscussionSchema,
  UpdateCommunityRequestSchema,
} from '../../../../common/contracts/communities.ts';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { personal } from '../../lib/http/personal.ts';
import { dropOnHide } from '../../lib/visibility.ts';
import { eraseAccountCommunities } from './communities.account.repository.ts';
import * as service from './communities.service.ts';
import { topDiscussions } from './discussions.service.ts';


const SHAPE =
  'The Community shape of spec 3: `communityId, name, isPublic, communityImage, members, description, userId, joinRequests`. `userId` is the admin (null for the general community, which nobody administers). ' +
  '`members` and `joinRequests` hold the reader’s own id when they are a member or have a pending request, else nothing (who is in a community is the members page); ' +
  '`memberCount` counts the members besides the admin, so the card shows `memberCount + 1`; `membership` is the reader’s standing: `admin`, `member` (Joined), `pending`, `none` (Join).';
const ADMIN = 'Signed in; the community’s admin only (403 `forbidden` for anyone else; 401 signed out); 404 `community_not_found` when there is no such community.';
const PAGE_QUERY = z.object({ page: CommunityPageSchema });

export async function communitiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['communities'];
  const ctx: service.CommunitiesContext = { database: app.database, cache: app.cache, publicBase: app.config.S3_PUBLIC_URL };
  // A closed account's memberships, join requests, likes and reports go; its posts stay, without an author (before
  // the top discussions are dropped below).
  app.outbox.subscribe('communities.eraseAccount', 'account.deleted', ({ data }) => eraseAccountCommunities(app.database.db, data.userId));
  // Top discussions are kept for everyone: a discussion a moderator hides leaves them at once.
  dropOnHide(app.cache, 'discussion', service.NS_HOME_DISCUSSIONS);
  // ...and so do a suspended account's discussions (back when it is restored). Comment threads need no drop: who may
  // see each comment is decided per reader after the shared cache.
  app.outbox.subscribe('communities.homeOnSuspension', ['person.suspended', 'person.restored', 'account.deleted'], () => app.cache.invalidate(service.NS_HOME_DISCUSSIONS));

  r.post(
    '/api/communities',
    {
      schema: {
        tags,
        summary: 'Create a community',
        description:
          'Signed in; the creator becomes its admin (`userId`). `name` 3 to 60 characters, unique ignoring case (409 `name_taken`); `description` up to 2,000 characters of plain text; ' +
          '`isPublic` true (anyone joins) or false (joining asks the admin); `communityImage` an image the caller uploaded with `POST /api/uploads/images` (its `url`), or any other `https:` address (400 naming `communityImage` otherwise). Answers 201. ' +
          SHAPE,
        body: CreateCommunityRequestSchema,
        response: { 201: envelope(CommunitySchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return reply.status(201).send({ data: await service.createCommunity(ctx, actor, req.body) });
    },
  );

  r.get(
    '/api/communities',
    {
      schema: {
        tags,
        summary: 'Discover communities, or list one’s own',
        description:
          '`mine=true` (signed in, else 401): the communities the reader administers or is a member of, by name. Otherwise every community, public and private (a private community’s name and description are not secret: its discussions are), most members first. ' +
          `20 a page (\`page\` 1 to 10,000, default 1); \`hasMore\` tells whether another page follows. ${SHAPE} Sent \`private, no-store\`.`,
        querystring: CommunitiesQuerySchema,
        response: { 200: envelope(CommunitiesPageSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await service.listCommunities(ctx, req.sessionUser(), req.query.mine === 'true', req.query.page) };
    },
  );

  r.get(
    '/api/communities/generalCommunity',
    {
      schema: {
        tags,
        summary: 'The general community',
        description: `A public community that exists from the first start (created by the migration, with no admin: \`userId\` null). ${SHAPE} Sent \`private, no-store\`.`,
        response: { 200: envelope(CommunitySchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await service.generalCommunity(ctx, req.sessionUser()) };
    },
  );

  r.get(
    '/api/communities/:communityId',
    {
      schema: {
        tags,
        summary: 'A community',
        description: `Anyone; 404 \`community_not_found\` when there is none. Private communities are shown too (so people can ask to join); their discussions are not. ${SHAPE} Sent \`private, no-store\`.`,
        params: CommunityParamsSchema,
        response: { 200: envelope(CommunitySchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await service.getCommunity(ctx, req.sessionUser(), req.params.communityId) };
    },
  );

  r.put(
    '/api/communities/:communityId',
    {
      schema: {
        tags,
        summary: 'Edit a community',
        description:
          `${ADMIN} Any of \`name\`, \`description\`, \`isPublic\`, \`communityImage\` (null removes it), with the rules of creating. Made public, its discussions become public and pending requests become members; made private, its discussions leave search, the home page and listings for everyone but its members.`,
        params: CommunityParamsSchema,
        body: UpdateCommunityRequestSchema,
        response: { 200: envelope(CommunitySchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await service.updateCommunity(ctx, actor, req.params.communityId, req.body) };
    },
  );

  r.delete(
    '/api/communities/:communityId',
    {
      schema: {
        tags,
        summary: 'Delete a community',
        description: `${ADMIN} Its discussions, comments, likes, members, requests and reports go with it.`,
        params: CommunityParamsSchema,
        response: { 200: envelope(CommunityDeletedSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      await service.deleteCommunity(ctx, actor, req.params.communityId);
      return { data: { communityId: req.params.communityId, deleted: true as const } };
    },
  );

  r.post(
    '/api/communities/join-community/:communityId',
    {
      schema: {
        tags,
        summary: 'Join a community (spec 4)',
        description:
          'Signed in; `userId` must be the caller’s own id (403 `forbidden` otherwise). A public community makes the caller a member at once (`membership: member`); a private one records a join request for its admin (`membership: pending`). ' +
          `\`message\` is shown as a success toast. Joining again changes nothing and says so (while pending: '${PENDING_MESSAGE}'). The admin cannot join their own community (409 \`is_admin\`). ` +
          'The member count changes in the same transaction as the membership. A new request notifies the admin (`join_request`); becoming a member counts towards the levels (Reel Aficionado: 10 communities).',
        params: CommunityParamsSchema,
        body: JoinCommunityRequestSchema,
        response: { 200: envelope(MembershipChangeSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await service.join(ctx, actor, req.params.communityId, req.body.userId) };
    },
  );

  r.delete(
    '/api/communities/join-community/:communityId',
    {
      schema: {
        tags,
        summary: 'Leave a community (or withdraw a join request)',
        description:
          'Signed in. Leaves (a member), withdraws the request (pending), or changes nothing (neither); answers `membership: none` and a `message`. The admin cannot leave (409 `is_admin`): hand the role to a member first.',
        params: CommunityParamsSchema,
        response: { 200: envelope(MembershipChangeSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await service.leave(ctx, actor, req.params.communityId) };
    },
  );

  r.get(
    '/api/communities/:communityId/members',
    {
      schema: {
        tags,
        summary: 'A community’s members',
        description:
          'Anyone for a public community; a private community’s members only (401 signed out, 403 `forbidden` for others). The admin first (on page 1, `role: admin`), then members in the order they joined, 50 a page. `memberCount` counts the members besides the admin.',
        params: CommunityParamsSchema,
        querystring: PAGE_QUERY,
        response: { 200: envelope(MembersPageSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await service.members(ctx, req.sessionUser(), req.params.communityId, req.query.page) };
    },
  );

  r.delete(
    '/api/communities/:communityId/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a member (admin)',
        description: `${ADMIN} 404 \`member_not_found\` when the person is not a member. They may ask or join again later.`,
        params: CommunityUserParamsSchema,
        response: { 200: envelope(MemberChangeSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      return { data: await service.removeMember(ctx, actor, req.params.communityId, req.params.userId) };
    },
  );

  r.get(
    '/api/communities/:communityId/join-requests',
    {
      schema: {
        tags,
        summary: 'Pending join requests (admin)',
        description: `${ADMIN} Oldest first, 50 a page.`,
        params: CommunityParamsSchema,
        querystring: PAGE_QUERY,
        response: { 200: envelope(JoinRequestsPageSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await service.joinRequests(ctx, actor, req.params.communityId, req.query.page) };
    },
  );

  r.post(
    '/api/communities/:communityId/join-requests/:userId/approve',
    {
      schema: {
        tags,
        summary: 'Approve a join request (admin)',
        description: `${ADMIN} The person becomes a member (the count changes in the same transaction) and is told (\`request_approved\`); 404 \`join_request_not_found\` when they have no pending request.`,
        params: CommunityUserParamsSchema,
        response: { 200: envelope(MemberChangeSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      return { data: await service.approve(ctx, actor, req.params.communityId, req.params.userId) };
    },
  );

  r.post(
    '/api/communities/:communityId/join-requests/:userId/reject',
    {
      schema: {
        tags,
        summary: 'Reject a join request (admin)',
        description: `${ADMIN} The request is dropped; 404 \`join_request_not_found\` when there is none. The person may ask again.`,
        params: CommunityUserParamsSchema,
        response: { 200: envelope(MemberChangeSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      return { data: await service.reject(ctx, actor, req.params.communityId, req.params.userId) };
    },
  );

  r.post(
    '/api/communities/:communityId/admin',
    {
      schema: {
        tags,
        summary: 'Hand the admin role to a member (admin)',
        description: `${ADMIN} \`userId\` must be a member (404 \`member_not_found\` otherwise); the old admin stays as a member. Answers the community as the old admin now sees it.`,
        params: CommunityParamsSchema,
        body: TransferAdminRequestSchema,
        response: { 200: envelope(CommunitySchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await service.transferAdmin(ctx, actor, req.params.communityId, req.body.userId) };
    },
  );

  r.get(
    '/api/communities/:communityId/reports',
    {
      schema: {
        tags,
        summary: 'Reports of discussions and comments (admin)',
        description: `${ADMIN} Newest first, 50 a page. A report leaves when dismissed, or with what it reports when that is deleted.`,
        params: CommunityParamsSchema,
        querystring: PAGE_QUERY,
        response: { 200: envelope(ReportsPageSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await service.reports(ctx, actor, req.params.communityId, req.query.page) };
    },
  );

  r.delete(
    '/api/communities/:communityId/reports/:reportId',
    {
      schema: {
        tags,
        summary: 'Dismiss a report (admin)',
        description: `${ADMIN} 404 \`report_not_found\` when the community has no such report.`,
        params: CommunityReportParamsSchema,
        response: { 200: envelope(ReportDismissedSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      return { data: await service.dismissReport(ctx, actor, req.params.communityId, req.params.reportId) };
    },
  );

  // ---- Home ---------------------------------------------------------------------------------------

  r.get(
    '/api/home/trending-communities',
    {
      schema: {
        tags: ['home'],
        summary: 'The home page’s Trending Communities',
        description:
          `Up to 10 communities ranked by the last ${service.TRENDING_DAYS} days (a new discussion weighs 3, a new member 1), topped up with the most popular. ` +
          `The ranking comes from the shared cache (a minute at most, dropped on any join, leave, new community or discussion); the reader’s standing is merged after it. ${SHAPE} Sent \`private, no-store\`.`,
        response: { 200: envelope(z.array(CommunitySchema)) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await service.trendingCommunities(ctx, req.sessionUser()) };
    },
  );

  r.get(
    '/api/home/popular-communities',
    {
      schema: {
        tags: ['home'],
        summary: 'The most popular communities',
        description: `Up to 10 communities, most members first, from the shared cache (dropped on any join or leave); the reader’s standing merged after it. ${SHAPE} Sent \`private, no-store\`.`,
        response: { 200: envelope(z.array(CommunitySchema)) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await service.popularCommunities(ctx, req.sessionUser()) };
    },
  );

  r.get(
    '/api/home/top-discussions',
    {
      schema: {
        tags: ['home'],
        summary: 'The home page’s Top Discussions',
        description:
          'Up to 10 discussions of public communities only, in the Trending discussion shape of spec 3 (`communityImage, communityName, discussionCreatorImage, discussionCreatorName, createAt { _seconds, _nanoseconds }`) plus ids, title and counts. ' +
          'Ranked among those active in the last 30 days by (likes + 2 × comments + 1) / (hours since posted + 2)^1.5, topped up with the newest. `discussionCreatorName` is null when the account is gone (show Anonymous). ' +
          'The same for everyone: from the shared cache, dropped on any write to a public discussion, its likes or comments. Sent `no-cache`.',
        response: { 200: envelope(z.array(TrendingDiscussionSchema)) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return { data: await topDiscussions(ctx) };
    },
  );
}
