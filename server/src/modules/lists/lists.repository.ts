import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { reusedQuery } from '../../db/reused-query.ts';
import type { DB, ListVisibility, TitleType } from '../../db/schema.ts';
import { notHidden, visibleSql } from '../../lib/visibility.ts';

type Db = Kysely<DB>;

export interface ListFields {
  name: string;
  description: string | null;
  type: TitleType;
  visibility: ListVisibility;
}

/** A list's row with its owner's profile. */
export interface ListRow extends ListFields {
  id: string;
  ownerId: string;
  titleCount: number;
  likeCount: number;
  viewCount: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  ownerName: string;
  ownerImage: string | null;
}

export interface ListItemRow {
  listId: string;
  position: number;
  titleId: string;
  note: string | null;
  primaryTitle: string;
  posterUrl: string | null;
  titleType: TitleType;
  startYear: number | null;
}

/** Which of these titles exist. */
/** The type and name of each of these titles that exists (a title not in the catalogue is absent). */
export async function titleTypesOf(db: Db, ids: readonly string[]): Promise<Map<string, { titleType: TitleType; primaryTitle: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('titles').select(['id', 'titleType', 'primaryTitle']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, { titleType: r.titleType, primaryTitle: r.primaryTitle }]));
}

export async function insertList(trx: Db, row: ListFields & { id: string; ownerId: string; now: string }): Promise<void> {
  const { now, ...fields } = row;
  await trx
    .insertInto('lists')
    .values({ ...fields, titleCount: 0, likeCount: 0, viewCount: 0, createdAt: now, updatedAt: now })
    .execute();
}

/** Sets a list's fields, titles and genres, replacing what it held; the title count changes with the titles. */
export async function writeListContent(
  trx: Db,
  id: string,
  fields: ListFields,
  items: readonly { titleId: string; note: string | null }[],
  genres: readonly string[],
  now: string,
): Promise<void> {
  await trx
    .updateTable('lists')
    .set({ ...fields, titleCount: items.length, updatedAt: now })
    .where('id', '=', id)
    .execute();
  await trx.deleteFrom('listItems').where('listId', '=', id).execute();
  if (items.length) await trx.insertInto('listItems').values(items.map((it, position) => ({ listId: id, position, titleId: it.titleId, note: it.note }))).execute();
  await trx.deleteFrom('listGenres').where('listId', '=', id).execute();
  if (genres.length) await trx.insertInto('listGenres').values(genres.map((genre, position) => ({ listId: id, genre, position }))).execute();
}

/**
 * Puts a title at the end of a list, in the caller's transaction: first takes the list's row lock (PostgreSQL; SQLite
 * transactions hold the write lock from their start), so concurrent additions queue and positions and the title count
 * stay right. `present` when the list already holds the title, `full` when it holds `max`; nothing changes then.
 */
export async function appendTitle(
  trx: Db,
  listId: string,
  item: { titleId: string; note: string | null },
  max: number,
  now: string,
): Promise<'added' | 'present' | 'full'> {
  const locked = await trx
    .updateTable('lists')
    .set((eb) => ({ titleCount: eb.ref('titleCount') }))
    .where('id', '=', listId)
    .returning('titleCount')
    .executeTakeFirst();
  if (!locked) throw new Error(`list ${listId} is gone`);
  const present = await trx.selectFrom('listItems').select('position').where('listId', '=', listId).where('titleId', '=', item.titleId).executeTakeFirst();
  if (present) return 'present';
  const { n, last } = await trx
    .selectFrom('listItems')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('position').as('last')])
    .where('listId', '=', listId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= max) return 'full';
  const position = last === null ? 0 : Number(last) + 1;
  await trx.insertInto('listItems').values({ listId, position, titleId: item.titleId, note: item.note }).execute();
  await trx
    .updateTable('lists')
    .set({ titleCount: Number(n) + 1, updatedAt: now })
    .where('id', '=', listId)
    .execute();
  return 'added';
}

export async function deleteList(db: Db, id: string): Promise<void> {
  await db.deleteFrom('lists').where('id', '=', id).execute();
}

