import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../../test/helpers.ts';
import { createPostgresDatabase, type ServerProcess, startServerProcess, stopProcess } from '../../../test/process.ts';

const dir = mkdtempSync(join(tmpdir(), 'reelhouse-ready-'));
const drops: (() => Promise<void>)[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await stopProcess(s.child, s.exited);
  for (const drop of drops) await drop();
  rmSync(dir, { recursive: true, force: true });
});

/** A small catalogue as IMDb's dumps: 2001: A Space Odyssey and titles that begin with "200". */
function writeCatalogue(): string {
  const catalogue = join(dir, 'catalogue');
  mkdirSync(catalogue, { recursive: true });
  const basics = [
    ['tconst', 'titleType', 'primaryTitle', 'originalTitle', 'isAdult', 'startYear', 'endYear', 'runtimeMinutes', 'genres'],
    ['tt0062622', 'movie', '2001: A Space Odyssey', '2001: A Space Odyssey', '0', '1968', '\\N', '149', 'Adventure,Sci-Fi'],
    ['tt0066720', 'movie', '200 Motels', '200 Motels', '0', '1971', '\\N', '98', 'Comedy,Music'],
    ['tt0493543', 'movie', '200 Pounds Beauty', 'Minyeo-neun goerowo', '0', '2006', '\\N', '120', 'Comedy,Music'],
    ['tt2101101', 'movie', '2001 NBA Champions', '2001 NBA Champions', '0', '2001', '\\N', '60', 'Sport'],
  ];
  const ratings = [
    ['tconst', 'averageRating', 'numVotes'],
    ['tt0062622', '8.3', '688430'],
    ['tt0066720', '6.1', '3500'],
    ['tt0493543', '7.0', '16000'],
    ['tt2101101', '7.5', '20'],
  ];
  const tsv = (rows: string[][]) => `${rows.map((r) => r.join('\t')).join('\n')}\n`;
  writeFileSync(join(catalogue, 'title.basics.tsv'), tsv(basics));
  writeFileSync(join(catalogue, 'title.ratings.tsv'), tsv(ratings));
  return catalogue;
}

describe('a first start that imports the catalogue', { timeout: 120_000 }, () => {
  it('answers /readyz only once search ranks with the whole catalogue: "2001" finds 2001: A Space Odyssey first', async () => {
    let databaseUrl = `sqlite:${join(dir, 'ready.db')}`;
    if (process.env.TEST_DB === 'postgres') {
      const created = await createPostgresDatabase(TEST_DATABASE_URL, 't_ready');
      drops.push(created.drop);
      databaseUrl = created.url;
    }
    // startServerProcess polls /readyz until it answers 200; the search follows at once.
    const server = await startServerProcess('ready', dir, { DATABASE_URL: databaseUrl, CATALOGUE_DIR: writeCatalogue() });
    servers.push(server);
    const res = await fetch(`${server.base}/api/movies/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: '2001' }),
    });
    expect(res.status, server.output()).toBe(200);
    const { data } = (await res.json()) as { data: { title: string }[] };
    expect(data.map((r) => r.title)[0], server.output()).toBe('2001: A Space Odyssey');
  });
});
