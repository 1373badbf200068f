import { sql } from 'kysely';
import type { Db } from '../../db/db.ts';

export interface EntryRow {
  id: string;
  userId: string;
  titleId: string;
  watchedOn: string;
  createdAt: Date | string;
}

/** Entries of the person's that come before this one: same title, an earlier day (or the same day, written earlier). */
const rewatchSql = sql<number>`(case when exists (
  select 1 from diary_entries p
  where p.user_id = diary_entries.user_id and p.title_id = diary_entries.title_id
    and (p.watched_on < diary_entries.watched_on or (p.watched_on = diary_entries.watched_on and p.id < diary_entries.id))
) then 1 else 0 end)`;

/** Writes an entry; the same title on the same day again writes nothing (false). */
export async function insertEntry(db: Db, row: EntryRow): Promise<boolean> {
  const written = await db
    .insertInto('diaryEntries')
    .values(row)
    .onConflict((oc) => oc.columns(['userId', 'titleId', 'watchedOn']).doNothing())
    .returning('id')
    .execute();
  return written.length > 0;
}

/** Entries in bulk (history imports), 500 a statement; answers the `titleId|watchedOn` keys written (new ones). */
export async function insertEntries(db: Db, rows: readonly EntryRow[]): Promise<Set<string>> {
  const written = new Set<string>();
  for (let i = 0; i < rows.length; i += 500) {
    const out = await db
      .insertInto('diaryEntries')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['userId', 'titleId', 'watchedOn']).doNothing())
      .returning(['titleId', 'watchedOn'])
      .execute();
    for (const r of out) written.add(`${r.titleId}|${r.watchedOn}`);
  }
  return written;
}

export interface ListedEntry {
  id: string;
  userId: string;
  titleId: string;
  watchedOn: string;
  rewatch: number;
  rating: number | null;
}

function listed(db: Db) {
  return db
    .selectFrom('diaryEntries')
    .leftJoin('ratings', (j) => j.onRef('ratings.userId', '=', 'diaryEntries.userId').onRef('ratings.titleId', '=', 'diaryEntries.titleId'))
    .select(['diaryEntries.id', 'diaryEntries.userId', 'diaryEntries.titleId', 'diaryEntries.watchedOn', 'ratings.rating'])
    .select(rewatchSql.as('rewatch'));
}

export async function entryOf(db: Db, userId: string, titleId: string, watchedOn: string): Promise<ListedEntry | undefined> {
  return listed(db)
    .where('diaryEntries.userId', '=', userId)
    .where('diaryEntries.titleId', '=', titleId)
    .where('diaryEntries.watchedOn', '=', watchedOn)
    .executeTakeFirst();
}

export async function entryById(db: Db, id: string): Promise<{ id: string; userId: string; titleId: string } | undefined> {
  return db.selectFrom('diaryEntries').select(['id', 'userId', 'titleId']).where('id', '=', id).executeTakeFirst();
}

