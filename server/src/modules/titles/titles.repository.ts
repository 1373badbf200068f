import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB, TitleActivityKind, TitlesTable, TitleType } from '../../db/schema.ts';
import type { IndexRow } from '../../search/index.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** A title's card creator (titles.creator): its creator, else its first director ('creator' sorts first). */
export const CREATOR_OF = `select p.name from title_people p where p.title_id = titles.id and p.role in ('creator', 'director') order by p.role, p.ordering limit 1`;

/** How many people a title page lists at most (cast and crew together). */
export const PAGE_PEOPLE = 60;

/**
 * A title page's people (titles.people_json): a JSON array of [name, role, character], in role then billing
 * order, at most PAGE_PEOPLE; '[]' or null when it has none. Kept on the title, like its creator, so a cold title
 * page is read in one row lookup instead of a lookup and a walk over title_people; written wherever
 * title_people is (importers, fixtures, the migration that added it).
 */
export const PEOPLE_JSON_OF = {
  sqlite: `select json_group_array(json_array(name, role, character) order by role, ordering) from
    (select name, role, character, ordering from title_people where title_id = titles.id order by role, ordering limit ${PAGE_PEOPLE})`,
  postgres: `select coalesce(json_agg(json_build_array(name, role, character) order by role, ordering), '[]')::text from
    (select name, role, character, ordering from title_people where title_id = titles.id order by role, ordering limit ${PAGE_PEOPLE}) p`,
} as const;

/** A title page's people as kept in titles.people_json, from its people in role then billing order. */
export function peopleJson(people: readonly { name: string; role: string; character: string | null; ordering: number }[]): string {
  const sorted = [...people].sort((a, b) => (a.role < b.role ? -1 : a.role > b.role ? 1 : a.ordering - b.ordering));
  return JSON.stringify(sorted.slice(0, PAGE_PEOPLE).map((p) => [p.name, p.role, p.character]));
}

/** What the search index keeps of a title. */
const INDEX_COLUMNS = ['id', 'titleType', 'primaryTitle', 'originalTitle', 'startYear', 'genres', 'popularity', 'imdbRating', 'imdbVotes', 'updatedAt'] as const;

export type IndexRowWithStamp = IndexRow & { updatedAt: Date | string };

/** One page of the catalogue in id order (keyset), for building the search index. */
export async function listIndexRows(db: Db, afterId: string | null, limit: number): Promise<IndexRowWithStamp[]> {
  let q = db.selectFrom('titles').select(INDEX_COLUMNS).orderBy('id').limit(limit);
  if (afterId !== null) q = q.where('id', '>', afterId);
  return (await q.execute()) as IndexRowWithStamp[];
}

/** How many titles a page of the index build reads: a few MB of rows at a time, whatever the catalogue's size. */
const INDEX_PAGE = 20_000;

/**
 * Every title's index columns, for building the search index: on SQLite in one pass of one statement
 * (Database.forEachRow), on PostgreSQL page by page in id order (listIndexRows), a few MB of rows at a time.
 */
export async function forEachIndexRow(database: Database, fn: (row: IndexRowWithStamp) => void): Promise<void> {
  if (database.forEachRow) {
    database.forEachRow(database.db.selectFrom('titles').select(INDEX_COLUMNS), fn as (row: unknown) => void);
    return;
  }
  let after: string | null = null;
  for (;;) {
    const rows = await listIndexRows(database.db, after, INDEX_PAGE);
    for (const r of rows) fn(r);
    if (rows.length < INDEX_PAGE) return;
    after = rows[rows.length - 1].id;
  }
}

/** Titles created or changed at or after a moment (uses titles_updated_at_idx). */
export async function listIndexRowsChangedSince(db: Db, since: Date, op: '>' | '>=', limit: number): Promise<IndexRowWithStamp[]> {
  // As ISO text: what SQLite stores, and what PostgreSQL reads as a timestamptz.
  return (await db
    .selectFrom('titles')
    .select(INDEX_COLUMNS)
    .where('updatedAt', op, since.toISOString())
    .orderBy('updatedAt')
    .limit(limit)
    .execute()) as IndexRowWithStamp[];
}

