// The feed's inboxes (fan-out on write): when the build that migrated the seed has the feed_inbox table, each reader's
// inbox is filled as the migration that made the table fills it for follows that existed before it (each reader's
// newest UPGRADE_BACKFILL items of the people they follow). Rows seeded by SQL skip the fan-out the server does on a
// write, so without this step a database seeded after that migration would serve every feed empty.
import { UPGRADE_BACKFILL } from '../../server/src/db/migrations/20261205000800_feed_inbox.ts';
import type { SeedState } from './shared.ts';

export function seedFeedInboxes(s: SeedState): void {
  const has = s.db.prepare(`select 1 from sqlite_master where type = 'table' and name = 'feed_inbox'`).get();
  if (!has) return;
  s.db
    .prepare(
      `insert into feed_inbox (reader_id, created_at, item_id, item_kind, author_id)
       select reader_id, created_at, item_id, item_kind, author_id from (
         select f.follower_id as reader_id, x.created_at, x.item_id, x.item_kind, x.author_id,
           row_number() over (partition by f.follower_id order by x.created_at desc, x.item_id desc) as n
         from follows f
         join (
           select id as item_id, 'rating' as item_kind, user_id as author_id, created_at from ratings
           union all select id, 'list', owner_id, created_at from lists
           union all select id, 'discussion', author_id, created_at from discussions where author_id is not null
         ) x on x.author_id = f.followee_id
       ) ranked
       where n <= ?
       on conflict do nothing`,
    )
    .run(UPGRADE_BACKFILL);
}
