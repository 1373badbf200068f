// What the search index costs the garbage collector: builds the index from the discovery benchmark's catalogue
// (bench/discovery.ts generates it; BENCH_DB picks another SQLite file), then times full collections with and
// without it, and prints the heap it keeps and how many objects a heap snapshot counts.
// Usage: npm run bench -- index-gc   (BENCH_TITLES=1000000, BENCH_DB=/tmp/...)
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import SQLite from 'better-sqlite3';
import { SegmentBuilder, TitleSearchIndex } from '../server/src/search/index.ts';
import { GENERATOR_VERSION, generateCatalogue } from './discovery-catalogue.ts';
import { forEachIndexRowSqlite } from './index-rows.ts';

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) {
  console.error('Run with --expose-gc (npm run bench -- index-gc does).');
  process.exit(1);
}
const COUNT = Number(process.env.BENCH_TITLES ?? 1_000_000);
const DB_FILE = process.env.BENCH_DB ?? join(tmpdir(), `reelhouse-discovery-v${GENERATOR_VERSION}-${COUNT}.db`);
if (!existsSync(DB_FILE)) {
  console.log(`generating ${COUNT.toLocaleString('en')} titles into ${DB_FILE} (once; reused afterwards)`);
  await generateCatalogue(DB_FILE, COUNT);
}

/** Mean time of `rounds` full collections, after two to settle. */
function fullCollection(rounds = 5): { ms: number; heapMb: number } {
  collect?.();
  collect?.();
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) collect?.();
  return { ms: (performance.now() - t0) / rounds, heapMb: process.memoryUsage().heapUsed / 1e6 };
}

/** Objects on the heap, from a snapshot (written to a temporary file, then removed). */
function heapObjects(): number {
  const file = v8.writeHeapSnapshot(join(tmpdir(), `reelhouse-index-gc-${process.pid}.heapsnapshot`));
  try {
    const { snapshot } = JSON.parse(readFileSync(file, 'utf8')) as { snapshot: { node_count: number } };
    return snapshot.node_count;
  } finally {
    rmSync(file, { force: true });
  }
}

// Built in a function of its own, so nothing of the builder stays reachable from this frame.
function build(): { index: TitleSearchIndex; ms: number } {
  const t0 = performance.now();
  const raw = new SQLite(DB_FILE, { readonly: true });
  const index = new TitleSearchIndex();
  const builder = new SegmentBuilder(index.genres);
  forEachIndexRowSqlite(raw, (row) => builder.push(row));
  index.replace(builder.finish());
  raw.close();
  return { index, ms: performance.now() - t0 };
}

const before = fullCollection();
const objectsBefore = heapObjects();
const built = build();
const after = fullCollection();
const objectsAfter = heapObjects();
console.log(`search index over ${built.index.size.toLocaleString('en')} titles, built in ${(built.ms / 1000).toFixed(1)} s (node ${process.version})`);
console.log(`  without the index: full collection ${before.ms.toFixed(1)} ms, heap ${before.heapMb.toFixed(0)} MB, ${objectsBefore.toLocaleString('en')} objects`);
console.log(`  with the index:    full collection ${after.ms.toFixed(1)} ms, heap ${after.heapMb.toFixed(0)} MB, ${objectsAfter.toLocaleString('en')} objects`);
console.log(`  the index holds ${built.index.main.vocab.length.toLocaleString('en')} words; external memory ${(process.memoryUsage().external / 1e6).toFixed(0)} MB`);
