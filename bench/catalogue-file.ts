// The generated catalogue the discovery benchmarks run on (bench/discovery-catalogue.ts): made once and kept under
// the system's temporary folder, named by the generator's version and the number of titles, so a change to the
// generator makes a new file. BENCH_TITLES sets the number (default 1,000,000), BENCH_DB the file itself.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENERATOR_VERSION, generateCatalogue } from './discovery-catalogue.ts';

export const TITLE_COUNT = Number(process.env.BENCH_TITLES ?? 1_000_000);
export const DB_FILE = process.env.BENCH_DB ?? join(tmpdir(), `reelhouse-discovery-v${GENERATOR_VERSION}-${TITLE_COUNT}.db`);

/** The catalogue file, generated first when missing (into a file of its own, renamed when complete). */
export async function catalogueFile(): Promise<string> {
  if (existsSync(DB_FILE)) return DB_FILE;
  console.log(`generating ${TITLE_COUNT.toLocaleString('en')} titles into ${DB_FILE} (once; reused afterwards)`);
  const partial = `${DB_FILE}.partial-${process.pid}`;
  try {
    await generateCatalogue(partial, TITLE_COUNT);
    renameSync(partial, DB_FILE);
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
  }
  return DB_FILE;
}
