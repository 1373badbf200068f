import type { FastifyInstance } from 'fastify';
import { checkLevels } from '../levels/levels.service.ts';
import type { CommunityHooks } from './communities.service.ts';

/**
 * Communities tell the people module (`app.notify`: replies, likes, join requests, approvals; the people module leaves
 * out one's own doing and people who blocked or muted each other) and the levels (memberships, discussions started,
 * comments) what happened, after the write committed.
 */
export function communityHooks(app: FastifyInstance): CommunityHooks {
  return {
    async joined(userId) {
      await checkLevels(app, userId);
    },
    async requested(userId, adminId, communityId) {
      await app.notify({ userId: adminId, kind: 'join_request', actorId: userId, targetType: 'community', targetId: communityId });
    },
    async approved(userId, adminId, communityId) {
      await app.notify({ userId, kind: 'request_approved', actorId: adminId, targetType: 'community', targetId: communityId });
    },
    async discussionStarted(authorId) {
      await checkLevels(app, authorId);
    },
    async commented(c) {
      if (c.parentId && c.parentAuthorId) {
        await app.notify({ userId: c.parentAuthorId, kind: 'comment_reply', actorId: c.actorId, targetType: 'comment', targetId: c.parentId });
      }
      if (c.discussionAuthorId && c.discussionAuthorId !== c.parentAuthorId) {
        await app.notify({ userId: c.discussionAuthorId, kind: 'discussion_reply', actorId: c.actorId, targetType: 'discussion', targetId: c.discussionId });
      }
      await checkLevels(app, c.actorId);
    },
    async liked(like) {
      if (!like.authorId) return;
      const kind = like.targetType === 'discussion' ? 'discussion_like' : 'comment_like';
      await app.notify({ userId: like.authorId, kind, actorId: like.actorId, targetType: like.targetType, targetId: like.targetId });
    },
  };
}
