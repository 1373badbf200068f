import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { reusedQuery } from '../../db/reused-query.ts';
import type { DB, FeedInboxTable, TitleType } from '../../db/schema.ts';
import { notHidden, personVisible } from '../../lib/visibility.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type ItemKind = FeedInboxTable['itemKind'];

/** How many of each kind of a person's newest items a new follower's inbox gets (and a history import fans out). */
export const RECENT_ITEMS = 100;

/**
 * The items a fan-out writes, as rows (item_id, item_kind, author_id, created_at) read from the items themselves (so
 * the inbox's time is the item's own, to the digit): one item, or the author's RECENT_ITEMS newest of each kind.
 * A discussion whose author is gone (a closed account) is none.
 */
function itemsOf(what: { mode: 'item'; kind: ItemKind; id: string; authorId: string } | { mode: 'recent'; authorId: string }): RawBuilder<unknown> {
  const a = what.authorId;
  if (what.mode === 'item') {
    switch (what.kind) {
      case 'rating':
        return sql`select id as item_id, 'rating' as item_kind, user_id as author_id, created_at from ratings where id = ${what.id} and user_id = ${a}`;
      case 'list':
        return sql`select id as item_id, 'list' as item_kind, owner_id as author_id, created_at from lists where id = ${what.id} and owner_id = ${a}`;
      case 'discussion':
        return sql`select id as item_id, 'discussion' as item_kind, author_id, created_at from discussions where id = ${what.id} and author_id = ${a}`;
    }
  }
  const n = RECENT_ITEMS;
  return sql`select * from (select id as item_id, 'rating' as item_kind, user_id as author_id, created_at from ratings where user_id = ${a} order by created_at desc, id desc limit ${n}) r
    union all select * from (select id, 'list', owner_id, created_at from lists where owner_id = ${a} order by created_at desc, id desc limit ${n}) l
    union all select * from (select id, 'discussion', author_id, created_at from discussions where author_id = ${a} order by created_at desc, id desc limit ${n}) d`;
}

export type FanoutWhat = Parameters<typeof itemsOf>[0];
export type FollowPosition = { at: string | Date; id: string };

/**
 * One batch of a fan-out: the author's next `batch` followers after `after` (in the order of the follows index:
 * followee, time followed, follower) get the items in their inboxes (already there: nothing). Answers where the batch
 * stopped, or null when no follower was left.
 */
export async function fanOutBatch(db: Db, what: FanoutWhat, after: FollowPosition | null, batch: number): Promise<FollowPosition | null> {
  const followers = await db
    .selectFrom('follows')
    .select(['followerId', 'createdAt'])
    .where('followeeId', '=', what.authorId)
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb.or([eb('createdAt', '>', after?.at ?? ''), eb.and([eb('createdAt', '=', after?.at ?? ''), eb('followerId', '>', after?.id ?? '')])]),
      ),
    )
    .orderBy('createdAt')
    .orderBy('followerId')
    .limit(batch)
    .execute();
  const last = followers.at(-1);
  if (!last) return null;
  const from = after === null ? sql`true` : sql`(f.created_at > ${after.at} or (f.created_at = ${after.at} and f.follower_id > ${after.id}))`;
  await sql`
    insert into feed_inbox (reader_id, created_at, item_id, item_kind, author_id)
    select f.follower_id, x.created_at, x.item_id, x.item_kind, x.author_id
    from follows f cross join (${itemsOf(what)}) x
    where f.followee_id = ${what.authorId} and ${from}
      and (f.created_at < ${last.createdAt} or (f.created_at = ${last.createdAt} and f.follower_id <= ${last.followerId}))
    on conflict do nothing`.execute(db);
  return followers.length < batch ? null : { at: last.createdAt, id: last.followerId };
}

