import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Cache } from './cache/cache.ts';

/**
 * May this reader see this item? One rule for every kind of content, in the kernel (it imports no module):
 *
 * - its author (or owner) always sees it;
 * - anyone else does not when a moderator hid it, when the reader and the author blocked one another (either way),
 *   when the author's account is suspended, or when it lives somewhere private the reader is not inside
 *   (a private list, a private community's discussions and comments, a conversation of two other people).
 *
 * It comes in three forms that say the same thing: `canSee` on rows already loaded, SQL expressions (`notHidden`,
 * `notBlockedWith`, `authorActive`, `visibleSql`) that listings, counts, searches and home sections put in their own
 * WHERE so nothing is counted that is not shown and no extra query runs per item, and `targetVisible`, one query that
 * answers it for a single item any write aims at (a like, a reply, a report). Shared caches keep only what everyone
 * may see; `contentHidden` drops those that could hold an item a moderator just hid.
 */

export type Db = Kysely<DB> | Transaction<DB>;

/** Kinds a moderator can hide (the `target_type` of `hidden_content`). */
export type HiddenKind = 'review' | 'list' | 'discussion' | 'comment' | 'message';
/** Every kind of content the rule answers for. */
export type ContentKind = HiddenKind | 'person' | 'community';

export interface Reader {
  id: string;
}

/** What decides whether an item is visible, for an item already loaded. */
export interface VisibilityFacts {
  /** Its author or owner (null when the account is gone). */
  authorId: string | null;
  /** A moderator hid it. */
  hidden?: boolean;
  /** The reader and the author blocked one another, either way. */
  blocked?: boolean;
  /** The author's account is suspended. */
  authorSuspended?: boolean;
  /** It lives somewhere private (a private list or community, a conversation)... */
  private?: boolean;
  /** ...and the reader is inside it (a member, a participant). */
  inside?: boolean;
}

/** The rule on a loaded item. */
export function canSee(reader: Reader | null, item: VisibilityFacts): boolean {
  if (reader && item.authorId !== null && reader.id === item.authorId) return true;
  if (item.hidden || item.blocked || item.authorSuspended) return false;
  return !item.private || item.inside === true;
}

// ---- The rule as SQL, for listings, counts, searches and home sections ----------------------------------------------

/** The item whose id is in column `idRef` is not hidden by a moderator. */
export function notHidden(kind: HiddenKind, idRef: string): Expression<SqlBool> {
  return sql<SqlBool>`not exists (select 1 from hidden_content vh where vh.target_type = ${kind} and vh.target_id = ${sql.ref(idRef)})`;
}

/**
 * The person in column `authorRef` and the reader did not block one another (always true for no reader). Two probes
 * of the blocks primary key (blocker, blocked), one each way, rather than one OR that PostgreSQL answers with two
 * bitmap scans per row.
 */
export function notBlockedWith(readerId: string | null, authorRef: string): Expression<SqlBool> {
  if (readerId === null) return sql<SqlBool>`1 = 1`;
  const author = sql.ref(authorRef);
  return sql<SqlBool>`(not exists (select 1 from blocks vb where vb.blocker_id = ${readerId} and vb.blocked_id = ${author}) and not exists (select 1 from blocks vb where vb.blocker_id = ${author} and vb.blocked_id = ${readerId}))`;
}

/** The person in column `authorRef` is not suspended (a missing author, a deleted account's content, passes). */
export function authorActive(authorRef: string): Expression<SqlBool> {
  return sql<SqlBool>`not exists (select 1 from users vu where vu.id = ${sql.ref(authorRef)} and vu.suspended_at is not null)`;
}

/**
 * The whole rule for one kind of row in a query: hidden, blocked either way and suspended authors are left out, but
 * the reader's own items always stay. Privacy (private lists, communities) is the query's own WHERE.
 */
export function visibleSql(readerId: string | null, kind: HiddenKind, refs: { id: string; author: string }): Expression<SqlBool> {
  const rule = sql<SqlBool>`(${notHidden(kind, refs.id)} and ${notBlockedWith(readerId, refs.author)} and ${authorActive(refs.author)})`;
  if (readerId === null) return rule;
  return sql<SqlBool>`(${sql.ref(refs.author)} = ${readerId} or ${rule})`;
}

