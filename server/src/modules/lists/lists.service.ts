import { randomUUID } from 'node:crypto';
import {
  LIST_CARD_TITLES,
  LIST_FULL_MESSAGE,
  LIST_MAX_TITLES,
  LISTS_PAGE_SIZE,
  type ListAddTitleResult,
  type ListDetails,
  type ListInputParsed,
  type ListSummary,
  type ListsPage,
  RECENTLY_VIEWED_MAX,
} from '../../../../common/contracts/lists.ts';
import type { Database } from '../../db/database.ts';
import type { TitleType } from '../../db/schema.ts';
import { writeWithEvents } from '../../events/index.ts';
import type { Cache } from '../../lib/cache/cache.ts';
import { badRequest, conflict, notFound } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import { authorsOutAmong, hiddenAmong } from '../../lib/visibility.ts';
import { cachedCards, dayOf } from '../titles/index.ts';
import { canDeleteList, canEditList, canLikeList, canSeeList } from './lists.policy.ts';
import { presentListDetails, presentListSummary } from './lists.presenter.ts';
import * as repo from './lists.repository.ts';

type Actor = { id: string } | null;
export interface ListsContext {
  database: Database;
  cache: Cache;
}

/** Public lists' pages (all their titles), by id: dropped when the list changes or is liked. */
export const NS_PAGE = 'list-page';
/** Trending and popular lists: the same for everyone; dropped when any list is created, edited or deleted. */
export const NS_SHARED = 'lists-shared';
/** The trending ranking (list ids): recomputed when it is a minute old, whatever changed. */
const NS_RANKING = 'lists-trending-ranking';
const PAGE_TTL_MS = 60_000;
const SHARED_TTL_MS = 60_000;
/** Lists on the home page's Trending Lists and in recommendations. */
export const LISTS_SHOWN = 20;
/** Trending: a like weighs as much as this many views; a day's weight halves every this many days. */
export const TRENDING_LIKE_WEIGHT = 3;
export const TRENDING_HALF_LIFE_DAYS = 2;
export const TRENDING_DAYS = 7;
/** Ratings at or above this are "highly rated" (recommendations); at or above FAVOURITE_RATING they make a genre a favourite. */
const HIGH_RATING = 8;
const FAVOURITE_RATING = 7;

export const listNotFound = () => notFound('There is no list with that id.', 'list_not_found');

/**
 * Summaries of these lists in the order given, each with its first titles (or all of them): three queries, and the
 * titles' cards from the cache port (the same for everyone; those not kept are read in one more query).
 */
async function summaries(ctx: ListsContext, ids: readonly string[], allTitles = false): Promise<ListSummary[]> {
  const { database } = ctx;
  const unique = [...new Set(ids)];
  const [rows, refs, genres] = await Promise.all([
    repo.findListRows(database.db, unique),
    repo.itemsOf(database.db, unique, allTitles ? undefined : LIST_CARD_TITLES),
    repo.genresOf(database.db, unique),
  ]);
  const cards = await cachedCards(database, ctx.cache, [...new Set(refs.map((i) => i.titleId))]);
  const items: repo.ListItemRow[] = refs.flatMap((i) => {
    const card = cards.get(i.titleId);
    return card ? [{ ...i, primaryTitle: card.title, posterUrl: card.primaryImage, titleType: card.type, startYear: card.year }] : [];
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      presentListSummary(
        row,
        items.filter((i) => i.listId === id),
        genres.filter((g) => g.listId === id).map((g) => g.genre),
      ),
    ];
  });
}

/**
 * What the reader may see of these lists, in order: private lists of others are left out, and so are lists a
 * moderator hid, lists of people who blocked the reader or whom the reader blocked, and lists of suspended accounts
 * (the reader's own stay).
 */
async function visibleSummaries(ctx: ListsContext, reader: Actor, ids: readonly string[]): Promise<ListSummary[]> {
  const all = await summaries(ctx, ids);
  const [hidden, out] = await Promise.all([
    hiddenAmong(ctx.database.db, 'list', ids),
    authorsOutAmong(
      ctx.database.db,
      reader?.id ?? null,
      all.map((s) => s.ownerProfile.userId),
    ),
  ]);
  return all.filter(
    (s) =>
      canSeeList(reader, { ownerId: s.ownerProfile.userId, visibility: s.visibility }) &&
      (s.ownerProfile.userId === reader?.id || (!hidden.has(s.listId) && !out.has(s.ownerProfile.userId))),
  );
}

