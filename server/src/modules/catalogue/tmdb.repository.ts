import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { forEngine } from '../../db/dialect.ts';
import type { DB, TitleType } from '../../db/schema.ts';

/**
 * The TMDB feeds' and poster fill's writes, written once per engine (db/: forEngine picks): one synchronous
 * transaction of prepared statements on SQLite, set-based updates from arrays on PostgreSQL.
 */

const CHUNK = 500;
export const chunks = <T>(list: T[]): T[][] => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

export interface TitleUpdate {
  id: string;
  posterUrl: string | null;
  backdropUrl: string | null;
  tmdbId: number;
  tmdbPopularity: number | null;
  popularity: number;
  releaseDate: string | null;
  plot: string | null;
}

export interface NewTitleRow {
  id: string;
  imdbId: string | null;
  tmdbId: number;
  primaryTitle: string;
  originalTitle: string | null;
  searchText: string;
  matchKey: string;
  startYear: number | null;
  releaseDate: string;
  genres: string;
  plot: string | null;
  posterUrl: string | null;
  backdropUrl: string | null;
  tmdbPopularity: number;
  popularity: number;
}

export interface UpcomingListRow {
  titleId: string;
  rank: number;
  tmdbId: number;
  releaseDate: string;
}

/** One transaction: title updates and additions, then the upcoming list replaced. Answers the list's length. */
export async function writeFeedChanges(
  database: Database,
  updates: TitleUpdate[],
  inserts: NewTitleRow[],
  list: UpcomingListRow[] | null,
): Promise<number | null> {
    const now = new Date().toISOString();
  const genreRows = inserts.flatMap((t) => (t.genres ? t.genres.split(',').map((genre) => ({ titleId: t.id, genre })) : []));
  const titleRows = inserts.map((t) => ({
    ...t,
    justwatchId: null,
    titleType: 'movie' as const,
    endYear: null,
    runtimeMinutes: null,
    certification: null,
    seasons: null,
    imdbRating: null,
    imdbVotes: 0,
    grossUsd: null,
    budgetUsd: null,
    createdAt: now,
    updatedAt: now,
  }));

  const onSqlite = (sqlite: SQLite.Database): number | null => {
    // better-sqlite3 is synchronous: the whole write happens between two requests, nothing interleaves.
    const update = sqlite.prepare(
      `update titles set poster_url = coalesce(poster_url, @posterUrl), backdrop_url = coalesce(backdrop_url, @backdropUrl),
       tmdb_id = coalesce(tmdb_id, @tmdbId), tmdb_popularity = @tmdbPopularity, popularity = @popularity,
       release_date = coalesce(release_date, @releaseDate), plot = coalesce(plot, @plot), updated_at = @now where id = @id`,
    );
    const columns = Object.keys(titleRows[0] ?? {}).map((k) => k.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`));
    const insert = titleRows.length
      ? sqlite.prepare(`insert into titles (${columns.join(', ')}) values (${Object.keys(titleRows[0]).map((k) => `@${k}`).join(', ')}) on conflict do nothing`)
      : null;
    const insertGenre = sqlite.prepare('insert or ignore into title_genres (title_id, genre) values (?, ?)');
    const clear = sqlite.prepare('delete from tmdb_upcoming');
    const listRow = sqlite.prepare(
      `insert into tmdb_upcoming (title_id, rank, tmdb_id, release_date, refreshed_at)
       select @titleId, @rank, @tmdbId, @releaseDate, @now where exists (select 1 from titles where id = @titleId)`,
    );
    return sqlite.transaction(() => {
      for (const u of updates) update.run({ ...u, now });
      for (const t of titleRows) insert?.run(t);
      for (const g of genreRows) insertGenre.run(g.titleId, g.genre);
      if (!list) return null;
      clear.run();
      let n = 0;
      for (const r of list) n += listRow.run({ ...r, now }).changes;
      return n;
      // IMMEDIATE, as every transaction on the main connection (see ImmediateSqliteDriver in db/database.ts).
    }).immediate();
  };

  const onPostgres = () => database.db.transaction().execute(async (trx) => {
    for (const part of chunks(updates)) {
      await sql`update titles t set poster_url = coalesce(t.poster_url, v.poster_url), backdrop_url = coalesce(t.backdrop_url, v.backdrop_url),
        tmdb_id = coalesce(t.tmdb_id, v.tmdb_id), tmdb_popularity = v.tmdb_popularity, popularity = v.popularity,
        release_date = coalesce(t.release_date, v.release_date), plot = coalesce(t.plot, v.plot), updated_at = ${now}::timestamptz
        from unnest(${part.map((u) => u.id)}::text[], ${part.map((u) => u.posterUrl)}::text[], ${part.map((u) => u.backdropUrl)}::text[],
          ${part.map((u) => u.tmdbId)}::int[], ${part.map((u) => u.tmdbPopularity)}::float8[], ${part.map((u) => u.popularity)}::float8[],
          ${part.map((u) => u.releaseDate)}::text[], ${part.map((u) => u.plot)}::text[])
          as v(id, poster_url, backdrop_url, tmdb_id, tmdb_popularity, popularity, release_date, plot)
        where t.id = v.id`.execute(trx);
    }
    for (const part of chunks(titleRows)) await trx.insertInto('titles').values(part).onConflict((oc) => oc.doNothing()).execute();
    for (const part of chunks(genreRows)) await trx.insertInto('titleGenres').values(part).onConflict((oc) => oc.doNothing()).execute();
    if (!list) return null;
    await trx.deleteFrom('tmdbUpcoming').execute();
    if (!list.length) return 0;
    const res = await sql`insert into tmdb_upcoming (title_id, rank, tmdb_id, release_date, refreshed_at)
      select v.title_id, v.rank, v.tmdb_id, v.release_date, ${now}::timestamptz
      from unnest(${list.map((r) => r.titleId)}::text[], ${list.map((r) => r.rank)}::int[], ${list.map((r) => r.tmdbId)}::int[],
        ${list.map((r) => r.releaseDate)}::text[]) as v(title_id, rank, tmdb_id, release_date)
      join titles t on t.id = v.title_id`.execute(trx);
    return Number(res.numAffectedRows ?? 0);
  });

  return forEngine<Promise<number | null>>(database, { sqlite: async (sqlite) => onSqlite(sqlite), postgres: onPostgres });
}

/** Fills the blanks of titles' posters, backdrops and TMDB ids with what TMDB found. */
export async function writePosters(
  database: Database,
  found: readonly { id: string; poster: string | null; backdrop: string | null; tmdbId: number }[],
): Promise<void> {
  const now = new Date().toISOString();
  await forEngine<Promise<unknown>>(database, {
    sqlite: async (sqlite) => {
      const update = sqlite.prepare(
        `update titles set poster_url = coalesce(poster_url, ?), backdrop_url = coalesce(backdrop_url, ?),
         tmdb_id = coalesce(tmdb_id, ?), updated_at = ? where id = ?`,
      );
      // IMMEDIATE, as every transaction on the main connection (see ImmediateSqliteDriver in db/database.ts).
      sqlite
        .transaction(() => {
          for (const f of found) update.run(f.poster, f.backdrop, f.tmdbId, now, f.id);
        })
        .immediate();
    },
    postgres: (pool) =>
      pool.query(
        `update titles t set poster_url = coalesce(t.poster_url, v.poster), backdrop_url = coalesce(t.backdrop_url, v.backdrop),
         tmdb_id = coalesce(t.tmdb_id, v.tmdb_id), updated_at = $5
         from unnest($1::text[], $2::text[], $3::text[], $4::int[]) as v(id, poster, backdrop, tmdb_id) where t.id = v.id`,
        [found.map((f) => f.id), found.map((f) => f.poster), found.map((f) => f.backdrop), found.map((f) => f.tmdbId), now],
      ),
  });
}

/** TMDB's where-to-watch rows of these titles, replaced, and when they were read: in one transaction, 500 rows a statement. */
export async function replaceTmdbProviders(
  database: Database,
  titleIds: readonly string[],
  rows: readonly { titleId: string; provider: string; country: string; source: string; url: string | null }[],
  checkedAt = Date.now(),
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < titleIds.length; i += 500) {
      await trx.deleteFrom('titleProviders').where('source', '=', 'tmdb').where('titleId', 'in', titleIds.slice(i, i + 500)).execute();
      await trx
        .insertInto('titleProviderChecks')
        .values(titleIds.slice(i, i + 500).map((titleId) => ({ titleId, checkedAt })))
        .onConflict((oc) => oc.column('titleId').doUpdateSet({ checkedAt }))
        .execute();
    }
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('titleProviders')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.columns(['titleId', 'country', 'provider']).doUpdateSet((eb) => ({ url: eb.ref('excluded.url') })))
        .execute();
    }
  });
}

/** Titles TMDB knows whose watch providers were read longest ago: never read first (most popular first), then the oldest. */
export async function titlesDueForProviders(db: Kysely<DB>, limit: number): Promise<{ id: string; tmdbId: number | null; titleType: TitleType }[]> {
  return db
    .selectFrom('titles')
    .leftJoin('titleProviderChecks as c', 'c.titleId', 'titles.id')
    .select(['titles.id', 'titles.tmdbId', 'titles.titleType'])
    .where('titles.tmdbId', 'is not', null)
    .orderBy(sql`coalesce(c.checked_at, 0)`)
    .orderBy('titles.popularity', 'desc')
    .orderBy('titles.id')
    .limit(limit)
    .execute();
}
