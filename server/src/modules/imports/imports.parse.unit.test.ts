import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ImportFileError } from './imports.parse.ts';
import { readExport } from './imports.sources.ts';
import { LETTERBOXD_FILES, zipOf } from './imports.test-fixtures.ts';

const csv = (...lines: string[]) => strToU8(`${lines.join('\n')}\n`);

function refusal(fn: () => unknown): ImportFileError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ImportFileError) return err;
    throw err;
  }
  throw new Error('the file was accepted');
}

describe('a Letterboxd export', () => {
  const { source, items } = readExport('letterboxd-fan-2024-01-01-00-00-utc.zip', zipOf(LETTERBOXD_FILES));

  it('is recognised, and its half stars become 1 to 10', () => {
    expect(source).toBe('letterboxd');
    const ratings = items.filter((i) => i.kind === 'rating');
    expect(ratings.map((r) => [r.title, r.year, r.rating])).toEqual([
      ['Heat', 1995, 9],
      ["Le fabuleux destin d'Amélie Poulain", 2001, 10],
      ['Double Feature', 2010, 6],
      ['Nowhere Film', 1999, 5],
      ['Late Bloomer', 2006, 1],
      // Rated only in the diary: its diary rating.
      ['Solaris', 1972, 8],
    ]);
  });

  it('reads each diary row as a day watched', () => {
    expect(items.filter((i) => i.kind === 'diary').map((i) => [i.title, i.year, i.date, i.text])).toEqual([['Solaris', 1972, '2022-11-30', 'Solaris (1972) on 2022-11-30']]);
  });

  it('reads watched.csv as films watched without a day, and likes: films liked, likes of reviews kept as not imported', () => {
    expect(items.filter((i) => i.kind === 'watched').map((i) => [i.title, i.year, i.date])).toEqual([
      ['Solaris', 1972, '2022-12-01T00:00:00.000Z'],
      ['Heat', 1995, '2023-01-05T00:00:00.000Z'],
    ]);
    expect(items.filter((i) => i.kind === 'like').map((i) => [i.file, i.text, Boolean(i.skip)])).toEqual([
      ['likes/films.csv', 'Heat (1995)', false],
      ['likes/reviews.csv', 'A review: Paper Moon (1973)', true],
    ]);
  });

  it('joins a review to its film’s rating, with its line breaks', () => {
    const heat = items.find((i) => i.kind === 'rating' && i.title === 'Heat');
    expect(heat).toMatchObject({ file: 'ratings.csv', line: 2, review: 'The diner scene.\nStill the best.', date: '2023-01-05T00:00:00.000Z' });
  });

  it('reads the watchlist and the list in its two-table layout, in order', () => {
    expect(items.filter((i) => i.kind === 'watchlist').map((i) => i.text)).toEqual(['Paper Moon (1973)', 'Solaris (2002)']);
    const list = items.filter((i) => i.kind === 'list');
    expect(list.map((i) => [i.title, i.line, i.list?.position])).toEqual([
      ['Heat', 6, 0],
      ['Paper Moon', 7, 1],
    ]);
    expect(list[0].list).toMatchObject({ name: 'Crime Nights', description: 'Films for late evenings' });
  });

  it('is read inside a top folder too', () => {
    const nested = Object.fromEntries(Object.entries(LETTERBOXD_FILES).map(([k, v]) => [`letterboxd-fan/${k}`, v]));
    expect(readExport('export.zip', zipOf(nested)).items).toHaveLength(items.length);
  });

  it('names the file and line of a rating that is not half stars', () => {
    const bad = { ...LETTERBOXD_FILES, 'ratings.csv': 'Date,Name,Year,Letterboxd URI,Rating\n2023-01-05,Heat,1995,https://boxd.it/x,4.5\n2023-01-06,Heat 2,1995,https://boxd.it/y,4.3\n' };
    const err = refusal(() => readExport('export.zip', zipOf(bad)));
    expect(err.message).toBe('ratings.csv, line 3: the rating "4.3" is not 0.5 to 5 in half stars.');
  });

  it('names the line of a malformed CSV row and of a bad year in a list', () => {
    const quote = { ...LETTERBOXD_FILES, 'watchlist.csv': 'Date,Name,Year,Letterboxd URI\n2023-01-05,"Heat,1995,https://boxd.it/x\n' };
    expect(refusal(() => readExport('export.zip', zipOf(quote))).file).toBe('watchlist.csv');
    const list = { ...LETTERBOXD_FILES, 'lists/crime-nights.csv': LETTERBOXD_FILES['lists/crime-nights.csv'].replace('2,Paper Moon,1973', '2,Paper Moon,nineteen') };
    expect(refusal(() => readExport('export.zip', zipOf(list))).message).toBe('lists/crime-nights.csv, line 7: the year "nineteen" is not a year.');
  });

  it('refuses a file without the columns it needs, naming the header line', () => {
    const bad = { ...LETTERBOXD_FILES, 'ratings.csv': 'Date,Title,Year\n2023-01-05,Heat,1995\n' };
    expect(refusal(() => readExport('export.zip', zipOf(bad))).message).toMatch(/^ratings\.csv, line 1: has no name column/);
  });
});

