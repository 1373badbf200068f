import type { Comment, CommentCollapsed, Community, Discussion, MembershipState, Reply, TrendingDiscussion } from '../../../../common/contracts/communities.ts';
import { isoOf } from '../../lib/time.ts';
import {
  canCommentOn,
  canDeleteComment,
  canDeleteDiscussion,
  canEditComment,
  canEditDiscussion,
  canLikeComment,
  canLikeDiscussion,
  canLockDiscussion,
  canReplyTo,
  canReportComment,
  canReportDiscussion,
} from './communities.policy.ts';
import type { CommentRow, CommunityRow, DiscussionRow } from './communities.repository.ts';
import { truthy } from './communities.repository.ts';

/** What a community is for everyone (cacheable): the reader's standing is merged by `forReader`. */
export type CommunityBase = Omit<Community, 'members' | 'joinRequests' | 'membership'>;

export function presentCommunityBase(row: CommunityRow): CommunityBase {
  return {
    communityId: row.id,
    name: row.name,
    isPublic: truthy(row.isPublic),
    communityImage: row.imageUrl,
    description: row.description,
    userId: row.adminId,
    memberCount: Number(row.memberCount),
    discussionCount: Number(row.discussionCount),
    isGeneral: truthy(row.isGeneral),
    admin: row.adminId ? { userId: row.adminId, displayName: row.adminName ?? 'Anonymous', imageUrl: row.adminImage } : null,
    createdAt: isoOf(row.createdAt),
  };
}

/** The community as this reader sees it: `members` / `joinRequests` hold the reader's own id when they are in them. */
export function forReader(base: CommunityBase, readerId: string | null, membership: MembershipState): Community {
  return {
    ...base,
    members: readerId && membership === 'member' ? [readerId] : [],
    joinRequests: readerId && membership === 'pending' ? [readerId] : [],
    membership,
  };
}

export const person = (id: string | null, name: string | null, image: string | null) =>
  id && name !== null ? { userId: id, displayName: name, imageUrl: image } : null;

export function presentDiscussion(row: DiscussionRow, readerId: string | null, membership: MembershipState, liked: boolean): Discussion {
  const actor = readerId === null ? null : { id: readerId };
  const locked = truthy(row.locked);
  const isPublic = truthy(row.isPublic);
  const facts = { authorId: row.authorId, isPublic, locked };
  return {
    discussionId: row.id,
    communityId: row.communityId,
    communityName: row.communityName,
    communityImage: row.communityImage,
    communityIsPublic: isPublic,
    title: row.title,
    body: row.body,
    spoiler: truthy(row.spoiler),
    locked,
    author: person(row.authorId, row.authorName, row.authorImage),
    likeCount: Number(row.likeCount),
    commentCount: Number(row.commentCount),
    likedByMe: liked,
    abilities: {
      edit: canEditDiscussion(actor, facts),
      delete: canDeleteDiscussion(actor, facts, membership),
      lock: canLockDiscussion(membership),
      comment: canCommentOn(actor, facts, membership),
      like: canLikeDiscussion(actor, facts, membership),
      report: canReportDiscussion(actor, facts, membership),
    },
    createdAt: isoOf(row.createdAt),
    editedAt: row.editedAt ? isoOf(row.editedAt) : null,
    lastActivityAt: isoOf(row.lastActivityAt),
  };
}

export function presentTrending(row: DiscussionRow): TrendingDiscussion {
  const ms = new Date(row.createdAt).getTime();
  return {
    communityImage: row.communityImage,
    communityName: row.communityName,
    discussionCreatorImage: row.authorName !== null ? row.authorImage : null,
    discussionCreatorName: row.authorName,
    discussionCreatorId: row.authorName !== null ? row.authorId : null,
    createAt: { _seconds: Math.floor(ms / 1000), _nanoseconds: (ms % 1000) * 1_000_000 },
    discussionId: row.id,
    communityId: row.communityId,
    title: row.title,
    spoiler: truthy(row.spoiler),
    likeCount: Number(row.likeCount),
    commentCount: Number(row.commentCount),
  };
}

/**
 * `collapsed`: why the reader may not see it (lib/visibility.ts, decided by the caller); it then shows collapsed, as a
 * deleted one does, with nothing of its text or author. A deleted comment shows as deleted whatever else holds.
 */
export function presentReply(
  row: CommentRow,
  readerId: string | null,
  membership: MembershipState,
  liked: boolean,
  locked: boolean,
  collapsed: CommentCollapsed | null = null,
): Reply {
  const deleted = truthy(row.deleted);
  const actor = readerId === null ? null : { id: readerId };
  const facts = { authorId: row.authorId, deleted };
  if (collapsed !== null && !deleted) {
    return {
      commentId: row.id,
      discussionId: row.discussionId,
      communityId: row.communityId,
      parentId: row.parentId,
      depth: Number(row.depth),
      text: '',
      deleted: false,
      collapsed,
      spoiler: false,
      author: null,
      likeCount: Number(row.likeCount),
      replyCount: Number(row.replyCount),
      likedByMe: liked,
      abilities: { edit: false, delete: canDeleteComment(actor, facts, membership), reply: false, like: false, report: false },
      createdAt: isoOf(row.createdAt),
      editedAt: null,
    };
  }
  return {
    commentId: row.id,
    discussionId: row.discussionId,
    communityId: row.communityId,
    parentId: row.parentId,
    depth: Number(row.depth),
    text: deleted ? '' : row.text,
    deleted,
    collapsed: null,
    spoiler: !deleted && truthy(row.spoiler),
    author: deleted ? null : person(row.authorId, row.authorName, row.authorImage),
    likeCount: Number(row.likeCount),
    replyCount: Number(row.replyCount),
    likedByMe: liked,
    abilities: {
      edit: canEditComment(actor, facts),
      delete: canDeleteComment(actor, facts, membership),
      reply: canReplyTo(actor, facts, locked),
      like: canLikeComment(actor, facts),
      report: canReportComment(actor, facts),
    },
    createdAt: isoOf(row.createdAt),
    editedAt: row.editedAt && !deleted ? isoOf(row.editedAt) : null,
  };
}

export function presentComment(
  row: CommentRow,
  replies: readonly CommentRow[],
  readerId: string | null,
  membership: MembershipState,
  liked: ReadonlySet<string>,
  locked: boolean,
  collapsedOf: (r: CommentRow) => CommentCollapsed | null = () => null,
): Comment {
  return {
    ...presentReply(row, readerId, membership, liked.has(row.id), locked, collapsedOf(row)),
    replies: replies.map((r) => presentReply(r, readerId, membership, liked.has(r.id), locked, collapsedOf(r))),
  };
}
