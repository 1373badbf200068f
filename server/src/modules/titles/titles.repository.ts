import type SQLite from 'better-sqlite3';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB, TitleActivityKind, TitlesTable, TitleType } from '../../db/schema.ts';
import type { IndexCard, IndexRow } from '../../search/index.ts';
import { DIGITS_7, titleIdOfKey } from './title-keys.ts';

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
const INDEX_COLUMNS = [
  'id',
  'titleType',
  'primaryTitle',
  'originalTitle',
  'startYear',
  'genres',
  'popularity',
  'imdbRating',
  'imdbVotes',
  'posterUrl',
  'releaseDate',
  'creator',
  'updatedAt',
] as const;

export type IndexRowWithStamp = IndexRow & { updatedAt: Date | string };

/** One page of the catalogue in id order (keyset), for building the search index. */
export async function listIndexRows(db: Db, afterId: string | null, limit: number): Promise<IndexRowWithStamp[]> {
  let q = db.selectFrom('titles').select(INDEX_COLUMNS).orderBy('id').limit(limit);
  if (afterId !== null) q = q.where('id', '>', afterId);
  return (await q.execute()) as IndexRowWithStamp[];
}

/**
 * SQLite only: streams every title's index columns straight from better-sqlite3 in raw (array) mode,
 * about four times faster than building row objects for a million titles. `row` is reused between calls;
 * `rowid` is the row's SQLite rowid (see findTitlePageSqlite).
 */
export function forEachIndexRowSqlite(sqlite: SQLite.Database, fn: (row: IndexRow, rowid: number) => void): void {
  const stmt = sqlite
    .prepare(
      'select id, title_type, primary_title, original_title, start_year, genres, popularity, imdb_rating, imdb_votes, poster_url, release_date, creator, rowid from titles',
    )
    .raw(true);
  const row: IndexRow = {
    id: '',
    titleType: 'movie',
    primaryTitle: '',
    originalTitle: null,
    startYear: null,
    genres: '',
    popularity: 0,
    imdbRating: null,
    imdbVotes: 0,
    posterUrl: null,
    releaseDate: null,
    creator: null,
  };
  for (const r of stmt.iterate() as IterableIterator<unknown[]>) {
    row.id = r[0] as string;
    row.titleType = r[1] as IndexRow['titleType'];
    row.primaryTitle = r[2] as string;
    row.originalTitle = r[3] as string | null;
    row.startYear = r[4] as number | null;
    row.genres = r[5] as string;
    row.popularity = r[6] as number;
    row.imdbRating = r[7] as number | null;
    row.imdbVotes = r[8] as number;
    row.posterUrl = r[9] as string | null;
    row.releaseDate = r[10] as string | null;
    row.creator = r[11] as string | null;
    fn(row, r[12] as number);
  }
}

/** SQLite only: how many titles there are. */
export function countTitlesSqlite(sqlite: SQLite.Database): number {
  return sqlite.prepare('select count(*) from titles').pluck().get() as number;
}

/** Titles created or changed at or after a moment (uses titles_updated_at_idx). */
export async function listIndexRowsChangedSince(db: Db, since: Date | string, op: '>' | '>=', limit: number): Promise<IndexRowWithStamp[]> {
  return (await db.selectFrom('titles').select(INDEX_COLUMNS).where('updatedAt', op, since).orderBy('updatedAt').limit(limit).execute()) as IndexRowWithStamp[];
}

export async function latestTitleChange(db: Db): Promise<Date | string | null> {
  const row = await db.selectFrom('titles').select((eb) => eb.fn.max('updatedAt').as('latest')).executeTakeFirst();
  return (row?.latest as Date | string | null | undefined) ?? null;
}

const CARD_COLUMNS = ['id', 'titleType', 'primaryTitle', 'posterUrl', 'releaseDate', 'startYear', 'imdbRating', 'imdbVotes', 'genres', 'creator'] as const;

/** A card's columns: the same fields the search index holds for each title. */
export type CardRow = IndexCard;

/**
 * SQLite: hot reads go through statements prepared once on the raw handle (Kysely's SQLite driver prepares
 * every query again, which cost more than the query itself under load). Lists of ids travel as one JSON
 * parameter so the statement text never changes. PostgreSQL: the same reads through Kysely.
 */