/** A new follow: the reader's inbox gets the followed person's newest items. */
export async function backfillReader(db: Db, readerId: string, authorId: string): Promise<void> {
  await sql`
    insert into feed_inbox (reader_id, created_at, item_id, item_kind, author_id)
    select ${readerId}, x.created_at, x.item_id, x.item_kind, x.author_id from (${itemsOf({ mode: 'recent', authorId })}) x
    where true
    on conflict do nothing`.execute(db);
}

/** The reader's inbox loses the author's items (an unfollow, a block). */
export async function removeAuthorFor(db: Db, readerId: string, authorId: string): Promise<void> {
  await db.deleteFrom('feedInbox').where('authorId', '=', authorId).where('readerId', '=', readerId).execute();
}

/** An item deleted leaves every inbox. */
export async function removeItem(db: Db, itemId: string): Promise<void> {
  await db.deleteFrom('feedInbox').where('itemId', '=', itemId).execute();
}

/** A closed account: its inbox, its items in others' inboxes, and its fan-outs under way. */
export async function eraseAccountFeed(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('feedInbox').where('readerId', '=', userId).execute();
  await db.deleteFrom('feedInbox').where('authorId', '=', userId).execute();
  await db.deleteFrom('feedFanouts').where('authorId', '=', userId).execute();
}

