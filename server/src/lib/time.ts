/** A timestamp as read back (a Date on PostgreSQL, ISO text on SQLite) as ISO 8601 text. */
export const isoOf = (v: Date | string): string => new Date(v).toISOString();