/** The whole list as everyone may see it, from the cache when it is public; undefined when it is private or missing. */
function publicPage(ctx: ListsContext, id: string): Promise<ListSummary | undefined> {
  return ctx.cache.getOrLoad(NS_PAGE, id, PAGE_TTL_MS, async () => {
    const [s] = await summaries(ctx, [id], true);
    return s?.visibility === 'public' ? s : undefined;
  });
}

/**
 * The whole list for this reader; 404 when it does not exist, is someone else's private list, was hidden by a
 * moderator, its owner and the reader blocked one another, or its owner is suspended (its owner always sees it).
 */
async function readList(ctx: ListsContext, reader: Actor, id: string): Promise<ListSummary> {
  const shown = (await publicPage(ctx, id)) ?? (await summaries(ctx, [id], true))[0];
  if (!shown || !canSeeList(reader, { ownerId: shown.ownerProfile.userId, visibility: shown.visibility })) throw listNotFound();
  const ownerId = shown.ownerProfile.userId;
  if (ownerId !== reader?.id) {
    const [hidden, out] = await Promise.all([hiddenAmong(ctx.database.db, 'list', [id]), authorsOutAmong(ctx.database.db, reader?.id ?? null, [ownerId])]);
    if (hidden.size > 0 || out.size > 0) throw listNotFound();
  }
  return shown;
}

export async function getList(ctx: ListsContext, reader: Actor, id: string): Promise<ListDetails> {
  const list = await readList(ctx, reader, id);
  const liked = reader ? await repo.hasLiked(ctx.database.db, id, reader.id) : false;
  return presentListDetails(list, reader, liked);
}

/** The public page of a list for the HTML of /lists/{id}/view (Open Graph), or undefined. */
export const publicListPage = publicPage;

const TYPE_NOUNS: Record<TitleType, { list: string; title: string }> = {
  movie: { list: 'a list of movies', title: 'a movie' },
  tvSeries: { list: 'a list of TV shows', title: 'a TV show' },
};

/** A list holds titles of its type only (spec 3: a list's type is movie or tvSeries): 400 naming the field otherwise. */
function wrongType(field: string, listType: TitleType, title: { titleType: TitleType; primaryTitle: string }) {
  return badRequest(`${field}: ${title.primaryTitle} is ${TYPE_NOUNS[title.titleType].title}, and this is ${TYPE_NOUNS[listType].list}.`, 'wrong_title_type');
}

/**
 * Unknown titles are a 404 naming the first of them and where it is in contentList; a title of the other type a 400
 * naming it the same way.
 */
async function checkTitles(database: Database, input: ListInputParsed): Promise<void> {
  const types = await repo.titleTypesOf(
    database.db,
    input.contentList.map((i) => i.titleId),
  );
  const missing = input.contentList.findIndex((i) => !types.has(i.titleId));
  if (missing !== -1) {
    const id = input.contentList[missing].titleId;
    throw notFound(`contentList.${missing}.titleId: there is no title ${id}.`, 'title_not_found');
  }
  const other = input.contentList.findIndex((i) => types.get(i.titleId)?.titleType !== input.type);
  if (other !== -1) {
    const title = types.get(input.contentList[other].titleId);
    if (title) throw wrongType(`contentList.${other}.titleId`, input.type, title);
  }
}

const fieldsOf = (input: ListInputParsed): repo.ListFields => ({
  name: input.name,
  description: input.description,
  type: input.type,
  visibility: input.visibility,
});

