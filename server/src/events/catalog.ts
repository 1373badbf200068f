/**
 * Every domain event a module may record, and its data: what happened, told once, in the words of the module that
 * did it. Modules that react to another's actions (notifications, levels, the feed, live events, cache drops) subscribe
 * to these instead of importing the module that acted. Data is plain JSON (ids, flags): a subscriber reads what else
 * it needs, as it is when the event is delivered.
 */
export interface DomainEvents {
  /** A person rated a title (with or without a review). */
  'rating.created': { ratingId: string; userId: string; titleId: string; hasReview: boolean };
  /** A person changed their rating, review or spoiler flag. */
  'rating.updated': { ratingId: string; userId: string; hasReview: boolean };
  /** A person deleted their rating (and its review). */
  'rating.deleted': { ratingId: string; userId: string };
  /** A person's history import brought in ratings (new ones, and older ones changed): one event per batch. */
  'ratings.imported': { userId: string; importId: string; created: number; updated: number; reviews: boolean };
  /** A person's history import made or added to one of their lists. */
  'list.imported': { listId: string; ownerId: string; created: boolean };
  /** A person liked a review (a new like; liking again records nothing). */
  'review.liked': { ratingId: string; authorId: string; actorId: string };
  /** A person became a member of a community (joined a public one, or was let in). */
  'community.joined': { communityId: string; userId: string };
  /** A person asked to join a private community. */
  'community.joinRequested': { communityId: string; userId: string; adminId: string };
  /** A community's admin let a person in. */
  'community.requestApproved': { communityId: string; userId: string; adminId: string };
  /** A person started a discussion. */
  'discussion.created': { discussionId: string; communityId: string; authorId: string };
  /** A discussion was deleted (by its author or the community's admin), with its comments. */
  'discussion.deleted': { discussionId: string; communityId: string };
  /** A person commented on a discussion, or replied to a comment. */
  'comment.created': {
    commentId: string;
    discussionId: string;
    authorId: string;
    parentId: string | null;
    parentAuthorId: string | null;
    discussionAuthorId: string | null;
  };
  /** A person liked a discussion (a new like). */
  'discussion.liked': { discussionId: string; authorId: string | null; actorId: string };
  /** A person liked a comment (a new like). */
  'comment.liked': { commentId: string; authorId: string | null; actorId: string };
  /** A person reached a level (its gems are credited in the same transaction). */
  'level.reached': { userId: string; level: string };
  /** A person changed their profile (name, picture, bio, genres, top titles). */
  'profile.updated': { userId: string };
  /** A moderator suspended an account: its content leaves what others read (shared caches holding it are dropped). */
  'person.suspended': { userId: string };
  /** A moderator lifted a suspension: the account's content is back in what others read. */
  'person.restored': { userId: string };
  /**
   * A session ended before its time: the person signed out (`sessionId`, the authentication library's session id), or
   * revoked a personal access token (`token:<token id>`). What was opened with it (live event streams) ends too.
   */
  'session.ended': { userId: string; sessionId: string };
  /** A person closed their account: their data is gone, the row a tombstone (sessions, tokens and caches to drop). */
  'account.deleted': { userId: string };
  /** A person bought a badge (its gems debited in the same transaction), or put one on or took it off. */
  'badge.changed': { userId: string };
  /** A person created a list (public or private). */
  'list.created': { listId: string; ownerId: string; visibility: 'public' | 'private' };
  /** A list's owner deleted it. */
  'list.deleted': { listId: string; ownerId: string };
  /** A checkout was paid: a gem bundle's gems (`gems`, 0 for a subscription) or premium were credited in the same transaction. */
  'purchase.completed': { purchaseId: string; userId: string; productId: string; kind: 'gems' | 'subscription'; gems: number };
  /** A person followed someone (a new follow; following again records nothing). */
  'follow.created': { followerId: string; followeeId: string };
  /** A person stopped following someone. */
  'follow.removed': { followerId: string; followeeId: string };
  /** A person wrote to someone. */
  'message.sent': { messageId: string; conversationId: string; senderId: string; recipientId: string };
  /** A person blocked someone (a new block). */
  'block.created': { blockerId: string; blockedId: string };
  /** A person lifted their block of someone. */
  'block.removed': { blockerId: string; blockedId: string };
}

export type EventType = keyof DomainEvents;

/** One recorded event as subscribers receive it. */
export interface DomainEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  data: DomainEvents[T];
  /** When it was recorded (milliseconds since the epoch). */
  createdAt: number;
}