// ---- Loaded rows: which of these are out, one indexed query each ----------------------------------------------------

/** Which of these items a moderator hid. */
export async function hiddenAmong(db: Db, kind: HiddenKind, ids: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await db.selectFrom('hiddenContent').select('targetId').where('targetType', '=', kind).where('targetId', 'in', unique).execute();
  return new Set(rows.map((r) => r.targetId));
}

/**
 * Of these people, whom the reader blocked and who blocked the reader (one query). Both keep an item out; which one
 * it is matters only to what a collapsed comment says ("someone you blocked" is never said of the other way round).
 */
export async function blocksAmong(
  db: Db,
  readerId: string | null,
  ids: readonly (string | null)[],
): Promise<{ byReader: Set<string>; ofReader: Set<string> }> {
  const byReader = new Set<string>();
  const ofReader = new Set<string>();
  const unique = [...new Set(ids.filter((id): id is string => id !== null && id !== readerId))];
  if (readerId === null || unique.length === 0) return { byReader, ofReader };
  const rows = await db
    .selectFrom('blocks')
    .select(['blockerId', 'blockedId'])
    .where((eb) =>
      eb.or([
        eb.and([eb('blockedId', '=', readerId), eb('blockerId', 'in', unique)]),
        eb.and([eb('blockerId', '=', readerId), eb('blockedId', 'in', unique)]),
      ]),
    )
    .execute();
  for (const r of rows) {
    if (r.blockerId === readerId) byReader.add(r.blockedId);
    else ofReader.add(r.blockerId);
  }
  return { byReader, ofReader };
}

/** Which of these people blocked the reader or were blocked by them. */
export async function blockedAmong(db: Db, readerId: string | null, ids: readonly (string | null)[]): Promise<Set<string>> {
  const { byReader, ofReader } = await blocksAmong(db, readerId, ids);
  return new Set([...byReader, ...ofReader]);
}

/** Which of these people are suspended (`authorActive` on loaded rows). */
export async function suspendedAmong(db: Db, ids: readonly (string | null)[]): Promise<Set<string>> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Set();
  const rows = await db.selectFrom('users').select('id').where('id', 'in', unique).where('suspendedAt', 'is not', null).execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * The authors among these whose items the reader may not see: blocked either way or suspended (the reader is never
 * among them). With `hiddenAmong`, the whole rule on loaded rows, two indexed queries for a page.
 */
export async function authorsOutAmong(db: Db, readerId: string | null, ids: readonly (string | null)[]): Promise<Set<string>> {
  const others = ids.filter((id) => id !== readerId);
  const [blocked, suspended] = await Promise.all([blockedAmong(db, readerId, others), suspendedAmong(db, others)]);
  return new Set([...blocked, ...suspended]);
}

/** Whether either of two people blocked the other. */
export async function blockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  return (await blockedAmong(db, a, [b])).size > 0;
}

// ---- One item a write aims at ---------------------------------------------------------------------------------------

const yes = (v: unknown) => v === true || v === 1 || v === '1';

/**
 * Whether the reader may see this one item: what a like, a reply, a comment or a report checks before it changes
 * anything (404 when not). One query per kind, with privacy of lists, communities and conversations included.
 */
