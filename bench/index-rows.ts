import type SQLite from 'better-sqlite3';
import type { IndexRow } from '../server/src/search/index.ts';

/** Every title's index columns straight from a SQLite catalogue file, for the search benchmarks. */
export function forEachIndexRowSqlite(sqlite: SQLite.Database, fn: (row: IndexRow) => void): void {
  const stmt = sqlite.prepare('select id, title_type, primary_title, original_title, start_year, genres, popularity, imdb_rating, imdb_votes from titles').raw(true);
  for (const r of stmt.iterate() as IterableIterator<unknown[]>) {
    fn({
      id: r[0] as string,
      titleType: r[1] as IndexRow['titleType'],
      primaryTitle: r[2] as string,
      originalTitle: r[3] as string | null,
      startYear: r[4] as number | null,
      genres: r[5] as string,
      popularity: r[6] as number,
      imdbRating: r[7] as number | null,
      imdbVotes: r[8] as number,
    });
  }
}
