import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/**
 * Ratings and reviews: one row per person and title (the unique pair is what makes a second create a conflict),
 * likes of reviews one per person and review (what makes liking twice change nothing), and each title's count and
 * sum of ratings and each review's like count, kept in the same transaction as the rows they count.
 * A title's reviews are read newest first or most liked first, 20 at a time: both orders have a partial index over
 * the rows that hold a review.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .createTable('ratings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title_id', 'text', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 10`))
    .addColumn('review', 'text')
    .addColumn('spoiler', t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('ratings_user_title_unique', ['user_id', 'title_id'])
    .execute();
  await db.schema
    .createIndex('ratings_title_reviews_newest_idx')
    .on('ratings')
    .columns(['title_id', 'created_at', 'id'])
    .where(sql<boolean>`review is not null`)
    .execute();
  await db.schema
    .createIndex('ratings_title_reviews_liked_idx')
    .on('ratings')
    .columns(['title_id', 'like_count', 'created_at', 'id'])
    .where(sql<boolean>`review is not null`)
    .execute();

  await db.schema
    .createTable('review_likes')
    .addColumn('rating_id', 'text', (c) => c.notNull().references('ratings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('review_likes_pk', ['rating_id', 'user_id'])
    .execute();
  // The reader's likes among a page of reviews, and "which of this title's reviews did I like".
  await db.schema.createIndex('review_likes_user_idx').on('review_likes').columns(['user_id', 'rating_id']).execute();

  await db.schema
    .createTable('title_rating_stats')
    .addColumn('title_id', 'text', (c) => c.primaryKey().references('titles.id').onDelete('cascade'))
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

