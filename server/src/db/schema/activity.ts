// What people do with titles: ratings and reviews, diary, marks, providers' checks, watchlist.
import type { ColumnType } from 'kysely';
import type { Bool, Timestamp } from './columns.ts';

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
