import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/** Watchlists: one row per person and title (adding twice changes nothing), read newest first by keyset. */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .createTable('watchlist_entries')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title_id', 'text', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('watchlist_entries_pk', ['user_id', 'title_id'])
    .execute();
  await db.schema.createIndex('watchlist_entries_user_newest_idx').on('watchlist_entries').columns(['user_id', 'created_at', 'title_id']).execute();
}
