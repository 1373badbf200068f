import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/**
 * Lists: a list row with its counters (titles, likes, views, kept in the same transaction as the rows they count),
 * its titles in the owner's order with a note each, its genres one row each (recommendations look lists up by genre),
 * likes one per person and list, views one per viewer, list and day (what trending counts), and each person's
 * recently viewed lists.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .createTable('lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('movie', 'tvSeries')`))
    .addColumn('visibility', 'text', (c) => c.notNull().check(sql`visibility in ('public', 'private')`))
    .addColumn('title_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // A person's lists, last updated first.
  await db.schema.createIndex('lists_owner_updated_idx').on('lists').columns(['owner_id', 'updated_at', 'id']).execute();
  // Popular public lists (recommendations for a reader with nothing to go on).
  await db.schema
    .createIndex('lists_public_popular_idx')
    .on('lists')
    .columns(['like_count', 'view_count', 'id'])
    .where(sql<boolean>`visibility = 'public'`)
    .execute();

  await db.schema
    .createTable('list_items')
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title_id', 'text', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('note', 'text')
    .addPrimaryKeyConstraint('list_items_pk', ['list_id', 'position'])
    .execute();
  // Lists holding the titles a person rated highly.
  await db.schema.createIndex('list_items_title_idx').on('list_items').columns(['title_id', 'list_id']).execute();

  await db.schema
    .createTable('list_genres')
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('genre', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_genres_pk', ['list_id', 'genre'])
    .execute();
  await db.schema.createIndex('list_genres_genre_idx').on('list_genres').columns(['genre', 'list_id']).execute();

  await db.schema
    .createTable('list_likes')
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('list_likes_pk', ['list_id', 'user_id'])
    .execute();
  // Likes of the last seven days (trending).
  await db.schema.createIndex('list_likes_recent_idx').on('list_likes').columns(['created_at', 'list_id']).execute();

  await db.schema
    .createTable('list_views')
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('viewer', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_views_pk', ['list_id', 'day', 'viewer'])
    .execute();
  // Views of the last seven days (trending).
  await db.schema.createIndex('list_views_day_idx').on('list_views').columns(['day', 'list_id']).execute();

  await db.schema
    .createTable('list_recent_views')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('viewed_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('list_recent_views_pk', ['user_id', 'list_id'])
    .execute();
  await db.schema.createIndex('list_recent_views_user_idx').on('list_recent_views').columns(['user_id', 'viewed_at']).execute();
}
