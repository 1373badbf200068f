import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/**
 * The diary (modules/diary): one row per person, title and day watched (logging the same title on the same day again,
 * or importing it again, changes nothing), read a month at a time newest first. Where to watch (modules/catalogue):
 * which streaming service carries a title in which country, filled by the catalogue import and by TMDB.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .createTable('diary_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title_id', 'text', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    /** YYYY-MM-DD, the day the person watched it (their calendar day, as they gave it). */
    .addColumn('watched_on', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('diary_entries_day_idx')
    .unique()
    .on('diary_entries')
    .columns(['user_id', 'title_id', 'watched_on'])
    .execute();
  await db.schema.createIndex('diary_entries_user_newest_idx').on('diary_entries').columns(['user_id', 'watched_on', 'created_at', 'id']).execute();

  await db.schema
    .createTable('title_providers')
    .addColumn('title_id', 'text', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    /** A service's short name: netflix, prime, disney-plus, ... (see catalogue.providers.ts). */
    .addColumn('provider', 'text', (c) => c.notNull())
    /** ISO 3166 alpha-2, upper case. */
    .addColumn('country', 'text', (c) => c.notNull())
    /** Where the row came from: 'justwatch' (the catalogue files) or 'tmdb'. */
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addPrimaryKeyConstraint('title_providers_pk', ['title_id', 'country', 'provider'])
    .execute();
  await db.schema.createIndex('title_providers_service_idx').on('title_providers').columns(['provider', 'country', 'title_id']).execute();
}
