import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/**
 * TMDB feeds: the current list of upcoming movies (TMDB's order and release
 * dates), replaced on every refresh; and an index on titles.tmdb_id so the
 * refresher matches TMDB's lists to the catalogue without scanning it.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .createTable('tmdb_upcoming')
    .addColumn('title_id', 'text', (c) => c.primaryKey().references('titles.id').onDelete('cascade'))
    .addColumn('rank', 'integer', (c) => c.notNull()) // 1 = first in TMDB's list
    .addColumn('tmdb_id', 'integer', (c) => c.notNull())
    .addColumn('release_date', 'text', (c) => c.notNull()) // YYYY-MM-DD
    .addColumn('refreshed_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tmdb_upcoming_release_idx').on('tmdb_upcoming').columns(['release_date', 'rank']).execute();
  await db.schema.createIndex('titles_tmdb_id_idx').on('titles').column('tmdb_id').execute();
}
