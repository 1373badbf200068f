import { WATCHLIST_PAGE_SIZE, type WatchlistChange, type WatchlistPage, type WatchlistQuery } from '../../../../common/contracts/watchlist.ts';
import type { Database } from '../../db/database.ts';
import type { Cache } from '../../lib/cache/cache.ts';
import { badRequest } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import { findTitleBasics, titleNotFound } from '../ratings/index.ts';
import { cachedCards, recordTitleActivity } from '../titles/index.ts';
import { canUseWatchlist } from './watchlist.policy.ts';
import { cursorOf, entryKeyOf, presentWatchlistItem } from './watchlist.presenter.ts';
import * as repo from './watchlist.repository.ts';

type Actor = { id: string };

function checkOwner(actor: Actor, ownerId: string): void {
  authorize(actor, canUseWatchlist(actor, ownerId), { message: 'A watchlist is only its owner’s to see and change.' });
}

/** A page of the owner's watchlist, newest first: by `startAfter` (a cursor) when given, else by page number. */
export async function listWatchlist(database: Database, cache: Cache, actor: Actor, ownerId: string, query: WatchlistQuery): Promise<WatchlistPage> {
  checkOwner(actor, ownerId);
  const after = query.startAfter ? entryKeyOf(query.startAfter) : undefined;
  if (after === null) throw badRequest('startAfter: must be a cursor from nextCursor', 'validation_error');
  const page = after ? null : (query.page ?? 1);
  const [rows, total] = await Promise.all([
    repo.listEntries(database.db, ownerId, {
      type: query.type,
      after,
      offset: ((page ?? 1) - 1) * WATCHLIST_PAGE_SIZE,
      limit: WATCHLIST_PAGE_SIZE + 1,
    }),
    repo.countEntries(database.db, ownerId, query.type),
  ]);
  const shown = rows.slice(0, WATCHLIST_PAGE_SIZE);
  const hasMore = rows.length > WATCHLIST_PAGE_SIZE;
  const last = shown.at(-1);
  const cards = await cachedCards(
    database,
    cache,
    shown.map((r) => r.id),
  );
  return {
    results: shown.flatMap((r) => {
      const card = cards.get(r.id);
      return card ? [presentWatchlistItem(card, r)] : [];
    }),
    page,
    pageSize: WATCHLIST_PAGE_SIZE,
    hasMore,
    nextCursor: hasMore && last ? cursorOf(last) : null,
    total,
  };
}

/** Which of these titles are on the owner's watchlist, in the order asked. */
export async function watchlistAmong(database: Database, actor: Actor, ownerId: string, titleIds: readonly string[]): Promise<string[]> {
  checkOwner(actor, ownerId);
  const listed = new Set(await repo.entriesAmong(database.db, ownerId, [...new Set(titleIds)]));
  return titleIds.filter((id, i) => listed.has(id) && titleIds.indexOf(id) === i);
}

/** Puts a title on the watchlist; adding twice changes nothing. A new entry counts as activity for weekly popularity. */
export async function addToWatchlist(database: Database, actor: Actor, ownerId: string, titleId: string): Promise<WatchlistChange> {
  checkOwner(actor, ownerId);
  const title = await findTitleBasics(database.db, titleId);
  if (!title) throw titleNotFound();
  const changed = await database.db.transaction().execute(async (trx) => {
    const added = await repo.addEntry(trx, ownerId, title.id, new Date().toISOString());
    if (added) await recordTitleActivity(trx, { titleId: title.id, kind: 'watchlist', userId: ownerId });
    return added;
  });
  return { titleId: title.id, title: title.primaryTitle, onWatchlist: true, changed };
}

/** Takes a title off the watchlist; taking off what is not there changes nothing. */
export async function removeFromWatchlist(database: Database, actor: Actor, ownerId: string, titleId: string): Promise<WatchlistChange> {
  checkOwner(actor, ownerId);
  const title = await findTitleBasics(database.db, titleId);
  if (!title) throw titleNotFound();
  const changed = await repo.removeEntry(database.db, ownerId, title.id);
  return { titleId: title.id, title: title.primaryTitle, onWatchlist: false, changed };
}
