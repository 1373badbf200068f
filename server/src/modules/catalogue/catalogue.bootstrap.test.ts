import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { type BootstrapLog, ensureCatalogue } from './catalogue.bootstrap.ts';
import { BASICS_HEADER } from './catalogue.test-fixtures.ts';

const tsv = (rows: string[][]) => gzipSync(`${rows.map((r) => r.join('\t')).join('\n')}\n`);

/** A log that keeps its lines, each as "level: message". */
function recordingLog() {
  const lines: string[] = [];
  const write = (level: string) => (a: unknown, b?: string) => lines.push(`${level}: ${typeof a === 'string' ? a : (b ?? '')}`);
  const log = { info: write('info'), warn: write('warn'), error: write('error') } as BootstrapLog;
  return { log, lines };
}

/** IMDb's dataset host, served over real HTTP with real gzip files. */
async function imdbHost(files: Record<string, Buffer>) {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const body = files[req.url ?? ''];
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, requests, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** An address nothing listens on: a port opened, then closed. */
async function closedUrl(): Promise<string> {
  const s = createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return `http://127.0.0.1:${port}`;
}

const status = async (ctx: TestContext) => (await ctx.app.inject({ method: 'GET', url: '/api/catalogue/status' })).json().data;

// Each test starts an app and imports over HTTP: on a busy machine that takes longer than the usual 20 s.
describe('first start with an empty catalogue and no CATALOGUE_DIR', { timeout: 60_000 }, () => {
  let host: Awaited<ReturnType<typeof imdbHost>>;
  let ctx: TestContext | null = null;
  const dirs: string[] = [];
  const imdbDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'reelhouse-first-start-'));
    dirs.push(d);
    return join(d, 'imdb');
  };

  beforeAll(async () => {
    host = await imdbHost({
      '/title.basics.tsv.gz': tsv([
        BASICS_HEADER,
        ['tt0000100', 'movie', 'Popular Film', 'Popular Film', '0', '2010', '\\N', '100', 'Drama'],
        ['tt0000200', 'tvSeries', 'Popular Series', 'Popular Series', '0', '2012', '2014', '50', 'Crime,Drama'],
        ['tt0000201', 'tvEpisode', 'Pilot', 'Pilot', '0', '2012', '\\N', '50', 'Drama'],
        ['tt0000300', 'movie', 'Obscure Film', 'Obscure Film', '0', '2011', '\\N', '90', 'Horror'],
      ]),
      '/title.ratings.tsv.gz': tsv([
        ['tconst', 'averageRating', 'numVotes'],
        ['tt0000100', '7.5', '50000'],
        ['tt0000200', '8.1', '2000'],
        ['tt0000300', '5.0', '20'],
      ]),
      '/title.episode.tsv.gz': tsv([
        ['tconst', 'parentTconst', 'seasonNumber', 'episodeNumber'],
        ['tt0000201', 'tt0000200', '1', '1'],
      ]),
    });
  });
  afterEach(async () => {
    await ctx?.close();
    ctx = null;
  });
  afterAll(() => {
    host.server.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('online: downloads IMDb\'s datasets in the background, with progress in the log, then the catalogue is ready', async () => {
    ctx = await createTestApp();
    expect((await status(ctx)).state).toBe('checking');
    const { log, lines } = recordingLog();
    const bootstrap = ctx.app.catalogueBootstrap;
    const dir = imdbDir();
    const config = { IMDB_MIN_VOTES: 1000, IMDB_DATASETS_URL: host.url, CATALOGUE_DOWNLOAD: 'auto' as const, imdbDir: dir, reachabilityTimeoutMs: 30_000 };
    expect(await ensureCatalogue(ctx.database, config, log, bootstrap)).toBe('downloading');
    expect(bootstrap.running).not.toBeNull();
    await bootstrap.running;

    expect(host.requests).toEqual([
      'HEAD /title.basics.tsv.gz',
      'GET /title.basics.tsv.gz',
      'GET /title.ratings.tsv.gz',
      'GET /title.episode.tsv.gz',
    ]);
    expect(existsSync(join(dir, 'title.episode.tsv.gz'))).toBe(true);
    expect(lines).toContain('info: Importing the catalogue from IMDb: 0%');
    const percents = lines.flatMap((l) => /Importing the catalogue from IMDb: (\d+)%/.exec(l)?.[1] ?? []).map(Number);
    expect(percents.length).toBeGreaterThan(2);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(lines.at(-1)).toBe('info: catalogue imported from IMDb: 2 titles');
    expect(await status(ctx)).toEqual({ state: 'ready', percent: null, message: null, commands: [] });

    const titles = await ctx.database.db.selectFrom('titles').select('id').orderBy('id').execute();
    expect(titles.map((t) => t.id)).toEqual(['tt0000100', 'tt0000200']);
    const episodes = await ctx.database.db.selectFrom('titleEpisodes').select(['id', 'title']).execute();
    expect(episodes).toEqual([{ id: 'tt0000201', title: 'Pilot' }]);

    // The next start finds the titles and does nothing.
    expect(await ensureCatalogue(ctx.database, config, log, bootstrap)).toBe('present');
  });

  it('offline: says plainly in the log and through the API what to run, and the server serves meanwhile', async () => {
    ctx = await createTestApp();
    const { log, lines } = recordingLog();
    const bootstrap = ctx.app.catalogueBootstrap;
    const url = await closedUrl();
    const config = { IMDB_MIN_VOTES: 1000, IMDB_DATASETS_URL: url, CATALOGUE_DOWNLOAD: 'auto' as const, imdbDir: imdbDir(), reachabilityTimeoutMs: 30_000 };
    expect(await ensureCatalogue(ctx.database, config, log, bootstrap)).toBe('downloading');
    // The server answers while the check runs.
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await bootstrap.running;

    const warning = lines.find((l) => l.startsWith('warn: '));
    expect(warning).toBeDefined();
    expect(warning).toContain(`The catalogue is empty and IMDb's datasets at ${url} cannot be reached (ECONNREFUSED). To fill it, run one of:`);
    expect(warning).toContain('\n    CATALOGUE_DIR=/path/to/catalogue npm start\n');
    expect(warning).toContain('\n    npm run catalogue:import -- /path/to/catalogue\n');
    expect(warning).toContain('npm run catalogue:imdb');

    const said = await status(ctx);
    expect(said.state).toBe('offline');
    expect(said.message).toBe("IMDb's datasets cannot be reached from this machine (ECONNREFUSED), so they could not be downloaded.");
    expect(said.commands).toEqual([
      'CATALOGUE_DIR=/path/to/catalogue npm start',
      'npm run catalogue:import -- /path/to/catalogue',
      "npm run catalogue:imdb   (downloads IMDb's datasets: titles with at least 1000 votes)",
    ]);
    // Ready while the catalogue is empty: the status says why the shelves are bare.
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('a host that answers without the files counts as unreachable', async () => {
    ctx = await createTestApp();
    const { log, lines } = recordingLog();
    const bootstrap = ctx.app.catalogueBootstrap;
    await ensureCatalogue(ctx.database, { IMDB_MIN_VOTES: 10, IMDB_DATASETS_URL: `${host.url}/nothing`, CATALOGUE_DOWNLOAD: 'auto', imdbDir: imdbDir(), reachabilityTimeoutMs: 30_000 }, log, bootstrap);
    await bootstrap.running;
    expect(lines.join('\n')).toContain('cannot be reached (HTTP 404)');
    expect((await status(ctx)).state).toBe('offline');
  });

  it('CATALOGUE_DOWNLOAD=off (the default under test) only says what to run', async () => {
    ctx = await createTestApp();
    const { log, lines } = recordingLog();
    const before = host.requests.length;
    expect(await ensureCatalogue(ctx.database, { IMDB_MIN_VOTES: 1000, IMDB_DATASETS_URL: host.url, NODE_ENV: 'test' }, log, ctx.app.catalogueBootstrap)).toBe('empty');
    expect(host.requests.length).toBe(before);
    expect(lines[0]).toContain('The catalogue is empty. To fill it, run one of:\n    CATALOGUE_DIR=/path/to/catalogue npm start');
    expect((await status(ctx)).state).toBe('empty');
  });

  it('the status turns ready once titles arrive some other way', async () => {
    ctx = await createTestApp();
    const { log } = recordingLog();
    await ensureCatalogue(ctx.database, { IMDB_MIN_VOTES: 1000, CATALOGUE_DOWNLOAD: 'off' }, log, ctx.app.catalogueBootstrap);
    expect((await status(ctx)).state).toBe('empty');
    const now = new Date().toISOString();
    await ctx.database.db
      .insertInto('titles')
      .values({ id: 'tt0000999', imdbId: 'tt0000999', titleType: 'movie', primaryTitle: 'Late Arrival', searchText: 'late arrival', genres: '', imdbVotes: 0, popularity: 0, createdAt: now, updatedAt: now } as never)
      .execute();
    expect((await status(ctx)).state).toBe('ready');
  });
});
