import type { ColumnType } from 'kysely';

/** Timestamps: Date on PostgreSQL, ISO text on SQLite. Write Date or ISO string. */
export type Timestamp = ColumnType<Date | string, Date | string, Date | string>;
/** Booleans: boolean on PostgreSQL, 0/1 on SQLite. */
export type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;
