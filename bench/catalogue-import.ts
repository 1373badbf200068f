/**
 * npm run bench:import [-- --titles 1000000] [--starter ../shared/data/catalogue]
 * Generates an IMDb-shaped dump (title.basics.tsv.gz + title.ratings.tsv.gz) under /tmp,
 * imports it into a fresh SQLite file, then imports the starter catalogue into another;
 * prints elapsed seconds and peak RSS for each against the budgets.
 */
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { importCatalogue } from '../server/src/modules/catalogue/catalogue.import.ts';

const { values } = parseArgs({
  options: { titles: { type: 'string', default: '1000000' }, starter: { type: 'string', default: '../shared/data/catalogue' } },
});
const total = Number(values.titles);
const GENRES = ['Drama', 'Comedy', 'Action', 'Thriller', 'Romance', 'Sci-Fi', 'Horror', 'Documentary', 'Crime', 'Family'];
const WORDS = ['night', 'river', 'lost', 'star', 'city', 'dream', 'king', 'silent', 'shadow', 'summer', 'Amélie', 'Ørsted', 'garden', 'war'];

function* lines(kind: 'basics' | 'ratings'): Generator<string> {
  yield kind === 'basics'
    ? 'tconst\ttitleType\tprimaryTitle\toriginalTitle\tisAdult\tstartYear\tendYear\truntimeMinutes\tgenres\n'
    : 'tconst\taverageRating\tnumVotes\n';
  let seed = 42;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = 1; i <= total; i++) {
    const tconst = `tt${String(i).padStart(7, '0')}`;
    if (kind === 'ratings') {
      yield `${tconst}\t${(1 + rnd() * 9).toFixed(1)}\t${Math.floor(10 ** (1 + rnd() * 5))}\n`;
      continue;
    }
    const series = rnd() < 0.25;
    const title = `${WORDS[Math.floor(rnd() * WORDS.length)]} ${WORDS[Math.floor(rnd() * WORDS.length)]} ${i}`;
    const year = 1920 + Math.floor(rnd() * 104);
    const g = [GENRES[Math.floor(rnd() * GENRES.length)], GENRES[Math.floor(rnd() * GENRES.length)]];
    yield `${tconst}\t${series ? 'tvSeries' : 'movie'}\t${title}\t${title}\t0\t${year}\t${series ? year + 3 : '\\N'}\t${series ? 45 : 90 + (i % 60)}\t${[...new Set(g)].join(',')}\n`;
  }
}

async function generate(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const kind of ['basics', 'ratings'] as const) {
    await pipeline(lines(kind), createGzip({ level: 1 }), createWriteStream(join(dir, `title.${kind}.tsv.gz`)));
  }
}

async function timedImport(label: string, dir: string) {
  const work = mkdtempSync(join(tmpdir(), 'reelhouse-bench-db-'));
  const database = await openDatabase({ url: `sqlite:${join(work, 'bench.db')}` });
  await migrateToLatest(database);
  const started = process.hrtime.bigint();
  const report = await importCatalogue(database, dir);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await database.close();
  rmSync(work, { recursive: true, force: true });
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    `${label}: ${seconds.toFixed(1)} s, ${report.rowsRead.toLocaleString('en-US')} rows read, ` +
      `${report.imported.toLocaleString('en-US')} titles, peak RSS so far ${peakMb.toFixed(0)} MB`,
  );
  return { seconds, peakMb };
}

const dumpDir = join(tmpdir(), `reelhouse-imdb-${total}`);
if (!existsSync(join(dumpDir, 'title.ratings.tsv.gz'))) {
  const t = Date.now();
  await generate(dumpDir);
  console.log(`generated ${total.toLocaleString('en-US')} titles in ${((Date.now() - t) / 1000).toFixed(1)} s under ${dumpDir}`);
}
const big = await timedImport(`IMDb-shaped dump (${total.toLocaleString('en-US')} titles)`, dumpDir);
console.log(`  budget: under 180 s and 1024 MB -> ${big.seconds < 180 && big.peakMb < 1024 ? 'PASS' : 'FAIL'}`);
const starter = resolve(values.starter as string);
if (existsSync(starter)) {
  const small = await timedImport('starter catalogue', starter);
  console.log(`  budget: under 30 s -> ${small.seconds < 30 ? 'PASS' : 'FAIL'}`);
}
console.log(`node ${process.version}, ${(await import('node:os')).cpus().length} cores`);
