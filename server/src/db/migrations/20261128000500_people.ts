import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/**
 * People: profile fields on users (a username unique ignoring case through its lower-case key, country, favourite
 * genres and top titles as JSON text, follower/following counts kept in the same transaction as the follows rows,
 * a role and a suspension), follows, blocks, mutes, reports and hidden content, notifications (one row per
 * recipient, kind and target while unread, with its distinct actors beside it, so bursts group), and one-to-one
 * conversations with their messages.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  for (const column of ['username', 'username_key', 'country', 'favourite_genres', 'top_movies', 'top_shows']) {
    await db.schema.alterTable('users').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('users').addColumn('follower_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('following_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('role', 'text', (c) => c.notNull().defaultTo('member')).execute();
  await db.schema.alterTable('users').addColumn('suspended_at', t.timestamp).execute();
  // Normalised display name and username (search/normalize.ts), what people search finds.
  await db.schema.alterTable('users').addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('users_username_key_idx').on('users').column('username_key').unique().execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .execute();
  // A person's followers newest first; their following list uses the primary key plus this order.
  await db.schema.createIndex('follows_followee_idx').on('follows').columns(['followee_id', 'created_at', 'follower_id']).execute();
  await db.schema.createIndex('follows_follower_idx').on('follows').columns(['follower_id', 'created_at', 'followee_id']).execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked_idx').on('blocks').columns(['blocked_id', 'blocker_id']).execute();

  await db.schema
    .createTable('mutes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('mutes_pk', ['user_id', 'target_type', 'target_id'])
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('resolved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolution', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('resolved_at', t.timestamp)
    .execute();
  await db.schema.createIndex('reports_status_idx').on('reports').columns(['status', 'created_at', 'id']).execute();

  await db.schema
    .createTable('hidden_content')
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('hidden_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('hidden_content_pk', ['target_type', 'target_id'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('read_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'created_at', 'id']).execute();
  // The one unread notification of a kind and target a new actor joins: one at most, even when two arrive at once.
  await db.schema
    .createIndex('notifications_open_group_idx')
    .unique()
    .on('notifications')
    .columns(['user_id', 'kind', 'target_type', 'target_id'])
    .where(sql<boolean>`read_at is null`)
    .execute();
  await db.schema
    .createTable('notification_actors')
    .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_actors_pk', ['notification_id', 'actor_id'])
    .execute();

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The two people in id order, so a pair has one conversation.
    .addColumn('user_a', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_b', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('a_read_at', t.timestamp)
    .addColumn('b_read_at', t.timestamp)
    .addColumn('last_message_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('conversations_pair_unique', ['user_a', 'user_b'])
    .execute();
  await db.schema.createIndex('conversations_a_idx').on('conversations').columns(['user_a', 'last_message_at']).execute();
  await db.schema.createIndex('conversations_b_idx').on('conversations').columns(['user_b', 'last_message_at']).execute();
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_conversation_idx').on('messages').columns(['conversation_id', 'created_at', 'id']).execute();

  // Activity reads a person's ratings and lists newest first; so does the feed of someone following few people.
  await db.schema.createIndex('ratings_user_created_idx').on('ratings').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('lists_owner_created_idx').on('lists').columns(['owner_id', 'created_at', 'id']).execute();
  // The feed of someone following many people walks everyone's newest first and keeps what they follow.
  await db.schema.createIndex('ratings_created_idx').on('ratings').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('lists_public_created_idx').on('lists').columns(['created_at', 'id']).where(sql<boolean>`visibility = 'public'`).execute();
}
