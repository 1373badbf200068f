import { z } from 'zod';
import { ImageUrlSchema } from '../image-url.ts';
import { queryIntWithDefault } from './query.ts';
import { text } from './text.ts';

// ---- Limits ---------------------------------------------------------------------------------------

export const COMMUNITY_NAME_MIN = 3;
export const COMMUNITY_NAME_MAX = 60;
export const COMMUNITY_DESCRIPTION_MAX = 2000;
export const DISCUSSION_TITLE_MIN = 3;
export const DISCUSSION_TITLE_MAX = 200;
export const DISCUSSION_BODY_MAX = 20_000;
export const COMMENT_TEXT_MAX = 10_000;
export const REPORT_REASON_MAX = 500;
export const SEARCH_KEYWORD_MAX = 100;
/** Communities per page of `GET /api/communities`. */
export const COMMUNITIES_PAGE_SIZE = 20;
/** Discussions per page of a community's (and everyone's) discussions. */
export const DISCUSSIONS_PAGE_SIZE = 20;
/** Top-level comments per page, and replies per page of `.../replies` (spec 9: the page defaults to 1). */
export const COMMENTS_PAGE_SIZE = 20;
/** Replies a top-level comment carries with it on the comments page; the rest come from `.../replies`. */
export const FIRST_REPLIES = 3;
/** Members, join requests and reports per page of the admin tools. */
export const ADMIN_PAGE_SIZE = 50;
/** Cards of the home sections (top discussions, trending and popular communities). */
export const HOME_CARDS = 10;
/** Results of a discussion search at most. */
export const SEARCH_RESULTS_MAX = 50;
/** The general community's fixed id: it exists from the first start. */
export const GENERAL_COMMUNITY_ID = '00000000-0000-4000-8000-000000000001';

/** Spec 8: what a click on Join says while the request waits. Also the `message` of joining again while pending. */
export const PENDING_MESSAGE = 'Your request is pending for approval!';

// ---- Shared pieces --------------------------------------------------------------------------------

const plain = (min: number, max: number, what = 'characters') => {
  const s = text({ error: 'must be text' }).trim();
  const sized = min > 0 ? s.min(min, `must be ${min} to ${max.toLocaleString('en')} ${what}`) : s;
  return sized
    .max(max, min > 0 ? `must be ${min} to ${max.toLocaleString('en')} ${what}` : `must be at most ${max.toLocaleString('en')} ${what}`);
};

const uuid = (what: string) => text({ error: `must be a ${what} id` }).regex(/^[0-9a-f-]{36}$/i, `must be a ${what} id`);
export const CommunityIdSchema = uuid('community');
export const DiscussionIdSchema = uuid('discussion');
export const CommentIdSchema = uuid('comment');
export const ReportIdSchema = uuid('report');
export const UserIdSchema = text({ error: 'must be a user id' })
  .min(1, 'must be a user id')
  .max(64, 'must be a user id')
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a user id');

/** `page` in a query: 1 to 10,000, 1 when absent. */
export const CommunityPageSchema = queryIntWithDefault(1, 10_000, 1, 'must be a whole number from 1 to 10000');
const BoolText = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : v),
  z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
);

export const PersonSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  imageUrl: z.string().nullable(),
});
export type Person = z.infer<typeof PersonSchema>;

/** Spec 3 / format.ts: a timestamp as `{ _seconds, _nanoseconds }`. */
export const WireTimestampSchema = z.object({ _seconds: z.number().int(), _nanoseconds: z.number().int() });

/** The reader's standing in a community: what the card's button shows (Admin, Joined, Pending, Join). */
export const MembershipStateSchema = z.enum(['admin', 'member', 'pending', 'none']);
export type MembershipState = z.infer<typeof MembershipStateSchema>;

// ---- Communities ----------------------------------------------------------------------------------

/**
 * Spec 3 "Community": communityId, name, isPublic, communityImage, members, description, userId, joinRequests.
 * `userId` is the admin (null only for the general community, which nobody administers).
 * `members` and `joinRequests` are arrays of user ids as far as the reader may know them: the reader's own id when
 * they are a member (or have a pending request), else empty; the whole lists are the admin tools' pages.
 * `memberCount` counts the members other than the admin: the card shows `memberCount + 1` (spec 9: members plus one).
 */
