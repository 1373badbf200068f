import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** A movie with a release date ahead: from TMDB's upcoming list (rank set) or from the catalogue (rank null). */
export interface UpcomingRow {
  id: string;
  releaseDate: string;
  rank: number | null;
  popularity: number;
}

/** TMDB's upcoming movies releasing on or after a day (YYYY-MM-DD), in TMDB's order within a day. */
export async function listTmdbUpcoming(db: Db, fromDay: string, limit: number): Promise<UpcomingRow[]> {
  return db
    .selectFrom('tmdbUpcoming as u')
    .innerJoin('titles as t', 't.id', 'u.titleId')
    .select(['t.id', 'u.releaseDate', 'u.rank', 't.popularity'])
    .where('t.titleType', '=', 'movie')
    .where('u.releaseDate', '>=', fromDay)
    .orderBy('u.releaseDate')
    .orderBy('u.rank')
    .limit(limit)
    .execute();
}

/** Catalogue movies releasing on or after a day, soonest first (titles_type_release_idx). */
export async function listCatalogueUpcoming(db: Db, fromDay: string, limit: number): Promise<UpcomingRow[]> {
  const rows = await db
    .selectFrom('titles')
    .select(['id', 'releaseDate', 'popularity'])
    .where('titleType', '=', 'movie')
    .where('releaseDate', '>=', fromDay)
    .orderBy('releaseDate')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, releaseDate: r.releaseDate as string, rank: null, popularity: r.popularity }));
}
