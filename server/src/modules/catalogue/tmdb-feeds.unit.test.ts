import { describe, expect, it } from 'vitest';
import { matchKeyOf } from './catalogue.normalize.ts';
import { type FeedCandidate, type FeedEntry, genresOfTmdb, indexCandidates, matchFeedEntry } from './tmdb-feeds.ts';

const title = (id: string, name: string, year: number | null, over: Partial<FeedCandidate> = {}): FeedCandidate => ({
  id,
  imdbId: id.startsWith('tt') ? id : null,
  tmdbId: null,
  titleType: 'movie',
  matchKey: matchKeyOf(name),
  startYear: year,
  imdbVotes: 1000,
  ...over,
});

const entry = (over: Partial<FeedEntry>): FeedEntry => ({
  tmdbId: 1,
  mediaType: 'movie',
  title: 'Untitled',
  originalTitle: null,
  releaseDate: null,
  imdbId: null,
  ...over,
});

const CATALOGUE = [
  title('tt0111161', 'The Shawshank Redemption', 1994, { tmdbId: 278 }),
  title('tt0903747', 'Breaking Bad', 2008, { titleType: 'tvSeries', tmdbId: 1396 }),
  title('tt0211915', 'Amélie', 2001),
  title('tt0087182', 'Dune', 1984, { imdbVotes: 190_000 }),
  title('tt1160419', 'Dune', 2021, { imdbVotes: 850_000 }),
  title('tt9999999', 'Dune', 2021, { imdbVotes: 12 }),
  title('tt0386676', 'The Office', 2005, { titleType: 'tvSeries' }),
  title('jw-tm1', 'Léon: The Professional', 1994),
  title('tt5000001', 'Linked Elsewhere', 2027, { tmdbId: 4242 }),
  title('tt5000002', 'Other Imdb', 2027),
  title('tt5000003', 'No Year', null),
];
const index = indexCandidates(CATALOGUE);
const idOf = (e: Partial<FeedEntry>) => matchFeedEntry(entry(e), index)?.id ?? null;

describe('matching TMDB entries to the catalogue', () => {
  it('takes the title already linked to the TMDB id, of the same kind', () => {
    expect(idOf({ tmdbId: 278, title: 'Something else entirely' })).toBe('tt0111161');
    expect(idOf({ tmdbId: 1396, mediaType: 'tv', title: 'Breaking Bad' })).toBe('tt0903747');
    // TMDB numbers movies and series apart: movie 1396 is not the series 1396.
    expect(idOf({ tmdbId: 1396, mediaType: 'movie', title: 'A Film' })).toBeNull();
  });

  it('takes the title with the IMDb id TMDB records', () => {
    expect(idOf({ tmdbId: 77, imdbId: 'tt0211915', title: 'Amelie From Montmartre', releaseDate: '1999-01-01' })).toBe('tt0211915');
  });

  it('falls back to normalised title and year: accents, punctuation, original titles, one year off', () => {
    expect(idOf({ title: 'Amelie', releaseDate: '2001-04-25' })).toBe('tt0211915');
    expect(idOf({ title: 'Leon – The Professional', releaseDate: '1994-09-14' })).toBe('jw-tm1');
    expect(idOf({ title: 'The Fabulous Destiny', originalTitle: 'Amélie', releaseDate: '2002-01-01' })).toBe('tt0211915');
    expect(idOf({ title: 'The Office', mediaType: 'tv', releaseDate: '2005-03-24' })).toBe('tt0386676');
  });

  it('prefers the exact year, then the most voted title', () => {
    expect(idOf({ title: 'Dune', releaseDate: '2021-09-15' })).toBe('tt1160419');
    expect(idOf({ title: 'Dune', releaseDate: '1985-01-01' })).toBe('tt0087182');
    expect(idOf({ title: 'Dune', releaseDate: '2023-01-01' })).toBeNull();
  });

  it('never matches by title across kinds, without a year, or against a contrary id', () => {
    expect(idOf({ title: 'The Office', mediaType: 'movie', releaseDate: '2005-01-01' })).toBeNull();
    expect(idOf({ title: 'Amelie', releaseDate: null })).toBeNull();
    expect(idOf({ title: 'No Year', releaseDate: '2027-01-01' })).toBeNull();
    // Already linked to another TMDB id: a different film of the same name.
    expect(idOf({ tmdbId: 9, title: 'Linked Elsewhere', releaseDate: '2027-05-01' })).toBeNull();
    // TMDB names another IMDb id, which the catalogue does not have.
    expect(idOf({ tmdbId: 10, imdbId: 'tt7000000', title: 'Other Imdb', releaseDate: '2027-05-01' })).toBeNull();
    expect(idOf({ title: '', releaseDate: '2027-05-01' })).toBeNull();
  });

  it("maps TMDB's movie genres onto the catalogue's names", () => {
    expect(genresOfTmdb([28, 878, 10770, 878, 12345, 18])).toEqual(['Action', 'Sci-Fi', 'Drama']);
  });
});
