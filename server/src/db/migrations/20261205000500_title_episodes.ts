import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';

/**
 * A series' episodes, from IMDb's title.episode (season and episode numbers) and title.basics (each episode's title
 * and year), keyed by the episode's IMDb id; read a series at a time in season and episode order (modules/titles).
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable('title_episodes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('series_id', 'text', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('season_number', 'integer')
    .addColumn('episode_number', 'integer')
    .addColumn('title', 'text')
    .addColumn('start_year', 'integer')
    .execute();
  await db.schema.createIndex('title_episodes_series_idx').on('title_episodes').columns(['series_id', 'season_number', 'episode_number']).execute();
}
