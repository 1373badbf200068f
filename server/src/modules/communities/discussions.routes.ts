import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AllDiscussionsQuerySchema,
  CommentDeletedSchema,
  CommentLikeStateSchema,
  CommentLocationParamsSchema,
  CommentLocationSchema,
  CommentParamsSchema,
  CommentSchema,
  CommentsPageSchema,
  CommentsQuerySchema,
  CommunityDiscussionParamsSchema,
  CommunityDiscussionsQuerySchema,
  CommunityParamsSchema,
  CreateCommentRequestSchema,
  CreateDiscussionRequestSchema,
  DiscussionDeletedSchema,
  DiscussionLikeStateSchema,
  DiscussionLockStateSchema,
  DiscussionParamsSchema,
  DiscussionSchema,
  DiscussionSearchRequestSchema,
  DiscussionsPageSchema,
  RepliesPageSchema,
  ReportCreatedSchema,
  ReportRequestSchema,
  UpdateCommentRequestSchema,
  UpdateDiscussionRequestSchema,
  UserDiscussionsQuerySchema,
  UserLikedDiscussionsQuerySchema,
} from '../../../../common/contracts/communities.ts';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { personal } from '../../lib/http/personal.ts';
import * as comments from './comments.service.ts';
import type { CommunitiesContext } from './communities.service.ts';
import * as discussions from './discussions.service.ts';

const HIDDEN =
  'A private community’s discussions, comments and replies are 404 (`discussion_not_found`, `comment_not_found`) to anyone but its admin and members, as is what does not exist; a discussion asked for under another community’s path is 404 too. Listings leave out discussions a moderator hid, those of people who blocked the reader or whom the reader blocked, and those of suspended accounts (such a discussion is 404 to them); comments the reader may not see stay collapsed in their thread.';
const COLLAPSED =
  'In a thread, a comment the reader may not see keeps its place with its replies, without text or author, and `collapsed` says why: `blocked` (the reader blocked its author), `unavailable` (its author blocked the reader, or is suspended), `removed` (a moderator hid it); `null` otherwise. Its author reads it as it is.';
const TEXT = 'Text is plain text (the web app shows it as text, links made clickable; it never renders HTML).';
/** A discussion's body is up to 20,000 characters: about 120 KB as JSON at worst. */
const DISCUSSION_BODY_LIMIT = 160 * 1024;

