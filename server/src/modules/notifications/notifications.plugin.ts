import type { FastifyInstance } from 'fastify';
import type { Notification } from '../../../../common/contracts/people.ts';
import { EventHub } from './events.ts';
import type { StoredNotification } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { type NotifyInput, notify, presentNotifications, unreadCount } from './notifications.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live events to signed-in pages (server-sent events; across processes through Redis when REDIS_URL is set). */
    events: EventHub;
    /**
     * Tells a person of something (a like, a reply, a join request...): recorded (bursts group) and pushed live to
     * their open pages. What other modules call; never fails their request (errors are logged).
     */
    notify(input: NotifyInput): Promise<Notification | null>;
    /** Pushes a notification already recorded (inside a caller's transaction) to the person's open pages. */
    announceNotification(row: StoredNotification): Promise<Notification>;
  }
}

/** The notifications module: decorations other modules use (`app.notify`, `app.events`), then its routes. */
export async function installNotifications(app: FastifyInstance): Promise<void> {
  const events = new EventHub(app.redis, app.log, `${app.config.REDIS_PREFIX}:people-events`);
  app.decorate('events', events);
  const announce = async (row: StoredNotification): Promise<Notification> => {
    const [notification] = await presentNotifications(app.database.db, [row]);
    events.publish(row.userId, 'notification', { notification, unreadCount: await unreadCount(app.database.db, row.userId) });
    return notification;
  };
  app.decorate('announceNotification', announce);
  app.decorate('notify', async (input: NotifyInput) => {
    try {
      const row = await notify(app.database.db, input);
      return row ? await announce(row) : null;
    } catch (err) {
      app.log.error({ err }, 'notification failed');
      return null;
    }
  });
  subscribeNotifications(app, async (input) => {
    const row = await notify(app.database.db, input);
    if (row) await announce(row);
  });
  app.addHook('onReady', () => events.listen());
  // Open event streams would keep the server from closing.
  app.addHook('preClose', async () => events.close());
  await app.register(notificationsRoutes);
}

/**
 * What people are told of what others did, as the other modules record it (outbox events): likes, replies, join
 * requests and approvals, levels reached. A failure throws, so the outbox retries; telling twice is harmless (the same
 * actor again changes nothing in an unread notification). The subscribers keep the names they had when notifications
 * were part of the people module (`people.*`): deliveries already marked under those names are not made again.
 */
function subscribeNotifications(app: FastifyInstance, tell: (input: NotifyInput) => Promise<void>): void {
  app.outbox.subscribe('people.notifyReviewLike', 'review.liked', ({ data: e }) =>
    tell({ userId: e.authorId, kind: 'review_like', actorId: e.actorId, targetType: 'review', targetId: e.ratingId }),
  );
  app.outbox.subscribe('people.notifyDiscussionLike', 'discussion.liked', async ({ data: e }) => {
    if (e.authorId) await tell({ userId: e.authorId, kind: 'discussion_like', actorId: e.actorId, targetType: 'discussion', targetId: e.discussionId });
  });
  app.outbox.subscribe('people.notifyCommentLike', 'comment.liked', async ({ data: e }) => {
    if (e.authorId) await tell({ userId: e.authorId, kind: 'comment_like', actorId: e.actorId, targetType: 'comment', targetId: e.commentId });
  });
  app.outbox.subscribe('people.notifyReplies', 'comment.created', async ({ data: e }) => {
    if (e.parentId && e.parentAuthorId) {
      await tell({ userId: e.parentAuthorId, kind: 'comment_reply', actorId: e.authorId, targetType: 'comment', targetId: e.parentId });
    }
    if (e.discussionAuthorId && e.discussionAuthorId !== e.parentAuthorId) {
      await tell({ userId: e.discussionAuthorId, kind: 'discussion_reply', actorId: e.authorId, targetType: 'discussion', targetId: e.discussionId });
    }
  });
  app.outbox.subscribe('people.notifyJoinRequest', 'community.joinRequested', ({ data: e }) =>
    tell({ userId: e.adminId, kind: 'join_request', actorId: e.userId, targetType: 'community', targetId: e.communityId }),
  );
  app.outbox.subscribe('people.notifyRequestApproved', 'community.requestApproved', ({ data: e }) =>
    tell({ userId: e.userId, kind: 'request_approved', actorId: e.adminId, targetType: 'community', targetId: e.communityId }),
  );
  app.outbox.subscribe('people.notifyLevel', 'level.reached', ({ data: e }) =>
    tell({ userId: e.userId, kind: 'level_reached', actorId: null, targetType: 'level', targetId: e.level }),
  );
}