export async function deleteEntry(db: Db, id: string): Promise<boolean> {
  const res = await db.deleteFrom('diaryEntries').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Entries between two days (inclusive), newest day first (index diary_entries_user_newest_idx). */
export async function entriesBetween(db: Db, userId: string, from: string, to: string): Promise<ListedEntry[]> {
  return listed(db)
    .where('diaryEntries.userId', '=', userId)
    .where('diaryEntries.watchedOn', '>=', from)
    .where('diaryEntries.watchedOn', '<=', to)
    .orderBy('diaryEntries.watchedOn', 'desc')
    .orderBy('diaryEntries.createdAt', 'desc')
    .orderBy('diaryEntries.id', 'desc')
    .execute();
}

/** Every month with entries (YYYY-MM), newest first, with how many. */
export async function monthsOf(db: Db, userId: string): Promise<{ month: string; count: number }[]> {
  const month = sql<string>`substr(watched_on, 1, 7)`;
  const rows = await db
    .selectFrom('diaryEntries')
    .select([month.as('month'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('userId', '=', userId)
    .groupBy(month)
    .orderBy(month, 'desc')
    .execute();
  return rows.map((r) => ({ month: r.month, count: Number(r.count) }));
}

/** Which of these titles have at least one entry, or a watched mark without a day. */
export async function watchedAmong(db: Db, userId: string, titleIds: readonly string[]): Promise<string[]> {
  if (titleIds.length === 0) return [];
  const rows = await db
    .selectFrom('diaryEntries')
    .select('titleId')
    .where('userId', '=', userId)
    .where('titleId', 'in', [...titleIds])
    .union(db.selectFrom('titleMarks').select('titleId').where('userId', '=', userId).where('mark', '=', 'watched').where('titleId', 'in', [...titleIds]))
    .execute();
  return rows.map((r) => r.titleId);
}

// ---- Marks without a day: watched (day unknown) and liked ----------------------------------------------------------

export type Mark = 'watched' | 'liked';

/** A title's marks of the person's. */
export async function marksOf(db: Db, userId: string, titleId: string): Promise<Mark[]> {
  const rows = await db.selectFrom('titleMarks').select('mark').where('userId', '=', userId).where('titleId', '=', titleId).execute();
  return rows.map((r) => r.mark);
}

/** Marks in bulk (history imports); a mark already there is kept. Answers the titles newly marked. */
export async function insertMarks(db: Db, userId: string, mark: Mark, rows: readonly { titleId: string; markedAt: string }[]): Promise<Set<string>> {
  const written = new Set<string>();
  for (let i = 0; i < rows.length; i += 500) {
    const out = await db
      .insertInto('titleMarks')
      .values(rows.slice(i, i + 500).map((r) => ({ userId, mark, titleId: r.titleId, markedAt: r.markedAt })))
      .onConflict((oc) => oc.columns(['userId', 'mark', 'titleId']).doNothing())
      .returning('titleId')
      .execute();
    for (const r of out) written.add(r.titleId);
  }
  return written;
}

/** Which of these titles have a diary entry of the person's. */
export async function titlesWithEntries(db: Db, userId: string, titleIds: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const ids = [...new Set(titleIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('diaryEntries').select('titleId').distinct().where('userId', '=', userId).where('titleId', 'in', ids.slice(i, i + 500)).execute();
    for (const r of rows) found.add(r.titleId);
  }
  return found;
}

/** A title's entries in the person's diary: how many, and the latest. */
export async function titleEntries(db: Db, userId: string, titleId: string): Promise<{ id: string; watchedOn: string }[]> {
  return db
    .selectFrom('diaryEntries')
    .select(['id', 'watchedOn'])
    .where('userId', '=', userId)
    .where('titleId', '=', titleId)
    .orderBy('watchedOn', 'desc')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export interface YearRow {
  titleId: string;
  watchedOn: string;
  rewatch: number;
  titleType: 'movie' | 'tvSeries';
  runtimeMinutes: number | null;
  genres: string;
  rating: number | null;
}

/** A year's entries with what the review adds up: type, runtime, genres, the person's rating. */
export async function yearRows(db: Db, userId: string, year: number): Promise<YearRow[]> {
  return db
    .selectFrom('diaryEntries')
    .innerJoin('titles', 'titles.id', 'diaryEntries.titleId')
    .leftJoin('ratings', (j) => j.onRef('ratings.userId', '=', 'diaryEntries.userId').onRef('ratings.titleId', '=', 'diaryEntries.titleId'))
    .select(['diaryEntries.titleId', 'diaryEntries.watchedOn', 'titles.titleType', 'titles.runtimeMinutes', 'titles.genres', 'ratings.rating'])
    .select(rewatchSql.as('rewatch'))
    .where('diaryEntries.userId', '=', userId)
    .where('diaryEntries.watchedOn', '>=', `${year}-01-01`)
    .where('diaryEntries.watchedOn', '<=', `${year}-12-31`)
    .execute();
}

/** Years with entries, newest first. */
export async function yearsOf(db: Db, userId: string): Promise<number[]> {
  const y = sql<string>`substr(watched_on, 1, 4)`;
  const rows = await db.selectFrom('diaryEntries').select(y.as('year')).distinct().where('userId', '=', userId).orderBy(y, 'desc').execute();
  return rows.map((r) => Number(r.year));
}

// ---- A closed account (`account.deleted`) ---------------------------------------------------------------------------

/** The person's diary with its titles, oldest first: the account export's. */
export function exportDiary(db: Db, userId: string) {
  return db
    .selectFrom('diaryEntries as d')
    .innerJoin('titles as t', 't.id', 'd.titleId')
    .select(['d.titleId', 't.primaryTitle', 't.startYear', 't.titleType', 'd.watchedOn'])
    .where('d.userId', '=', userId)
    .orderBy('d.watchedOn')
    .orderBy('d.id')
    .execute();
}

/** The person's marks without a day (watched, liked) with their titles, oldest first: the account export's. */
export function exportMarks(db: Db, userId: string) {
  return db
    .selectFrom('titleMarks as m')
    .innerJoin('titles as t', 't.id', 'm.titleId')
    .select(['m.mark', 'm.titleId', 't.primaryTitle', 't.startYear', 't.titleType', 'm.markedAt'])
    .where('m.userId', '=', userId)
    .orderBy('m.markedAt')
    .orderBy('m.titleId')
    .execute();
}

/** Erases a closed account's diary and marks (erasing twice changes nothing). */
export async function eraseAccountDiary(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('diaryEntries').where('userId', '=', userId).execute();
  await db.deleteFrom('titleMarks').where('userId', '=', userId).execute();
}