export async function createList(ctx: ListsContext, actor: NonNullable<Actor>, input: ListInputParsed): Promise<ListDetails> {
  await checkTitles(ctx.database, input);
  const id = randomUUID();
  const now = new Date().toISOString();
  await writeWithEvents(ctx.database, async (trx, emit) => {
    await repo.insertList(trx, { id, ownerId: actor.id, ...fieldsOf(input), now });
    await repo.writeListContent(trx, id, fieldsOf(input), input.contentList, input.genres, now);
    await emit('list.created', { listId: id, ownerId: actor.id, visibility: input.visibility });
  });
  // The module's own shared lists, right after its own commit (others react to the event).
  if (input.visibility === 'public') await ctx.cache.invalidate(NS_SHARED);
  return getList(ctx, actor, id);
}

/** The list as its owner sees it, for a change: 404 when the actor may not see it, 403 when they may see but not `may`. */
async function ownListFor(ctx: ListsContext, actor: NonNullable<Actor>, id: string, may: typeof canEditList, what: string) {
  const [row] = await repo.findListRows(ctx.database.db, [id]);
  if (!row || !canSeeList(actor, row)) throw listNotFound();
  authorize(actor, may(actor, row), { message: `Only the owner may ${what} this list.` });
  return row;
}

/** Forgets what was kept of a list: its page, and (as it may have become private or gone) the shared lists. */
async function forget(ctx: ListsContext, id: string): Promise<void> {
  await ctx.cache.delete(NS_PAGE, id);
  await ctx.cache.invalidate(NS_SHARED);
}

export async function editList(ctx: ListsContext, actor: NonNullable<Actor>, id: string, input: ListInputParsed): Promise<ListDetails> {
  const row = await ownListFor(ctx, actor, id, canEditList, 'edit');
  await checkTitles(ctx.database, input);
  await ctx.database.db.transaction().execute((trx) => repo.writeListContent(trx, id, fieldsOf(input), input.contentList, input.genres, new Date().toISOString()));
  // A page loaded while the list was still public must not outlive it turning private.
  if (row.visibility === 'public' && input.visibility === 'private') await ctx.cache.invalidate(NS_PAGE);
  await forget(ctx, id);
  return getList(ctx, actor, id);
}

/**
 * Puts a title at the end of one's own list (403 for someone else's public list, 404 for a private or missing one).
 * A title the list already holds changes nothing (`added: false`); a list of LIST_MAX_TITLES titles is 409 `list_full`.
 */
export async function addTitle(
  ctx: ListsContext,
  actor: NonNullable<Actor>,
  id: string,
  item: { titleId: string; note: string | null },
): Promise<ListAddTitleResult> {
  const row = await ownListFor(ctx, actor, id, canEditList, 'add titles to');
  const title = (await repo.titleTypesOf(ctx.database.db, [item.titleId])).get(item.titleId);
  if (!title) throw notFound(`titleId: there is no title ${item.titleId}.`, 'title_not_found');
  if (title.titleType !== row.type) throw wrongType('titleId', row.type, title);
  const outcome = await ctx.database.db
    .transaction()
    .execute((trx) => repo.appendTitle(trx, id, item, LIST_MAX_TITLES, new Date().toISOString()));
  if (outcome === 'full') throw conflict(LIST_FULL_MESSAGE, 'list_full');
  if (outcome === 'added') await forget(ctx, id);
  const [summary] = await summaries(ctx, [id]);
  if (!summary) throw listNotFound();
  return { ...summary, added: outcome === 'added' };
}

/** The owner deletes a list, recording `list.deleted` (it leaves the feed's inboxes). */
export async function deleteList(ctx: ListsContext, actor: NonNullable<Actor>, id: string): Promise<void> {
  const row = await ownListFor(ctx, actor, id, canDeleteList, 'delete');
  await writeWithEvents(ctx.database, async (trx, emit) => {
    await repo.deleteList(trx, id);
    await emit('list.deleted', { listId: id, ownerId: row.ownerId });
  });
  await ctx.cache.invalidate(NS_PAGE);
  await forget(ctx, id);
}

/**
 * Someone opened a list's page: counted for trending once per viewer (a person, or an anonymous client) a day,
 * never for its owner; a signed-in reader's recently viewed lists gain it.
 */