export async function latestTitleChange(db: Db): Promise<Date | string | null> {
  const row = await db.selectFrom('titles').select((eb) => eb.fn.max('updatedAt').as('latest')).executeTakeFirst();
  return (row?.latest as Date | string | null | undefined) ?? null;
}

const CARD_COLUMNS = ['id', 'titleType', 'primaryTitle', 'posterUrl', 'releaseDate', 'startYear', 'imdbRating', 'imdbVotes', 'genres', 'creator'] as const;

/** What a title's card shows. */
export type CardRow = Pick<
  TitlesTable,
  'id' | 'titleType' | 'primaryTitle' | 'posterUrl' | 'releaseDate' | 'startYear' | 'imdbRating' | 'imdbVotes' | 'genres' | 'creator'
>;

/** The cards of the given titles, in the order given (ids not found are left out): one query. */
export async function findCardRows(db: Db, ids: readonly string[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('titles').select(CARD_COLUMNS).where('id', 'in', [...new Set(ids)]).execute();
  return inOrder(ids, rows);
}

/** Rows in the order of `ids`, those not found left out. */
function inOrder<R extends { id: string }>(ids: readonly string[], rows: R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const HOME_COLUMNS = [...CARD_COLUMNS, 'backdropUrl', 'plot'] as const;
export type HomeRow = CardRow & { backdropUrl: string | null; plot: string | null };

/** Home cards of the given titles, in the order given (ids not found are left out): one query. */
export async function findHomeRows(db: Db, ids: readonly string[]): Promise<HomeRow[]> {
  if (ids.length === 0) return [];
  return inOrder(ids, await db.selectFrom('titles').select(HOME_COLUMNS).where('id', 'in', [...new Set(ids)]).execute());
}

/** The columns of a title page, as the titles table types them. */
export type TitleRow = Pick<
  TitlesTable,
  | 'id'
  | 'titleType'
  | 'primaryTitle'
  | 'originalTitle'
  | 'startYear'
  | 'endYear'
  | 'releaseDate'
  | 'runtimeMinutes'
  | 'genres'
  | 'plot'
  | 'certification'
  | 'seasons'
  | 'imdbRating'
  | 'imdbVotes'
  | 'grossUsd'
  | 'posterUrl'
  | 'backdropUrl'
>;

export interface PersonRow {
  name: string;
  role: 'actor' | 'director' | 'writer' | 'creator';
  character: string | null;
}

export interface TitlePage {
  row: TitleRow;
  people: PersonRow[];
}

function peopleFrom(json: string | null): PersonRow[] {
  const list = json ? (JSON.parse(json) as [string, PersonRow['role'], string | null][]) : [];
  return list.map(([name, role, character]) => ({ name, role, character }));
}

/** A title page's row and its people (creators, directors, actors, writers, each in billing order), or undefined. */
export async function findTitlePage(db: Db, id: string): Promise<TitlePage | undefined> {
  const found = await db
    .selectFrom('titles')
    .select([
      'id',
      'titleType',
      'primaryTitle',
      'originalTitle',
      'startYear',
      'endYear',
      'releaseDate',
      'runtimeMinutes',
      'genres',
      'plot',
      'certification',
      'seasons',
      'imdbRating',
      'imdbVotes',
      'grossUsd',
      'posterUrl',
      'backdropUrl',
      'peopleJson',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) return undefined;
  const { peopleJson: people, ...row } = found;
  return { row, people: peopleFrom(people) };
}

/** Movies by box-office gross (titles_type_gross_idx). */
export async function listTopGrossing(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('titles')
    .select('id')
    .where('titleType', '=', 'movie')
    .where('grossUsd', 'is not', null)
    .orderBy('grossUsd', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Titles released after a day, soonest first (titles_type_release_idx). */
export async function listComingSoon(db: Db, type: TitleType, afterDay: string, offset: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('titles')
    .select('id')
    .where('titleType', '=', type)
    .where('releaseDate', '>', afterDay)
    .orderBy('releaseDate')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export interface ActivityCount {
  day: string;
  titleId: string;
  kind: TitleActivityKind;
  count: number;
}

/** Adds to the daily counters (one lookup and one upsert per 200 rows; rows for unknown titles are skipped). */
export async function addActivityCounts(db: Db, input: ActivityCount[]): Promise<void> {
  const merged = new Map<string, ActivityCount>();
  for (const c of input) {
    const key = `${c.day}\t${c.titleId}\t${c.kind}`;
    const had = merged.get(key);
    if (had) had.count += c.count;
    else merged.set(key, { ...c });
  }
  const counts = [...merged.values()];
  for (let i = 0; i < counts.length; i += 200) {
    const chunk = counts.slice(i, i + 200);
    const known = new Set(
      (await db.selectFrom('titles').select('id').where('id', 'in', [...new Set(chunk.map((c) => c.titleId))]).execute()).map((r) => r.id),
    );
    const rows = chunk.filter((c) => known.has(c.titleId));
    if (rows.length === 0) continue;
    await db
      .insertInto('titleActivityDaily')
      .values(rows)
      .onConflict((oc) => oc.columns(['day', 'titleId', 'kind']).doUpdateSet({ count: sql`title_activity_daily.count + excluded.count` }))
      .execute();
  }
}

const ACTIVITY_UPSERT_SQL = `insert into title_activity_daily (day, title_id, kind, count)
  select ?, ?, ?, ? where exists (select 1 from titles where id = ?)
  on conflict (day, title_id, kind) do update set count = title_activity_daily.count + excluded.count`;

/**
 * Buffered counts written in the background: `counts[i]` of `kind` for `titleIds[i]` on `day`. On SQLite through
 * Database.writeBatch (a worker thread's connection on the server, so the event loop does none of it); elsewhere
 * addActivityCounts.
 */
export async function writeActivityBatch(
  database: Database,
  day: string,
  kind: TitleActivityKind,
  titleIds: readonly string[],
  counts: readonly number[],
): Promise<void> {
  if (titleIds.length === 0) return;
  if (!database.writeBatch) return addActivityCounts(database.db, titleIds.map((titleId, i) => ({ day, titleId, kind, count: counts[i] })));
  return database.writeBatch(ACTIVITY_UPSERT_SQL, { columns: [day, titleIds, kind, counts, titleIds], orderBy: 1 });
}

/**
 * Counts a search click once per person a day: `clicker` (a user, or a hashed anonymous client) is noted for the
 * query and day, and search_query_daily.count, the number of different people, grows only the first time.
 */
export async function addSearchQueryClicker(db: Kysely<DB>, day: string, query: string, clicker: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('searchQueryClickers')
      .values({ day, query, clicker })
      .onConflict((oc) => oc.columns(['day', 'query', 'clicker']).doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await trx
      .insertInto('searchQueryDaily')
      .values({ day, query, count: 1 })
      .onConflict((oc) => oc.columns(['day', 'query']).doUpdateSet({ count: sql`search_query_daily.count + 1` }))
      .execute();
  });
}

/** Weights of what people do with a title, for weekly popularity. */
export const ACTIVITY_WEIGHTS: Record<TitleActivityKind, number> = { view: 1, search_click: 2, watchlist: 3, rating: 4 };

/** Titles of a type ranked by weighted activity since a day (inclusive): a heavy read (Database.readHeavy). */
export async function listWeeklyRanking(database: Database, type: TitleType, sinceDay: string, limit: number): Promise<string[]> {
  const weight = sql<number>`case ${sql.ref('a.kind')} ${sql.join(
    Object.entries(ACTIVITY_WEIGHTS).map(([k, w]) => sql`when ${k} then ${sql.lit(w)}`),
    sql` `,
  )} else 0 end`;
  const query = database.db
    .selectFrom('titleActivityDaily as a')
    .innerJoin('titles as t', 't.id', 'a.titleId')
    .select(['a.titleId', sql<number>`sum(${sql.ref('a.count')} * ${weight})`.as('score'), sql<number>`max(${sql.ref('t.popularity')})`.as('pop')])
    .where('a.day', '>=', sinceDay)
    .where('t.titleType', '=', type)
    .groupBy('a.titleId')
    .orderBy('score', 'desc')
    .orderBy('pop', 'desc')
    .orderBy('a.titleId')
    .limit(limit);
  return (await database.readHeavy(query)).map((r) => r.titleId);
}

/** The searches most people clicked from since a day (inclusive): a heavy read (Database.readHeavy). */
export async function listPopularSearches(database: Database, sinceDay: string, limit: number): Promise<{ query: string; count: number }[]> {
  const query = database.db
    .selectFrom('searchQueryDaily')
    .select(['query', sql<number>`sum(${sql.ref('count')})`.as('total')])
    .where('day', '>=', sinceDay)
    .groupBy('query')
    .orderBy('total', 'desc')
    .orderBy('query')
    .limit(limit);
  return (await database.readHeavy(query)).map((r) => ({ query: r.query, count: Number(r.total) }));
}

export interface NewTitle {
  id: string;
  titleType: TitleType;
  primaryTitle: string;
  originalTitle?: string | null;
  startYear?: number | null;
  endYear?: number | null;
  releaseDate?: string | null;
  runtimeMinutes?: number | null;
  genres?: string[];
  plot?: string | null;
  certification?: string | null;
  seasons?: number | null;
  imdbRating?: number | null;
  imdbVotes?: number;
  grossUsd?: number | null;
  posterUrl?: string | null;
  backdropUrl?: string | null;
  popularity?: number;
  people?: { name: string; role: 'actor' | 'director' | 'writer' | 'creator'; character?: string | null }[];
}

/**
 * Inserts or replaces titles with their genres and people (fixtures, tools).
 * The importers own the real catalogue; this keeps titles, title_genres and
 * title_people consistent for small sets.
 */
export async function upsertTitles(db: Kysely<DB>, titles: NewTitle[], searchTextOf: (p: string, o: string | null) => string): Promise<void> {
  if (titles.length === 0) return;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < titles.length; i += 100) {
      const chunk = titles.slice(i, i + 100);
      const ids = chunk.map((t) => t.id);
      await trx.deleteFrom('titleGenres').where('titleId', 'in', ids).execute();
      await trx.deleteFrom('titlePeople').where('titleId', 'in', ids).execute();
      await trx
        .insertInto('titles')
        .values(
          chunk.map((t) => ({
            id: t.id,
            imdbId: t.id.startsWith('tt') ? t.id : null,
            titleType: t.titleType,
            primaryTitle: t.primaryTitle,
            originalTitle: t.originalTitle ?? null,
            searchText: searchTextOf(t.primaryTitle, t.originalTitle ?? null),
            startYear: t.startYear ?? null,
            endYear: t.endYear ?? null,
            releaseDate: t.releaseDate ?? null,
            runtimeMinutes: t.runtimeMinutes ?? null,
            genres: (t.genres ?? []).join(','),
            plot: t.plot ?? null,
            certification: t.certification ?? null,
            seasons: t.seasons ?? null,
            imdbRating: t.imdbRating ?? null,
            imdbVotes: t.imdbVotes ?? 0,
            grossUsd: t.grossUsd ?? null,
            posterUrl: t.posterUrl ?? null,
            backdropUrl: t.backdropUrl ?? null,
            popularity: t.popularity ?? 0,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            titleType: eb.ref('excluded.titleType'),
            primaryTitle: eb.ref('excluded.primaryTitle'),
            originalTitle: eb.ref('excluded.originalTitle'),
            searchText: eb.ref('excluded.searchText'),
            startYear: eb.ref('excluded.startYear'),
            endYear: eb.ref('excluded.endYear'),
            releaseDate: eb.ref('excluded.releaseDate'),
            runtimeMinutes: eb.ref('excluded.runtimeMinutes'),
            genres: eb.ref('excluded.genres'),
            plot: eb.ref('excluded.plot'),
            certification: eb.ref('excluded.certification'),
            seasons: eb.ref('excluded.seasons'),
            imdbRating: eb.ref('excluded.imdbRating'),
            imdbVotes: eb.ref('excluded.imdbVotes'),
            grossUsd: eb.ref('excluded.grossUsd'),
            posterUrl: eb.ref('excluded.posterUrl'),
            backdropUrl: eb.ref('excluded.backdropUrl'),
            popularity: eb.ref('excluded.popularity'),
            updatedAt: eb.ref('excluded.updatedAt'),
          })),
        )
        .execute();
      const genreRows = chunk.flatMap((t) => [...new Set(t.genres ?? [])].map((genre) => ({ titleId: t.id, genre })));
      if (genreRows.length) await trx.insertInto('titleGenres').values(genreRows).execute();
      const peopleRows = chunk.flatMap((t) => {
        const next: Record<string, number> = {};
        return (t.people ?? []).map((p) => {
          next[p.role] = (next[p.role] ?? 0) + 1;
          return { titleId: t.id, ordering: next[p.role], name: p.name, role: p.role, character: p.character ?? null };
        });
      });
      for (let k = 0; k < peopleRows.length; k += 150) await trx.insertInto('titlePeople').values(peopleRows.slice(k, k + 150)).execute();
      await sql`update titles set creator = (${sql.raw(CREATOR_OF)}) where id in (${sql.join(ids)})`.execute(trx);
      const byTitle = new Map<string, typeof peopleRows>();
      for (const p of peopleRows) byTitle.set(p.titleId, [...(byTitle.get(p.titleId) ?? []), p]);
      for (const t of chunk) {
        await trx.updateTable('titles').set({ peopleJson: peopleJson(byTitle.get(t.id) ?? []) }).where('id', '=', t.id).execute();
      }
    }
  });
}

/** The titles a streaming service carries in a country (title_providers_service_idx). */
export async function titlesOnService(db: Db, provider: string, country: string): Promise<string[]> {
  const rows = await db.selectFrom('titleProviders').select('titleId').distinct().where('provider', '=', provider).where('country', '=', country).execute();
  return rows.map((r) => r.titleId);
}

/** Where to watch a title in a country: the services, by name. */
export async function providersOf(db: Db, titleId: string, country: string): Promise<{ provider: string; url: string | null }[]> {
  const rows = await db
    .selectFrom('titleProviders')
    .select(['provider', 'url', 'source'])
    .where('titleId', '=', titleId)
    .where('country', '=', country)
    .orderBy('provider')
    .execute();
  const byProvider = new Map<string, string | null>();
  for (const r of rows) byProvider.set(r.provider, byProvider.get(r.provider) ?? r.url);
  return [...byProvider].map(([provider, url]) => ({ provider, url }));
}

/** How many episodes and seasons of a series the catalogue has (IMDb's title.episode). */
export async function episodeSummaryOf(db: Db, seriesId: string): Promise<{ episodes: number; seasons: number }> {
  const row = await db
    .selectFrom('titleEpisodes')
    .select((eb) => [eb.fn.countAll<number>().as('episodes'), eb.fn.count<number>('seasonNumber').distinct().as('seasons')])
    .where('seriesId', '=', seriesId)
    .executeTakeFirstOrThrow();
  return { episodes: Number(row.episodes), seasons: Number(row.seasons) };
}

/** A series' episodes in season and episode order (those without a number last), at most `limit`. */
export async function episodesOf(db: Db, seriesId: string, limit: number) {
  return db
    .selectFrom('titleEpisodes')
    .select(['id', 'seasonNumber', 'episodeNumber', 'title', 'startYear'])
    .where('seriesId', '=', seriesId)
    .orderBy(sql`season_number is null`)
    .orderBy('seasonNumber')
    .orderBy(sql`episode_number is null`)
    .orderBy('episodeNumber')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** What a person told onboarding (users.favourite_genres, top_movies, top_shows: JSON arrays), or undefined. */
export function onboardingChoicesOf(db: Db, userId: string) {
  return db.selectFrom('users').select(['favouriteGenres', 'topMovies', 'topShows']).where('id', '=', userId).executeTakeFirst();
}

/** The titles a person rated or keeps on the watchlist (read on ratings_user_title_unique and watchlist_entries_pk, both led by user_id). */
export async function titlesTouchedBy(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('ratings')
    .select('titleId')
    .where('userId', '=', userId)
    .union(db.selectFrom('watchlistEntries').select('titleId').where('userId', '=', userId))
    .execute();
  return new Set(rows.map((r) => r.titleId));
}
