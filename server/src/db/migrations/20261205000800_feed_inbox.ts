import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/** How many of the newest items of the people they follow each reader's inbox starts with on upgrade. */
export const UPGRADE_BACKFILL = 100;
/** Readers whose inboxes one statement of the upgrade fills. */
const READERS_A_STATEMENT = 500;

/**
 * The feed as an inbox (modules/activity, docs/architecture.md "The feed"): one row per reader and item the feed may
 * show them (a rating or review, a list, a discussion of someone they follow), written when the item is made (fan-out
 * on write), on a follow (the followed person's newest items) and removed on unfollow, block, deletion. A page is one
 * walk of the primary key (reader, time, item) from a keyset position. An item's time never changes, so the key is
 * also what keeps an item once per reader.
 *
 * `feed_fanouts` holds the fan-outs too big to finish while the author waits (someone with many followers): what to
 * fan out and the follow where the last batch stopped, claimed by one process at a time.
 *
 * Existing follows are filled here, bounded: each reader's newest UPGRADE_BACKFILL items of the people they follow,
 * a few hundred readers a statement.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .createTable('feed_inbox')
    .addColumn('reader_id', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    /** 'rating' (a rating or a review), 'list' or 'discussion'. */
    .addColumn('item_kind', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('feed_inbox_pk', ['reader_id', 'created_at', 'item_id'])
    .$call((b) => (dialect === 'sqlite' ? b.modifyEnd(sql`without rowid`) : b))
    .execute();
  // Unfollow and block (reader and author), a closed account (author); an item deleted.
  await db.schema.createIndex('feed_inbox_author_idx').on('feed_inbox').columns(['author_id', 'reader_id']).execute();
  await db.schema.createIndex('feed_inbox_item_idx').on('feed_inbox').columns(['item_id']).execute();

  await db.schema
    .createTable('feed_fanouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** 'item': one item to every follower of its author; 'recent': the author's newest items (an import). */
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('item_kind', 'text')
    .addColumn('item_id', 'text')
    /** Where the last batch stopped in the author's followers (follows' created_at and follower_id), or null. */
    .addColumn('after_at', t.timestamp)
    .addColumn('after_id', 'text')
    .addColumn('claim_until', t.bigint)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();

  await backfill(db);
}

async function backfill(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const readers = (
      await sql<{ id: string }>`select distinct follower_id as id from follows where follower_id > ${after} order by follower_id limit ${READERS_A_STATEMENT}`.execute(db)
    ).rows.map((r) => r.id);
    if (readers.length === 0) break;
    const last = readers[readers.length - 1];
    // Every item of the people each reader follows, numbered newest first per reader; the first UPGRADE_BACKFILL kept.
    await sql`
      insert into feed_inbox (reader_id, created_at, item_id, item_kind, author_id)
      select reader_id, created_at, item_id, item_kind, author_id from (
        select f.follower_id as reader_id, x.created_at, x.item_id, x.item_kind, x.author_id,
          row_number() over (partition by f.follower_id order by x.created_at desc, x.item_id desc) as n
        from follows f
        join (
          select id as item_id, 'rating' as item_kind, user_id as author_id, created_at from ratings
          union all select id, 'list', owner_id, created_at from lists
          union all select id, 'discussion', author_id, created_at from discussions where author_id is not null
        ) x on x.author_id = f.followee_id
        where f.follower_id > ${after} and f.follower_id <= ${last}
      ) ranked
      where n <= ${UPGRADE_BACKFILL}
      on conflict do nothing`.execute(db);
    after = last;
  }
}
