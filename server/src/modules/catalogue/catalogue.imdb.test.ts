import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import { ensureCatalogue } from './catalogue.bootstrap.ts';
import { importImdbDatasets } from './catalogue.imdb.ts';
import { BASICS_HEADER } from './catalogue.test-fixtures.ts';

const tsv = (rows: string[][]) => gzipSync(`${rows.map((r) => r.join('\t')).join('\n')}\n`);

describe('IMDb dataset download', () => {
  let server: Server;
  let baseUrl: string;
  let database: Database;
  let cleanup: () => Promise<void>;
  let dir: string;
  const requests: string[] = [];

  beforeAll(async () => {
    const files: Record<string, Buffer> = {
      '/title.basics.tsv.gz': tsv([
        BASICS_HEADER,
        ['tt0000100', 'movie', 'Popular Film', 'Popular Film', '0', '2010', '\\N', '100', 'Drama'],
        ['tt0000200', 'tvMiniSeries', 'Popular Series', 'Popular Series', '0', '2012', '2012', '50', 'Crime,Drama'],
        ['tt0000300', 'movie', 'Obscure Film', 'Obscure Film', '0', '2011', '\\N', '90', 'Horror'],
        ['tt0000400', 'tvEpisode', 'An Episode', 'An Episode', '0', '2012', '\\N', '50', 'Drama'],
      ]),
      '/title.ratings.tsv.gz': tsv([
        ['tconst', 'averageRating', 'numVotes'],
        ['tt0000100', '7.5', '50000'],
        ['tt0000200', '8.1', '2000'],
        ['tt0000300', '5.0', '20'],
        ['tt0000400', '9.0', '99999'],
      ]),
      '/title.episode.tsv.gz': tsv([
        ['tconst', 'parentTconst', 'seasonNumber', 'episodeNumber'],
        ['tt0000400', 'tt0000200', '1', '1'],
      ]),
    };
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      const body = files[req.url ?? ''];
      if (!body) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body);
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ({ database, cleanup } = await openTestDatabase());
    dir = mkdtempSync(join(tmpdir(), 'reelhouse-imdb-'));
  });
  afterAll(async () => {
    server.close();
    await cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('logs how to fill an empty catalogue', async () => {
    const lines: string[] = [];
    const log = { info: (a: unknown, b?: string) => lines.push(String(b ?? a)), warn: () => {}, error: () => {} };
    expect(await ensureCatalogue(database, { IMDB_MIN_VOTES: 1000, CATALOGUE_DOWNLOAD: 'off' }, log)).toBe('empty');
    expect(lines.join('\n')).toMatch(/catalogue:import/);
  });

  it('downloads the dumps to disk and imports titles with enough votes', async () => {
    const report = await importImdbDatasets(database, { baseUrl, dir, minVotes: 1000 });
    expect(requests).toEqual(['/title.basics.tsv.gz', '/title.ratings.tsv.gz', '/title.episode.tsv.gz']);
    expect(existsSync(join(dir, 'title.basics.tsv.gz'))).toBe(true);
    expect(readFileSync(join(dir, 'title.basics.tsv.gz'))[0]).toBe(0x1f);
    expect(report.imported).toBe(2);
    expect(report.skipped.get('fewer votes than the minimum')).toBe(1);
    expect(report.skipped.get('not a movie or series')).toBe(1);
    const rows = await database.db.selectFrom('titles').select(['id', 'titleType', 'imdbVotes']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'tt0000100', titleType: 'movie', imdbVotes: 50000 },
      { id: 'tt0000200', titleType: 'tvSeries', imdbVotes: 2000 },
    ]);
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    expect(await ensureCatalogue(database, { IMDB_MIN_VOTES: 1000 }, log)).toBe('present');
  });

  it('fails clearly when the server does not have a file', async () => {
    await expect(importImdbDatasets(database, { baseUrl: `${baseUrl}/missing`, dir, minVotes: 0 })).rejects.toThrow(/HTTP 404/);
  });

  it('imports CATALOGUE_DIR on first start', async () => {
    const { database: fresh, cleanup: done } = await openTestDatabase();
    try {
      const log = { info: () => {}, warn: () => {}, error: () => {} };
      expect(await ensureCatalogue(fresh, { CATALOGUE_DIR: dir, IMDB_MIN_VOTES: 1000 }, log)).toBe('imported');
      const n = await fresh.db.selectFrom('titles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(3); // a directory import keeps every movie and series
    } finally {
      await done();
    }
  });
});
