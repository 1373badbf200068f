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
}

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

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
}
