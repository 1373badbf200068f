import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { importCatalogue } from './catalogue.import.ts';
import type { ImportReport } from './catalogue.report.ts';
import { BASICS_HEADER } from './catalogue.test-fixtures.ts';

const tsv = (rows: string[][]) => gzipSync(`${rows.map((r) => r.join('\t')).join('\n')}\n`);

/** IMDb-format dumps: a series with two seasons (and an episode with no numbers), a movie, and an episode of a series the catalogue lacks. */
function writeDumps(dir: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'title.basics.tsv.gz'),
    tsv([
      BASICS_HEADER,
      ['tt0000100', 'movie', 'A Film', 'A Film', '0', '2010', '\\N', '100', 'Drama'],
      ['tt0000200', 'tvSeries', 'A Series', 'A Series', '0', '2013', '2015', '50', 'Crime,Drama'],
      ['tt0000201', 'tvEpisode', 'Pilot', 'Pilot', '0', '2013', '\\N', '55', 'Crime,Drama'],
      ['tt0000202', 'tvEpisode', 'The Second One', 'The Second One', '0', '2013', '\\N', '50', 'Crime,Drama'],
      ['tt0000203', 'tvEpisode', 'Back Again', 'Back Again', '0', '2015', '\\N', '50', 'Crime,Drama'],
      ['tt0000204', 'tvEpisode', 'A Special', 'A Special', '0', '2016', '\\N', '60', 'Crime,Drama'],
      ['tt0000300', 'tvEpisode', 'Orphan Episode', 'Orphan Episode', '0', '2001', '\\N', '20', 'Comedy'],
    ]),
  );
  writeFileSync(
    join(dir, 'title.ratings.tsv.gz'),
    tsv([
      ['tconst', 'averageRating', 'numVotes'],
      ['tt0000100', '7.5', '50000'],
      ['tt0000200', '8.1', '20000'],
    ]),
  );
  writeFileSync(
    join(dir, 'title.episode.tsv.gz'),
    tsv([
      ['tconst', 'parentTconst', 'seasonNumber', 'episodeNumber'],
      // Out of order on purpose: the API answers in season and episode order.
      ['tt0000203', 'tt0000200', '2', '1'],
      ['tt0000202', 'tt0000200', '1', '2'],
      ['tt0000201', 'tt0000200', '1', '1'],
      ['tt0000204', 'tt0000200', '\\N', '\\N'],
      ['tt0000300', 'tt0999999', '1', '1'],
      ['tt0000301', 'tt0000200', '1'],
    ]),
  );
}

describe("a series' seasons and episodes from IMDb's title.episode", () => {
  let ctx: TestContext;
  let dir: string;
  let report: ImportReport;

  beforeAll(async () => {
    ctx = await createTestApp();
    dir = mkdtempSync(join(tmpdir(), 'reelhouse-episodes-'));
    writeDumps(dir);
    report = await importCatalogue(ctx.database, dir, { minVotes: 1000 });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the episodes of series in the catalogue, with their numbers, titles and years', async () => {
    expect(report.imported).toBe(2);
    expect(report.episodes).toBe(4);
    expect(report.skipped.get('episode of a series not in the catalogue')).toBe(1);
    expect(report.skipped.get('malformed row')).toBe(1);
    const rows = await ctx.database.db.selectFrom('titleEpisodes').selectAll().orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'tt0000201', seriesId: 'tt0000200', seasonNumber: 1, episodeNumber: 1, title: 'Pilot', startYear: 2013 },
      { id: 'tt0000202', seriesId: 'tt0000200', seasonNumber: 1, episodeNumber: 2, title: 'The Second One', startYear: 2013 },
      { id: 'tt0000203', seriesId: 'tt0000200', seasonNumber: 2, episodeNumber: 1, title: 'Back Again', startYear: 2015 },
      { id: 'tt0000204', seriesId: 'tt0000200', seasonNumber: null, episodeNumber: null, title: 'A Special', startYear: 2016 },
    ]);
  });

  it('importing the same files again changes nothing', async () => {
    const again = await importCatalogue(ctx.database, dir, { minVotes: 1000 });
    expect(again.episodes).toBe(4);
    const n = await ctx.database.db.selectFrom('titleEpisodes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(4);
  });

  it("the series' page says its seasons, episodes and years running", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/movies/tvSeries/tt0000200' });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect({ seasons: page.seasons, episodes: page.episodes, year: page.year, endYear: page.endYear }).toEqual({ seasons: 2, episodes: 4, year: 2013, endYear: 2015 });
    const movie = (await ctx.app.inject({ method: 'GET', url: '/api/movies/movie/tt0000100' })).json().data;
    expect({ seasons: movie.seasons, episodes: movie.episodes }).toEqual({ seasons: null, episodes: null });
  });

  it('lists the episodes season by season, in order, those without a season last', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/movies/tvSeries/tt0000200/episodes' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      titleId: 'tt0000200',
      truncated: false,
      seasons: [
        {
          season: 1,
          episodes: [
            { id: 'tt0000201', episode: 1, title: 'Pilot', year: 2013 },
            { id: 'tt0000202', episode: 2, title: 'The Second One', year: 2013 },
          ],
        },
        { season: 2, episodes: [{ id: 'tt0000203', episode: 1, title: 'Back Again', year: 2015 }] },
        { season: null, episodes: [{ id: 'tt0000204', episode: null, title: 'A Special', year: 2016 }] },
      ],
    });
  });

  it('answers no seasons for a movie, and 404 for an unknown series or the wrong type', async () => {
    const movie = await ctx.app.inject({ method: 'GET', url: '/api/movies/movie/tt0000100/episodes' });
    expect(movie.json().data).toEqual({ titleId: 'tt0000100', seasons: [], truncated: false });
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/movies/tvSeries/tt7777777/episodes' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('title_not_found');
    const wrongType = await ctx.app.inject({ method: 'GET', url: '/api/movies/movie/tt0000200/episodes' });
    expect(wrongType.statusCode).toBe(404);
    const badType = await ctx.app.inject({ method: 'GET', url: '/api/movies/episode/tt0000200/episodes' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.message).toMatch(/^type: /);
  });

  it("keeps JustWatch's season count when it has one", async () => {
    await ctx.database.db.updateTable('titles').set({ seasons: 5 }).where('id', '=', 'tt0000200').execute();
    await ctx.app.cache.invalidate('title-pages');
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/movies/tvSeries/tt0000200' })).json().data;
    expect({ seasons: page.seasons, episodes: page.episodes }).toEqual({ seasons: 5, episodes: 4 });
  });
});
