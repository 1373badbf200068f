// What a search costs in process, without HTTP: builds the search index from the discovery benchmark's catalogue
// (bench/discovery.ts generates it; BENCH_DB picks another SQLite file), then answers the discovery benchmark's
// cold queries (each asked once) the way the titles service answers a search box that has no kept answer:
// parse, search for ten suggestions, write their cards as JSON. Several passes, so the first shows
// the cost before the code is compiled and the others the steady cost. CPU time per query is what open-loop
// latency depends on (a server at 2,000 searches a second is busy for 2,000 times that each second), and it
// varies far less between runs on a shared machine than a p99 over HTTP.
// The last pass is also broken down by the kind of query (whole title, prefix, word and year, typo, two words, last word).
// Usage: npm run bench -- search-cpu   (BENCH_TITLES=1000000, BENCH_DB=/tmp/..., BENCH_PASSES=3, BENCH_CARDS=objects,
// BENCH_SLOWEST=<n> lists the n slowest queries of the last pass; BENCH_KIND=typo keeps
// one kind of query, for a profile of it: node --cpu-prof --import tsx bench/search-cpu.ts)
import { cpus } from 'node:os';
import { JsonBytes } from '../server/src/lib/json-bytes.ts';
import { presentCard } from '../server/src/modules/titles/titles.presenter.ts';
import { SUGGESTION_LIMIT } from '../server/src/modules/titles/titles.shared.ts';
import { parseQuery, SegmentBuilder, TitleSearchIndex } from '../server/src/search/index.ts';
import { QUERY_KINDS } from './discovery-queries.ts';
import { forEachIndexRowSqlite } from './index-rows.ts';
import { coldQueriesWithKinds, openCatalogue } from './search-setup.ts';

const PASSES = Math.max(1, Number(process.env.BENCH_PASSES ?? 3));
const asObjects = process.env.BENCH_CARDS === 'objects';
const raw = await openCatalogue();
const t0 = performance.now();
const index = new TitleSearchIndex();
const builder = new SegmentBuilder(index.genres);
forEachIndexRowSqlite(raw, (row) => builder.push(row));
index.replace(builder.finish());
const buildMs = performance.now() - t0;
const onlyKind = process.env.BENCH_KIND;
if (onlyKind && !(QUERY_KINDS as readonly string[]).includes(onlyKind)) throw new Error(`BENCH_KIND: one of ${QUERY_KINDS.join(', ')}`);
const withKinds = coldQueriesWithKinds(raw).filter(([, kind]) => !onlyKind || QUERY_KINDS[kind] === onlyKind);
const queries = withKinds.map(([query]) => query);
raw.close();

const json = new JsonBytes();
const HEAD = JsonBytes.literal('{"data":[');
/**
 * One search-box answer for a query nobody asked before, as the titles service makes it (TitlesService.written):
 * the cards written from the index's bytes, or (BENCH_CARDS=objects, or a card that needs escaping) presented and
 * serialized; returns the JSON's length.
 */
function answer(input: string): number {
  const q = parseQuery(input);
  if (q.tokens.length === 0) return 0;
  const { ids } = index.search(q, { type: null, limit: SUGGESTION_LIMIT });
  if (!asObjects) {
    const bytes = index.cardsJson(ids, HEAD, ']}', json);
    if (bytes !== undefined) return bytes.length;
  }
  const cards = [];
  for (let i = 0; i < ids.length; i++) {
    const card = index.card(ids[i], i);
    if (card) cards.push(presentCard(card));
  }
  return JSON.stringify({ data: cards }).length;
}

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
console.log(
  `search in process: ${queries.length.toLocaleString('en')} cold queries over ${index.size.toLocaleString('en')} titles (index built in ${(buildMs / 1000).toFixed(1)} s), node ${process.version}, ${cpus()[0]?.model.trim()}`,
);
const times = new Float64Array(queries.length);
let bytes = 0;
for (let pass = 1; pass <= PASSES; pass++) {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  for (let i = 0; i < queries.length; i++) {
    const s = performance.now();
    bytes += answer(queries[i]);
    times[i] = performance.now() - s;
  }
  const wallMs = performance.now() - wall0;
  const cpu = process.cpuUsage(cpu0);
  const sorted = times.slice().sort();
  const us = (ms: number) => (ms * 1000).toFixed(0).padStart(5);
  console.log(
    `  pass ${pass}: ${(wallMs / 1000).toFixed(2)} s, CPU ${(((cpu.user + cpu.system) / queries.length) | 0).toString().padStart(4)} µs/query; per query p50 ${us(percentile(sorted, 50))} µs  p90 ${us(percentile(sorted, 90))} µs  p99 ${us(percentile(sorted, 99))} µs  max ${us(sorted[sorted.length - 1])} µs`,
  );
}
if (process.env.BENCH_SLOWEST) {
  const order = [...times.keys()].sort((a, b) => times[b] - times[a]).slice(0, Number(process.env.BENCH_SLOWEST));
  for (const i of order) console.log(`    ${(times[i] * 1000).toFixed(0).padStart(6)} µs  ${QUERY_KINDS[withKinds[i][1]].padEnd(14)} ${JSON.stringify(queries[i])}`);
  const s = times.slice().sort();
  console.log(`    p99.9 ${(percentile(s, 99.9) * 1000).toFixed(0)} µs, p99.99 ${(percentile(s, 99.99) * 1000).toFixed(0)} µs`);
}
if (bytes === 0) throw new Error('no query found anything: the benchmark catalogue is wrong');
// The last pass by kind of query: what each kind costs, and its share of all the time.
const total = times.reduce((a, b) => a + b, 0);
for (let k = 0; k < QUERY_KINDS.length; k++) {
  const mine = Float64Array.from(withKinds.flatMap(([, kind], i) => (kind === k ? [times[i]] : [])));
  if (mine.length === 0) continue;
  const sum = mine.reduce((a, b) => a + b, 0);
  mine.sort();
  console.log(
    `    ${QUERY_KINDS[k].padEnd(14)} ${mine.length.toString().padStart(6)} queries: mean ${((sum / mine.length) * 1000).toFixed(0).padStart(4)} µs, p50 ${(percentile(mine, 50) * 1000).toFixed(0).padStart(4)} µs, p90 ${(percentile(mine, 90) * 1000).toFixed(0).padStart(4)} µs; ${((100 * sum) / total).toFixed(1)} % of the time`,
  );
}