export async function discussionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['discussions'];
  const ctx: CommunitiesContext = { database: app.database, cache: app.cache, publicBase: app.config.S3_PUBLIC_URL };

  r.post(
    '/api/communities/:communityId/discussions',
    {
      bodyLimit: DISCUSSION_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Start a discussion',
        description: `Signed in; the community’s admin and members only (403 \`forbidden\`; 404 \`community_not_found\`). \`title\` 3 to 200 characters, \`body\` up to 20,000, \`spoiler\` blurs it until the reader asks. ${TEXT} Discussions started count towards the levels. Answers 201.`,
        params: CommunityParamsSchema,
        body: CreateDiscussionRequestSchema,
        response: { 201: envelope(DiscussionSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return reply.status(201).send({ data: await discussions.createDiscussion(ctx, actor, req.params.communityId, req.body) });
    },
  );

  r.get(
    '/api/communities/:communityId/discussions',
    {
      schema: {
        tags,
        summary: 'A community’s discussions',
        description:
          '`sort=new` (default: newest first) or `active` (latest comment first); 20 a page (`page`, default 1). A private community’s discussions are 404 `not_found` to anyone but its admin and members. Sent `private, no-store`.',
        params: CommunityParamsSchema,
        querystring: CommunityDiscussionsQuerySchema,
        response: { 200: envelope(DiscussionsPageSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await discussions.communityDiscussions(ctx, req.sessionUser(), req.params.communityId, req.query.sort, req.query.page) };
    },
  );

  r.get(
    '/api/discussions',
    {
      schema: {
        tags,
        summary: 'Discussions across the communities the reader can see',
        description:
          'Discussions of every public community and of the private ones the reader administers or belongs to; `sort=new` (default) or `active`, 20 a page. Sent `private, no-store`.',
        querystring: AllDiscussionsQuerySchema,
        response: { 200: envelope(DiscussionsPageSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await discussions.allDiscussions(ctx, req.sessionUser(), req.query.sort, req.query.page) };
    },
  );

  r.get(
    '/api/user/discussions',
    {
      schema: {
        tags,
        summary: 'A person’s discussions (the Posts tab)',
        description:
          'Signed in. The reader’s own discussions, or with `?userId=` another person’s; newest first, 20 a page (`page`). Only what the reader may see: a private community’s discussions are left out for anyone but its admin and members. Answers a data array. Sent `private, no-store`.',
        querystring: UserDiscussionsQuerySchema,
        response: { 200: envelope(z.array(DiscussionSchema)) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await discussions.discussionsBy(ctx, actor, req.query.userId ?? actor.id, req.query.page) };
    },
  );

  r.get(
    '/api/user/liked-discussions',
    {
      schema: {
        tags,
        summary: 'The discussions the reader liked (the Liked tab)',
        description:
          'Signed in. Latest like first, 20 a page (`page`); a discussion the reader may no longer see (they left its private community) is left out. Answers a data array. Sent `private, no-store`.',
        querystring: UserLikedDiscussionsQuerySchema,
        response: { 200: envelope(z.array(DiscussionSchema)) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await discussions.likedBy(ctx, actor, req.query.page) };
    },
  );

  r.post(
    '/api/discussions/search',
    {
      schema: {
        tags,
        summary: 'Search discussions',
        description:
          '`keyword` 1 to 100 characters, matched ignoring case in titles and bodies; only discussions the reader may see (never a private community’s unless they are in it); newest first, at most 50. Sent `private, no-store`.',
        body: DiscussionSearchRequestSchema,
        response: { 200: envelope(z.array(DiscussionSchema)) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await discussions.search(ctx, req.sessionUser(), req.body.keyword) };
    },
  );

  r.get(
    '/api/discussions/:discussionId',
    {
      schema: {
        tags,
        summary: 'A discussion',
        description: `Anyone who may see it; \`likedByMe\` and \`abilities\` are the reader’s. ${HIDDEN} Sent \`private, no-store\`.`,
        params: DiscussionParamsSchema,
        response: { 200: envelope(DiscussionSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await discussions.getDiscussion(ctx, req.sessionUser(), req.params.discussionId) };
    },
  );

  r.put(
    '/api/discussions/:discussionId',
    {
      bodyLimit: DISCUSSION_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Edit a discussion',
        description: `Signed in; the author only (403 \`forbidden\`). Any of \`title\`, \`body\`, \`spoiler\` with the rules of starting one. ${HIDDEN}`,
        params: DiscussionParamsSchema,
        body: UpdateDiscussionRequestSchema,
        response: { 200: envelope(DiscussionSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await discussions.updateDiscussion(ctx, actor, req.params.discussionId, req.body) };
    },
  );

  r.delete(
    '/api/discussions/:discussionId',
    {
      schema: {
        tags,
        summary: 'Delete a discussion (author, or the community’s admin)',
        description: `Signed in; the author or the community’s admin (403 \`forbidden\` for anyone else). Its comments, likes and reports go with it. ${HIDDEN}`,
        params: DiscussionParamsSchema,
        response: { 200: envelope(DiscussionDeletedSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      await discussions.deleteDiscussion(ctx, actor, req.params.discussionId);
      return { data: { discussionId: req.params.discussionId, deleted: true as const } };
    },
  );

  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    r.route({
      method,
      url: '/api/discussions/:discussionId/likes',
      schema: {
        tags,
        summary: on ? 'Like a discussion' : 'Take back a like of a discussion',
        description: `Signed in; anyone who may see it. Idempotent (\`changed: false\` when already so); the like count changes in the same transaction as the like. A new like notifies the author (\`discussion_like\`). ${HIDDEN}`,
        params: DiscussionParamsSchema,
        response: { 200: envelope(DiscussionLikeStateSchema) },
      },
      handler: async (req) => {
        const actor = req.requireUser();
        return { data: await discussions.like(ctx, actor, req.params.discussionId, on) };
      },
    });

    r.route({
      method,
      url: '/api/communities/:communityId/discussions/:discussionId/lock',
      schema: {
        tags,
        summary: on ? 'Lock a discussion (admin)' : 'Unlock a discussion (admin)',
        description: `Signed in; the community’s admin only (403 \`forbidden\`). A locked discussion takes no new comments or replies (409 \`locked\`); likes, edits and deletions still work. ${HIDDEN}`,
        params: CommunityDiscussionParamsSchema,
        response: { 200: envelope(DiscussionLockStateSchema) },
      },
      handler: async (req) => {
        const actor = req.requireUser();
        return { data: await discussions.setLocked(ctx, actor, req.params.communityId, req.params.discussionId, on) };
      },
    });

    r.route({
      method,
      url: '/api/communities/:communityId/discussions/:discussionId/comments/:commentId/likes',
      schema: {
        tags: ['comments'],
        summary: on ? 'Like a comment' : 'Take back a like of a comment',
        description: `Signed in; anyone who may see it. Idempotent (\`changed: false\` when already so); the like count changes in the same transaction as the like; a new like notifies the author (\`comment_like\`). A deleted comment is 404. ${HIDDEN}`,
        params: CommentParamsSchema,
        response: { 200: envelope(CommentLikeStateSchema) },
      },
      handler: async (req) => {
        const actor = req.requireUser();
        const p = req.params;
        return { data: await comments.likeComment(ctx, actor, p.communityId, p.discussionId, p.commentId, on) };
      },
    });
  }

  r.post(
    '/api/discussions/:discussionId/reports',
    {
      schema: {
        tags,
        summary: 'Report a discussion to the community’s admin',
        description: `Signed in; anyone who may see it but its author (403 \`own_content\`). \`reason\` 1 to 500 characters. Once per person (409 \`already_reported\`). Answers 201. ${HIDDEN}`,
        params: DiscussionParamsSchema,
        body: ReportRequestSchema,
        response: { 201: envelope(ReportCreatedSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      return reply.status(201).send({ data: await discussions.report(ctx, actor, req.params.discussionId, req.body.reason) });
    },
  );

  // ---- Comments -----------------------------------------------------------------------------------

  const ctags = ['comments'];
  r.post(
    '/api/communities/:communityId/discussions/:discussionId/comments',
    {
      schema: {
        tags: ctags,
        summary: 'Comment on a discussion, or reply to a comment',
        description:
          `Signed in; anyone who may see the discussion (a private community’s members; anyone in a public one). \`text\` 1 to 10,000 characters; \`parentId\` makes it a reply to a comment of the same discussion (404 \`comment_not_found\` otherwise, 409 \`deleted\` for a deleted one); \`spoiler\` blurs it. ` +
          `A locked discussion answers 409 \`locked\`; someone who blocked the commenter, or whom the commenter blocked, takes no comment on their discussion nor reply to their comment (403 \`blocked\`). The comment and reply counts change in the same transaction. The discussion's author is told (\`discussion_reply\`), and for a reply the parent comment's author (\`comment_reply\`); comments count towards the levels. ${TEXT} ${HIDDEN} Answers 201 with the comment.`,
        params: CommunityDiscussionParamsSchema,
        body: CreateCommentRequestSchema,
        response: { 201: envelope(CommentSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return reply.status(201).send({ data: await comments.createComment(ctx, actor, req.params.communityId, req.params.discussionId, req.body) });
    },
  );

  r.get(
    '/api/communities/:communityId/discussions/:discussionId/comments',
    {
      schema: {
        tags: ctags,
        summary: 'A discussion’s comments',
        description:
          'Top-level comments, oldest first, 20 a page (`page`, default 1); each with its `replyCount` and first 3 replies (the rest from `.../replies`), `likedByMe` and `abilities`. ' +
          `A deleted comment with replies keeps its place with \`deleted: true\`, no text and no author. ${HIDDEN} ${COLLAPSED} Sent \`private, no-store\`.`,
        params: CommunityDiscussionParamsSchema,
        querystring: CommentsQuerySchema,
        response: { 200: envelope(CommentsPageSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await comments.comments(ctx, req.sessionUser(), req.params.communityId, req.params.discussionId, req.query.page) };
    },
  );

  r.get(
    '/api/comments/:commentId/location',
    {
      schema: {
        tags: ctags,
        summary: 'Where a comment is shown',
        description:
          'Anyone who may see the comment (a link to it, say from a notification): its community and discussion, its top-level comment (`threadId`, itself for a top-level one) and the `page` of `.../comments` holding that one. ' +
          `What the reader may not see is 404 \`comment_not_found\`, as is what does not exist: ${HIDDEN} Sent \`private, no-store\`.`,
        params: CommentLocationParamsSchema,
        response: { 200: envelope(CommentLocationSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await comments.location(ctx, req.sessionUser(), req.params.commentId) };
    },
  );

  r.get(
    '/api/communities/:communityId/discussions/:discussionId/comments/:commentId/replies',
    {
      schema: {
        tags: ctags,
        summary: 'Replies to a comment',
        description: `Oldest first, 20 a page (\`page\`, default 1); each reply with its own \`replyCount\` and first 3 replies, so deeper threads open the same way. ${HIDDEN} ${COLLAPSED} Sent \`private, no-store\`.`,
        params: CommentParamsSchema,
        querystring: CommentsQuerySchema,
        response: { 200: envelope(RepliesPageSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      const p = req.params;
      return { data: await comments.replies(ctx, req.sessionUser(), p.communityId, p.discussionId, p.commentId, req.query.page) };
    },
  );

  r.put(
    '/api/communities/:communityId/discussions/:discussionId/comments/:commentId',
    {
      schema: {
        tags: ctags,
        summary: 'Edit a comment',
        description: `Signed in; the author only (403 \`forbidden\`). \`text\` and/or \`spoiler\`. A deleted comment is 404. ${HIDDEN}`,
        params: CommentParamsSchema,
        body: UpdateCommentRequestSchema,
        response: { 200: envelope(CommentSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      const p = req.params;
      return { data: await comments.updateComment(ctx, actor, p.communityId, p.discussionId, p.commentId, req.body) };
    },
  );

  r.delete(
    '/api/communities/:communityId/discussions/:discussionId/comments/:commentId',
    {
      schema: {
        tags: ctags,
        summary: 'Delete a comment (author, or the community’s admin)',
        description:
          `Signed in; the author or the community’s admin (403 \`forbidden\`). A comment with replies keeps its place as 'deleted' (\`keptAsDeleted: true\`); one without goes, and so does a deleted parent left with no replies. ${HIDDEN}`,
        params: CommentParamsSchema,
        response: { 200: envelope(CommentDeletedSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      const p = req.params;
      return { data: await comments.deleteComment(ctx, actor, p.communityId, p.discussionId, p.commentId) };
    },
  );

  r.post(
    '/api/communities/:communityId/discussions/:discussionId/comments/:commentId/reports',
    {
      schema: {
        tags: ctags,
        summary: 'Report a comment to the community’s admin',
        description: `Signed in; anyone who may see it but its author (403 \`own_content\`). \`reason\` 1 to 500 characters. Once per person (409 \`already_reported\`). Answers 201. ${HIDDEN}`,
        params: CommentParamsSchema,
        body: ReportRequestSchema,
        response: { 201: envelope(ReportCreatedSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      const p = req.params;
      return reply.status(201).send({
        data: await discussions.report(ctx, actor, p.discussionId, req.body.reason, { communityId: p.communityId, commentId: p.commentId }),
      });
    },
  );
}
