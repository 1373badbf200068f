// People, their sessions and API tokens.
import type { ColumnType } from 'kysely';
import type { Bool, Timestamp } from './columns.ts';

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