function listRows(db: Db) {
  return db
    .selectFrom('lists as l')
    .innerJoin('users as u', 'u.id', 'l.ownerId')
    .select([
      'l.id',
      'l.ownerId',
      'l.name',
      'l.description',
      'l.type',
      'l.visibility',
      'l.titleCount',
      'l.likeCount',
      'l.viewCount',
      'l.createdAt',
      'l.updatedAt',
      'u.displayName as ownerName',
      'u.imageUrl as ownerImage',
    ]);
}

export async function findListRows(db: Db, ids: readonly string[]): Promise<ListRow[]> {
  if (ids.length === 0) return [];
  return listRows(db).where('l.id', 'in', ids).execute();
}

/** A list's title at its place, with the owner's note (the title's card comes from titles.shared.ts cachedCards). */
export type ListItemRef = Pick<ListItemRow, 'listId' | 'position' | 'titleId' | 'note'>;

/** The lists' titles in order: all of them, or the first `firstN` of each (positions run 0, 1, 2, ...). */
export async function itemsOf(db: Db, listIds: readonly string[], firstN?: number): Promise<ListItemRef[]> {
  if (listIds.length === 0) return [];
  let q = db.selectFrom('listItems as i').select(['i.listId', 'i.position', 'i.titleId', 'i.note']).where('i.listId', 'in', listIds);
  if (firstN !== undefined) q = q.where('i.position', '<', firstN);
  return q.orderBy('i.listId').orderBy('i.position').execute();
}

/** Which of these lists hold the title. */
export async function listsHolding(db: Db, titleId: string, listIds: readonly string[]): Promise<string[]> {
  if (listIds.length === 0) return [];
  const rows = await db.selectFrom('listItems').select('listId').where('titleId', '=', titleId).where('listId', 'in', listIds).execute();
  return rows.map((r) => r.listId);
}

export async function genresOf(db: Db, listIds: readonly string[]): Promise<{ listId: string; genre: string }[]> {
  if (listIds.length === 0) return [];
  return db.selectFrom('listGenres').select(['listId', 'genre']).where('listId', 'in', listIds).orderBy('listId').orderBy('position').execute();
}

/** A person's lists, last updated first: all of them, or their public ones only. */
/**
 * A person's lists as the reader sees them: their own all; anyone else's public ones the visibility rule lets the
 * reader see (lib/visibility.ts: not hidden, no block either way, owner not suspended), so the count equals the rows.
 */