const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();
/** `raw`: the statement answers each row as an array of its columns (see findTitlePageSqlite). */
function prepared(sqlite: SQLite.Database, text: string, raw = false): SQLite.Statement {
  let byText = statements.get(sqlite);
  if (!byText) {
    byText = new Map();
    statements.set(sqlite, byText);
  }
  const key = raw ? `raw:${text}` : text;
  let st = byText.get(key);
  if (!st) {
    st = sqlite.prepare(text);
    if (raw) st.raw(true);
    byText.set(key, st);
  }
  return st;
}

const CARD_SQL = `select id, title_type as titleType, primary_title as primaryTitle, poster_url as posterUrl, release_date as releaseDate,
  start_year as startYear, imdb_rating as imdbRating, imdb_votes as imdbVotes, genres, creator from titles where id in (select value from json_each(?))`;

export async function findCardRows(database: Database, ids: string[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  if (database.sqlite) return prepared(database.sqlite, CARD_SQL).all(JSON.stringify(ids)) as CardRow[];
  return database.db.selectFrom('titles').select(CARD_COLUMNS).where('id', 'in', ids).execute();
}

const HOME_COLUMNS = [...CARD_COLUMNS, 'backdropUrl', 'plot'] as const;
export type HomeRow = CardRow & { backdropUrl: string | null; plot: string | null };

export async function findHomeRows(db: Db, ids: string[]): Promise<HomeRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('titles').select(HOME_COLUMNS).where('id', 'in', ids).execute();
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

/**
 * SQLite: the title and its people in one row lookup, the people as kept in titles.people_json (see PEOPLE_JSON_OF).
 * Building that array from title_people on each cold page cost as much as reading the title itself.
 */
const TITLE_PAGE_COLUMNS = `id, title_type, primary_title, original_title, start_year, end_year, release_date, runtime_minutes, genres, plot,
  certification, seasons, imdb_rating, imdb_votes, gross_usd, poster_url, backdrop_url, people_json`;
const TITLE_PAGE_SQL = `select ${TITLE_PAGE_COLUMNS} from titles where id = ?`;
const TITLE_PAGE_BY_ROWID_SQL = `select ${TITLE_PAGE_COLUMNS} from titles where rowid = ?`;

/** TITLE_PAGE_SQL's columns, in order. */
type TitlePageColumns = [
  TitleRow['id'],
  TitleRow['titleType'],
  TitleRow['primaryTitle'],
  TitleRow['originalTitle'],
  TitleRow['startYear'],
  TitleRow['endYear'],
  TitleRow['releaseDate'],
  TitleRow['runtimeMinutes'],
  TitleRow['genres'],
  TitleRow['plot'],
  TitleRow['certification'],
  TitleRow['seasons'],
  TitleRow['imdbRating'],
  TitleRow['imdbVotes'],
  TitleRow['grossUsd'],
  TitleRow['posterUrl'],
  TitleRow['backdropUrl'],
  string | null,
];

export interface TitlePage {
  row: TitleRow;
  people: PersonRow[];
}

/**
 * findTitlePage on SQLite, where it is one synchronous statement. The row comes as an array and the object is
 * built here: better-sqlite3 builds a row object property by property, which cost 5 µs of a 13 µs lookup.
 *
 * `rowid`, when known (the search index's build reads every title's, see TitlesService.rowidOf), finds the row in the
 * table's own B-tree and skips the id index: about 6.5 µs a lookup against 8.5 in a warm loop over a million titles,
 * and one tree of cold pages fewer under load. A rowid can change (VACUUM renumbers a table without an INTEGER
 * PRIMARY KEY), so the row found must carry the id asked for; else the title is looked up by id.
 */
export function findTitlePageSqlite(sqlite: NonNullable<Database['sqlite']>, id: string, rowid = -1): TitlePage | undefined {
  let c: TitlePageColumns | undefined;
  if (rowid > 0) {
    c = prepared(sqlite, TITLE_PAGE_BY_ROWID_SQL, true).get(rowid) as TitlePageColumns | undefined;
    if (c !== undefined && c[0] !== id) c = undefined;
  }
  c ??= prepared(sqlite, TITLE_PAGE_SQL, true).get(id) as TitlePageColumns | undefined;
  if (!c) return undefined;
  const row: TitleRow = {
    id: c[0],
    titleType: c[1],
    primaryTitle: c[2],
    originalTitle: c[3],
    startYear: c[4],
    endYear: c[5],
    releaseDate: c[6],
    runtimeMinutes: c[7],
    genres: c[8],
    plot: c[9],
    certification: c[10],
    seasons: c[11],
    imdbRating: c[12],
    imdbVotes: c[13],
    grossUsd: c[14],
    posterUrl: c[15],
    backdropUrl: c[16],
  };
  return { row, people: peopleFrom(c[17]) };
}

function peopleFrom(json: string | null): PersonRow[] {
  const list = json ? (JSON.parse(json) as [string, PersonRow['role'], string | null][]) : [];
  return list.map(([name, role, character]) => ({ name, role, character }));
}

/** A title page's row and its people (creators, directors, actors, writers, each in billing order), or undefined. */
export async function findTitlePage(database: Database, id: string): Promise<TitlePage | undefined> {
  if (database.sqlite) return findTitlePageSqlite(database.sqlite, id);
  const found = await database.db
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
 * The buffered title views, written in the background every few seconds: `counts[i]` of `kind` for `titleIds[i]`
 * on `day`. On SQLite, one prepared upsert per title through Database.writeBatch: on the server a worker thread's
 * connection writes them, in short transactions, so a few thousand different titles viewed in five seconds cost the
 * event loop nothing (written on the event loop, each cost 30-45 µs on a slow machine). They are sent as columns
 * and written in title order, sorted by the writer (neighbouring upserts touch the same index pages: about a third
 * cheaper). Elsewhere, addActivityCounts.
 */
export async function writeActivityBatch(
  database: Database,
  day: string,
  kind: TitleActivityKind,
  titleIds: readonly string[],
  counts: readonly number[],
): Promise<void> {
  if (!database.writeBatch) return addActivityCounts(database.db, titleIds.map((titleId, i) => ({ day, titleId, kind, count: counts[i] })));
  return database.writeBatch(ACTIVITY_UPSERT_SQL, { columns: [day, titleIds, kind, counts, titleIds], orderBy: 1 });
}

/**
 * The title id of a key (title-keys.ts) in SQLite: "tt" and the number in 7 digits below 10,000,000, else in 8
 * (printf, as the driver binds a number as a real).
 */
const ID_OF_KEY_SQL = `case when ? < ${DIGITS_7} then printf('tt%07d', ?) else printf('tt%08d', ? - ${DIGITS_7}) end`;
const ACTIVITY_BY_KEY_UPSERT_SQL = `insert into title_activity_daily (day, title_id, kind, count)
  select ?, t.id, ?, ? from titles t where t.id = ${ID_OF_KEY_SQL}
  on conflict (day, title_id, kind) do update set count = title_activity_daily.count + excluded.count`;

/**
 * As writeActivityBatch, for titles given by their keys (title-keys.ts) and counts in typed arrays: on SQLite the
 * writer makes the ids from the keys, so the sender holds no string per title while the batch is written (held
 * for the half second or so that takes, 20,000 ids were copied and promoted by the garbage collector).
 */
export async function writeActivityByKey(database: Database, day: string, kind: TitleActivityKind, keys: Int32Array, counts: Int32Array): Promise<void> {
  if (keys.length === 0) return;
  if (!database.writeBatch) return writeActivityBatch(database, day, kind, Array.from(keys, titleIdOfKey), Array.from(counts));
  return database.writeBatch(ACTIVITY_BY_KEY_UPSERT_SQL, { columns: [day, kind, counts, keys, keys, keys], orderBy: 3 });
}

export async function addSearchQueryCount(db: Db, day: string, query: string): Promise<void> {
  await db
    .insertInto('searchQueryDaily')
    .values({ day, query, count: 1 })
    .onConflict((oc) => oc.columns(['day', 'query']).doUpdateSet({ count: sql`search_query_daily.count + 1` }))
    .execute();
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

/** The most clicked searches since a day (inclusive): a heavy read (Database.readHeavy). */
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
