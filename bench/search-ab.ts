// The search index at a git revision against the working tree's, in one process: both indexes are built from
// the discovery benchmark's catalogue, then the cold queries are answered in alternating blocks of 500 (old
// then new, new then old), so a shared machine's drift from one minute to the next falls on both alike. Prints
// CPU time per query for each, their ratio, and how many queries answer differently (ten suggestions, a second
// page of movies, a first page of series). The revision's search-index.ts is loaded with the working tree's
// other modules (its relative imports are pointed at them).
// Usage: npm run bench -- search-ab [revision, default HEAD]   (BENCH_PASSES=3, BENCH_TITLES, BENCH_DB, BENCH_SHOW=1,
// or BENCH_SHOW=<n> for n examples)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { presentCard } from '../server/src/modules/titles/titles.presenter.ts';
import { SUGGESTION_LIMIT } from '../server/src/modules/titles/titles.shared.ts';
import * as Current from '../server/src/search/index.ts';
import { forEachIndexRowSqlite } from './index-rows.ts';
import { coldQueries, openCatalogue } from './search-setup.ts';

type SearchModule = typeof Current;
const REVISION = process.argv[2] ?? 'HEAD';
const PASSES = Math.max(1, Number(process.env.BENCH_PASSES ?? 3));
const BLOCK = 500;
const SOURCE = 'server/src/search/search-index.ts';

// The revision's file, with its relative imports made absolute so that it runs from a temporary directory.
const old = execFileSync('git', ['show', `${REVISION}:${SOURCE}`], { encoding: 'utf8' });
const dir = dirname(resolve(SOURCE));
const rewritten = old.replace(/from '(\.{1,2}\/[^']+)'/g, (_m, spec: string) => `from '${pathToFileURL(resolve(dir, spec)).href}'`);
const tmp = mkdtempSync(join(tmpdir(), 'reelhouse-search-ab-'));
const oldFile = join(tmp, 'search-index.ts');
writeFileSync(oldFile, rewritten);
let Old: SearchModule;
try {
  Old = (await import(pathToFileURL(oldFile).href)) as SearchModule;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const raw = await openCatalogue();
function build(M: SearchModule): Current.TitleSearchIndex {
  const index = new M.TitleSearchIndex();
  const builder = new M.SegmentBuilder(index.genres);
  forEachIndexRowSqlite(raw, (row) => builder.push(row));
  index.replace(builder.finish());
  return index as Current.TitleSearchIndex;
}
const sides = [
  { name: REVISION, M: Old, index: build(Old) },
  { name: 'working tree', M: Current, index: build(Current) },
];
const queries = coldQueries(raw);
raw.close();

/** A search-box answer as the titles service makes it without a kept one; returns the JSON's length. */
function answer(side: (typeof sides)[number], input: string): number {
  const q = side.M.parseQuery(input);
  if (q.tokens.length === 0) return 0;
  const cards = [];
  for (const id of side.index.search(q, { type: null, limit: SUGGESTION_LIMIT }).ids) {
    const card = side.index.card(id);
    if (card) cards.push(presentCard(card));
  }
  return JSON.stringify({ data: cards }).length;
}

function pages(side: (typeof sides)[number], input: string): string {
  const q = side.M.parseQuery(input);
  if (q.tokens.length === 0) return '';
  const a = side.index.search(q, { type: null, limit: SUGGESTION_LIMIT });
  const b = side.index.search(q, { type: 'movie', limit: 20, offset: 20 });
  const c = side.index.search(q, { type: 'tvSeries', limit: 10 });
  return [a, b, c].map((r) => `${r.ids.join(',')}|${r.hasMore}`).join(' ');
}

let differ = 0;
// How many differ in each part: the ten suggestions, the second page of movies, the first page of series.
const partsDiffer = [0, 0, 0];
const examples: string[] = [];
// Examples whose suggestions agree, but not another part: shown when no suggestions differ.
const otherExamples: [string, number][] = [];
const EXAMPLES = Math.max(5, Number(process.env.BENCH_SHOW) || 0);
for (const input of queries) {
  const [a, b] = [pages(sides[0], input), pages(sides[1], input)];
  if (a !== b) {
    differ++;
    const [pa, pb] = [a.split(' '), b.split(' ')];
    for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) partsDiffer[i]++;
    // The examples shown are those whose suggestions differ, when there are any.
    if (examples.length < EXAMPLES && pa[0] !== pb[0]) examples.push(input);
    else if (otherExamples.length < EXAMPLES && pa[0] === pb[0]) otherExamples.push([input, pa[1] !== pb[1] ? 1 : 2]);
  }
}
/** The part of `pages` an example is shown for: the suggestions, the second page of movies, the first page of series. */
const PARTS = [
  { type: null, limit: SUGGESTION_LIMIT, offset: 0 },
  { type: 'movie', limit: 20, offset: 20 },
  { type: 'tvSeries', limit: 10, offset: 0 },
] as const;
const shownExamples: [string, number][] = examples.length > 0 ? examples.map((e) => [e, 0]) : otherExamples;
console.log(`search A/B: ${REVISION} against the working tree, ${queries.length.toLocaleString('en')} cold queries over ${sides[1].index.size.toLocaleString('en')} titles`);
console.log(`  answers that differ: ${differ}${shownExamples.length ? ` (for example ${shownExamples.slice(0, 5).map(([e]) => JSON.stringify(e)).join(', ')})` : ''}`);
console.log(`    in the suggestions ${partsDiffer[0]}, the second page of movies ${partsDiffer[1]}, the first page of series ${partsDiffer[2]}`);
// BENCH_SHOW: the suggestions of those examples (or the part that differs), each side's first five (title, year, votes).
if (process.env.BENCH_SHOW) {
  for (const [input, part] of shownExamples) {
    console.log(`  ${JSON.stringify(input)}${part === 0 ? '' : part === 1 ? ' (second page of movies)' : ' (first page of series)'}`);
    for (const [k, side] of sides.entries()) {
      const ids = side.index.search(side.M.parseQuery(input), PARTS[part]).ids.slice(0, 5);
      const shown = ids.map((id) => {
        const c = side.index.card(id);
        return c ? `${c.primaryTitle} (${c.startYear ?? '?'}, ${c.imdbVotes})` : id;
      });
      console.log(`    ${k === 0 ? REVISION : 'working tree'}: ${shown.join(' | ')}`);
    }
  }
}

const times = sides.map(() => new Float64Array(queries.length));
const us = (ms: number) => (ms * 1000).toFixed(0).padStart(4);
for (let pass = 1; pass <= PASSES; pass++) {
  const total = [0, 0];
  for (let i = 0; i < queries.length; i += BLOCK) {
    const end = Math.min(queries.length, i + BLOCK);
    const order = (i / BLOCK + pass) % 2 === 0 ? [0, 1] : [1, 0];
    for (const s of order) {
      const t0 = performance.now();
      for (let k = i; k < end; k++) {
        const t = performance.now();
        answer(sides[s], queries[k]);
        times[s][k] = performance.now() - t;
      }
      total[s] += performance.now() - t0;
    }
  }
  const line = sides.map((side, s) => {
    const sorted = times[s].slice().sort();
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
    return `${side.name} ${us(total[s] / queries.length)} µs/query (p50 ${us(at(0.5))}, p90 ${us(at(0.9))}, p99 ${us(at(0.99))})`;
  });
  console.log(`  pass ${pass}: ${line.join('  ')}  ratio ${(total[1] / total[0]).toFixed(3)}`);
}