describe('IMDb CSV files', () => {
  it('reads ratings with the current columns', () => {
    const file = csv(
      'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors',
      "tt9500011,8,2023-02-10,Amélie,Le fabuleux destin d'Amélie Poulain,https://www.imdb.com/title/tt9500011/,Movie,8.3,122,2001,\"Comedy, Romance\",800000,2001-04-25,Jean-Pierre Jeunet",
      'tt9500017,7,2023-02-11,Night Shift Stories,Night Shift Stories,https://www.imdb.com/title/tt9500017/,TV Series,7.9,45,2015,Drama,1200,2015-01-10,',
    );
    const { source, items } = readExport('ratings.csv', file);
    expect(source).toBe('imdb');
    expect(items.map((i) => [i.kind, i.imdbId, i.rating, i.type, i.originalTitle])).toEqual([
      ['rating', 'tt9500011', 8, 'movie', "Le fabuleux destin d'Amélie Poulain"],
      ['rating', 'tt9500017', 7, 'tvSeries', 'Night Shift Stories'],
    ]);
  });

  it('reads ratings with the old columns (no Original Title)', () => {
    const file = csv(
      'Const,Your Rating,Date Rated,Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors',
      'tt9500010,9,2019-06-01,Heat,https://www.imdb.com/title/tt9500010/,movie,8.3,170,1995,"Crime, Drama",600000,1995-12-15,Michael Mann',
    );
    expect(readExport('ratings.csv', file).items).toMatchObject([{ kind: 'rating', imdbId: 'tt9500010', rating: 9, title: 'Heat', year: 1995, originalTitle: null }]);
  });

  it('reads a watchlist and a list, old and current columns', () => {
    const current = csv(
      'Position,Const,Created,Modified,Description,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors,Your Rating,Date Rated',
      '1,tt9500018,2023-04-01,2023-04-01,,Paper Moon,Paper Moon,https://www.imdb.com/title/tt9500018/,Movie,8.1,102,1973,Comedy,40000,1973-05-09,Peter Bogdanovich,,',
    );
    expect(readExport('WATCHLIST.csv', current).items).toMatchObject([{ kind: 'watchlist', imdbId: 'tt9500018' }]);
    const old = csv(
      'position,const,created,modified,description,Title,Title type,Directors,You rated,IMDb Rating,Runtime (mins),Year,Genres,Num. Votes,Release Date (month/day/year),URL',
      '1,tt9500010,Mon Jun  3 00:00:00 2019,Mon Jun  3 00:00:00 2019,,Heat,Feature Film,Michael Mann,,8.3,170,1995,"crime, drama",600000,1995-12-15,http://www.imdb.com/title/tt9500010/',
    );
    expect(readExport('Crime Favourites.csv', old).items).toMatchObject([{ kind: 'list', imdbId: 'tt9500010', list: { name: 'Crime Favourites', position: 0 } }]);
  });

  it('names the line of a rating out of range and of an id that is not tt…', () => {
    const header = 'Const,Your Rating,Date Rated,Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors';
    const row = (id: string, rating: string) => `${id},${rating},2019-06-01,Heat,u,movie,8.3,170,1995,Crime,1,1995-12-15,M`;
    expect(refusal(() => readExport('ratings.csv', csv(header, row('tt9500010', '9'), row('tt9500011', '11')))).message).toBe(
      'ratings.csv, line 3: the rating "11" is not a whole number from 1 to 10.',
    );
    expect(refusal(() => readExport('ratings.csv', csv(header, row('nm0000001', '9')))).message).toBe('ratings.csv, line 2: "nm0000001" is not an IMDb id (tt…).');
  });
});

