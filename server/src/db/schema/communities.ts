// Communities, members, discussions, comments and their reports.
import type { Bool, Timestamp } from './columns.ts';

export interface CommunitiesTable {
  id: string;
  name: string;
  nameKey: string;
  description: string;
  isPublic: Bool;
  imageUrl: string | null;
  adminId: string | null;
  isGeneral: Bool;
  memberCount: number;
  discussionCount: number;
  activityAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type CommunityMemberStatus = 'member' | 'pending';
export interface CommunityMembersTable {
  communityId: string;
  userId: string;
  status: CommunityMemberStatus;
  createdAt: Timestamp;
}

export interface DiscussionsTable {
  id: string;
  communityId: string;
  authorId: string | null;
  title: string;
  body: string;
  spoiler: Bool;
  locked: Bool;
  isPublic: Bool;
  likeCount: number;
  commentCount: number;
  createdAt: Timestamp;
  editedAt: Timestamp | null;
  lastActivityAt: Timestamp;
}

export interface DiscussionLikesTable {
  discussionId: string;
  userId: string;
  createdAt: Timestamp;
}

export interface CommentsTable {
  id: string;
  discussionId: string;
  communityId: string;
  parentId: string | null;
  depth: number;
  authorId: string | null;
  text: string;
  spoiler: Bool;
  deleted: Bool;
  likeCount: number;
  replyCount: number;
  createdAt: Timestamp;
  editedAt: Timestamp | null;
}

export interface CommentLikesTable {
  commentId: string;
  userId: string;
  createdAt: Timestamp;
}

export interface CommunityReportsTable {
  id: string;
  communityId: string;
  discussionId: string;
  commentId: string | null;
  targetId: string;
  reporterId: string;
  reason: string;
  createdAt: Timestamp;
}
