import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/**
 * Marks a person puts on a title without a day (modules/diary): `watched` (seen, day unknown: Letterboxd's watched.csv)
 * and `liked` (Letterboxd's likes/films.csv). One row per person, title and mark, so importing again changes nothing.
 * When TMDB's watch providers of a title were last read (modules/catalogue): each scheduled run refreshes the titles
 * read longest ago, a batch at a time.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .createTable('title_marks')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title_id', 'text', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    /** 'watched' or 'liked'. */
    .addColumn('mark', 'text', (c) => c.notNull())
    /** When the person marked it (the file's date), or when it was imported. */
    .addColumn('marked_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('title_marks_pk', ['user_id', 'mark', 'title_id'])
    .execute();
  await db.schema
    .createTable('title_provider_checks')
    .addColumn('title_id', 'text', (c) => c.primaryKey().references('titles.id').onDelete('cascade'))
    /** Milliseconds since the epoch. */
    .addColumn('checked_at', t.bigint, (c) => c.notNull())
    .execute();
}
