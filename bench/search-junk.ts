// What queries that find little or nothing cost the search index: the passes for typos, words typed together and
// words left out run only for them, so the cold-query benchmarks (search-cpu, search-ab) hardly reach those passes.
// Builds the index of the discovery benchmark's catalogue in process, then answers BENCH_QUERIES (default 15,000)
// generated queries three ways each (the search box, the movies tab's second page, the series tab's first page):
// words of the catalogue typed together, with a year, reversed, behind a run of x, followed by two words typed
// together, or as they are. Prints the mean, p50, p99 and maximum per search, and the slowest queries; then the same
// for 2,000 queries of two to eight single characters ("a b c d e f g h"), which read as beginnings of words would
// make every title a candidate.
// Usage: npm run bench -- search-junk   (BENCH_QUERIES, BENCH_TITLES, BENCH_DB)

import { SegmentBuilder, TitleSearchIndex, type IndexTitleType as TitleType } from '../server/src/search/index.ts';
import { seededRandom } from './discovery-queries.ts';
import { forEachIndexRowSqlite } from './index-rows.ts';
import { coldQueries, openCatalogue } from './search-setup.ts';

const COUNT = Number(process.env.BENCH_QUERIES ?? 15_000);
const raw = await openCatalogue();
const index = new TitleSearchIndex();
const builder = new SegmentBuilder(index.genres);
forEachIndexRowSqlite(raw, (row) => builder.push(row));
index.replace(builder.finish());
const words = [...new Set(coldQueries(raw).flatMap((q) => q.toLowerCase().split(/\s+/)).filter(Boolean))];
raw.close();

const rand = seededRandom(11);
const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)];
function query(): string {
  const parts = Array.from({ length: 1 + Math.floor(rand() * 6) }, () => pick(words));
  const r = rand();
  if (r < 0.3) return parts.join('');
  if (r < 0.4) return `${parts.join('')} ${1900 + Math.floor(rand() * 130)}`;
  if (r < 0.5) return [...parts.join(' ')].reverse().join('');
  if (r < 0.6) return 'x'.repeat(Math.floor(rand() * 60)) + parts.join('');
  if (r < 0.7) return `${parts.join(' ')} ${pick(words)}${pick(words)}`;
  return parts.join(' ');
}

const ways: { type: TitleType | null; offset: number }[] = [
  { type: null, offset: 0 },
  { type: 'movie', offset: 20 },
  { type: 'tvSeries', offset: 0 },
];
const queries = Array.from({ length: COUNT }, query);
// A first pass so that the timed one measures compiled code.
for (const q of queries.slice(0, 2000)) for (const w of ways) index.search(q, { type: w.type, limit: 10, offset: w.offset });
const times: { ms: number; query: string; type: TitleType | null }[] = [];
let empty = 0;
for (const q of queries) {
  for (const w of ways) {
    const t = performance.now();
    const found = index.search(q, { type: w.type, limit: 10, offset: w.offset });
    times.push({ ms: performance.now() - t, query: q, type: w.type });
    if (found.ids.length === 0) empty++;
  }
}
times.sort((a, b) => a.ms - b.ms);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].ms;
const us = (ms: number) => `${Math.round(ms * 1000)} µs`;
const mean = times.reduce((s, t) => s + t.ms, 0) / times.length;
console.log(`search-junk: ${times.length.toLocaleString('en')} searches of ${COUNT.toLocaleString('en')} generated queries over ${index.size.toLocaleString('en')} titles, ${empty.toLocaleString('en')} with no answer`);
console.log(`  mean ${us(mean)}, p50 ${us(at(0.5))}, p99 ${us(at(0.99))}, max ${us(times[times.length - 1].ms)}`);
console.log('  slowest:');
for (const t of times.slice(-8).reverse()) console.log(`    ${t.ms.toFixed(1)} ms  ${t.type ?? 'any type'}  ${JSON.stringify(t.query)}`);

// Single characters: two to eight letters or digits apart, the search box's worst case for candidates.
const CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const letterQueries = Array.from({ length: 2_000 }, () => Array.from({ length: 2 + Math.floor(rand() * 7) }, () => CHARS[Math.floor(rand() * CHARS.length)]).join(' '));
const letterTimes: { ms: number; query: string; type: TitleType | null }[] = [];
for (const q of letterQueries) {
  for (const w of ways) {
    const t = performance.now();
    index.search(q, { type: w.type, limit: 10, offset: w.offset });
    letterTimes.push({ ms: performance.now() - t, query: q, type: w.type });
  }
}
letterTimes.sort((a, b) => a.ms - b.ms);
const lat = (p: number) => letterTimes[Math.min(letterTimes.length - 1, Math.floor(p * letterTimes.length))].ms;
const lmean = letterTimes.reduce((s, t) => s + t.ms, 0) / letterTimes.length;
console.log(`single characters: ${letterTimes.length.toLocaleString('en')} searches of ${letterQueries.length.toLocaleString('en')} queries`);
console.log(`  mean ${us(lmean)}, p50 ${us(lat(0.5))}, p99 ${us(lat(0.99))}, max ${us(letterTimes[letterTimes.length - 1].ms)}`);
console.log('  slowest:');
for (const t of letterTimes.slice(-5).reverse()) console.log(`    ${t.ms.toFixed(1)} ms  ${t.type ?? 'any type'}  ${JSON.stringify(t.query)}`);
