import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { reusedQuery } from '../../db/reused-query.ts';
import type { CommunityMemberStatus, DB } from '../../db/schema.ts';
import { visibleSql } from '../../lib/visibility.ts';

export type Db = Kysely<DB>;

let lastStamp = 0;
/**
 * Now as ISO text, strictly later than the last one this process gave: comments and discussions written in the same
 * millisecond still list in the order they were written (ties between processes fall back to the id).
 */
export function nextTimestamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}

export const truthy = (v: unknown): boolean => v === true || v === 1 || v === '1';

/**
 * Lists of ids as named values of a reused query (db/reused-query.ts): `id0`, `id1`, ... with the list's length as the
 * shape. The reads on every page of discussions and comments (the discussions, the reader's likes and memberships)
 * are compiled once per length instead of on every request.
 */
const ID_NAMES = Array.from({ length: 128 }, (_, i) => `id${i}`);
type IdValues = Record<string, string>;
const idValues = (ids: readonly string[], extra: Record<string, string> = {}): IdValues => {
  const values: IdValues = { ...extra };
  ids.forEach((id, i) => {
    values[`id${i}`] = id;
  });
  return values;
};
const idList = (p: IdValues, n: number) => Array.from({ length: n }, (_, i) => p[`id${i}`] as string);
/** Runs `query` over `ids` in chunks of ID_NAMES.length. */
async function inChunks<R>(ids: readonly string[], run: (chunk: readonly string[]) => Promise<R[]>): Promise<R[]> {
  if (ids.length <= ID_NAMES.length) return run(ids);
  const out: R[] = [];
  for (let i = 0; i < ids.length; i += ID_NAMES.length) out.push(...(await run(ids.slice(i, i + ID_NAMES.length))));
  return out;
}

// ---- Communities ----------------------------------------------------------------------------------

export interface CommunityRow {
  id: string;
  name: string;
  description: string;
  isPublic: boolean | number;
  imageUrl: string | null;
  adminId: string | null;
  isGeneral: boolean | number;
  memberCount: number;
  discussionCount: number;
  createdAt: Date | string;
  adminName: string | null;
  adminImage: string | null;
}

function communityRows(db: Db) {
  return db
    .selectFrom('communities as c')
    .leftJoin('users as u', 'u.id', 'c.adminId')
    .select([
      'c.id',
      'c.name',
      'c.description',
      'c.isPublic',
      'c.imageUrl',
      'c.adminId',
      'c.isGeneral',
      'c.memberCount',
      'c.discussionCount',
      'c.createdAt',
      'u.displayName as adminName',
      'u.imageUrl as adminImage',
    ]);
}

export async function findCommunity(db: Db, id: string): Promise<CommunityRow | undefined> {
  return communityRows(db).where('c.id', '=', id).executeTakeFirst();
}

/** A community with the reader's membership row's status (a member, a pending request, or none): one query. */
const communityForQuery = reusedQuery<null, { id: string; readerId: string }, CommunityRow & { readerStatus: CommunityMemberStatus | null }>(
  ['id', 'readerId'],
  (db: Db, _shape, p) =>
    communityRows(db)
      .leftJoin('communityMembers as m', (j) => j.onRef('m.communityId', '=', 'c.id').on('m.userId', '=', p.readerId))
      .select('m.status as readerStatus')
      .where('c.id', '=', p.id),
);

export async function findCommunityFor(db: Db, id: string, readerId: string): Promise<{ row: CommunityRow; status: CommunityMemberStatus | undefined } | undefined> {
  const [found] = await communityForQuery(db, null, { id, readerId });
  if (!found) return undefined;
  const { readerStatus, ...row } = found;
  return { row, status: readerStatus ?? undefined };
}

