import type { Kysely } from 'kysely';
import type { TitleType } from '../../../../common/contracts/titles.ts';
import { reusedQuery } from '../../db/reused-query.ts';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;

/** Puts a title on the watchlist unless it is there: whether a row was written. */
export async function addEntry(trx: Db, userId: string, titleId: string, now: string): Promise<boolean> {
  const row = await trx
    .insertInto('watchlistEntries')
    .values({ userId, titleId, createdAt: now })
    .onConflict((oc) => oc.columns(['userId', 'titleId']).doNothing())
    .returning('titleId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes a title off the watchlist: whether it was there. */
export async function removeEntry(db: Db, userId: string, titleId: string): Promise<boolean> {
  const row = await db.deleteFrom('watchlistEntries').where('userId', '=', userId).where('titleId', '=', titleId).returning('titleId').executeTakeFirst();
  return row !== undefined;
}

export async function isOnWatchlist(db: Db, userId: string, titleId: string): Promise<boolean> {
  const row = await db.selectFrom('watchlistEntries').select('titleId').where('userId', '=', userId).where('titleId', '=', titleId).executeTakeFirst();
  return row !== undefined;
}

/** Which of these titles are on the person's watchlist. */
export async function entriesAmong(db: Db, userId: string, titleIds: readonly string[]): Promise<string[]> {
  if (titleIds.length === 0) return [];
  const rows = await db.selectFrom('watchlistEntries').select('titleId').where('userId', '=', userId).where('titleId', 'in', titleIds).execute();
  return rows.map((r) => r.titleId);
}

/** Where a page starts: after this entry (newest first, ties by title id descending). */
export interface EntryKey {
  createdAt: string;
  titleId: string;
}

/** An entry of a page: the title's id and when it was added (the cards come from the cache port, titles.shared.ts). */
export interface EntryRow {
  id: string;
  addedAt: Date | string;
}

type PageValues = { userId: string; type: string; createdAt: string; titleId: string; limit: number; offset: number };

const pageQuery = reusedQuery<{ type: boolean; after: boolean }, PageValues, EntryRow>(
  ['userId', 'type', 'createdAt', 'titleId', 'limit', 'offset'],
  (db: Db, shape, p) => {
    let q = db.selectFrom('watchlistEntries as w').select(['w.titleId as id', 'w.createdAt as addedAt']).where('w.userId', '=', p.userId);
    if (shape.type) {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('titles as t')
            .select('t.id')
            .whereRef('t.id', '=', 'w.titleId')
            .where('t.titleType', '=', p.type as TitleType),
        ),
      );
    }
    if (shape.after) {
      q = q.where((eb) => eb.or([eb('w.createdAt', '<', p.createdAt), eb.and([eb('w.createdAt', '=', p.createdAt), eb('w.titleId', '<', p.titleId)])]));
    }
    return q.orderBy('w.createdAt', 'desc').orderBy('w.titleId', 'desc').limit(p.limit).offset(p.offset);
  },
);

/**
 * A page of the watchlist, newest first: after `after` when given, else from `offset`. Without a kind, read from the
 * covering index (user, added, title) alone; with one, each title's kind is looked up as well. Compiled once per shape.
 */
export async function listEntries(
  db: Db,
  userId: string,
  opts: { type?: TitleType; after?: EntryKey; offset: number; limit: number },
): Promise<EntryRow[]> {
  const after = opts.after;
  return pageQuery(
    db,
    { type: opts.type !== undefined, after: after !== undefined },
    { userId, type: opts.type ?? '', createdAt: after?.createdAt ?? '', titleId: after?.titleId ?? '', limit: opts.limit, offset: after ? 0 : opts.offset },
  );
}

const countQuery = reusedQuery<boolean, { userId: string; type: string }, { n: number }>(['userId', 'type'], (db: Db, byType, p) => {
  let q = db
    .selectFrom('watchlistEntries as w')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('w.userId', '=', p.userId);
  if (byType) q = q.innerJoin('titles as t', 't.id', 'w.titleId').where('t.titleType', '=', p.type as TitleType);
  return q;
});

export async function countEntries(db: Db, userId: string, type?: TitleType): Promise<number> {
  const [row] = await countQuery(db, type !== undefined, { userId, type: type ?? '' });
  return Number(row?.n ?? 0);
}

/** Puts titles on the watchlist, each dated as given, those already there left alone: the titles written. */
export async function addEntries(trx: Db, userId: string, entries: readonly { titleId: string; at: string }[]): Promise<Set<string>> {
  const written = new Set<string>();
  for (let i = 0; i < entries.length; i += 500) {
    const rows = await trx
      .insertInto('watchlistEntries')
      .values(entries.slice(i, i + 500).map((e) => ({ userId, titleId: e.titleId, createdAt: e.at })))
      .onConflict((oc) => oc.columns(['userId', 'titleId']).doNothing())
      .returning('titleId')
      .execute();
    for (const r of rows) written.add(r.titleId);
  }
  return written;
}

// ---- A closed account (`account.deleted`) ---------------------------------------------------------------------------

/** The person's watchlist with its titles, oldest first: the account export's. */
export function exportWatchlist(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('watchlistEntries as w')
    .innerJoin('titles as t', 't.id', 'w.titleId')
    .select(['w.titleId', 't.primaryTitle', 't.startYear', 't.titleType', 'w.createdAt'])
    .where('w.userId', '=', userId)
    .orderBy('w.createdAt')
    .orderBy('w.titleId')
    .execute();
}

/** Erases a closed account's watchlist (erasing twice changes nothing). */
export async function eraseAccountWatchlist(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('watchlistEntries').where('userId', '=', userId).execute();
}