export async function ownerListIds(db: Db, ownerId: string, readerId: string | null, offset: number, limit: number): Promise<string[]> {
  let q = db.selectFrom('lists').select('id').where('ownerId', '=', ownerId);
  if (readerId !== ownerId) q = q.where('visibility', '=', 'public').where(visibleSql(readerId, 'list', { id: 'lists.id', author: 'lists.ownerId' }));
  const rows = await q.orderBy('updatedAt', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
  return rows.map((r) => r.id);
}

export async function countOwnerLists(db: Db, ownerId: string, readerId: string | null): Promise<number> {
  let q = db
    .selectFrom('lists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ownerId', '=', ownerId);
  if (readerId !== ownerId) q = q.where('visibility', '=', 'public').where(visibleSql(readerId, 'list', { id: 'lists.id', author: 'lists.ownerId' }));
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Public lists by likes, then views; without those of `exceptOwner`. */
export async function popularPublicListIds(db: Db, limit: number, exceptOwner?: string): Promise<string[]> {
  let q = db.selectFrom('lists').select('id').where('visibility', '=', 'public');
  if (exceptOwner) q = q.where('ownerId', '<>', exceptOwner);
  const rows = await q.orderBy('likeCount', 'desc').orderBy('viewCount', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => r.id);
}

export type Scored = { listId: string; score: number };

/**
 * Lists ranked by weighted recent activity, best first: each view (one row per viewer and day) weighs its day's weight
 * (`days`, newest first: a UTC day, where it starts, its weight), each like `likeWeight` times the weight of the day it
 * was made; activity before the oldest day counts for nothing. A heavy read (Database.readHeavy).
 */
export async function trendingListIds(
  database: Database,
  days: readonly { day: string; from: string; weight: number }[],
  likeWeight: number,
  limit: number,
): Promise<string[]> {
  const db = database.db;
  const oldest = days[days.length - 1];
  const viewWeight = sql<number>`case ${sql.ref('day')} ${sql.join(
    days.map((d) => sql`when ${d.day} then ${sql.lit(d.weight)}`),
    sql` `,
  )} else 0 end`;
  const likeWeightOf = sql<number>`case ${sql.join(
    days.map((d) => sql`when ${sql.ref('createdAt')} >= ${d.from} then ${sql.lit(d.weight * likeWeight)}`),
    sql` `,
  )} else 0 end`;
  const activity = db
    .selectFrom('listViews')
    .select(['listId', viewWeight.as('w')])
    .where('day', '>=', oldest.day)
    .unionAll(db.selectFrom('listLikes').select(['listId', likeWeightOf.as('w')]).where('createdAt', '>=', oldest.from));
  const query = db
    .selectFrom(activity.as('a'))
    .select(['a.listId', sql<number>`sum(${sql.ref('a.w')})`.as('score')])
    .groupBy('a.listId')
    .orderBy('score', 'desc')
    .orderBy('a.listId')
    .limit(limit);
  return (await database.readHeavy(query)).map((r) => r.listId);
}

/** Forgets views of days before `beforeDay`: only the last week's count, and today's keep a view from counting twice. */
export async function pruneViews(db: Db, beforeDay: string): Promise<void> {
  await db.deleteFrom('listViews').where('day', '<', beforeDay).execute();
}

/**
 * Public lists of others holding the titles the person rated at least `minRating` (their `titles` latest such
 * ratings): how many of those titles each holds. A heavy read (Database.readHeavy).
 */
export async function listsWithTitlesRatedBy(database: Database, userId: string, minRating: number, titles: number, limit: number): Promise<Scored[]> {
  const db = database.db;
  const rated = db
    .selectFrom('ratings')
    .select('titleId')
    .where('userId', '=', userId)
    .where('rating', '>=', minRating)
    .orderBy('updatedAt', 'desc')
    .limit(titles);
  const query = db
    .selectFrom(rated.as('r'))
    .innerJoin('listItems as i', 'i.titleId', 'r.titleId')
    .innerJoin('lists as l', 'l.id', 'i.listId')
    .select(['i.listId', (eb) => eb.fn.countAll<number>().as('score')])
    .where('l.visibility', '=', 'public')
    .where('l.ownerId', '<>', userId)
    .groupBy('i.listId')
    .orderBy('score', 'desc')
    .orderBy('i.listId')
    .limit(limit);
  const rows = await database.readHeavy(query);
  return rows.map((r) => ({ listId: r.listId, score: Number(r.score) }));
}

/** The genres of the titles a person rated at least `minRating` and of their own lists, most frequent first. */
export async function favouriteGenres(db: Db, userId: string, minRating: number, limit: number): Promise<string[]> {
  const [rated, own] = await Promise.all([
    db
      .selectFrom('ratings as r')
      .innerJoin('titleGenres as g', 'g.titleId', 'r.titleId')
      .select(['g.genre', (eb) => eb.fn.countAll<number>().as('n')])
      .where('r.userId', '=', userId)
      .where('r.rating', '>=', minRating)
      .groupBy('g.genre')
      .execute(),
    db
      .selectFrom('listGenres as g')
      .innerJoin('lists as l', 'l.id', 'g.listId')
      .select(['g.genre', (eb) => eb.fn.countAll<number>().as('n')])
      .where('l.ownerId', '=', userId)
      .groupBy('g.genre')
      .execute(),
  ]);
  const counts = new Map<string, number>();
  for (const r of [...rated, ...own]) counts.set(r.genre, (counts.get(r.genre) ?? 0) + Number(r.n));
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([g]) => g);
}

/** A like unless there is one; the list's like count changes with it. Whether a row was written. */
export async function insertLike(trx: Db, listId: string, userId: string, now: string): Promise<boolean> {
  const row = await trx
    .insertInto('listLikes')
    .values({ listId, userId, createdAt: now })
    .onConflict((oc) => oc.columns(['listId', 'userId']).doNothing())
    .returning('listId')
    .executeTakeFirst();
  if (row) await addToCounter(trx, listId, 'likeCount', 1);
  return row !== undefined;
}

export async function deleteLike(trx: Db, listId: string, userId: string): Promise<boolean> {
  const row = await trx.deleteFrom('listLikes').where('listId', '=', listId).where('userId', '=', userId).returning('listId').executeTakeFirst();
  if (row) await addToCounter(trx, listId, 'likeCount', -1);
  return row !== undefined;
}

/** Which of these lists the person liked. */
export async function likedAmong(db: Db, userId: string, listIds: string[]): Promise<string[]> {
  if (listIds.length === 0) return [];
  const rows = await db.selectFrom('listLikes').select('listId').where('userId', '=', userId).where('listId', 'in', listIds).execute();
  return rows.map((r) => r.listId);
}

const hasLikedQuery = reusedQuery<null, { listId: string; userId: string }, { listId: string }>(['listId', 'userId'], (db: Db, _shape, p) =>
  db.selectFrom('listLikes').select('listId').where('listId', '=', p.listId).where('userId', '=', p.userId),
);

/** Whether the person liked the list (on every signed-in read of a list's page: compiled once). */
export async function hasLiked(db: Db, listId: string, userId: string): Promise<boolean> {
  return (await hasLikedQuery(db, null, { listId, userId })).length > 0;
}

async function addToCounter(trx: Db, listId: string, column: 'likeCount' | 'viewCount', delta: number): Promise<void> {
  await trx
    .updateTable('lists')
    .set((eb) => ({ [column]: eb(column, '+', delta) }))
    .where('id', '=', listId)
    .execute();
}

export async function counters(db: Db, listId: string): Promise<{ likeCount: number; viewCount: number } | undefined> {
  return db.selectFrom('lists').select(['likeCount', 'viewCount']).where('id', '=', listId).executeTakeFirst();
}

/** A view by `viewer` on `day` unless they viewed the list that day; the view count changes with it. Whether it counted. */
export async function insertView(trx: Db, listId: string, day: string, viewer: string): Promise<boolean> {
  const row = await trx
    .insertInto('listViews')
    .values({ listId, day, viewer })
    .onConflict((oc) => oc.columns(['listId', 'day', 'viewer']).doNothing())
    .returning('listId')
    .executeTakeFirst();
  if (row) await addToCounter(trx, listId, 'viewCount', 1);
  return row !== undefined;
}

/** Notes that a person opened a list now, keeping only their `keep` latest. */
export async function noteRecentView(trx: Db, userId: string, listId: string, now: string, keep: number): Promise<void> {
  await trx
    .insertInto('listRecentViews')
    .values({ userId, listId, viewedAt: now })
    .onConflict((oc) => oc.columns(['userId', 'listId']).doUpdateSet({ viewedAt: now }))
    .execute();
  await trx
    .deleteFrom('listRecentViews')
    .where('userId', '=', userId)
    .where(
      'listId',
      'not in',
      trx.selectFrom('listRecentViews').select('listId').where('userId', '=', userId).orderBy('viewedAt', 'desc').orderBy('listId', 'desc').limit(keep),
    )
    .execute();
}

export async function recentListIds(db: Db, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('listRecentViews')
    .select('listId')
    .where('userId', '=', userId)
    .orderBy('viewedAt', 'desc')
    .orderBy('listId', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.listId);
}

export async function clearRecentViews(db: Db, userId: string): Promise<number> {
  const res = await db.deleteFrom('listRecentViews').where('userId', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * A list brought in from another site's export, in the caller's transaction: the person's list of that name (the
 * latest, when several) takes the titles it does not hold yet, at its end; without one, a new private list is made.
 * At most `max` titles: the rest are `full`. Positions and the title count change together, as with appendTitle.
 */
export async function importListTitles(
  trx: Db,
  ownerId: string,
  list: { name: string; description: string | null; type: TitleType },
  titleIds: readonly string[],
  max: number,
  now: string,
  newId: () => string,
): Promise<{ listId: string; created: boolean; outcome: Map<string, 'added' | 'present' | 'full'> }> {
  const found = await trx
    .selectFrom('lists')
    .select('id')
    .where('ownerId', '=', ownerId)
    .where('name', '=', list.name)
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const listId = found?.id ?? newId();
  if (!found) await insertList(trx, { id: listId, ownerId, name: list.name, description: list.description, type: list.type, visibility: 'private', now });
  // Takes the list's row lock first (PostgreSQL), so concurrent additions queue behind this one.
  await trx
    .updateTable('lists')
    .set((eb) => ({ titleCount: eb.ref('titleCount') }))
    .where('id', '=', listId)
    .execute();
  const held = await trx.selectFrom('listItems').select(['titleId', 'position']).where('listId', '=', listId).execute();
  const present = new Set(held.map((h) => h.titleId));
  let next = held.reduce((m, h) => Math.max(m, Number(h.position) + 1), 0);
  let count = held.length;
  const outcome = new Map<string, 'added' | 'present' | 'full'>();
  const rows: { listId: string; position: number; titleId: string; note: null }[] = [];
  for (const titleId of titleIds) {
    if (present.has(titleId)) {
      if (!outcome.has(titleId)) outcome.set(titleId, 'present');
      continue;
    }
    if (count >= max) {
      outcome.set(titleId, 'full');
      continue;
    }
    present.add(titleId);
    rows.push({ listId, position: next++, titleId, note: null });
    count++;
    outcome.set(titleId, 'added');
  }
  if (rows.length > 0) {
    await trx.insertInto('listItems').values(rows).execute();
    await trx.updateTable('lists').set({ titleCount: count, updatedAt: now }).where('id', '=', listId).execute();
  }
  return { listId, created: !found, outcome };
}

// ---- A closed account (`account.deleted`) ---------------------------------------------------------------------------

/** The person's lists with their items, oldest first: the account export's. */
export async function exportLists(db: Kysely<DB>, userId: string) {
  const lists = await db
    .selectFrom('lists')
    .select(['id', 'name', 'description', 'type', 'visibility', 'createdAt', 'updatedAt'])
    .where('ownerId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  if (lists.length === 0) return [];
  const items = await db
    .selectFrom('listItems as i')
    .innerJoin('titles as t', 't.id', 'i.titleId')
    .select(['i.listId', 'i.position', 'i.titleId', 't.primaryTitle', 't.startYear', 'i.note'])
    .where(
      'i.listId',
      'in',
      lists.map((l) => l.id),
    )
    .orderBy('i.listId')
    .orderBy('i.position')
    .execute();
  return lists.map((l) => ({ ...l, items: items.filter((i) => i.listId === l.id) }));
}

/**
 * Erases a closed account's lists (their items, genres, likes and views with them), the likes they gave to others'
 * lists (those lists' like counts lowered) and their recent views, in one transaction; erasing twice changes nothing.
 */
export async function eraseAccountLists(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('lists')
      .set((eb) => ({ likeCount: eb('likeCount', '-', 1) }))
      .where('id', 'in', trx.selectFrom('listLikes').select('listId').where('userId', '=', userId))
      .execute();
    await trx.deleteFrom('listLikes').where('userId', '=', userId).execute();
    await trx.deleteFrom('listRecentViews').where('userId', '=', userId).execute();
    const own = trx.selectFrom('lists').select('id').where('ownerId', '=', userId);
    await trx.deleteFrom('listItems').where('listId', 'in', own).execute();
    await trx.deleteFrom('listGenres').where('listId', 'in', own).execute();
    await trx.deleteFrom('listLikes').where('listId', 'in', own).execute();
    await trx.deleteFrom('listViews').where('listId', 'in', own).execute();
    await trx.deleteFrom('listRecentViews').where('listId', 'in', own).execute();
    await trx.deleteFrom('lists').where('ownerId', '=', userId).execute();
  });
}

/** A person's latest public lists (hidden ones left out), newest first: their RSS feed's. */
export function publicListsOf(db: Kysely<DB>, userId: string, limit: number) {
  return db
    .selectFrom('lists as l')
    .select(['l.id', 'l.name', 'l.description', 'l.titleCount', 'l.createdAt', 'l.updatedAt'])
    .where('l.ownerId', '=', userId)
    .where('l.visibility', '=', 'public')
    .where(notHidden('list', 'l.id'))
    .orderBy('l.createdAt', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
}
