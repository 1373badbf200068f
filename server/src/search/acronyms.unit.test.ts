import { describe, expect, it } from 'vitest';
import { popularityOf } from '../modules/catalogue/catalogue.normalize.ts';
import { fixtureCatalogue } from '../modules/titles/titles.fixtures.ts';
import { SegmentBuilder } from './builder.ts';
import { normalizeText } from './normalize.ts';
import { buildIndex, indexOfMovies, movieRow } from './test-indexes.ts';
import { TitleSearchIndex } from './title-index.ts';

describe('acronyms', () => {
  const lotr: [string, string, number, number][] = [
    ['tt0120737', 'The Lord of the Rings: The Fellowship of the Ring', 2001, 2_000_000],
    ['tt0167260', 'The Lord of the Rings: The Return of the King', 2003, 1_900_000],
    ['tt0167261', 'The Lord of the Rings: The Two Towers', 2002, 1_800_000],
  ];

  it('finds a title by the first letters of its words, with and without its leading article and its minor words', () => {
    const index = indexOfMovies([
      ...lotr,
      ['tt0088763', 'Back to the Future', 1985, 1_300_000],
      ['tt0060196', 'The Good, the Bad and the Ugly', 1966, 800_000],
      ['tt0147800', '10 Things I Hate About You', 1999, 400_000],
      ['tt0240772', "Ocean's Eleven", 2001, 600_000],
    ]);
    // With the article, and without it: every film whose acronym begins so, the most popular first.
    expect(index.search('tlotr', { limit: 10 }).ids).toEqual(['tt0120737', 'tt0167260', 'tt0167261']);
    expect(index.search('lotr', { limit: 10 }).ids).toEqual(['tt0120737', 'tt0167260', 'tt0167261']);
    expect(index.search('LOTR ', { limit: 10 }).ids).toEqual(['tt0120737', 'tt0167260', 'tt0167261']);
    expect(index.search('bttf', { limit: 10 }).ids).toEqual(['tt0088763']);
    // Without "the" and "and" anywhere, or with every word.
    expect(index.search('gbu', { limit: 10 }).ids).toEqual(['tt0060196']);
    expect(index.search('tgtbatu', { limit: 10 }).ids).toEqual(['tt0060196']);
    // A number counts whole; an apostrophe does not split a word.
    expect(index.search('10tihay', { limit: 10 }).ids).toEqual(['tt0147800']);
    expect(index.search('ose', { limit: 10 }).ids).toEqual([]);
    expect(index.search('oes', { limit: 10 }).ids).toEqual([]);
  });

  it('matches the beginning of a longer acronym, also past the six characters its key holds', () => {
    const index = indexOfMovies(lotr);
    expect(index.search('lotrtt', { limit: 10 }).ids).toEqual(['tt0167261']);
    expect(index.search('lotrtro', { limit: 10 }).ids).toEqual(['tt0167260']);
    expect(index.search('tlotrtro', { limit: 10 }).ids).toEqual(['tt0167260']);
    expect(index.search('tlotrtfo', { limit: 10 }).ids).toEqual(['tt0120737']);
    expect(index.search('tlotrtfx', { limit: 10 }).ids).toEqual([]);
    // Nine letters are no acronym any more.
    expect(index.search('tlotrtrot', { limit: 10 }).ids).toEqual([]);
  });

  it('does not read two letters as an acronym', () => {
    const index = indexOfMovies([['tt0088763', 'Back to the Future', 1985, 1_300_000]]);
    expect(index.search('bt', { limit: 10 }).ids).toEqual([]);
    expect(index.search('btt', { limit: 10 }).ids).toEqual(['tt0088763']);
  });

  it('ranks acronym matches after the titles with the word as typed, only when those do not fill the page', () => {
    const index = indexOfMovies([
      ['tt2015381', 'Guardians of the Galaxy', 2014, 1_300_000],
      ['tt9999921', 'Got', 2015, 300],
      ['tt9999922', 'Gotham Nights', 2014, 2_000],
      ['tt9999923', 'They Got Me Covered', 1943, 1_000],
    ]);
    // The word itself, a word beginning with it, the word anywhere; then the far more popular title whose acronym
    // ("gotg") begins with the word.
    expect(index.search('got', { limit: 10 }).ids).toEqual(['tt9999921', 'tt9999922', 'tt9999923', 'tt2015381']);
    // Pages: the acronym match comes after the last plain match, on whatever page that is.
    expect(index.search('got', { limit: 3 })).toMatchObject({ ids: ['tt9999921', 'tt9999922', 'tt9999923'], hasMore: true });
    expect(index.search('got', { limit: 2 })).toMatchObject({ ids: ['tt9999921', 'tt9999922'], hasMore: true });
    expect(index.search('got', { offset: 3, limit: 3 })).toMatchObject({ ids: ['tt2015381'], hasMore: false });
  });

  it('ranks a title whose whole acronym the word is with the titles the word begins, when it is far better known', () => {
    const index = indexOfMovies([
      ['tt0944947', 'Game of Thrones', 2011, 2_300_000],
      ['tt9999921', 'Got', 2015, 300],
      ['tt9999922', 'Gotham Nights', 2014, 2_000],
      ['tt9999923', 'They Got Me Covered', 1943, 1_000],
      ['tt9999928', 'My Aunt Sally Hops', 1972, 60_000],
      ['tt9999926', 'Masha and the Bear', 2009, 30_000],
      ['tt9140554', 'Loki', 2021, 400_000],
      ['tt1695360', 'The Legend of Korra', 2012, 1_000_000],
      ['tt0399295', 'Lord of War', 2005, 700_000],
      ['tt9999927', 'Low Tide', 2019, 2_000],
    ]);
    // After the exact title, before the titles beginning with the word, being far better known; on every page.
    expect(index.search('got', { limit: 10 }).ids).toEqual(['tt9999921', 'tt0944947', 'tt9999922', 'tt9999923']);
    expect(index.search('got', { limit: 2 })).toMatchObject({ ids: ['tt9999921', 'tt0944947'], hasMore: true });
    expect(index.search('got', { offset: 2, limit: 2 })).toMatchObject({ ids: ['tt9999922', 'tt9999923'], hasMore: false });
    // On the way to a word: not before a title the word begins unless about six times better known.
    expect(index.search('lok', { limit: 10 }).ids).toEqual(['tt9140554', 'tt1695360']);
    expect(index.search('mash', { limit: 10 }).ids).toEqual(['tt9999926', 'tt9999928']);
    expect(index.search('low', { limit: 10 }).ids).toEqual(['tt0399295', 'tt9999927']);
  });

  it('ranks acronym matches before typo matches unless a typo match is better known', () => {
    const index = indexOfMovies([
      ...lotr,
      ['tt0399295', 'Lord of War', 2005, 700_000],
      ['tt9999924', 'Stone', 2010, 90_000],
      ['tt9999925', 'Snake Time New Empire', 1986, 50],
    ]);
    // "lotr" is one letter from "lord": the films whose acronym it is come first, being better known.
    expect(index.search('lotr', { limit: 10 }).ids).toEqual(['tt0120737', 'tt0167260', 'tt0167261', 'tt0399295']);
    // "stne" is a typo of Stone, and by chance the initials of an obscure film, shown after it.
    expect(index.search('stne', { limit: 10 }).ids).toEqual(['tt9999924', 'tt9999925']);
  });

  it('keeps to the type asked for', () => {
    const index = new TitleSearchIndex();
    const builder = new SegmentBuilder(index.genres);
    builder.push({ ...movieRow('tt0944947', 'Game of Thrones', popularityOf(2_300_000, null), 2_300_000), titleType: 'tvSeries' });
    builder.push(movieRow('tt2015381', 'Guardians of the Galaxy', popularityOf(1_300_000, null), 1_300_000));
    builder.push(movieRow('tt0095327', 'Grave of the Fireflies', popularityOf(300_000, null), 300_000));
    index.replace(builder.finish());
    expect(index.search('got', { limit: 10 }).ids).toEqual(['tt0944947', 'tt2015381', 'tt0095327']);
    expect(index.search('got', { type: 'tvSeries', limit: 10 }).ids).toEqual(['tt0944947']);
    expect(index.search('got', { type: 'movie', limit: 10 }).ids).toEqual(['tt2015381', 'tt0095327']);
    expect(index.search('gotg', { type: 'movie', limit: 10 }).ids).toEqual(['tt2015381']);
    expect(index.search('gotg', { type: 'tvSeries', limit: 10 }).ids).toEqual([]);
  });

  it('finds titles of the delta segment by their acronym, and no longer a changed title by its old one', () => {
    const index = new TitleSearchIndex();
    const builder = new SegmentBuilder(index.genres);
    builder.push(movieRow('tt0088763', 'Back to the Future', 60));
    builder.push(movieRow('tt0120737', 'The Lord of the Rings: The Fellowship of the Ring', 70));
    index.replace(builder.finish());
    expect(index.search('bttf', { limit: 10 }).ids).toEqual(['tt0088763']);
    // Renamed, and a new title.
    index.setDelta([movieRow('tt0088763', 'Forward to the Past', 60), movieRow('tt2015381', 'Guardians of the Galaxy', 50)]);
    expect(index.search('bttf', { limit: 10 }).ids).toEqual([]);
    expect(index.search('fttp', { limit: 10 }).ids).toEqual(['tt0088763']);
    expect(index.search('gotg', { limit: 10 }).ids).toEqual(['tt2015381']);
    expect(index.search('lotr', { limit: 10 }).ids).toEqual(['tt0120737']);
  });

  it('finds the most popular of thousands of titles whose acronyms begin alike, of the type asked for and not hidden', () => {
    const index = new TitleSearchIndex();
    const builder = new SegmentBuilder(index.genres);
    // 6,000 titles "Amber Bay Cove <n>": one bucket of acronyms, too many to gather and sort, read through a bitset.
    for (let i = 0; i < 6000; i++) {
      const row = movieRow(`tt${String(i).padStart(7, '0')}`, `Amber Bay Cove ${i}`, (i * 7919) % 6000);
      builder.push(i % 3 === 0 ? { ...row, titleType: 'tvSeries' } : row);
    }
    index.replace(builder.finish());
    const byPopularity = (type: 'movie' | 'tvSeries' | null) =>
      Array.from({ length: 6000 }, (_, i) => i)
        .filter((i) => type === null || (i % 3 === 0) === (type === 'tvSeries'))
        .sort((a, b) => ((b * 7919) % 6000) - ((a * 7919) % 6000))
        .map((i) => `tt${String(i).padStart(7, '0')}`);
    expect(index.search('abc', { limit: 10 }).ids).toEqual(byPopularity(null).slice(0, 10));
    expect(index.search('abc', { type: 'tvSeries', limit: 10 }).ids).toEqual(byPopularity('tvSeries').slice(0, 10));
    expect(index.search('abc', { type: 'movie', offset: 20, limit: 20 })).toMatchObject({ ids: byPopularity('movie').slice(20, 40), hasMore: true });
    // The most popular one changed: its old copy is hidden, the new one found in the delta.
    const top = byPopularity(null)[0];
    index.setDelta([movieRow(top, 'Harbour Lights', 1)]);
    expect(index.search('abc', { limit: 10 }).ids).toEqual(byPopularity(null).slice(1, 11));
    // "abc7" is the whole acronym of Amber Bay Cove 7, which comes first; then the titles whose acronym it begins.
    const begins = byPopularity(null).filter((id) => id !== top && id !== 'tt0000007' && String(Number(id.slice(2))).startsWith('7'));
    expect(index.search('abc7', { limit: 3 }).ids).toEqual(['tt0000007', ...begins.slice(0, 2)]);
  });

  it('answers the same first page of acronym matches whatever the number of results asked for', () => {
    const index = buildIndex();
    const queries = new Set<string>();
    for (const t of fixtureCatalogue()) {
      const initials = normalizeText(t.primaryTitle)
        .split(' ')
        .map((w) => w[0])
        .join('');
      for (let len = 3; len <= Math.min(initials.length, 5); len++) queries.add(initials.slice(0, len));
    }
    let full = 0;
    for (const q of queries) {
      for (const type of [null, 'movie'] as const) {
        const first = index.search(q, { type, limit: 10 }).ids;
        expect({ q, type, ids: first }).toEqual({ q, type, ids: index.search(q, { type, limit: 80 }).ids.slice(0, 10) });
        expect({ q, type, ids: index.search(q, { type, offset: 5, limit: 5 }).ids }).toEqual({ q, type, ids: first.slice(5, 10) });
        if (first.length === 10) full++;
      }
    }
    expect(queries.size).toBeGreaterThan(200);
    expect(full).toBeGreaterThan(50);
  });
});
