// Feed, follows, blocks, mutes, reports, notifications and messages.
import type { ColumnType } from 'kysely';
import type { Timestamp } from './columns.ts';

/** One item the feed may show one reader (modules/activity: fan-out on write); primary key (reader, time, item). */
export interface FeedInboxTable {
  readerId: string;
  createdAt: Timestamp;
  itemId: string;
  itemKind: 'rating' | 'list' | 'discussion';
  authorId: string;
}

/** A fan-out to an author's followers under way in the background, and where its last batch stopped. */
export interface FeedFanoutsTable {
  id: string;
  mode: 'item' | 'recent';
  authorId: string;
  itemKind: 'rating' | 'list' | 'discussion' | null;
  itemId: string | null;
  afterAt: Timestamp | null;
  afterId: string | null;
  claimUntil: number | null;
  createdAt: number;
}

export interface FollowsTable {
  followerId: string;
  followeeId: string;
  createdAt: Timestamp;
}

export interface BlocksTable {
  blockerId: string;
  blockedId: string;
  createdAt: Timestamp;
}

export interface MutesTable {
  userId: string;
  targetType: 'user' | 'community';
  targetId: string;
  createdAt: Timestamp;
}

/** A kind of notification a person turned off (no row: it arrives). */
export interface NotificationOptOutsTable {
  userId: string;
  kind: string;
  createdAt: Timestamp;
}

export interface ReportsTable {
  id: string;
  reporterId: string;
  targetType: string;
  targetId: string;
  reason: string;
  status: 'open' | 'resolved';
  resolvedBy: string | null;
  resolution: string | null;
  createdAt: Timestamp;
  resolvedAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

export interface HiddenContentTable {
  targetType: string;
  targetId: string;
  hiddenBy: string | null;
  createdAt: Timestamp;
}

export interface NotificationsTable {
  id: string;
  userId: string;
  kind: string;
  targetType: string;
  targetId: string;
  /** The latest actor; the others are in notification_actors (actor_count counts them all). */
  actorId: string | null;
  actorCount: number;
  readAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  createdAt: Timestamp;
}

export interface NotificationActorsTable {
  notificationId: string;
  actorId: string;
  createdAt: Timestamp;
}

export interface ConversationsTable {
  id: string;
  userA: string;
  userB: string;
  aReadAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  bReadAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  lastMessageAt: Timestamp;
  createdAt: Timestamp;
}

export interface MessagesTable {
  id: string;
  conversationId: string;
  senderId: string;
  text: string;
  createdAt: Timestamp;
}
