import type { ColumnType } from 'kysely';

/** Timestamps: Date on PostgreSQL, ISO text on SQLite. Write Date or ISO string. */
export type Timestamp = ColumnType<Date | string, Date | string, Date | string>;
/** Booleans: boolean on PostgreSQL, 0/1 on SQLite. */
export type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UsersTable {
  id: string;
  email: string;
  emailVerified: Bool;
  displayName: string;
  imageUrl: string | null;
  bio: string | null;
  onboarded: Bool;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Chosen by the person: 3 to 30 letters, digits, dots and underscores, unique ignoring case (username_key). */
  username: ColumnType<string | null, string | null | undefined, string | null>;
  usernameKey: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO 3166 alpha-2 code. */
  country: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON arrays: genre names, and title ids in the person's order. */
  favouriteGenres: ColumnType<string | null, string | null | undefined, string | null>;
  topMovies: ColumnType<string | null, string | null | undefined, string | null>;
  topShows: ColumnType<string | null, string | null | undefined, string | null>;
  /** Rows in follows, kept in the same transaction as they are written. */
  followerCount: ColumnType<number, number | undefined, number>;
  followingCount: ColumnType<number, number | undefined, number>;
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  suspendedAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  /** Normalised display name and username, what people search reads. */
  searchText: ColumnType<string, string | undefined, string>;
  /** Set when the person closed their account: the row stays as a tombstone, every personal column blanked. */
  deletedAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

/** A personal access token for scripts: only its SHA-256 is kept. */
export interface ApiTokensTable {
  id: string;
  userId: string;
  name: string;
  tokenHash: string;
  createdAt: Timestamp;
  lastUsedAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

export type UserRole = 'member' | 'moderator';

export interface SessionsTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type TitleType = 'movie' | 'tvSeries';

export interface TitlesTable {
  id: string;
  imdbId: string | null;
  justwatchId: string | null;
  tmdbId: number | null;
  titleType: TitleType;
  primaryTitle: string;
  originalTitle: string | null;
  searchText: string;
  startYear: number | null;
  endYear: number | null;
  releaseDate: string | null;
  runtimeMinutes: number | null;
  genres: string;
  plot: string | null;
  certification: string | null;
  seasons: number | null;
  imdbRating: number | null;
  imdbVotes: number;
  grossUsd: number | null;
  posterUrl: string | null;
  backdropUrl: string | null;
  popularity: number;
  /** Lower-case alphanumerics of the primary title; with start_year it matches id-less sources. */
  matchKey: string | null;
  tmdbPopularity: number | null;
  budgetUsd: number | null;
  /** The card's creator: the title's creator, else its first director (kept in step with title_people). */
  creator: string | null;
  /** The title page's people as JSON (see PEOPLE_JSON_OF in titles.repository.ts; kept in step with title_people). */
  peopleJson: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A series' episode (IMDb's title.episode with the episode's title and year from title.basics). */
export interface TitleEpisodesTable {
  /** The episode's IMDb id. */
  id: string;
  seriesId: string;
  seasonNumber: number | null;
  episodeNumber: number | null;
  title: string | null;
  startYear: number | null;
}

export interface TitleGenresTable {
  titleId: string;
  genre: string;
}

export interface TitlePeopleTable {
  titleId: string;
  ordering: number;
  name: string;
  role: 'actor' | 'director' | 'writer' | 'creator';
  character: string | null;
}

/** Person names from IMDb's name.basics, used to resolve crew and principals. */
export interface CatalogueNamesTable {
  nconst: string;
  name: string;
}

/** Cached TMDB responses (JSON text) with an expiry. */
export interface TmdbCacheTable {
  key: string;
  body: string;
  expiresAt: Timestamp;
}

/** TMDB's current list of upcoming movies, matched to catalogue titles; replaced on every refresh. */
export interface TmdbUpcomingTable {
  titleId: string;
  /** Position in TMDB's list, 1 first. */
  rank: number;
  tmdbId: number;
  /** YYYY-MM-DD, TMDB's release date. */
  releaseDate: string;
  refreshedAt: Timestamp;
}

export type TitleActivityKind = 'view' | 'rating' | 'watchlist' | 'search_click';

/** Daily counters of what people did with a title (weekly popularity). */
export interface TitleActivityDailyTable {
  day: string;
  titleId: string;
  kind: TitleActivityKind;
  count: number;
}

/** Daily counters of searches that led to a click (popular searches). */
export interface SearchQueryDailyTable {
  day: string;
  query: string;
  count: number;
}

/** Who clicked a result of a search on a day (a user id, or a hash of an anonymous client). */
export interface SearchQueryClickersTable {
  day: string;
  query: string;
  clicker: string;
}

/** One person's rating of a title (1-10), with their review when they wrote one: one per person and title. */
export interface RatingsTable {
  id: string;
  userId: string;
  titleId: string;
  rating: number;
  /** Plain text; null when the person only rated. */
  review: string | null;
  spoiler: Bool;
  /** Rows in review_likes for this rating, kept in the same transaction as they are written. */
  likeCount: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** One person's like of a review: one per person and review. */
export interface ReviewLikesTable {
  ratingId: string;
  userId: string;
  createdAt: Timestamp;
}

/** A title's Reelhouse figures, kept in the same transaction as the ratings rows. */
export interface TitleRatingStatsTable {
  titleId: string;
  ratingCount: number;
  ratingSum: number;
  reviewCount: number;
}

/** A title on a person's watchlist. */
/** A title the person watched on a day (modules/diary). */
export interface DiaryEntriesTable {
  id: string;
  userId: string;
  titleId: string;
  /** YYYY-MM-DD. */
  watchedOn: string;
  createdAt: Timestamp;
}

/** A mark without a day on a title (modules/diary): watched (day unknown) or liked. */
export interface TitleMarksTable {
  userId: string;
  titleId: string;
  mark: 'watched' | 'liked';
  markedAt: Timestamp;
}

/** When TMDB's watch providers of a title were last read (modules/catalogue). */
export interface TitleProviderChecksTable {
  titleId: string;
  /** Milliseconds since the epoch (bigint on PostgreSQL: read it through Number()). */
  checkedAt: ColumnType<number | string, number, number>;
}

/** A streaming service that carries a title in a country (catalogue import, TMDB). */
export interface TitleProvidersTable {
  titleId: string;
  provider: string;
  country: string;
  source: string;
  url: string | null;
}

export interface WatchlistEntriesTable {
  userId: string;
  titleId: string;
  createdAt: Timestamp;
}

export type ListVisibility = 'public' | 'private';

/** A person's list of titles; counters kept in the same transaction as the rows they count. */
export interface ListsTable {
  id: string;
  ownerId: string;
  name: string;
  description: string | null;
  type: TitleType;
  visibility: ListVisibility;
  titleCount: number;
  likeCount: number;
  viewCount: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A title of a list at its place (0 first), with the owner's note. */
export interface ListItemsTable {
  listId: string;
  position: number;
  titleId: string;
  note: string | null;
}

/** A genre of a list at its place in the owner's order (0 first). */
export interface ListGenresTable {
  listId: string;
  genre: string;
  position: number;
}

export interface ListLikesTable {
  listId: string;
  userId: string;
  createdAt: Timestamp;
}

/** One viewer (a user, or a hashed anonymous client) of a list on a day (UTC YYYY-MM-DD). */
export interface ListViewsTable {
  listId: string;
  day: string;
  viewer: string;
}

export interface ListRecentViewsTable {
  userId: string;
  listId: string;
  viewedAt: Timestamp;
}

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

/** Each person's gems: always the sum of their ledger rows, never below zero. */
export interface GemBalancesTable {
  userId: string;
  balance: number;
}

/** The gem ledger: one row per credit (positive) or debit (negative); `key` names its cause once. */
export interface GemTransactionsTable {
  id: string;
  userId: string;
  amount: number;
  reason: string;
  key: string;
  description: string;
  createdAt: Timestamp;
}

export interface BadgesTable {
  id: string;
  name: string;
  emoji: string;
  color: string;
  position: string;
  price: number;
  sort: number;
}

export interface UserBadgesTable {
  userId: string;
  badgeId: string;
  acquiredAt: Timestamp;
}

export interface EquippedBadgesTable {
  userId: string;
  badgeId: string;
}

export interface SubscriptionsTable {
  id: string;
  userId: string;
  product: string;
  plan: string;
  provider: string;
  providerRef: string | null;
  currentPeriodEnd: Timestamp;
  cancelAtPeriodEnd: Bool;
  endedAt: Timestamp | null;
  providerUpdated: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PurchasesTable {
  id: string;
  userId: string;
  product: string;
  kind: string;
  status: string;
  amount: number;
  currency: string;
  gems: number | null;
  provider: string;
  providerRef: string | null;
  paymentRef: string | null;
  refundedAmount: number;
  createdAt: Timestamp;
  paidAt: Timestamp | null;
}

export interface PaymentEventsTable {
  provider: string;
  eventId: string;
  type: string;
  receivedAt: Timestamp;
}

/** An image stored through the upload route (the file itself is in the media storage under `key`). */
export interface ImageUploadsTable {
  /** The stored name, `<uuid>.webp`: the last part of its /media/images/ address. */
  key: string;
  ownerId: string;
  purpose: 'community' | 'profile';
  /** Bytes of the stored (re-encoded) file. */
  size: number;
  width: number;
  height: number;
  createdAt: Timestamp;
}

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

export interface UserLevelsTable {
  userId: string;
  level: string;
  rank: number;
  reachedAt: Timestamp;
}

/** Domain events waiting for, or past, delivery (server/src/events/outbox.ts). Times in milliseconds since the epoch. */
export interface OutboxEventsTable {
  id: string;
  type: string;
  /** The event's data as JSON text. */
  payload: string;
  createdAt: number;
  availableAt: number;
  claimExpiresAt: number | null;
  attempts: ColumnType<number, number | undefined, number>;
  lastError: string | null;
  deliveredAt: number | null;
}

/** Which subscriber has handled which event (each at most once). */
export interface OutboxDeliveriesTable {
  eventId: string;
  subscriber: string;
  deliveredAt: number;
}

/** A history import: one per uploaded file (modules/imports). */
export interface ImportJobsTable {
  id: string;
  userId: string;
  source: 'letterboxd' | 'imdb' | 'trakt';
  fileName: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  processed: ColumnType<number, number | undefined, number>;
  imported: ColumnType<number, number | undefined, number>;
  alreadyPresent: ColumnType<number, number | undefined, number>;
  notMatched: ColumnType<number, number | undefined, number>;
  ambiguous: ColumnType<number, number | undefined, number>;
  error: string | null;
  /** Milliseconds since the epoch: the process working on it holds it until then. */
  leaseUntil: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  finishedAt: Timestamp | null;
}

/** One item of an import's file (a rating, a watchlist entry, a list entry) and what became of it. */
export interface ImportRowsTable {
  jobId: string;
  seq: number;
  kind: 'rating' | 'watchlist' | 'list' | 'diary' | 'watched' | 'like';
  file: string;
  line: number;
  rowText: string;
  /** The parsed item as JSON text. */
  data: string;
  status: 'pending' | 'imported' | 'present' | 'unmatched' | 'ambiguous';
  titleId: string | null;
  /** JSON text: the candidate title ids of an ambiguous row. */
  candidates: string | null;
  reason: string | null;
}

/** Who runs a scheduled job that runs once across processes, and until when (server/src/lib/job-lease.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  /** Milliseconds since the epoch. */
  until: number;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  titles: TitlesTable;
  titleGenres: TitleGenresTable;
  titleEpisodes: TitleEpisodesTable;
  titlePeople: TitlePeopleTable;
  catalogueNames: CatalogueNamesTable;
  tmdbCache: TmdbCacheTable;
  tmdbUpcoming: TmdbUpcomingTable;
  titleActivityDaily: TitleActivityDailyTable;
  searchQueryDaily: SearchQueryDailyTable;
  searchQueryClickers: SearchQueryClickersTable;
  ratings: RatingsTable;
  reviewLikes: ReviewLikesTable;
  titleRatingStats: TitleRatingStatsTable;
  watchlistEntries: WatchlistEntriesTable;
  diaryEntries: DiaryEntriesTable;
  titleMarks: TitleMarksTable;
  titleProviders: TitleProvidersTable;
  titleProviderChecks: TitleProviderChecksTable;
  lists: ListsTable;
  listItems: ListItemsTable;
  listGenres: ListGenresTable;
  listLikes: ListLikesTable;
  listViews: ListViewsTable;
  listRecentViews: ListRecentViewsTable;
  gemBalances: GemBalancesTable;
  gemTransactions: GemTransactionsTable;
  badges: BadgesTable;
  userBadges: UserBadgesTable;
  equippedBadges: EquippedBadgesTable;
  subscriptions: SubscriptionsTable;
  purchases: PurchasesTable;
  paymentEvents: PaymentEventsTable;
  communities: CommunitiesTable;
  communityMembers: CommunityMembersTable;
  discussions: DiscussionsTable;
  discussionLikes: DiscussionLikesTable;
  comments: CommentsTable;
  commentLikes: CommentLikesTable;
  communityReports: CommunityReportsTable;
  imageUploads: ImageUploadsTable;
  follows: FollowsTable;
  blocks: BlocksTable;
  mutes: MutesTable;
  userLevels: UserLevelsTable;
  outboxEvents: OutboxEventsTable;
  outboxDeliveries: OutboxDeliveriesTable;
  jobLeases: JobLeasesTable;
  reports: ReportsTable;
  hiddenContent: HiddenContentTable;
  notifications: NotificationsTable;
  notificationActors: NotificationActorsTable;
  notificationOptOuts: NotificationOptOutsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  importJobs: ImportJobsTable;
  importRows: ImportRowsTable;
  apiTokens: ApiTokensTable;
  feedInbox: FeedInboxTable;
  feedFanouts: FeedFanoutsTable;
}
