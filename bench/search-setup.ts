// What the in-process search benchmarks share (search-cpu, search-ab): the discovery benchmark's catalogue
// (bench/catalogue-file.ts: generated once into /tmp, or BENCH_DB) and its cold queries, each asked once. Index
// rows are read with forEachIndexRowSqlite, as the titles service reads them at start-up.
import SQLite from 'better-sqlite3';
import { catalogueFile } from './catalogue-file.ts';
import { queriesFrom, SAMPLE_SQL, seededRandom, WIDE_SAMPLE_SQL } from './discovery-queries.ts';

/** The benchmark catalogue, generated first when missing. */
export async function openCatalogue(): Promise<SQLite.Database> {
  return new SQLite(await catalogueFile(), { readonly: true });
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

