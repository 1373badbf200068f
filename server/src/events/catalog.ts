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
  /** A moderator suspended a person's account. */
  'person.suspended': { userId: string };
  /** A moderator restored a suspended account. */
  'person.restored': { userId: string };
  /** A person followed someone (a new follow; following again records nothing). */
  'follow.created': { followerId: string; followeeId: string };
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