/** Records a fan-out to go on in the background from `after` (its id: the event's, so a retried event adds none). */
export async function addFanout(db: Db, id: string, what: FanoutWhat, after: FollowPosition): Promise<void> {
  await db
    .insertInto('feedFanouts')
    .values({
      id,
      mode: what.mode,
      authorId: what.authorId,
      itemKind: what.mode === 'item' ? what.kind : null,
      itemId: what.mode === 'item' ? what.id : null,
      afterAt: after.at,
      afterId: after.id,
      claimUntil: null,
      createdAt: Date.now(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export interface ClaimedFanout {
  id: string;
  what: FanoutWhat;
  after: FollowPosition | null;
}

/**
 * Claims the oldest fan-out nobody holds until `until`: the claim is re-checked by the update itself, so of several
 * processes one gets it.
 */
export async function claimFanout(db: Db, now: number, until: number): Promise<ClaimedFanout | null> {
  const free = (q: Db) =>
    q
      .selectFrom('feedFanouts')
      .select('id')
      .where((eb) => eb.or([eb('claimUntil', 'is', null), eb('claimUntil', '<', now)]))
      .orderBy('createdAt')
      .limit(1);
  const row = await db
    .updateTable('feedFanouts')
    .set({ claimUntil: until })
    .where('id', '=', (eb) => eb.selectFrom(free(db).as('free')).select('free.id'))
    .where((eb) => eb.or([eb('claimUntil', 'is', null), eb('claimUntil', '<', now)]))
    .returning(['id', 'mode', 'authorId', 'itemKind', 'itemId', 'afterAt', 'afterId'])
    .executeTakeFirst();
  if (!row) return null;
  const what: FanoutWhat =
    row.mode === 'item' && row.itemKind && row.itemId
      ? { mode: 'item', kind: row.itemKind, id: row.itemId, authorId: row.authorId }
      : { mode: 'recent', authorId: row.authorId };
  return { id: row.id, what, after: row.afterAt !== null && row.afterId !== null ? { at: row.afterAt, id: row.afterId } : null };
}

/** Where a claimed fan-out stopped, and its claim held on. */
export async function advanceFanout(db: Db, id: string, after: FollowPosition, until: number): Promise<void> {
  await db.updateTable('feedFanouts').set({ afterAt: after.at, afterId: after.id, claimUntil: until }).where('id', '=', id).execute();
}

export async function finishFanout(db: Db, id: string): Promise<void> {
  await db.deleteFrom('feedFanouts').where('id', '=', id).execute();
}

export interface InboxRow {
  itemKind: ItemKind;
  itemId: string;
  authorId: string;
  createdAt: string | Date;
  titleId: string | null;
  rating: number | null;
  review: string | null;
  ratingSpoiler: unknown;
  ratingLikeCount: number | null;
  listName: string | null;
  listType: TitleType | null;
  listTitleCount: number | null;
  listLikeCount: number | null;
  discussionTitle: string | null;
  discussionSpoiler: unknown;
  discussionLikeCount: number | null;
  discussionCommentCount: number | null;
  communityId: string | null;
  communityName: string | null;
}

/**
 * A page of the reader's inbox after a keyset position, newest first, `limit` rows (one more than a page tells a next
 * one), with each item's own columns: one walk of the primary key (reader, time, item) and a primary-key lookup of each
 * item. What the inbox holds but the feed does not show is left out on the way, so a page is what the feed's rule says
 * even before an event reached the inbox: items deleted, hidden by a moderator or of a suspended author, lists made
 * private, people no longer followed, muted, or on either side of a block, discussions of communities the reader may
 * not read (private and theirs no longer) or muted.
 */
export const inboxPage = reusedQuery<{ after: boolean }, { reader: string; at: string; id: string; limit: number }, InboxRow>(
  ['reader', 'at', 'id', 'limit'],
  (db: Kysely<DB>, shape, p) => {
    const yes = sql`true`;
    const readable = sql<boolean>`(d.is_public = ${yes}
        or exists (select 1 from community_members cm where cm.community_id = d.community_id and cm.user_id = ${p.reader} and cm.status = 'member')
        or exists (select 1 from communities ca where ca.id = d.community_id and ca.admin_id = ${p.reader}))
      and not exists (select 1 from mutes mc where mc.user_id = ${p.reader} and mc.target_type = 'community' and mc.target_id = d.community_id)`;
    return db
      .selectFrom('feedInbox as i')
      .leftJoin('ratings as r', (j) => j.onRef('r.id', '=', 'i.itemId').on('i.itemKind', '=', 'rating'))
      .leftJoin('lists as l', (j) => j.onRef('l.id', '=', 'i.itemId').on('i.itemKind', '=', 'list'))
      .leftJoin('discussions as d', (j) => j.onRef('d.id', '=', 'i.itemId').on('i.itemKind', '=', 'discussion'))
      .leftJoin('communities as c', 'c.id', 'd.communityId')
      .select([
        'i.itemKind',
        'i.itemId',
        'i.authorId',
        'i.createdAt',
        'r.titleId',
        'r.rating',
        'r.review',
        'r.spoiler as ratingSpoiler',
        'r.likeCount as ratingLikeCount',
        'l.name as listName',
        'l.type as listType',
        'l.titleCount as listTitleCount',
        'l.likeCount as listLikeCount',
        'd.title as discussionTitle',
        'd.spoiler as discussionSpoiler',
        'd.likeCount as discussionLikeCount',
        'd.commentCount as discussionCommentCount',
        'd.communityId',
        'c.name as communityName',
      ])
      .where('i.readerId', '=', p.reader)
      .$if(shape.after, (q) =>
        q.where((eb) => eb.or([eb('i.createdAt', '<', p.at), eb.and([eb('i.createdAt', '=', p.at), eb('i.itemId', '<', p.id)])])),
      )
      .where(
        sql<boolean>`(
          (r.id is not null and r.user_id = i.author_id and ${notHidden('review', 'r.id')})
          or (l.id is not null and l.owner_id = i.author_id and l.visibility = 'public' and ${notHidden('list', 'l.id')})
          or (c.id is not null and d.author_id = i.author_id and ${readable} and ${notHidden('discussion', 'd.id')}))`,
      )
      .where(sql<boolean>`not exists (select 1 from mutes m where m.user_id = ${p.reader} and m.target_type = 'user' and m.target_id = i.author_id)`)
      // The author as the feed's people are (lib/visibility.ts): still followed, not suspended, no block either way.
      .where(sql<boolean>`exists (select 1 from follows f where f.follower_id = ${p.reader} and f.followee_id = i.author_id)`)
      .where(personVisible(p.reader, 'i.author_id'))
      .orderBy('i.createdAt', 'desc')
      .orderBy('i.itemId', 'desc')
      .limit(p.limit);
  },
);