export async function targetVisible(db: Db, reader: Reader | null, kind: ContentKind, id: string): Promise<boolean> {
  // No one's id is empty: an anonymous reader owns nothing and is inside nothing.
  const me = reader?.id ?? '';
  const readerId = reader?.id ?? null;
  switch (kind) {
    case 'person': {
      const row = await db
        .selectFrom('users as p')
        .select('p.id')
        .where('p.id', '=', id)
        .where((eb) => eb.or([eb('p.id', '=', me), eb.and([authorActive('p.id'), notBlockedWith(readerId, 'p.id')])]))
        .executeTakeFirst();
      return row !== undefined;
    }
    case 'community': {
      const row = await db.selectFrom('communities as c').select('c.id').where('c.id', '=', id).executeTakeFirst();
      return row !== undefined;
    }
    case 'review': {
      const row = await db
        .selectFrom('ratings as r')
        .select('r.id')
        .where('r.id', '=', id)
        .where(visibleSql(readerId, 'review', { id: 'r.id', author: 'r.userId' }))
        .executeTakeFirst();
      return row !== undefined;
    }
    case 'list': {
      const row = await db
        .selectFrom('lists as l')
        .select('l.id')
        .where('l.id', '=', id)
        .where((eb) => eb.or([eb('l.ownerId', '=', me), eb('l.visibility', '=', 'public')]))
        .where(visibleSql(readerId, 'list', { id: 'l.id', author: 'l.ownerId' }))
        .executeTakeFirst();
      return row !== undefined;
    }
    case 'discussion':
    case 'comment': {
      const base =
        kind === 'discussion'
          ? db
              .selectFrom('discussions as d')
              .innerJoin('communities as c', 'c.id', 'd.communityId')
              .select(['d.id', 'c.isPublic', 'c.adminId', 'd.communityId'])
              .where('d.id', '=', id)
              .where(visibleSql(readerId, 'discussion', { id: 'd.id', author: 'd.authorId' }))
          : db
              .selectFrom('comments as k')
              .innerJoin('discussions as d', 'd.id', 'k.discussionId')
              .innerJoin('communities as c', 'c.id', 'd.communityId')
              .select(['k.id', 'c.isPublic', 'c.adminId', 'd.communityId'])
              .where('k.id', '=', id)
              .where(visibleSql(readerId, 'comment', { id: 'k.id', author: 'k.authorId' }))
              .where(visibleSql(readerId, 'discussion', { id: 'd.id', author: 'd.authorId' }));
      const row = await base
        .select((eb) =>
          eb
            .exists(eb.selectFrom('communityMembers as m').select('m.userId').whereRef('m.communityId', '=', 'd.communityId').where('m.userId', '=', me).where('m.status', '=', 'member'))
            .as('member'),
        )
        .executeTakeFirst();
      if (!row) return false;
      return yes(row.isPublic) || row.adminId === me || yes(row.member);
    }
    case 'message': {
      const row = await db
        .selectFrom('messages as g')
        .innerJoin('conversations as v', 'v.id', 'g.conversationId')
        .select('g.id')
        .where('g.id', '=', id)
        .where((eb) => eb.or([eb('v.userA', '=', me), eb('v.userB', '=', me)]))
        .where(notHidden('message', 'g.id'))
        .executeTakeFirst();
      return row !== undefined;
    }
  }
}

// ---- Shared caches: nothing hidden stays cached for everyone --------------------------------------------------------

const dropsByCache = new WeakMap<Cache, Map<HiddenKind, Set<string>>>();

/** A module keeping items of this kind in a shared cache namespace asks for it to be dropped when one is hidden. */
export function dropOnHide(cache: Cache, kind: HiddenKind, namespace: string): void {
  let byKind = dropsByCache.get(cache);
  if (!byKind) {
    byKind = new Map();
    dropsByCache.set(cache, byKind);
  }
  let namespaces = byKind.get(kind);
  if (!namespaces) {
    namespaces = new Set();
    byKind.set(kind, namespaces);
  }
  namespaces.add(namespace);
}

/** After a moderator hid (or showed again) an item: the shared caches that could hold it are dropped. */
export async function contentHidden(cache: Cache, kind: HiddenKind): Promise<void> {
  const namespaces = dropsByCache.get(cache)?.get(kind);
  if (!namespaces) return;
  await Promise.all([...namespaces].map((ns) => cache.invalidate(ns)));
}

// ---- People: who a reader may see among people, and hidden ids as a list --------------------------------------------

/**
 * The person in column `personRef` is someone the reader may see: not suspended, and the two did not block one
 * another either way (the `person` case of `targetVisible`, as a WHERE term). For a notification's actor, a followee
 * in the feed, a person in search or in a followers list. The reader themselves passes (they block no one in
 * themselves); a missing person passes too (join the users table when they must exist).
 */
export function personVisible(readerId: string | null, personRef: string): Expression<SqlBool> {
  return sql<SqlBool>`(${authorActive(personRef)} and ${notBlockedWith(readerId, personRef)})`;
}

/**
 * The ids of items of a kind a moderator hid, as a subquery for `+column not in (...)`: the form of `notHidden` for
 * scans where the planner keeps the list in memory instead of probing per row (db/database.ts prefersInListScans).
 */
export function hiddenIdsOf(kind: HiddenKind) {
  return sql`(select vh.target_id from hidden_content vh where vh.target_type = ${kind})`;
}
