import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import { importCatalogue } from './catalogue.import.ts';
import type { ImportReport } from './catalogue.report.ts';

const RANKINGS_HEADER = 'tconst,primaryTitle,averageRating,numVotes,ranking';

function writeDir(dir: string): void {
  mkdirSync(join(dir, 'rankings'), { recursive: true });
  writeFileSync(
    join(dir, 'rankings', 'title_movie.csv'),
    [
      RANKINGS_HEADER,
      'tt7286456,Joker,8.4,1365601,1',
      'tt6751668,Parasite,8.5,863094,2',
      'tt0120338,Far Votes Film,7.9,1200000,3',
      'tt0000100,Little Known Video,6.0,900,4',
      'tt0000200,Well Known Short,8.0,60000,5',
      'tt0000300,A Show Elsewhere,8.1,90000,6',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'rankings', 'title_movie_Short.csv'), [RANKINGS_HEADER, 'tt0000200,Well Known Short,8.0,60000,1'].join('\n'));
  writeFileSync(join(dir, 'rankings', 'title_movie_Thriller.csv'), [RANKINGS_HEADER, 'tt7286456,Joker,8.4,1365601,1'].join('\n'));
  // Another source says what kind of title it is: a series, so the rankings do not make it a film.
  writeFileSync(
    join(dir, 'MostPopularTVs.json'),
    JSON.stringify({
      items: [{ id: 'tt0000300', rank: '1', title: 'A Show Elsewhere', year: '2019', image: '', crew: '', imDbRating: '8.1', imDbRatingCount: '80000' }],
    }),
  );
  writeFileSync(
    join(dir, 'imdb_top_1000.csv'),
    [
      'Poster_Link,Series_Title,Released_Year,Certificate,Runtime,Genre,IMDB_Rating,Overview,Meta_score,Director,Star1,Star2,Star3,Star4,No_of_Votes,Gross',
      '"https://m.media-amazon.com/images/M/joker@._V1_UX67_CR0,0,67,98_AL_.jpg",Joker,2019,A,122 min,"Crime, Drama, Thriller",8.5,"A failed comedian.",59,Todd Phillips,Joaquin Phoenix,Robert De Niro,Zazie Beetz,Frances Conroy,939252,"335,451,311"',
      // Same name, votes far from the rankings' figure: another film, not matched.
      '"https://m.media-amazon.com/images/M/x@._V1_UX67_.jpg",Far Votes Film,1950,A,100 min,Drama,7.0,"Another.",50,X,Y,Z,W,V,2000,"1,000"',
    ].join('\n'),
  );
  // The head of an IMDb dump, cut off mid-row: a format sample, not catalogue content.
  mkdirSync(join(dir, 'imdb-sample'), { recursive: true });
  writeFileSync(
    join(dir, 'imdb-sample', 'title.basics.tsv'),
    [
      'tconst\ttitleType\tprimaryTitle\toriginalTitle\tisAdult\tstartYear\tendYear\truntimeMinutes\tgenres',
      'tt0015000\tmovie\tThe Parasite\tThe Parasite\t0\t1925\t\\N\t60\tDrama',
      'tt0030427\tmo',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'imdb-sample', 'title.ratings.tsv'), ['tconst\taverageRating\tnumVotes', 'tt0015000\t6.0\t5', 'tt00150'].join('\n'));
  // A whole dump beside it is imported.
  mkdirSync(join(dir, 'imdb'), { recursive: true });
  writeFileSync(
    join(dir, 'imdb', 'title.basics.tsv'),
    [
      'tconst\ttitleType\tprimaryTitle\toriginalTitle\tisAdult\tstartYear\tendYear\truntimeMinutes\tgenres',
      'tt0114369\tmovie\tSe7en\tSe7en\t0\t1995\t\\N\t127\tCrime,Drama,Mystery',
      '',
    ].join('\n'),
  );
}

describe('catalogue import: films only the rankings list, and cut-off samples', () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  let dir: string;
  let report: ImportReport;

  beforeAll(async () => {
    ({ database, cleanup } = await openTestDatabase());
    dir = mkdtempSync(join(tmpdir(), 'reelhouse-rankings-'));
    writeDir(dir);
    report = await importCatalogue(database, dir, { batchSize: 2 });
  });
  afterAll(async () => {
    await cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  const title = (id: string) => database.db.selectFrom('titles').selectAll().where('id', '=', id).executeTakeFirst();

  it('takes a title of the movie rankings with many votes for a film', async () => {
    expect(await title('tt6751668')).toMatchObject({ titleType: 'movie', primaryTitle: 'Parasite', imdbVotes: 863094, startYear: null });
    expect(Number((await title('tt6751668'))?.imdbRating)).toBe(8.5);
  });

  it('gives it the year, poster and plot of the top 1000 row with its name and about its votes', async () => {
    const joker = await title('tt7286456');
    expect(joker).toMatchObject({ titleType: 'movie', primaryTitle: 'Joker', startYear: 2019, plot: 'A failed comedian.', runtimeMinutes: 122 });
    expect(joker?.posterUrl).toBe('https://m.media-amazon.com/images/M/joker@._V1_.jpg');
    expect(joker?.genres).toBe('Thriller');
    expect(joker?.imdbVotes).toBe(1365601);
    const far = await title('tt0120338');
    expect(far).toMatchObject({ primaryTitle: 'Far Votes Film', startYear: null, plot: null });
  });

  it('leaves out shorts, titles with few votes, and keeps the type another source gives', async () => {
    expect(await title('tt0000200')).toBeUndefined();
    expect(await title('tt0000100')).toBeUndefined();
    expect(await title('tt0000300')).toMatchObject({ titleType: 'tvSeries', startYear: 2019, imdbVotes: 90000 });
  });

  it('does not import an IMDb dump cut off mid-row, nor the ratings beside it', async () => {
    expect(report.sampleFiles.sort()).toEqual([join('imdb-sample', 'title.basics.tsv'), join('imdb-sample', 'title.ratings.tsv')]);
    expect(await title('tt0015000')).toBeUndefined();
    expect(await title('tt0114369')).toMatchObject({ primaryTitle: 'Se7en', startYear: 1995 });
    expect(report.format()).toContain('(cut-off sample)');
    // Joker, Parasite, Far Votes Film, the show, Se7en
    expect(report.imported).toBe(5);
  });
});