export async function recordView(ctx: ListsContext, reader: Actor, viewer: string, id: string): Promise<{ listId: string; counted: boolean; viewCount: number }> {
  const list = await readList(ctx, reader, id);
  const own = reader?.id === list.ownerProfile.userId;
  const now = new Date();
  const counted = await ctx.database.db.transaction().execute(async (trx) => {
    const counts = own ? false : await repo.insertView(trx, id, dayOf(now), viewer);
    if (reader) await repo.noteRecentView(trx, reader.id, id, now.toISOString(), RECENTLY_VIEWED_MAX);
    return counts;
  });
  const c = await repo.counters(ctx.database.db, id);
  return { listId: id, counted, viewCount: Number(c?.viewCount ?? 0) };
}

/** Which of these lists the reader liked: their own likes only, so nothing about the lists themselves is told. */
export async function likedLists(ctx: ListsContext, actor: NonNullable<Actor>, listIds: string[]) {
  return { liked: await repo.likedAmong(ctx.database.db, actor.id, [...new Set(listIds)]) };
}

export async function setLike(ctx: ListsContext, actor: NonNullable<Actor>, id: string, like: boolean) {
  const list = await readList(ctx, actor, id);
  authorize(actor, canLikeList(actor, { ownerId: list.ownerProfile.userId, visibility: list.visibility }), { message: 'You cannot like your own list.' });
  const now = new Date().toISOString();
  const changed = await ctx.database.db
    .transaction()
    .execute((trx) => (like ? repo.insertLike(trx, id, actor.id, now) : repo.deleteLike(trx, id, actor.id)));
  if (changed) await ctx.cache.delete(NS_PAGE, id);
  const c = await repo.counters(ctx.database.db, id);
  return { listId: id, likedByMe: like, likeCount: Number(c?.likeCount ?? 0), changed };
}

/** A person's lists, last updated first: all of them for themselves, their public ones for anyone else. */
export async function listsOf(ctx: ListsContext, reader: Actor, ownerId: string, page: number, titleId?: string): Promise<ListsPage> {
  const readerId = reader?.id ?? null;
  const [ids, total] = await Promise.all([
    repo.ownerListIds(ctx.database.db, ownerId, readerId, (page - 1) * LISTS_PAGE_SIZE, LISTS_PAGE_SIZE + 1),
    repo.countOwnerLists(ctx.database.db, ownerId, readerId),
  ]);
  const results = await visibleSummaries(ctx, reader, ids.slice(0, LISTS_PAGE_SIZE));
  const answer: ListsPage = { results, page, pageSize: LISTS_PAGE_SIZE, hasMore: ids.length > LISTS_PAGE_SIZE, total };
  if (titleId !== undefined) {
    const holding = new Set(await repo.listsHolding(ctx.database.db, titleId, results.map((r) => r.listId)));
    answer.holdingTitle = results.filter((r) => holding.has(r.listId)).map((r) => r.listId);
  }
  return answer;
}

export async function recentlyViewed(ctx: ListsContext, reader: NonNullable<Actor>): Promise<ListSummary[]> {
  return visibleSummaries(ctx, reader, await repo.recentListIds(ctx.database.db, reader.id, RECENTLY_VIEWED_MAX));
}

export function clearRecentlyViewed(ctx: ListsContext, reader: NonNullable<Actor>): Promise<number> {
  return repo.clearRecentViews(ctx.database.db, reader.id);
}

/** Popular public lists, the same for everyone. */
function popular(ctx: ListsContext): Promise<ListSummary[]> {
  return ctx.cache.getOrLoad(NS_SHARED, 'popular', SHARED_TTL_MS, async () =>
    visibleSummaries(ctx, null, await repo.popularPublicListIds(ctx.database.db, LISTS_SHOWN)),
  );
}

/** Scores added up per list, best first (ties: the order first seen). */
function rank(...scored: repo.Scored[][]): string[] {
  const total = new Map<string, number>();
  for (const list of scored) for (const s of list) total.set(s.listId, (total.get(s.listId) ?? 0) + s.score);
  return [...total].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}

