import { type Kysely, sql } from 'kysely';
import { GENERAL_COMMUNITY_ID } from '../../../../common/contracts/communities.ts';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/**
 * Communities and discussions. A community row keeps its member and discussion counts, a discussion its like and
 * comment counts, a comment its like and reply counts: each changed in the same transaction as the rows it counts.
 * The admin is `admin_id`, never a row of community_members (whose rows are members and pending join requests).
 * Discussions and comments copy their community's visibility (`is_public`) so listings across communities filter
 * on an index. The general community exists from the first start (created here, with no admin).
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .createTable('communities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // The name in lower case: names are unique ignoring case.
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('is_public', t.bool, (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('admin_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('is_general', t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn('member_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discussion_count', 'integer', (c) => c.notNull().defaultTo(0))
    // The latest join, discussion or comment: trending looks at recently active communities.
    .addColumn('activity_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('communities_popular_idx').on('communities').columns(['member_count desc', 'id']).execute();
  await db.schema.createIndex('communities_activity_idx').on('communities').columns(['activity_at']).execute();
  await db.schema.createIndex('communities_admin_idx').on('communities').columns(['admin_id']).execute();

  await db.schema
    .createTable('community_members')
    .addColumn('community_id', 'text', (c) => c.notNull().references('communities.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('member', 'pending')`))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('community_members_pk', ['community_id', 'user_id'])
    .execute();
  // A person's communities; a community's members or join requests, oldest first.
  await db.schema.createIndex('community_members_user_idx').on('community_members').columns(['user_id', 'status', 'community_id']).execute();
  await db.schema
    .createIndex('community_members_list_idx')
    .on('community_members')
    .columns(['community_id', 'status', 'created_at', 'user_id'])
    .execute();

  await db.schema
    .createTable('discussions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('community_id', 'text', (c) => c.notNull().references('communities.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('spoiler', t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn('locked', t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn('is_public', t.bool, (c) => c.notNull())
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('edited_at', t.timestamp)
    .addColumn('last_activity_at', t.timestamp, (c) => c.notNull())
    .execute();
  // A community's discussions, newest or most recently active first.
  await db.schema.createIndex('discussions_community_new_idx').on('discussions').columns(['community_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('discussions_community_active_idx').on('discussions').columns(['community_id', 'last_activity_at', 'id']).execute();
  // Discussions across communities (public ones first), and top discussions.
  await db.schema.createIndex('discussions_public_new_idx').on('discussions').columns(['is_public', 'created_at', 'id']).execute();
  await db.schema.createIndex('discussions_public_active_idx').on('discussions').columns(['is_public', 'last_activity_at', 'id']).execute();
  await db.schema.createIndex('discussions_author_idx').on('discussions').columns(['author_id', 'created_at']).execute();

  await db.schema
    .createTable('discussion_likes')
    .addColumn('discussion_id', 'text', (c) => c.notNull().references('discussions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('discussion_likes_pk', ['discussion_id', 'user_id'])
    .execute();
  await db.schema.createIndex('discussion_likes_user_idx').on('discussion_likes').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('discussion_id', 'text', (c) => c.notNull().references('discussions.id').onDelete('cascade'))
    .addColumn('community_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('spoiler', t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn('deleted', t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('edited_at', t.timestamp)
    .execute();
  // A discussion's top-level comments in order (the first page of 20 reads 20 index entries however many there are),
  // and one comment's replies in order.
  await db.schema
    .createIndex('comments_top_idx')
    .on('comments')
    .columns(['discussion_id', 'created_at', 'id'])
    .where(sql<boolean>`parent_id is null`)
    .execute();
  await db.schema.createIndex('comments_replies_idx').on('comments').columns(['parent_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('comments_author_idx').on('comments').columns(['author_id', 'created_at']).execute();

  await db.schema
    .createTable('comment_likes')
    .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_likes_pk', ['comment_id', 'user_id'])
    .execute();
  // The reader's likes among a page of comments.
  await db.schema.createIndex('comment_likes_user_idx').on('comment_likes').columns(['user_id', 'comment_id']).execute();

  await db.schema
    .createTable('community_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('community_id', 'text', (c) => c.notNull().references('communities.id').onDelete('cascade'))
    .addColumn('discussion_id', 'text', (c) => c.notNull().references('discussions.id').onDelete('cascade'))
    .addColumn('comment_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    // The comment's id, else the discussion's: one report per person and thing reported.
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('community_reports_once_idx').on('community_reports').columns(['target_id', 'reporter_id']).unique().execute();
  await db.schema.createIndex('community_reports_list_idx').on('community_reports').columns(['community_id', 'created_at', 'id']).execute();

  const now = new Date().toISOString();
  await sql`insert into communities (id, name, name_key, description, is_public, image_url, admin_id, is_general, member_count, discussion_count, activity_at, created_at, updated_at)
    values (${GENERAL_COMMUNITY_ID}, 'General', 'general', 'Everything film and TV: say hello, ask for recommendations, talk about what you are watching.', ${t.true}, null, null, ${t.true}, 0, 0, ${now}, ${now}, ${now})`.execute(
    db,
  );
}