describe('a Trakt export', () => {
  const movie = (title: string, year: number, imdb: string | null, tmdb: number | null) => ({ title, year, ids: { trakt: 1, slug: title.toLowerCase(), imdb, tmdb } });
  const files = {
    'ratings-movies.json': JSON.stringify([{ rated_at: '2023-01-05T20:00:00.000Z', rating: 9, type: 'movie', movie: movie('Heat', 1995, 'tt9500010', 949) }], null, 2),
    'ratings-episodes.json': JSON.stringify([{ rated_at: '2023-01-05T20:00:00.000Z', rating: 7, type: 'episode', episode: { season: 1, number: 1 }, show: movie('Night Shift Stories', 2015, null, 4242) }]),
    'ratings-shows.json': JSON.stringify([{ rated_at: '2023-01-06T20:00:00.000Z', rating: 8, type: 'show', show: movie('Night Shift Stories', 2015, null, 4242) }]),
    'watchlist-movies.json': JSON.stringify([{ listed_at: '2023-04-01T10:00:00.000Z', type: 'movie', movie: movie('Paper Moon', 1973, null, null) }]),
    'lists-lists.json': JSON.stringify([{ name: 'Crime Nights', description: 'Late', ids: { trakt: 5, slug: 'crime-nights' } }]),
    'lists-crime-nights.json': JSON.stringify([{ rank: 1, listed_at: '2023-05-01T10:00:00.000Z', type: 'movie', movie: movie('Heat', 1995, 'tt9500010', 949) }]),
    'watched-movies.json': JSON.stringify([{ plays: 2, last_watched_at: '2023-01-05T20:00:00.000Z', movie: movie('Heat', 1995, 'tt9500010', 949) }]),
    'user-settings.json': JSON.stringify({ user: { username: 'fan' } }),
  };

  it('reads ratings of movies and shows, the watchlist and lists, with their ids; an episode rating is kept as not placed', () => {
    const { source, items } = readExport('trakt-export.zip', zipOf(files));
    expect(source).toBe('trakt');
    expect(items.map((i) => [i.kind, i.title, i.imdbId ?? null, i.tmdbId ?? null, i.type, i.rating ?? null, Boolean(i.skip)])).toEqual([
      ['rating', 'Heat', 'tt9500010', 949, 'movie', 9, false],
      ['rating', 'Night Shift Stories', null, null, 'tvSeries', null, true],
      ['rating', 'Night Shift Stories', null, 4242, 'tvSeries', 8, false],
      ['watchlist', 'Paper Moon', null, null, 'movie', null, false],
      ['list', 'Heat', 'tt9500010', 949, 'movie', null, false],
    ]);
    expect(items[1]).toMatchObject({ file: 'ratings-episodes.json', line: 1, text: 'Night Shift Stories (2015) S01E01' });
    expect(items[1].skip).toMatch(/^The catalogue has no seasons or episodes/);
    expect(items[4].list).toMatchObject({ name: 'Crime Nights', description: 'Late', position: 0 });
  });

  it('reads the history as days watched; an episode logs its show', () => {
    const history = {
      'history-movies.json': JSON.stringify([{ id: 1, watched_at: '2023-01-05T20:00:00.000Z', type: 'movie', movie: movie('Heat', 1995, 'tt9500010', 949) }]),
      'history-episodes.json': JSON.stringify([{ id: 2, watched_at: '2023-02-01T20:00:00.000Z', type: 'episode', episode: { season: 1, number: 2 }, show: movie('Night Shift Stories', 2015, null, 4242) }]),
    };
    const { items } = readExport('trakt-export.zip', zipOf(history));
    expect(items.map((i) => [i.kind, i.title, i.type, i.date])).toEqual([
      ['diary', 'Heat', 'movie', '2023-01-05'],
      ['diary', 'Night Shift Stories', 'tvSeries', '2023-02-01'],
    ]);
  });

  it('names the file and line of malformed JSON, and the entry of a bad rating', () => {
    const broken = { ...files, 'watchlist-movies.json': '[\n  {"type": "movie",\n  "movie": }\n]' };
    const err = refusal(() => readExport('trakt-export.zip', zipOf(broken)));
    expect(err.file).toBe('watchlist-movies.json');
    expect(err.line).toBe(3);
    const bad = { ...files, 'ratings-movies.json': JSON.stringify([{ rating: 9, type: 'movie', movie: movie('Heat', 1995, null, null) }, { rating: 11, type: 'movie', movie: movie('Heat', 1995, null, null) }]) };
    expect(refusal(() => readExport('trakt-export.zip', zipOf(bad))).message).toBe('ratings-movies.json, entry 2: has a rating that is not a whole number from 1 to 10.');
  });
});

describe('anything else', () => {
  it('is refused as not an export', () => {
    expect(refusal(() => readExport('notes.txt', strToU8('hello'))).message).toMatch(/^notes\.txt: is not a Letterboxd export/);
    expect(refusal(() => readExport('broken.zip', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).message).toBe('broken.zip: is not a readable ZIP archive.');
  });
});
