import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/**
 * Levels: one row per person and level reached (kept for good, whatever is undone later). The unique (user, level)
 * key is what makes a level reached, and its gem reward credited, once even when actions race. A person's reviews
 * are counted through a partial index (their ratings through ratings_user_created_idx). Discussions by time, for
 * the feed.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .createTable('user_levels')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('level', 'text', (c) => c.notNull())
    // 1 for Reel Apprentice ... 11 for Reel Savant: the current level is the highest.
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('reached_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_levels_pk', ['user_id', 'level'])
    .execute();
  await db.schema.createIndex('user_levels_rank_idx').on('user_levels').columns(['user_id', 'rank']).execute();
  await db.schema.createIndex('ratings_user_reviews_idx').on('ratings').columns(['user_id']).where(sql<boolean>`review is not null`).execute();
  // The feed of someone following many people walks everyone's newest discussions first (as for ratings and lists).
  await db.schema.createIndex('discussions_created_idx').on('discussions').columns(['created_at', 'id']).execute();
}
