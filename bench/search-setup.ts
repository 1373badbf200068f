// What the in-process search benchmarks share (search-cpu, search-junk, relevance): the discovery benchmark's catalogue
// (generated once into /tmp, or BENCH_DB), the search index built from it, and its cold queries, each asked once.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type IndexRow, SegmentBuilder, TitleSearchIndex } from '../server/src/search/index.ts';
import { GENERATOR_VERSION, generateCatalogue } from './discovery-catalogue.ts';
import { queriesFrom, SAMPLE_SQL, seededRandom, WIDE_SAMPLE_SQL } from './discovery-queries.ts';

const COUNT = Number(process.env.BENCH_TITLES ?? 1_000_000);
export const DB_FILE = process.env.BENCH_DB ?? join(tmpdir(), `reelhouse-discovery-v${GENERATOR_VERSION}-${COUNT}.db`);

/** The benchmark catalogue, generated first when missing. */
export async function openCatalogue(): Promise<SQLite.Database> {
  if (!existsSync(DB_FILE)) {
    console.log(`generating ${COUNT.toLocaleString('en')} titles into ${DB_FILE} (once; reused afterwards)`);
    await generateCatalogue(DB_FILE, COUNT);
  }
  return new SQLite(DB_FILE, { readonly: true });
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
 * The same cold queries as bench/discovery.ts: its first call to queriesFrom (600 sampled titles) draws from the
 * generator too, so it is made here as well for the wide sample to get the same queries.
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

