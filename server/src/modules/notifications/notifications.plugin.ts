import type { FastifyInstance } from 'fastify';
import type { Notification } from '../../../../common/contracts/people.ts';
import { type DomainEvent, type DomainEvents, type EventType, markDelivered } from '../../events/index.ts';
import { isoOf } from '../../lib/time.ts';
import { blockedEitherWay } from '../../lib/visibility.ts';
import { EventHub } from './events.ts';
import { eraseAccountNotifications, messageForLive, type StoredNotification } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { type NotifyInput, notify, presentNotifications, unreadCount } from './notifications.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live events to signed-in pages (server-sent events; across processes through Redis when REDIS_URL is set). */
    events: EventHub;
  }
}

/**
 * The notifications module: `app.events` (the live stream's hub), the subscribers that turn other modules' events into
 * notifications and live pushes, then its routes. Other modules never call it: they record events.
 */
export async function installNotifications(app: FastifyInstance): Promise<void> {
  const events = new EventHub(app.redis, app.log, {
    prefix: app.config.REDIS_PREFIX,
    perPerson: app.config.EVENT_STREAMS_PER_PERSON,
    heartbeatMs: app.config.EVENT_STREAM_HEARTBEAT_MS,
  });
  app.decorate('events', events);
  const announce = async (row: StoredNotification): Promise<Notification> => {
    const [notification] = await presentNotifications(app.database.db, [row]);
    events.publish(row.userId, 'notification', { notification, unreadCount: await unreadCount(app.database.db, row.userId) });
    return notification;
  };
  subscribeNotifications(app, async (event, subscriber, inputs) => {
    // The notifications and this event's delivery mark are written in one transaction: an event told twice (a retry
    // after a crash between the two) notifies once.
    const rows = await app.database.db.transaction().execute(async (trx) => {
      if (!(await markDelivered(trx, event.id, subscriber))) return [];
      const made: StoredNotification[] = [];
      for (const input of inputs) {
        const row = await notify(trx, input);
        if (row) made.push(row);
      }
      return made;
    });
    for (const row of rows) await announce(row);
  });
  subscribeLiveEvents(app, events);
  app.addHook('onReady', () => events.listen());
  // Open event streams would keep the server from closing.
  app.addHook('preClose', async () => events.close());
  await app.register(notificationsRoutes);
}

type Tell = (event: DomainEvent, subscriber: string, inputs: NotifyInput[]) => Promise<void>;

/** Registers a subscriber whose event tells people something (none, one or more notifications). */
function telling<T extends EventType>(app: FastifyInstance, tell: Tell, name: string, type: T, inputs: (e: DomainEvents[T]) => NotifyInput[]): void {
  app.outbox.subscribe(name, type, (event) => tell(event, name, inputs(event.data)));
}

/**
 * What people are told of what others did, as the other modules record it (outbox events): follows, likes, replies,
 * join requests and approvals, levels reached. A failure throws, so the outbox retries; each event notifies once
 * (keyed by the event's id: see installNotifications). The subscribers that were part of the people module keep
 * their names (`people.*`): deliveries already marked under those names are not made again.
 */
function subscribeNotifications(app: FastifyInstance, tell: Tell): void {
  telling(app, tell, 'notifications.notifyFollow', 'follow.created', (e) => [
    { userId: e.followeeId, kind: 'follow', actorId: e.followerId, targetType: 'user', targetId: e.followeeId },
  ]);
  telling(app, tell, 'people.notifyReviewLike', 'review.liked', (e) => [
    { userId: e.authorId, kind: 'review_like', actorId: e.actorId, targetType: 'review', targetId: e.ratingId },
  ]);
  telling(app, tell, 'people.notifyDiscussionLike', 'discussion.liked', (e) =>
    e.authorId ? [{ userId: e.authorId, kind: 'discussion_like', actorId: e.actorId, targetType: 'discussion', targetId: e.discussionId }] : [],
  );
  telling(app, tell, 'people.notifyCommentLike', 'comment.liked', (e) =>
    e.authorId ? [{ userId: e.authorId, kind: 'comment_like', actorId: e.actorId, targetType: 'comment', targetId: e.commentId }] : [],
  );
  telling(app, tell, 'people.notifyReplies', 'comment.created', (e) => {
    const out: NotifyInput[] = [];
    if (e.parentId && e.parentAuthorId) {
      out.push({ userId: e.parentAuthorId, kind: 'comment_reply', actorId: e.authorId, targetType: 'comment', targetId: e.parentId });
    }
    if (e.discussionAuthorId && e.discussionAuthorId !== e.parentAuthorId) {
      out.push({ userId: e.discussionAuthorId, kind: 'discussion_reply', actorId: e.authorId, targetType: 'discussion', targetId: e.discussionId });
    }
    return out;
  });
  telling(app, tell, 'people.notifyJoinRequest', 'community.joinRequested', (e) => [
    { userId: e.adminId, kind: 'join_request', actorId: e.userId, targetType: 'community', targetId: e.communityId },
  ]);
  telling(app, tell, 'people.notifyRequestApproved', 'community.requestApproved', (e) => [
    { userId: e.userId, kind: 'request_approved', actorId: e.adminId, targetType: 'community', targetId: e.communityId },
  ]);
  telling(app, tell, 'people.notifyLevel', 'level.reached', (e) => [{ userId: e.userId, kind: 'level_reached', actorId: null, targetType: 'level', targetId: e.level }]);
}

/**
 * Live events that follow other modules' events, pushed to the open pages of the people concerned (best effort, as
 * every live event: what they announce is readable again from the routes). A message reaches both people's pages; a
 * block or its end tells both whether their conversation can be written to now; a suspended person's pages, a closed
 * account's and an ended session's are signed out (their streams end).
 */
function subscribeLiveEvents(app: FastifyInstance, events: EventHub): void {
  app.outbox.subscribe('notifications.liveMessage', 'message.sent', async ({ data: e }) => {
    const row = await messageForLive(app.database.db, e.messageId);
    if (!row) return;
    const payload = { message: { ...row, createdAt: isoOf(row.createdAt) }, conversationId: e.conversationId };
    events.publish(e.recipientId, 'message', payload);
    events.publish(e.senderId, 'message', payload);
  });
  app.outbox.subscribe('notifications.liveConversation', ['block.created', 'block.removed'], async ({ data: e }) => {
    // As it is now: lifting one's block leaves the conversation closed while the other's block stands.
    const canWrite = !(await blockedEitherWay(app.database.db, e.blockerId, e.blockedId));
    events.publish(e.blockerId, 'conversation', { with: e.blockedId, canWrite });
    events.publish(e.blockedId, 'conversation', { with: e.blockerId, canWrite });
  });
  // A closed account's notifications go, and its part in others'.
  app.outbox.subscribe('notifications.eraseAccount', 'account.deleted', ({ data }) => eraseAccountNotifications(app.database.db, data.userId));
  // Open pages are signed out and their streams end: a suspended person's go to the sign-in page, a closed account's
  // to the landing page, and the pages of an ended session (signed out, a revoked access token) to the sign-in page.
  app.outbox.subscribe('notifications.signedOut', ['person.suspended', 'account.deleted'], ({ type, data: e }) => {
    events.endPerson(e.userId, type === 'account.deleted' ? 'account-closed' : 'signed-out');
  });
  app.outbox.subscribe('notifications.sessionEnded', 'session.ended', ({ data: e }) => events.endSession(e.sessionId, 'signed-out'));
}