export const CommunitySchema = z.object({
  communityId: z.string(),
  name: z.string(),
  isPublic: z.boolean(),
  communityImage: z.string().nullable(),
  members: z.array(z.string()),
  description: z.string(),
  userId: z.string().nullable(),
  joinRequests: z.array(z.string()),
  memberCount: z.number().int(),
  discussionCount: z.number().int(),
  /** The reader's standing: admin (userId is theirs), member (Joined), pending, none (Join). `none` when signed out. */
  membership: MembershipStateSchema,
  isGeneral: z.boolean(),
  admin: PersonSchema.nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type Community = z.infer<typeof CommunitySchema>;

export const CreateCommunityRequestSchema = z.object({
  name: plain(COMMUNITY_NAME_MIN, COMMUNITY_NAME_MAX),
  description: plain(0, COMMUNITY_DESCRIPTION_MAX).default(''),
  isPublic: z.boolean({ error: 'must be true or false' }),
  communityImage: ImageUrlSchema.nullable().optional(),
});
export type CreateCommunityRequest = z.input<typeof CreateCommunityRequestSchema>;

/** Edit: any of the fields; at least one. `communityImage: null` removes the image. */
export const UpdateCommunityRequestSchema = z
  .object({
    name: plain(COMMUNITY_NAME_MIN, COMMUNITY_NAME_MAX).optional(),
    description: plain(0, COMMUNITY_DESCRIPTION_MAX).optional(),
    isPublic: z.boolean({ error: 'must be true or false' }).optional(),
    communityImage: ImageUrlSchema.nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'must change name, description, isPublic or communityImage');
export type UpdateCommunityRequest = z.input<typeof UpdateCommunityRequestSchema>;

export const CommunityParamsSchema = z.object({ communityId: CommunityIdSchema });
export const CommunityUserParamsSchema = z.object({ communityId: CommunityIdSchema, userId: UserIdSchema });
export const CommunityReportParamsSchema = z.object({ communityId: CommunityIdSchema, reportId: ReportIdSchema });

export const CommunitiesQuerySchema = z.object({
  /** true: the reader's own communities (admin or member; signed in). false or absent: discover every community. */
  mine: BoolText,
  page: CommunityPageSchema,
});

export const CommunitiesPageSchema = z.object({
  results: z.array(CommunitySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type CommunitiesPage = z.infer<typeof CommunitiesPageSchema>;

/** Spec 4: `{ userId }`, which must be the caller's own id. */
export const JoinCommunityRequestSchema = z.object({ userId: UserIdSchema });

/** The answer of joining or leaving; `message` is shown as a success toast. */
export const MembershipChangeSchema = z.object({
  communityId: z.string(),
  membership: MembershipStateSchema,
  message: z.string(),
  memberCount: z.number().int(),
});
export type MembershipChange = z.infer<typeof MembershipChangeSchema>;

export const MemberSchema = PersonSchema.extend({
  role: z.enum(['admin', 'member']),
  /** ISO 8601; for the admin, when the community was created or the role handed over. */
  joinedAt: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;
export const MembersPageSchema = z.object({
  results: z.array(MemberSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  /** Members other than the admin. */
  memberCount: z.number().int(),
});

export const JoinRequestSchema = PersonSchema.extend({ requestedAt: z.string() });
export type JoinRequest = z.infer<typeof JoinRequestSchema>;
export const JoinRequestsPageSchema = z.object({
  results: z.array(JoinRequestSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

/** The answer of approving or rejecting a request, or removing a member. */
export const MemberChangeSchema = z.object({
  communityId: z.string(),
  userId: z.string(),
  /** What the person is now. */
  membership: MembershipStateSchema,
  memberCount: z.number().int(),
});

/** Hand the admin role to a member; the old admin stays as a member. */
export const TransferAdminRequestSchema = z.object({ userId: UserIdSchema });

export const CommunityDeletedSchema = z.object({ communityId: z.string(), deleted: z.literal(true) });

// ---- Discussions ----------------------------------------------------------------------------------

export const DiscussionAbilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  lock: z.boolean(),
  comment: z.boolean(),
  like: z.boolean(),
  report: z.boolean(),
});

/** A discussion; `title` and `body` are plain text (render as text, links may be made clickable). */
export const DiscussionSchema = z.object({
  discussionId: z.string(),
  communityId: z.string(),
  communityName: z.string(),
  communityImage: z.string().nullable(),
  communityIsPublic: z.boolean(),
  title: z.string(),
  body: z.string(),
  spoiler: z.boolean(),
  locked: z.boolean(),
  /** null when the author's account is gone: show 'Anonymous'. */
  author: PersonSchema.nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  likedByMe: z.boolean(),
  abilities: DiscussionAbilitiesSchema,
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601 of the last edit, or null. */
  editedAt: z.string().nullable(),
  /** ISO 8601: the discussion's creation or its latest comment. */
  lastActivityAt: z.string(),
});
export type Discussion = z.infer<typeof DiscussionSchema>;

export const DiscussionsPageSchema = z.object({
  results: z.array(DiscussionSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type DiscussionsPage = z.infer<typeof DiscussionsPageSchema>;

export const CreateDiscussionRequestSchema = z.object({
  title: plain(DISCUSSION_TITLE_MIN, DISCUSSION_TITLE_MAX),
  body: plain(0, DISCUSSION_BODY_MAX).default(''),
  spoiler: z.boolean({ error: 'must be true or false' }).optional(),
});
export type CreateDiscussionRequest = z.input<typeof CreateDiscussionRequestSchema>;

export const UpdateDiscussionRequestSchema = z
  .object({
    title: plain(DISCUSSION_TITLE_MIN, DISCUSSION_TITLE_MAX).optional(),
    body: plain(0, DISCUSSION_BODY_MAX).optional(),
    spoiler: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((b) => b.title !== undefined || b.body !== undefined || b.spoiler !== undefined, 'must change title, body or spoiler');
export type UpdateDiscussionRequest = z.input<typeof UpdateDiscussionRequestSchema>;

export const DiscussionParamsSchema = z.object({ discussionId: DiscussionIdSchema });
export const CommunityDiscussionParamsSchema = z.object({ communityId: CommunityIdSchema, discussionId: DiscussionIdSchema });

export const CommunityDiscussionsQuerySchema = z.object({
  /** new: newest first (default); active: latest comment (or creation) first. */
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['new', 'active'], { error: 'must be new or active' }).default('new')),
  page: CommunityPageSchema,
});
export const AllDiscussionsQuerySchema = CommunityDiscussionsQuerySchema;

/** `GET /api/user/discussions`: a person's discussions (the reader's own when `userId` is absent). */
export const UserDiscussionsQuerySchema = z.object({
  userId: z.preprocess((v) => (v === '' ? undefined : v), UserIdSchema.optional()),
  page: CommunityPageSchema,
});
export const UserLikedDiscussionsQuerySchema = z.object({ page: CommunityPageSchema });

export const DiscussionSearchRequestSchema = z.object({ keyword: plain(1, SEARCH_KEYWORD_MAX) });

export const DiscussionDeletedSchema = z.object({ discussionId: z.string(), deleted: z.literal(true) });
export const DiscussionLikeStateSchema = z.object({
  discussionId: z.string(),
  likedByMe: z.boolean(),
  likeCount: z.number().int(),
  /** false when the like (or unlike) was already so: likes are idempotent. */
  changed: z.boolean(),
});
export const DiscussionLockStateSchema = z.object({ discussionId: z.string(), locked: z.boolean() });

/** Spec 3 "Trending discussion", plus what a card links to and shows. */
export const TrendingDiscussionSchema = z.object({
  communityImage: z.string().nullable(),
  communityName: z.string(),
  /** The creator's avatar, or null (draw the first letter of the name, else '?'). */
  discussionCreatorImage: z.string().nullable(),
  /** The creator's display name, or null: show 'Anonymous'. The card cuts it at 14 characters plus an ellipsis. */
  discussionCreatorName: z.string().nullable(),
  /** The creator's user id, for the link to their profile; null when the account is gone (no link). */
  discussionCreatorId: z.string().nullable(),
  createAt: WireTimestampSchema,
  discussionId: z.string(),
  communityId: z.string(),
  title: z.string(),
  spoiler: z.boolean(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
});
export type TrendingDiscussion = z.infer<typeof TrendingDiscussionSchema>;

// ---- Comments -------------------------------------------------------------------------------------

export const CommentAbilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  reply: z.boolean(),
  like: z.boolean(),
  report: z.boolean(),
});

/** Why a comment the reader may not see is shown collapsed (see `collapsed`). */
export const CommentCollapsedSchema = z.enum(['blocked', 'unavailable', 'removed']);
export type CommentCollapsed = z.infer<typeof CommentCollapsedSchema>;

const CommentBase = z.object({
  commentId: z.string(),
  discussionId: z.string(),
  communityId: z.string(),
  /** null for a top-level comment. */
  parentId: z.string().nullable(),
  /** How deep: 0 top-level, 1 a reply, 2 a reply to a reply... */
  depth: z.number().int(),
  /** Plain text; '' when deleted. */
  text: z.string(),
  /** A deleted comment that has replies keeps its place: show 'deleted' (no author, no text). */
  deleted: z.boolean(),
  /**
   * null, or why the reader may not see it: it then keeps its place with its replies, collapsed, without text or
   * author, and takes no reply, like or report. `blocked`: the reader blocked its author ("Comment from someone you
   * blocked"); `unavailable`: its author blocked the reader, or the author's account is suspended ("This comment isn't
   * available": a block is never revealed); `removed`: a moderator hid it ("Comment removed by a moderator").
   */
  collapsed: CommentCollapsedSchema.nullable(),
  spoiler: z.boolean(),
  author: PersonSchema.nullable(),
  likeCount: z.number().int(),
  /** Direct replies (deleted ones that keep their place included). */
  replyCount: z.number().int(),
  likedByMe: z.boolean(),
  abilities: CommentAbilitiesSchema,
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export const ReplySchema = CommentBase;
export type Reply = z.infer<typeof ReplySchema>;
/** A comment as the comments page gives it: its first replies (oldest first) ride along; the rest from `.../replies`. */
export const CommentSchema = CommentBase.extend({ replies: z.array(ReplySchema) });
export type Comment = z.infer<typeof CommentSchema>;

export const CommentsPageSchema = z.object({
  results: z.array(CommentSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  /** The discussion's comments in all (replies too, deleted ones not). */
  commentCount: z.number().int(),
  locked: z.boolean(),
});
export type CommentsPage = z.infer<typeof CommentsPageSchema>;

/** Replies of one comment, oldest first; each with its own replyCount (open deeper threads with `.../replies` again). */
export const RepliesPageSchema = z.object({
  results: z.array(CommentSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type RepliesPage = z.infer<typeof RepliesPageSchema>;

export const CommentsQuerySchema = z.object({ page: CommunityPageSchema });

export const CreateCommentRequestSchema = z.object({
  text: plain(1, COMMENT_TEXT_MAX),
  parentId: CommentIdSchema.nullable().optional(),
  spoiler: z.boolean({ error: 'must be true or false' }).optional(),
});
export type CreateCommentRequest = z.input<typeof CreateCommentRequestSchema>;

export const UpdateCommentRequestSchema = z
  .object({
    text: plain(1, COMMENT_TEXT_MAX).optional(),
    spoiler: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((b) => b.text !== undefined || b.spoiler !== undefined, 'must change text or spoiler');
export type UpdateCommentRequest = z.input<typeof UpdateCommentRequestSchema>;

export const CommentParamsSchema = z.object({
  communityId: CommunityIdSchema,
  discussionId: DiscussionIdSchema,
  commentId: CommentIdSchema,
});

export const CommentLocationParamsSchema = z.object({ commentId: CommentIdSchema });
/**
 * GET /api/comments/{commentId}/location: where a comment is shown, for links to it (a notification). `threadId` is
 * its top-level comment (itself when it is one), on `page` of the discussion's comments (COMMENTS_PAGE_SIZE a page).
 */
export const CommentLocationSchema = z.object({
  commentId: z.string(),
  communityId: z.string(),
  discussionId: z.string(),
  threadId: z.string(),
  page: z.number().int(),
});
export type CommentLocation = z.infer<typeof CommentLocationSchema>;

export const CommentDeletedSchema = z.object({
  commentId: z.string(),
  /** true: the comment had replies and stays as 'deleted'; false: it is gone. */
  keptAsDeleted: z.boolean(),
  commentCount: z.number().int(),
});
export const CommentLikeStateSchema = z.object({
  commentId: z.string(),
  likedByMe: z.boolean(),
  likeCount: z.number().int(),
  changed: z.boolean(),
});

// ---- Reports ----------------------------------------------------------------------------------------

export const ReportRequestSchema = z.object({ reason: plain(1, REPORT_REASON_MAX) });
export const ReportCreatedSchema = z.object({ reportId: z.string(), message: z.string() });

export const ReportSchema = z.object({
  reportId: z.string(),
  communityId: z.string(),
  targetType: z.enum(['discussion', 'comment']),
  discussionId: z.string(),
  commentId: z.string().nullable(),
  /** The discussion's title, or the first 200 characters of the comment ('' when deleted). */
  excerpt: z.string(),
  reason: z.string(),
  reporter: PersonSchema.nullable(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;
export const ReportsPageSchema = z.object({
  results: z.array(ReportSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export const ReportDismissedSchema = z.object({ reportId: z.string(), dismissed: z.literal(true) });
