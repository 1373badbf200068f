import type { Database } from '../src/db/database.ts';
import type { IndexRow } from '../src/search/index.ts';

/** Every title of the database as the search index takes it (for tests that build an index of an imported catalogue). */
export async function indexRowsOf(database: Database): Promise<IndexRow[]> {
  const rows = await database.db
    .selectFrom('titles')
    .select(['id', 'titleType', 'primaryTitle', 'originalTitle', 'startYear', 'genres', 'popularity', 'imdbRating', 'imdbVotes'])
    .execute();
  return rows.map((r) => ({ ...r, titleType: r.titleType as IndexRow['titleType'], popularity: Number(r.popularity), imdbRating: r.imdbRating === null ? null : Number(r.imdbRating) }));
}