/** These communities, in the order of `ids`. */
export async function findCommunities(db: Db, ids: readonly string[]): Promise<CommunityRow[]> {
  if (ids.length === 0) return [];
  const rows = await communityRows(db).where('c.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function nameTaken(db: Db, nameKey: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('communities').select('id').where('nameKey', '=', nameKey);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Every community, most members first (discover). */
export async function communityIdsByMembers(db: Db, offset: number, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('communities').select('id').orderBy('memberCount', 'desc').orderBy('id').offset(offset).limit(limit).execute();
  return rows.map((r) => r.id);
}

/** The communities a person administers or is a member of, by name. */
export async function myCommunityIds(db: Db, userId: string, offset: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('communities as c')
    .select('c.id')
    .where((eb) =>
      eb.or([
        eb('c.adminId', '=', userId),
        eb(
          'c.id',
          'in',
          eb.selectFrom('communityMembers as m').select('m.communityId').where('m.userId', '=', userId).where('m.status', '=', 'member'),
        ),
      ]),
    )
    .orderBy('c.nameKey')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Per community, the reader's row (member or pending) among these communities. */
const statusesQuery = reusedQuery<number, IdValues, { communityId: string; status: CommunityMemberStatus }>(['userId', ...ID_NAMES], (db: Db, n, p) =>
  db.selectFrom('communityMembers').select(['communityId', 'status']).where('userId', '=', p.userId).where('communityId', 'in', idList(p, n)),
);

export async function statusesOf(db: Db, userId: string, communityIds: readonly string[]): Promise<Map<string, CommunityMemberStatus>> {
  if (communityIds.length === 0) return new Map();
  const rows = await inChunks(communityIds, (chunk) => statusesQuery(db, chunk.length, idValues(chunk, { userId })));
  return new Map(rows.map((r) => [r.communityId, r.status]));
}

const statusQuery = reusedQuery<null, { userId: string; communityId: string }, { status: CommunityMemberStatus }>(['userId', 'communityId'], (db: Db, _shape, p) =>
  db.selectFrom('communityMembers').select('status').where('communityId', '=', p.communityId).where('userId', '=', p.userId),
);

export async function statusOf(db: Db, userId: string, communityId: string): Promise<CommunityMemberStatus | undefined> {
  const [row] = await statusQuery(db, null, { userId, communityId });
  return row?.status;
}

/** Adds to a community's member count: the count afterwards. */
export async function addToMemberCount(trx: Db, communityId: string, delta: number, now?: string): Promise<number> {
  const row = await trx
    .updateTable('communities')
    .set((eb) => ({ memberCount: eb('memberCount', '+', delta), ...(now ? { activityAt: now } : {}) }))
    .where('id', '=', communityId)
    .returning('memberCount')
    .executeTakeFirstOrThrow();
  return Number(row.memberCount);
}

export async function memberCountOf(db: Db, communityId: string): Promise<number> {
  const row = await db.selectFrom('communities').select('memberCount').where('id', '=', communityId).executeTakeFirst();
  return Number(row?.memberCount ?? 0);
}

/** Inserts a member or pending row unless the person has one: whether it was written. */
export async function insertMembership(trx: Db, communityId: string, userId: string, status: CommunityMemberStatus, now: string): Promise<boolean> {
  const row = await trx
    .insertInto('communityMembers')
    .values({ communityId, userId, status, createdAt: now })
    .onConflict((oc) => oc.columns(['communityId', 'userId']).doNothing())
    .returning('userId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes the person's row (of this status, or any): the status it had, if there was one. */
export async function deleteMembership(trx: Db, communityId: string, userId: string, status?: CommunityMemberStatus): Promise<CommunityMemberStatus | undefined> {
  let q = trx.deleteFrom('communityMembers').where('communityId', '=', communityId).where('userId', '=', userId);
  if (status) q = q.where('status', '=', status);
  const row = await q.returning('status').executeTakeFirst();
  return row?.status;
}

/** Turns a pending request into membership: whether there was one. */
export async function approveRequest(trx: Db, communityId: string, userId: string, now: string): Promise<boolean> {
  const row = await trx
    .updateTable('communityMembers')
    .set({ status: 'member', createdAt: now })
    .where('communityId', '=', communityId)
    .where('userId', '=', userId)
    .where('status', '=', 'pending')
    .returning('userId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Admits every pending request (a community made public): how many. */
export async function approveAll(trx: Db, communityId: string): Promise<number> {
  const rows = await trx
    .updateTable('communityMembers')
    .set({ status: 'member' })
    .where('communityId', '=', communityId)
    .where('status', '=', 'pending')
    .returning('userId')
    .execute();
  return rows.length;
}

export interface PersonRowWithDate {
  userId: string;
  displayName: string;
  imageUrl: string | null;
  createdAt: Date | string;
}

/** Members or pending requests, oldest first. */
export async function membershipPage(db: Db, communityId: string, status: CommunityMemberStatus, offset: number, limit: number): Promise<PersonRowWithDate[]> {
  return db
    .selectFrom('communityMembers as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['m.userId', 'u.displayName', 'u.imageUrl', 'm.createdAt'])
    .where('m.communityId', '=', communityId)
    .where('m.status', '=', status)
    .orderBy('m.createdAt')
    .orderBy('m.userId')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function personOf(db: Db, userId: string): Promise<{ userId: string; displayName: string; imageUrl: string | null } | undefined> {
  return db.selectFrom('users').select(['id as userId', 'displayName', 'imageUrl']).where('id', '=', userId).executeTakeFirst();
}

/** Communities ranked by what happened in them since `since`: discussions weigh 3, new members 1. */
export async function recentActivity(db: Db, since: string): Promise<Map<string, number>> {
  const [discussions, joins] = await Promise.all([
    db
      .selectFrom('discussions')
      .select(['communityId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('createdAt', '>', since)
      .groupBy('communityId')
      .execute(),
    db
      .selectFrom('communityMembers')
      .select(['communityId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('createdAt', '>', since)
      .where('status', '=', 'member')
      .groupBy('communityId')
      .execute(),
  ]);
  const score = new Map<string, number>();
  for (const r of discussions) score.set(r.communityId, (score.get(r.communityId) ?? 0) + 3 * Number(r.n));
  for (const r of joins) score.set(r.communityId, (score.get(r.communityId) ?? 0) + Number(r.n));
  return score;
}

// ---- Discussions ----------------------------------------------------------------------------------

export interface DiscussionRow {
  id: string;
  communityId: string;
  authorId: string | null;
  title: string;
  body: string;
  spoiler: boolean | number;
  locked: boolean | number;
  isPublic: boolean | number;
  likeCount: number;
  commentCount: number;
  createdAt: Date | string;
  editedAt: Date | string | null;
  lastActivityAt: Date | string;
  communityName: string;
  communityImage: string | null;
  communityAdminId: string | null;
  authorName: string | null;
  authorImage: string | null;
}

export function discussionRows(db: Db) {
  return db
    .selectFrom('discussions as d')
    .innerJoin('communities as c', 'c.id', 'd.communityId')
    .leftJoin('users as u', 'u.id', 'd.authorId')
    .select([
      'd.id',
      'd.communityId',
      'd.authorId',
      'd.title',
      'd.body',
      'd.spoiler',
      'd.locked',
      'd.isPublic',
      'd.likeCount',
      'd.commentCount',
      'd.createdAt',
      'd.editedAt',
      'd.lastActivityAt',
      'c.name as communityName',
      'c.imageUrl as communityImage',
      'c.adminId as communityAdminId',
      'u.displayName as authorName',
      'u.imageUrl as authorImage',
    ]);
}

const discussionsQuery = reusedQuery<number, IdValues, DiscussionRow>(ID_NAMES, (db: Db, n, p) =>
  n === 1 ? discussionRows(db).where('d.id', '=', p.id0 as string) : discussionRows(db).where('d.id', 'in', idList(p, n)),
);

export async function findDiscussion(db: Db, id: string): Promise<DiscussionRow | undefined> {
  const [row] = await discussionsQuery(db, 1, { id0: id });
  return row;
}

/**
 * A discussion with what the visibility rule says of it for this reader (hidden, blocked either way, suspended author;
 * the author always sees their own): one query, compiled once per shape, on every read of a discussion and its comments.
 */
const discussionForQuery = reusedQuery<boolean, { id: string; readerId: string }, DiscussionRow & { visible: unknown }>(['id', 'readerId'], (db: Db, signedIn, p) =>
  discussionRows(db)
    .select(sql<boolean>`case when ${visibleSql(signedIn ? p.readerId : null, 'discussion', { id: 'd.id', author: 'd.authorId' })} then 1 else 0 end`.as('visible'))
    .where('d.id', '=', p.id),
);

export async function findDiscussionFor(db: Db, id: string, readerId: string | null): Promise<(DiscussionRow & { visible: boolean }) | undefined> {
  const [row] = await discussionForQuery(db, readerId !== null, { id, readerId: readerId ?? '' });
  return row ? { ...row, visible: truthy(Number(row.visible)) } : undefined;
}

export async function findDiscussions(db: Db, ids: readonly string[]): Promise<DiscussionRow[]> {
  if (ids.length === 0) return [];
  const rows = await inChunks(ids, (chunk) => discussionsQuery(db, chunk.length, idValues(chunk)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type DiscussionSort = 'new' | 'active';

/**
 * A page of a community's discussions the reader may see (lib/visibility.ts), newest (or most recently active) first,
 * read whole in one statement: one walk of the community's index in that order, each row checked against the hidden
 * discussions, the suspended accounts' index and (signed in) the reader's blocks by primary key.
 */
const communityDiscussionsQuery = reusedQuery<
  { sort: DiscussionSort; signedIn: boolean },
  { communityId: string; readerId: string; offset: number; limit: number },
  DiscussionRow
>(['communityId', 'readerId', 'offset', 'limit'], (db: Db, shape, p) =>
  discussionRows(db)
    .where('d.communityId', '=', p.communityId)
    .where(visibleSql(shape.signedIn ? p.readerId : null, 'discussion', { id: 'd.id', author: 'd.authorId' }))
    .orderBy(shape.sort === 'new' ? 'd.createdAt' : 'd.lastActivityAt', 'desc')
    .orderBy('d.id', 'desc')
    .limit(p.limit)
    .offset(p.offset),
);

export async function communityDiscussionRows(
  db: Db,
  communityId: string,
  readerId: string | null,
  sort: DiscussionSort,
  offset: number,
  limit: number,
): Promise<DiscussionRow[]> {
  return communityDiscussionsQuery(db, { sort, signedIn: readerId !== null }, { communityId, readerId: readerId ?? '', offset, limit });
}

/**
 * Discussions of public communities, or of those the reader administers or belongs to, that the visibility rule lets
 * the reader see (not hidden, no block either way, author not suspended; their own always).
 */
function visibleTo(readerId: string | null) {
  return (eb: ExpressionBuilder<DB & { d: DB['discussions'] }, 'd'>) => {
    const rule = visibleSql(readerId, 'discussion', { id: 'd.id', author: 'd.authorId' });
    const open = eb('d.isPublic', '=', true);
    if (!readerId) return eb.and([open, rule]);
    return eb.and([
      eb.or([
        open,
        eb('d.communityId', 'in', eb.selectFrom('communityMembers as m').select('m.communityId').where('m.userId', '=', readerId).where('m.status', '=', 'member')),
        eb('d.communityId', 'in', eb.selectFrom('communities as a').select('a.id').where('a.adminId', '=', readerId)),
      ]),
      rule,
    ]);
  };
}

/**
 * Discussions the reader may see, newest (or most recently active) first: all of them, those matching a keyword
 * (title or body, ignoring case), or those of one author.
 */
export async function visibleDiscussionIds(
  database: Database,
  readerId: string | null,
  sort: DiscussionSort,
  offset: number,
  limit: number,
  filter: { keyword?: string; authorId?: string } = {},
): Promise<string[]> {
  let q = database.db.selectFrom('discussions as d').select('d.id').where(visibleTo(readerId));
  if (filter.keyword !== undefined) {
    const pattern = `%${filter.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([eb(sql`lower(d.title)`, 'like', sql`${pattern} escape '\\'`), eb(sql`lower(d.body)`, 'like', sql`${pattern} escape '\\'`)]),
    );
  }
  if (filter.authorId !== undefined) q = q.where('d.authorId', '=', filter.authorId);
  const col = sort === 'new' ? 'd.createdAt' : 'd.lastActivityAt';
  const rows = await q.orderBy(col, 'desc').orderBy('d.id', 'desc').offset(offset).limit(limit).execute();
  return rows.map((r) => r.id);
}

/** The discussions a person liked that they may still see, latest like first. */
export async function likedDiscussionIds(database: Database, userId: string, offset: number, limit: number): Promise<string[]> {
  const rows = await database.db
    .selectFrom('discussionLikes as l')
    .innerJoin('discussions as d', 'd.id', 'l.discussionId')
    .select('d.id')
    .where('l.userId', '=', userId)
    .where(visibleTo(userId))
    .orderBy('l.createdAt', 'desc')
    .orderBy('d.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Public discussions active since `since`, most recently active first (candidates for top discussions). */
export async function recentPublicDiscussionIds(database: Database, since: string, limit: number): Promise<string[]> {
  const rows = await database.db
    .selectFrom('discussions')
    .select('id')
    .where('isPublic', '=', true)
    .where(visibleSql(null, 'discussion', { id: 'discussions.id', author: 'discussions.authorId' }))
    .where('lastActivityAt', '>', since)
    .orderBy('lastActivityAt', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function newestPublicDiscussionIds(database: Database, limit: number): Promise<string[]> {
  const rows = await database.db
    .selectFrom('discussions')
    .select('id')
    .where('isPublic', '=', true)
    .where(visibleSql(null, 'discussion', { id: 'discussions.id', author: 'discussions.authorId' }))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

const likedDiscussionsQuery = reusedQuery<number, IdValues, { discussionId: string }>(['userId', ...ID_NAMES], (db: Db, n, p) =>
  db.selectFrom('discussionLikes').select('discussionId').where('userId', '=', p.userId).where('discussionId', 'in', idList(p, n)),
);

export async function likedDiscussions(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await inChunks(ids, (chunk) => likedDiscussionsQuery(db, chunk.length, idValues(chunk, { userId })));
  return new Set(rows.map((r) => r.discussionId));
}

export async function addToDiscussionCounts(trx: Db, id: string, counts: { likes?: number; comments?: number }, now?: string): Promise<{ likeCount: number; commentCount: number }> {
  const row = await trx
    .updateTable('discussions')
    .set((eb) => ({
      likeCount: eb('likeCount', '+', counts.likes ?? 0),
      commentCount: eb('commentCount', '+', counts.comments ?? 0),
      ...(now ? { lastActivityAt: now } : {}),
    }))
    .where('id', '=', id)
    .returning(['likeCount', 'commentCount'])
    .executeTakeFirstOrThrow();
  return { likeCount: Number(row.likeCount), commentCount: Number(row.commentCount) };
}

// ---- Comments -------------------------------------------------------------------------------------

export interface CommentRow {
  id: string;
  discussionId: string;
  communityId: string;
  parentId: string | null;
  depth: number;
  authorId: string | null;
  text: string;
  spoiler: boolean | number;
  deleted: boolean | number;
  likeCount: number;
  replyCount: number;
  createdAt: Date | string;
  editedAt: Date | string | null;
  authorName: string | null;
  authorImage: string | null;
}

const COMMENT_COLUMNS = [
  'k.id',
  'k.discussionId',
  'k.communityId',
  'k.parentId',
  'k.depth',
  'k.authorId',
  'k.text',
  'k.spoiler',
  'k.deleted',
  'k.likeCount',
  'k.replyCount',
  'k.createdAt',
  'k.editedAt',
  'u.displayName as authorName',
  'u.imageUrl as authorImage',
] as const;

export async function findComment(db: Db, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('comments as k').leftJoin('users as u', 'u.id', 'k.authorId').select(COMMENT_COLUMNS).where('k.id', '=', id).executeTakeFirst();
}

/** How many top-level comments of the discussion come before this one in the thread's order (createdAt, id). */
export async function topCommentsBefore(db: Db, discussionId: string, commentId: string): Promise<number> {
  const row = await db
    .selectFrom('comments as k')
    .innerJoin('comments as c', (join) => join.on('c.id', '=', commentId))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('k.discussionId', '=', discussionId)
    .where('k.parentId', 'is', null)
    .where((eb) => eb.or([eb('k.createdAt', '<', eb.ref('c.createdAt')), eb.and([eb('k.createdAt', '=', eb.ref('c.createdAt')), eb('k.id', '<', eb.ref('c.id'))])]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A discussion's top-level comments, oldest first (reads the partial index comments_top_idx). */
export async function topComments(db: Db, discussionId: string, offset: number, limit: number): Promise<CommentRow[]> {
  return db
    .selectFrom('comments as k')
    .leftJoin('users as u', 'u.id', 'k.authorId')
    .select(COMMENT_COLUMNS)
    .where('k.discussionId', '=', discussionId)
    .where('k.parentId', 'is', null)
    .orderBy('k.createdAt')
    .orderBy('k.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** One comment's replies, oldest first. */
export async function repliesOf(db: Db, parentId: string, offset: number, limit: number): Promise<CommentRow[]> {
  return db
    .selectFrom('comments as k')
    .leftJoin('users as u', 'u.id', 'k.authorId')
    .select(COMMENT_COLUMNS)
    .where('k.parentId', '=', parentId)
    .orderBy('k.createdAt')
    .orderBy('k.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

/**
 * The first `n` replies of each of these comments, oldest first: one statement of one short index range per comment
 * (comments_replies_idx), so a comment with thousands of replies costs as little as one with three.
 */
/**
 * The statement of firstRepliesOf: one subquery per comment, joined by UNION ALL. Written as SQL text: building it
 * with the query builder cost 7 ms a page (20 subqueries through the camel-case plugin), its text 0.1 ms.
 */
export function firstRepliesQuery(parentIds: readonly string[], n: number) {
  const one = (parentId: string, i: number) =>
    sql`select * from (select k.id, k.discussion_id, k.community_id, k.parent_id, k.depth, k.author_id, k.text, k.spoiler, k.deleted, k.like_count, k.reply_count, k.created_at, k.edited_at, u.display_name as author_name, u.image_url as author_image from comments k left join users u on u.id = k.author_id where k.parent_id = ${parentId} order by k.created_at, k.id limit ${n}) as ${sql.raw(`r${i}`)}`;
  return sql<CommentRow>`${sql.join(parentIds.map(one), sql` union all `)}`;
}

export async function firstRepliesOf(db: Db, parentIds: readonly string[], n: number): Promise<CommentRow[]> {
  if (parentIds.length === 0) return [];
  const rows = (await firstRepliesQuery(parentIds, n).execute(db)).rows;
  const at = (r: { createdAt: Date | string }) => new Date(r.createdAt).getTime();
  return [...rows].sort((a, b) => at(a) - at(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const likedCommentsQuery = reusedQuery<number, IdValues, { commentId: string }>(['userId', ...ID_NAMES], (db: Db, n, p) =>
  db.selectFrom('commentLikes').select('commentId').where('userId', '=', p.userId).where('commentId', 'in', idList(p, n)),
);

export async function likedComments(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await inChunks(ids, (chunk) => likedCommentsQuery(db, chunk.length, idValues(chunk, { userId })));
  return new Set(rows.map((r) => r.commentId));
}

export async function addToCommentCounts(trx: Db, id: string, counts: { likes?: number; replies?: number }): Promise<{ likeCount: number; replyCount: number }> {
  const row = await trx
    .updateTable('comments')
    .set((eb) => ({ likeCount: eb('likeCount', '+', counts.likes ?? 0), replyCount: eb('replyCount', '+', counts.replies ?? 0) }))
    .where('id', '=', id)
    .returning(['likeCount', 'replyCount'])
    .executeTakeFirstOrThrow();
  return { likeCount: Number(row.likeCount), replyCount: Number(row.replyCount) };
}

// ---- Reports --------------------------------------------------------------------------------------

export interface ReportRow {
  id: string;
  communityId: string;
  discussionId: string;
  commentId: string | null;
  reason: string;
  createdAt: Date | string;
  reporterId: string;
  reporterName: string | null;
  reporterImage: string | null;
  discussionTitle: string;
  commentText: string | null;
}

export async function reportsPage(db: Db, communityId: string, offset: number, limit: number): Promise<ReportRow[]> {
  return db
    .selectFrom('communityReports as r')
    .innerJoin('discussions as d', 'd.id', 'r.discussionId')
    .leftJoin('comments as k', 'k.id', 'r.commentId')
    .leftJoin('users as u', 'u.id', 'r.reporterId')
    .select([
      'r.id',
      'r.communityId',
      'r.discussionId',
      'r.commentId',
      'r.reason',
      'r.createdAt',
      'r.reporterId',
      'u.displayName as reporterName',
      'u.imageUrl as reporterImage',
      'd.title as discussionTitle',
      'k.text as commentText',
    ])
    .where('r.communityId', '=', communityId)
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}
