import { z } from 'zod';
import { LevelProgressSchema } from './levels.ts';
import { blankToUndefined, queryInt } from './query.ts';
import { text } from './text.ts';
import { MediaSearchResultSchema, TitleIdSchema, TitleTypeSchema } from './titles.ts';

/** Spec 5 and 9: at most 5 top movies and 5 top shows (the search box's selection maximum). */
export const TOP_TITLES_MAX = 5;
export const FAVOURITE_GENRES_MAX = 10;
export const USERNAME_PATTERN = /^[A-Za-z0-9._]{3,30}$/;
export const MESSAGE_MAX = 2000;
export const REPORT_REASON_MAX = 1000;

export const UsernameSchema = text({ error: 'must be 3 to 30 letters, digits, dots or underscores' })
  .trim()
  .regex(USERNAME_PATTERN, 'must be 3 to 30 letters, digits, dots or underscores');

/** A user id as the sign-in library writes it (also what a username never looks like: no dashes). */
export const UserIdSchema = text({ error: 'must be a user id' })
  .trim()
  .min(1, 'must be a user id')
  .max(64, 'must be a user id')
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a user id');

const GenreNameSchema = text({ error: 'must be a genre name' }).trim().min(1, 'must be a genre name').max(40, 'must be a genre name');

const topTitles = z
  .array(TitleIdSchema, { error: 'must be a list of title ids' })
  .max(TOP_TITLES_MAX, `Oops! select only ${TOP_TITLES_MAX} options`)
  .refine((ids) => new Set(ids).size === ids.length, 'must not hold a title twice');

/** The profile fields of onboarding, each optional in `POST /api/user/setProfile` (absent: unchanged). */
export const ProfileFieldsSchema = z.object({
  username: UsernameSchema.optional(),
  /** ISO 3166-1 alpha-2 code ("FR"); null clears it. */
  country: text({ error: 'must be a two-letter ISO 3166 country code' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter ISO 3166 country code')
    .nullable()
    .optional(),
  favouriteGenres: z
    .array(z.union([GenreNameSchema, z.object({ name: GenreNameSchema }).transform((g) => g.name)]), { error: 'must be a list of genres' })
    .max(FAVOURITE_GENRES_MAX, `must hold at most ${FAVOURITE_GENRES_MAX} genres`)
    .transform((g) => [...new Set(g)])
    .optional(),
  topMovies: topTitles.optional(),
  topShows: topTitles.optional(),
});

/** Spec 3: badge (color, emoji, position top or otherwise); shown only for Premiere and Platinum (spec 6). */
export const BadgeSchema = z.object({ color: z.string(), emoji: z.string(), position: z.string() });

export const PersonCardSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  /** Capitalised per word (spec 5). */
  displayName: z.string(),
  imageUrl: z.string().nullable(),
});
export type PersonCard = z.infer<typeof PersonCardSchema>;

export const CountrySchema = z.object({ code: z.string(), name: z.string() });

