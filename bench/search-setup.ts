// What the in-process search benchmarks share (search-cpu, search-junk, relevance): the discovery benchmark's catalogue
// (bench/catalogue-file.ts: generated once into /tmp, or BENCH_DB), the search index built from it, and its cold
// queries, each asked once.
import SQLite from 'better-sqlite3';
import { type IndexRow, SegmentBuilder, TitleSearchIndex } from '../server/src/search/index.ts';
import { catalogueFile } from './catalogue-file.ts';
import { queriesFrom, SAMPLE_SQL, seededRandom, WIDE_SAMPLE_SQL } from './discovery-queries.ts';

/** The benchmark catalogue, generated first when missing. */
export async function openCatalogue(): Promise<SQLite.Database> {
  return new SQLite(await catalogueFile(), { readonly: true });
}

/** The search index of the catalogue, built from its rows as the server builds it at start-up; and how long that took. */
export function indexCatalogue(raw: SQLite.Database): { index: TitleSearchIndex; ms: number } {
  const t0 = performance.now();
  const index = new TitleSearchIndex();
  const builder = new SegmentBuilder(index.genres);
  const rows = raw
    .prepare('select id, title_type, primary_title, original_title, start_year, genres, popularity, imdb_rating, imdb_votes from titles')
    .raw(true)
    .iterate() as IterableIterator<unknown[]>;
  for (const r of rows) {
    const row: IndexRow = {
      id: r[0] as string,
      titleType: r[1] as IndexRow['titleType'],
      primaryTitle: r[2] as string,
      originalTitle: r[3] as string | null,
      startYear: r[4] as number | null,
      genres: r[5] as string,
      popularity: r[6] as number,
      imdbRating: r[7] as number | null,
      imdbVotes: r[8] as number,
    };
    builder.push(row);
  }
  index.replace(builder.finish());
  return { index, ms: performance.now() - t0 };
}

/**
 * Cold queries from a wide sample of titles (the first call to queriesFrom, on 600 sampled titles, only advances
 * the generator, so the queries stay those earlier figures were measured with).
 */
export function coldQueries(raw: SQLite.Database): string[] {
  return coldQueriesWithKinds(raw).map(([query]) => query);
}

/** The same cold queries, each with its kind (an index into QUERY_KINDS: the kind it was first made as). */
export function coldQueriesWithKinds(raw: SQLite.Database): [string, number][] {
  const rand = seededRandom(42);
  const sample = raw.prepare(SAMPLE_SQL).all() as { title: string; year: number }[];
  queriesFrom(sample.slice(0, 600), rand);
  const wide = raw.prepare(WIDE_SAMPLE_SQL).all() as { title: string; year: number }[];
  const seen = new Set<string>();
  const out: [string, number][] = [];
  queriesFrom(wide, rand).forEach((query, i) => {
    if (seen.has(query)) return;
    seen.add(query);
    out.push([query, i % 6]);
  });
  return out;
}

