// The search relevance set on the discovery benchmark's catalogue: the million generated titles (generated once into
// /tmp, or BENCH_DB), among which the real titles of titles.fixtures.ts and their near-namesakes are spread. Builds the
// index as the server does, asks every case whose expected title the catalogue holds, and lists the misses. Exits 1
// when a famous title does not come before its near-namesakes (NAMESAKE_CASES) or under 95% of the cases pass.
// Usage: npm run bench -- relevance   (BENCH_TITLES, BENCH_DB; or a SQLite file of the app's schema as argument, for
// instance one the starter catalogue was imported into)
import SQLite from 'better-sqlite3';
import { NAMESAKE_CASES, RELEVANCE_CASES, relevanceFailures } from '../server/src/search/relevance-cases.ts';
import { indexCatalogue, openCatalogue } from './search-setup.ts';

const raw = process.argv[2] ? new SQLite(process.argv[2], { readonly: true }) : await openCatalogue();
const { index, ms } = indexCatalogue(raw);
const titleStmt = raw.prepare('select primary_title from titles where id = ?').pluck();
const titleOf = (id: string) => String(titleStmt.get(id) ?? '?');
const held = RELEVANCE_CASES.filter((c) => index.has(c.expect));
console.log(`search relevance over ${index.size.toLocaleString('en')} titles (index built in ${(ms / 1000).toFixed(1)} s): ${held.length} of ${RELEVANCE_CASES.length} cases have their title here`);
const failures = relevanceFailures(index, held, titleOf);
const namesakes = relevanceFailures(index, NAMESAKE_CASES, titleOf);
const rate = held.length === 0 ? 0 : 1 - failures.length / held.length;
console.log(`  ${held.length - failures.length} of ${held.length} pass (${(rate * 100).toFixed(1)} %); near-namesakes: ${NAMESAKE_CASES.length - namesakes.length} of ${NAMESAKE_CASES.length}`);
if (failures.length > 0) console.log(failures.join('\n'));
for (const type of ['movie', 'tvSeries'] as const) {
  const top = index.browse({ type }, 'rating', 0, 5);
  console.log(`  highest rated ${type}: ${top.ids.map((id, i) => `${titleOf(id)} (${top.scores[i]})`).join(', ')}`);
}
raw.close();
process.exit(namesakes.length === 0 && rate >= 0.95 ? 0 : 1);