/** Spec 3 "User profile" plus what a profile page shows. */
export const ProfileSchema = PersonCardSchema.extend({
  badge: BadgeSchema.nullable(),
  premiumStatus: z.string(),
  gems: z.number().int(),
  bio: z.string().nullable(),
  country: CountrySchema.nullable(),
  favouriteGenres: z.array(z.string()),
  topMovies: z.array(MediaSearchResultSchema),
  topShows: z.array(MediaSearchResultSchema),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  /** The reader is this person. */
  isMe: z.boolean(),
  /** The reader follows them (null for oneself or a visitor). */
  following: z.boolean().nullable(),
  /** They follow the reader (null for oneself or a visitor). */
  followsYou: z.boolean().nullable(),
  /** The reader blocked them. */
  blockedByMe: z.boolean(),
  /** Username, country, favourite genres, 5 top movies and 5 top shows are all set (the Reel Apprentice requirement). */
  profileComplete: z.boolean(),
  /**
   * The current level, the next one and what is still missing for it. Every answer of the server carries it; optional
   * in the type only so that profiles built by hand (web test fixtures) need not.
   */
  level: LevelProgressSchema.optional(),
  joinedAt: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const CountriesSchema = z.array(CountrySchema);

export const FollowRequestSchema = z.object({ fromId: UserIdSchema, toId: UserIdSchema });
export type FollowRequest = z.infer<typeof FollowRequestSchema>;
export const FollowStateSchema = z.object({
  fromId: z.string(),
  toId: z.string(),
  following: z.boolean(),
  /** toId's followers and fromId's following, after the change. */
  followerCount: z.number().int(),
  followingCount: z.number().int(),
});

/** Keyset pages: `cursor` is the `nextCursor` of the page before. */
export const CursorQuerySchema = z.object({
  cursor: z.preprocess(blankToUndefined, text({ error: 'must be a cursor from the page before' }).max(200, 'must be a cursor from the page before').optional()),
  limit: queryInt(1, 50),
});
export const PeoplePageSchema = z.object({ results: z.array(PersonCardSchema), nextCursor: z.string().nullable() });

export const UserSearchRequestSchema = z.object({
  keyword: text({ error: 'must be text' }).trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  /** When given, only these people are searched (say, one's followers already on screen). */
  users: z.array(UserIdSchema, { error: 'must be a list of user ids' }).max(500, 'must hold at most 500 ids').optional(),
});
/** A person found by people search: `following` says whether the reader follows them (null for a visitor or oneself). */
export const PersonResultSchema = PersonCardSchema.extend({ following: z.boolean().nullable() });
export type PersonResult = z.infer<typeof PersonResultSchema>;
export const UserSearchResponseSchema = z.array(PersonResultSchema);

export const BlockStateSchema = z.object({ userId: z.string(), blocked: z.boolean() });
export const MuteTargetTypeSchema = z.enum(['user', 'community'], { error: 'must be user or community' });
export const MuteRequestSchema = z.object({
  targetType: MuteTargetTypeSchema,
  targetId: text({ error: 'must be an id' }).trim().min(1, 'must be an id').max(64, 'must be an id'),
});
export const MuteSchema = z.object({ targetType: MuteTargetTypeSchema, targetId: z.string(), muted: z.boolean() });
export const MutesSchema = z.array(
  z.object({
    targetType: MuteTargetTypeSchema,
    targetId: z.string(),
    createdAt: z.string(),
    /** The person's display name or the community's name, for the settings screen; null when it is gone. */
    name: z.string().nullable(),
    /** Their picture or the community's image. */
    imageUrl: z.string().nullable(),
    /** A person's username, for the link to their profile. */
    username: z.string().nullable(),
  }),
);

export const ReportTargetTypeSchema = z.enum(['person', 'review', 'list', 'discussion', 'comment', 'message'], {
  error: 'must be person, review, list, discussion, comment or message',
});
export type ReportTargetType = z.infer<typeof ReportTargetTypeSchema>;
export const ReportRequestSchema = z.object({
  targetType: ReportTargetTypeSchema,
  targetId: text({ error: 'must be an id' }).trim().min(1, 'must be an id').max(64, 'must be an id'),
  reason: text({ error: 'must be text' }).trim().min(1, 'must say what is wrong').max(REPORT_REASON_MAX, `must be at most ${REPORT_REASON_MAX} characters`),
});
export const ReportSchema = z.object({
  id: z.string(),
  reporter: PersonCardSchema.nullable(),
  targetType: ReportTargetTypeSchema,
  targetId: z.string(),
  /** Whose the target is (the person, the author, the list's owner, the sender); null when it is gone. */
  targetOwner: PersonCardSchema.nullable(),
  /** A moderator hid the target (never for a person). */
  targetHidden: z.boolean(),
  /** The target's owner is suspended. */
  ownerSuspended: z.boolean(),
  reason: z.string(),
  status: z.enum(['open', 'resolved']),
  resolution: z.string().nullable(),
  createdAt: z.string(),
});
export const ReportsPageSchema = z.object({ results: z.array(ReportSchema), nextCursor: z.string().nullable() });
export const ResolveReportSchema = z.object({
  resolution: text({ error: 'must be text' }).trim().max(500, 'must be at most 500 characters').optional(),
});
export const HideRequestSchema = z.object({ targetType: ReportTargetTypeSchema.exclude(['person']), targetId: text().trim().min(1, 'must be an id').max(64, 'must be an id') });
export const HiddenStateSchema = z.object({ targetType: z.string(), targetId: z.string(), hidden: z.boolean() });
export const SuspensionSchema = z.object({ userId: z.string(), suspended: z.boolean() });

export const NotificationKindSchema = z.enum([
  'follow',
  'review_like',
  'discussion_like',
  'comment_like',
  'discussion_reply',
  'comment_reply',
  'join_request',
  'request_approved',
  'level_reached',
]);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;
export const NotificationSchema = z.object({
  id: z.string(),
  kind: NotificationKindSchema,
  targetType: z.string(),
  targetId: z.string(),
  /** The latest person who did it. */
  actor: PersonCardSchema.nullable(),
  /** How many others did the same while it was unread ('Ana and 12 others liked your review'). */
  othersCount: z.number().int(),
  text: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationsPageSchema = z.object({ results: z.array(NotificationSchema), nextCursor: z.string().nullable(), unreadCount: z.number().int() });
/** GET/PUT /api/notifications/preferences: which kinds of notification arrive (all, until turned off). */
export const NotificationPreferencesSchema = z.object({ kinds: z.array(z.object({ kind: NotificationKindSchema, enabled: z.boolean() })) });
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;
export const NotificationPreferencesRequestSchema = z.object({
  kinds: z
    .array(z.object({ kind: NotificationKindSchema, enabled: z.boolean({ error: 'must be true or false' }) }), { error: 'must be a list of kinds' })
    .min(1, 'must hold at least one kind')
    .max(NotificationKindSchema.options.length, `must hold at most ${NotificationKindSchema.options.length} kinds`),
});
export const UnreadCountSchema = z.object({ unreadCount: z.number().int() });
export const MarkReadRequestSchema = z
  .object({ ids: z.array(text().max(64, 'must be notification ids'), { error: 'must be a list of notification ids' }).max(200, 'must hold at most 200 ids').optional() })
  .nullish();

export const MessageSchema = z.object({ id: z.string(), conversationId: z.string(), senderId: z.string(), text: z.string(), createdAt: z.string() });
export type Message = z.infer<typeof MessageSchema>;
export const SendMessageRequestSchema = z.object({
  toId: UserIdSchema,
  text: text({ error: 'must be text' }).trim().min(1, 'must not be empty').max(MESSAGE_MAX, `must be at most ${MESSAGE_MAX} characters`),
});
export const ConversationSchema = z.object({
  id: z.string(),
  with: PersonCardSchema,
  lastMessage: MessageSchema.nullable(),
  unreadCount: z.number().int(),
  /** False once either person blocked the other: the conversation is closed. */
  canWrite: z.boolean(),
});
/** GET /api/messages/can-write/:userId: whether a message to them would be accepted now. */
export const CanWriteSchema = z.object({ userId: z.string(), canWrite: z.boolean() });
export type CanWrite = z.infer<typeof CanWriteSchema>;
export const ConversationsSchema = z.object({ results: z.array(ConversationSchema), unreadCount: z.number().int() });
export const MessagesQuerySchema = z.object({
  before: z.preprocess(blankToUndefined, text({ error: 'must be a message id' }).max(64, 'must be a message id').optional()),
});
export const MessagesPageSchema = z.object({ results: z.array(MessageSchema), nextBefore: z.string().nullable() });

const ActivityDiscussionSchema = z.object({
  id: z.string(),
  title: z.string(),
  spoiler: z.boolean(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  communityId: z.string(),
  communityName: z.string(),
});
export const ActivityItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['rating', 'review', 'list', 'discussion', 'comment']),
  createdAt: z.string(),
  /** Pass as `cursor` to read what came before this item. */
  cursor: z.string(),
  actor: PersonCardSchema,
  rating: z
    .object({ id: z.string(), rating: z.number().int(), review: z.string().nullable(), spoiler: z.boolean(), likeCount: z.number().int(), title: MediaSearchResultSchema })
    .nullable(),
  list: z.object({ id: z.string(), name: z.string(), type: TitleTypeSchema, titleCount: z.number().int(), likeCount: z.number().int() }).nullable(),
  /** A discussion started (kind `discussion`), in a community the reader may see. */
  discussion: ActivityDiscussionSchema.nullable(),
  /** A comment or reply written in a discussion (kind `comment`), with the discussion it belongs to. */
  comment: z
    .object({ id: z.string(), text: z.string(), spoiler: z.boolean(), likeCount: z.number().int(), isReply: z.boolean(), discussion: ActivityDiscussionSchema })
    .nullable(),
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;
export const ActivityQuerySchema = CursorQuerySchema.extend({ userId: z.preprocess(blankToUndefined, UserIdSchema.optional()) });
export const FeedPageSchema = z.object({ results: z.array(ActivityItemSchema), nextCursor: z.string().nullable() });
export const FeedQuerySchema = CursorQuerySchema;
