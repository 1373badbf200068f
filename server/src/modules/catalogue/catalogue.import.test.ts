import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import { importCatalogue } from './catalogue.import.ts';
import { writeFixtures } from './catalogue.test-fixtures.ts';

describe('catalogue import', () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  let dir: string;

  beforeAll(async () => {
    ({ database, cleanup } = await openTestDatabase());
    dir = mkdtempSync(join(tmpdir(), 'reelhouse-catalogue-'));
    writeFixtures(dir);
  });
  afterAll(async () => {
    await cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  const title = (id: string) => database.db.selectFrom('titles').selectAll().where('id', '=', id).executeTakeFirst();
  const people = (id: string) =>
    database.db.selectFrom('titlePeople').selectAll().where('titleId', '=', id).orderBy('role').orderBy('ordering').execute();

  it('imports every format, skipping bad rows with a reason', async () => {
    const report = await importCatalogue(database, dir, { batchSize: 3 });
    const formats = report.files.map((f) => f.format).sort();
    expect(formats).toEqual(
      [
        'imdb-5000', 'imdb-api-list', 'imdb-name-basics', 'imdb-rankings', 'imdb-rankings', 'imdb-title-basics',
        'imdb-title-crew', 'imdb-title-principals', 'imdb-title-ratings', 'imdb-top-1000', 'justwatch-credits',
        'justwatch-titles', 'vega-movies',
      ].sort(),
    );
    expect(report.ignoredFiles).toEqual(['notes.txt']);
    const skipped = Object.fromEntries(report.skipped);
    expect(skipped['not a movie or series']).toBe(2); // the short, the podcast
    expect(skipped['adult title']).toBe(1);
    expect(skipped['malformed row']).toBe(4); // basics, JustWatch, vega, api list
    expect(skipped['no title']).toBe(2); // basics \N, JustWatch blank
    expect(skipped['rating for a title not in title.basics']).toBe(1);
    expect(skipped['no match for enrichment']).toBe(4); // top-1000, vega, imdb-5000 without year, rankings movie
    expect(skipped['credit for an unknown title']).toBe(1);
    expect(skipped['crew role not kept']).toBe(1);
    // 5 from basics, Breaking Bad + JustWatch-only movie, Matrix is shared, api-list new show, ranked series
    expect(report.imported).toBe(9);
    expect(report.rowsRead).toBeGreaterThan(40);
    expect(report.format()).toContain('no match for enrichment: 4');

    const count = await database.db.selectFrom('titles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(9);
  });

  it("keeps where to watch: a JustWatch folder's service and country for each of its titles, once on a second run", async () => {
    const rows = async () =>
      (await database.db.selectFrom('titleProviders').select(['titleId', 'provider', 'country', 'source']).orderBy('titleId').execute()).map((r) => [r.titleId, r.provider, r.country, r.source]);
    const expected = [
      ['jw-tm2', 'netflix', 'US', 'justwatch'],
      ['tt0133093', 'netflix', 'US', 'justwatch'],
      ['tt0903747', 'netflix', 'US', 'justwatch'],
    ];
    expect(await rows()).toEqual(expected);
    await importCatalogue(database, dir, { batchSize: 2 });
    expect(await rows()).toEqual(expected);
  });

  it("keeps each title's card creator in step with its people: the creator, else the first director", async () => {
    const titles = await database.db.selectFrom('titles').select(['id', 'creator']).execute();
    let withCreator = 0;
    for (const t of titles) {
      const cast = await people(t.id);
      const expected = cast.find((p) => p.role === 'creator') ?? cast.find((p) => p.role === 'director');
      expect(t.creator, t.id).toBe(expected?.name ?? null);
      if (expected) withCreator++;
    }
    expect(withCreator).toBeGreaterThan(2);
  });

  it("keeps each title page's people in step with title_people", async () => {
    const titles = await database.db.selectFrom('titles').select(['id', 'peopleJson']).execute();
    let withPeople = 0;
    for (const t of titles) {
      const expected = (await people(t.id)).map((p) => [p.name, p.role, p.character]);
      expect(JSON.parse(t.peopleJson ?? '[]'), t.id).toEqual(expected);
      if (expected.length) withPeople++;
    }
    expect(withPeople).toBeGreaterThan(2);
  });

  it('joins sources on IMDb id and on title + year', async () => {
    const shawshank = await title('tt0111161');
    expect(shawshank).toMatchObject({
      primaryTitle: 'The Shawshank Redemption',
      titleType: 'movie',
      startYear: 1994,
      runtimeMinutes: 142,
      genres: 'Drama',
      imdbRating: 9.3,
      imdbVotes: 2_700_000,
      grossUsd: 28341469,
      plot: 'Two imprisoned men bond.',
      posterUrl: 'https://m.media-amazon.com/images/M/shawshank@._V1_.jpg',
    });
    const credits = await people('tt0111161');
    expect(credits.map((p) => [p.role, p.name, p.character])).toEqual([
      ['actor', 'Tim Robbins', 'Andy Dufresne'],
      ['actor', 'Morgan Freeman', "Ellis Boyd 'Red' Redding"],
      ['director', 'Frank Darabont', null],
      ['writer', 'Frank Darabont', null],
    ]);

    const matrix = await title('tt0133093');
    expect(matrix).toMatchObject({
      justwatchId: 'tm1',
      releaseDate: '1999-03-31',
      certification: 'R',
      grossUsd: 171383253, // imdb-5000 filled it before vega
      budgetUsd: 63000000,
      tmdbPopularity: 80.5,
      imdbVotes: 1900000,
      genres: 'Action,Sci-Fi',
    });
    const genres = await database.db.selectFrom('titleGenres').select('genre').where('titleId', '=', 'tt0133093').orderBy('genre').execute();
    expect(genres.map((g) => g.genre)).toEqual(['Action', 'Sci-Fi']);
  });

  it('keeps accents in titles and folds them for search', async () => {
    const amelie = await title('tt0211915');
    expect(amelie?.primaryTitle).toBe('Amélie');
    expect(amelie?.searchText).toBe("amelie le fabuleux destin d'amelie poulain");
    expect(amelie?.matchKey).toBe('amelie');
    expect(amelie?.releaseDate).toBe('2001-04-25'); // vega's 'Amelie' matched on the folded title
  });

  it('imports series from every source', async () => {
    expect(await title('tt0795176')).toMatchObject({ titleType: 'tvSeries', primaryTitle: 'Planet Earth' });
    const bb = await title('tt0903747');
    expect(bb).toMatchObject({
      titleType: 'tvSeries',
      seasons: 5,
      certification: 'TV-MA',
      genres: 'Drama,Crime,Thriller',
      plot: 'A chemistry teacher "breaks bad".',
      posterUrl: 'https://m.media-amazon.com/images/M/bb@._V1_.jpg',
      imdbRating: 9.4,
      imdbVotes: 1900000,
    });
    expect((await people('tt0903747')).map((p) => p.name)).toEqual(['Bryan Cranston', 'Aaron Paul', 'Vince Gilligan']);
    expect(await title('tt1234567')).toMatchObject({ titleType: 'tvSeries', genres: 'Comedy', imdbVotes: 5000 });
    const jwOnly = await title('jw-tm2');
    expect(jwOnly).toMatchObject({ primaryTitle: 'Only On JustWatch', certification: null, genres: '', imdbId: null });
    expect((await people('jw-tm2')).map((p) => p.name)).toEqual(['Someone Real']);
  });

  it('ranks well-known titles first', async () => {
    const top = await database.db.selectFrom('titles').select('id').orderBy('popularity', 'desc').limit(3).execute();
    expect(top.map((t) => t.id)).toContain('tt0111161');
    const bottom = await database.db.selectFrom('titles').select('id').orderBy('popularity', 'asc').limit(1).executeTakeFirstOrThrow();
    expect(bottom.id).toBe('tt5555555'); // no votes, no TMDB popularity
  });

  it('updates on a second run, never duplicates', async () => {
    writeFixtures(dir, { shawshankVotes: 2_800_000 });
    const report = await importCatalogue(database, dir);
    expect(report.imported).toBe(0);
    expect(report.updated).toBeGreaterThanOrEqual(1);
    expect(report.unchanged).toBeGreaterThan(0);
    expect((await title('tt0111161'))?.imdbVotes).toBe(2_800_000);
    const count = await database.db.selectFrom('titles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(9);
    expect((await people('tt0111161')).length).toBe(4);
    const genreRows = await database.db.selectFrom('titleGenres').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(genreRows.n)).toBe(11);
  });

  it('applies a minimum vote count to IMDb dumps', async () => {
    const { database: other, cleanup: done } = await openTestDatabase();
    try {
      const report = await importCatalogue(other, join(dir, 'imdb'), { minVotes: 1_000_000 });
      expect(report.imported).toBe(2);
      expect(report.skipped.get('fewer votes than the minimum')).toBe(3);
    } finally {
      await done();
    }
  });
});