/** `ranked` lists the reader may see, then others from `fill`, without repeats, up to LISTS_SHOWN. */
async function topVisible(ctx: ListsContext, reader: Actor, ranked: string[], fill: () => Promise<ListSummary[]>, exceptOwner?: string) {
  const shown = (await visibleSummaries(ctx, reader, ranked.slice(0, LISTS_SHOWN * 2))).filter((s) => s.ownerProfile.userId !== exceptOwner);
  if (shown.length < LISTS_SHOWN) {
    const have = new Set(shown.map((s) => s.listId));
    shown.push(...(await fill()).filter((s) => !have.has(s.listId) && s.ownerProfile.userId !== exceptOwner));
  }
  return shown.slice(0, LISTS_SHOWN);
}

/**
 * Recommended lists. Signed in: public lists of others holding the titles the reader rated 8 or more (their 50
 * latest such ratings; 3 points a title), and among the 500 most liked public lists those tagged with their favourite
 * genres (1 point a genre; favourites are the 5 genres most common among the titles they rated 7 or more and their own
 * lists), topped up with popular lists; never their own. Signed out: popular public lists.
 */
export async function recommended(ctx: ListsContext, reader: Actor): Promise<ListSummary[]> {
  if (!reader) return popular(ctx);
  const db = ctx.database.db;
  const [byTitles, favourites, pool] = await Promise.all([
    repo.listsWithTitlesRatedBy(ctx.database, reader.id, HIGH_RATING, 50, LISTS_SHOWN * 2),
    repo.favouriteGenres(db, reader.id, FAVOURITE_RATING, 5),
    repo.popularPublicListIds(db, 500, reader.id),
  ]);
  const liked = new Set(favourites);
  const byGenres: repo.Scored[] = [];
  if (liked.size) {
    const scores = new Map<string, number>();
    for (const g of await repo.genresOf(db, pool)) if (liked.has(g.genre)) scores.set(g.listId, (scores.get(g.listId) ?? 0) + 1);
    // In popularity order, so the stable sort of rank() breaks ties by popularity.
    for (const id of pool) if (scores.has(id)) byGenres.push({ listId: id, score: scores.get(id) ?? 0 });
  }
  const ranked = rank(
    byTitles.map((s) => ({ ...s, score: s.score * 3 })),
    byGenres,
  );
  return topVisible(ctx, reader, ranked, async () => visibleSummaries(ctx, reader, pool.slice(0, LISTS_SHOWN * 2)), reader.id);
}

/** The weight of activity `daysAgo` days old. */
export const trendingWeight = (daysAgo: number): number => 0.5 ** (daysAgo / TRENDING_HALF_LIFE_DAYS);

/**
 * Trending lists, the same for everyone: views (once per viewer a day) and likes of the last seven days, a like
 * worth TRENDING_LIKE_WEIGHT views, each day's activity weighing half as much every TRENDING_HALF_LIFE_DAYS days
 * (today 1, yesterday 0.71, ... six days ago 0.125); topped up with popular lists when fewer have any activity.
 * Computing it (at most once a minute) also forgets views older than the week, which nothing reads again.
 */
export function trending(ctx: ListsContext, now = new Date()): Promise<ListSummary[]> {
  return ctx.cache.getOrLoad(NS_SHARED, 'trending', SHARED_TTL_MS, async () => topVisible(ctx, null, await trendingRanking(ctx, now), () => popular(ctx)));
}

/**
 * The ranking behind trending (ids only), computed at most once a minute on the heavy-read connection and kept apart
 * from the lists themselves: an edit drops the lists (so a list made private leaves at once) but not the ranking.
 */
function trendingRanking(ctx: ListsContext, now: Date): Promise<string[]> {
  return ctx.cache.getOrLoad(NS_RANKING, 'trending', SHARED_TTL_MS, async () => {
    const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const days = Array.from({ length: TRENDING_DAYS }, (_, d) => {
      const from = new Date(startOfToday - d * 86_400_000);
      return { day: dayOf(from), from: from.toISOString(), weight: trendingWeight(d) };
    });
    const ranked = await repo.trendingListIds(ctx.database, days, TRENDING_LIKE_WEIGHT, LISTS_SHOWN * 2);
    await repo.pruneViews(ctx.database.db, days[days.length - 1].day);
    return ranked;
  });
}
