import { describe, expect, it } from 'vitest';
import { popularityOf } from '../modules/catalogue/catalogue.normalize.ts';
import { fixtureCatalogue } from '../modules/titles/titles.fixtures.ts';
import { SegmentBuilder } from './builder.ts';
import { buildIndex, indexOfMovies, movieRow } from './test-indexes.ts';
import { TitleSearchIndex } from './title-index.ts';
import type { IndexRow } from './types.ts';

describe('the title search', () => {
  it('answers the same first page whatever the number of results asked for (the sweep stops early only when later titles cannot rank higher)', () => {
    const index = buildIndex();
    const titles = fixtureCatalogue().slice(-600);
    const queries = new Set<string>();
    for (const t of titles) {
      const words = t.primaryTitle.split(' ');
      queries.add(t.primaryTitle.toLowerCase());
      queries.add(t.primaryTitle.slice(0, 3));
      queries.add(`${words[0]} ${t.startYear}`);
      queries.add(words.slice(0, 2).join(' '));
      queries.add(words[words.length - 1]);
    }
    let compared = 0;
    for (const q of queries) {
      for (const type of [null, 'movie'] as const) {
        const first = index.search(q, { type, limit: 10 }).ids;
        const wide = index.search(q, { type, limit: 80 }).ids.slice(0, 10);
        expect({ q, type, ids: first }).toEqual({ q, type, ids: wide });
        if (first.length === 10) compared++;
      }
    }
    // Most of these queries match many titles, so the early stop was exercised.
    expect(compared).toBeGreaterThan(500);
  }, 20_000);

  it('walks thousands of candidates of a typed beginning most popular first, and leaves nothing behind for the next query', () => {
    // 3,000 titles whose first word begins "sta" (three words, so several lists of candidates), 300 others; every
    // popularity differs, so the order expected is the popularity's.
    const firsts = ['Star', 'Stan', 'Stay'];
    const rows: { id: string; title: string; year: number; popularity: number }[] = [];
    for (let i = 0; i < 3000; i++) rows.push({ id: `tt${1_000_000 + i}`, title: `${firsts[i % 3]} Glorp${i}`, year: 1990 + (i % 20), popularity: ((i * 7919) % 3001) / 1000 });
    for (let i = 0; i < 300; i++) rows.push({ id: `tt${2_000_000 + i}`, title: `Moon Zarq${i}`, year: 2001, popularity: 4 + i / 1000 });
    const index = new TitleSearchIndex();
    const builder = new SegmentBuilder(index.genres);
    for (const r of rows) builder.push({ ...movieRow(r.id, r.title, r.popularity), startYear: r.year });
    index.replace(builder.finish());
    const byPopularity = (want: (row: (typeof rows)[number]) => boolean) =>
      rows
        .filter(want)
        .sort((a, b) => b.popularity - a.popularity)
        .map((r) => r.id);
    for (let round = 0; round < 2; round++) {
      const sta = index.search('sta', { type: null, limit: 10 }).ids;
      expect(sta).toEqual(byPopularity((r) => r.title.startsWith('Sta')).slice(0, 10));
      expect(index.search('sta', { type: null, limit: 80 }).ids).toEqual(byPopularity((r) => r.title.startsWith('Sta')).slice(0, 80));
      // The year's 150 titles and the 300 of a year as words are the candidates here.
      expect(index.search('star 2001', { type: null, limit: 10 }).ids).toEqual(byPopularity((r) => r.title.startsWith('Star') && r.year === 2001).slice(0, 10));
      // Another query right after: none of the candidates left unwalked above is taken for one of its own.
      expect(index.search('moon', { type: null, limit: 10 }).ids).toEqual(byPopularity((r) => r.title.startsWith('Moon')).slice(0, 10));
      expect(index.search('moon zarq1', { type: null, limit: 1 }).ids).toEqual(['tt2000001']);
    }
  });

  it('hides the old copies of changed titles and counts new ones (delta segment)', () => {
    const index = new TitleSearchIndex();
    const builder = new SegmentBuilder(index.genres);
    const row = (id: string, primaryTitle: string, popularity: number, genres = 'Drama'): IndexRow => ({
      id,
      titleType: 'movie',
      primaryTitle,
      originalTitle: null,
      startYear: 2000,
      genres,
      popularity,
      imdbRating: 7,
      imdbVotes: 10_000,
    });
    builder.push(row('tt0000001', 'Harbour Lights', 30));
    builder.push(row('tt0000002', 'Harbour Storm', 20));
    builder.push(row('tt0000003', 'Quiet Harbour', 10));
    index.replace(builder.finish());
    expect(index.size).toBe(3);
    // tt0000002 renamed and moved to Comedy; tt0000004 is new.
    index.setDelta([row('tt0000002', 'Lighthouse Keeper', 20, 'Comedy'), row('tt0000004', 'Harbour Nights', 5)]);
    expect(index.size).toBe(4);
    // Titles starting with the word first, then titles holding it elsewhere.
    expect(index.search('harbour', { limit: 10 }).ids).toEqual(['tt0000001', 'tt0000004', 'tt0000003']);
    expect(index.search('lighthouse', { limit: 10 }).ids).toEqual(['tt0000002']);
    const drama = index.genreMask(['Drama']).mask;
    expect(index.browse({ genreMask: drama }, 'popularity', 0, 10).ids).toEqual(['tt0000001', 'tt0000003', 'tt0000004']);
    expect(index.genreCounts('movie')).toEqual([
      { name: 'Drama', count: 3 },
      { name: 'Comedy', count: 1 },
    ]);
  });

  it('knows which titles it holds, also once they have changed', () => {
    const index = new TitleSearchIndex();
    const builder = new SegmentBuilder(index.genres);
    builder.push(movieRow('tt0000001', 'Harbour Lights', 30));
    builder.push(movieRow('tt0000002', 'Harbour Storm', 20));
    index.replace(builder.finish());
    const { ids, scores } = index.search('harbour', { limit: 10 });
    expect(ids).toEqual(['tt0000001', 'tt0000002']);
    expect(scores).toEqual([-1, -1]);
    expect(index.has('tt0000002')).toBe(true);
    expect(index.has('tt0000009')).toBe(false);
    const version = index.version;
    index.setDelta([movieRow('tt0000002', 'Harbour Storm Redux', 20), movieRow('tt0000009', 'Harbour Nights', 5)]);
    expect(index.version).toBeGreaterThan(version);
    expect(index.has('tt0000002')).toBe(true);
    expect(index.has('tt0000009')).toBe(true);
    expect(index.search('redux', { limit: 10 }).ids).toEqual(['tt0000002']);
  });

  it('keeps a typo match from the delta segment that has the same document number as a plain match from the main one', () => {
    const index = new TitleSearchIndex();
    const builder = new SegmentBuilder(index.genres);
    builder.push(movieRow('tt0000001', 'Harbour Lights', 30));
    builder.push(movieRow('tt0000002', 'Quiet Harbour', 10));
    index.replace(builder.finish());
    // The delta's first document matches "harbour" only through a typo, found by the second pass.
    index.setDelta([movieRow('tt0000003', 'Harbor Nights', 50)]);
    expect(index.search('harbour', { limit: 10 }).ids).toEqual(['tt0000001', 'tt0000002', 'tt0000003']);
  });

  it('puts a title matched past its article after an exact one unless it is far more popular (popularity on the log scale the importer gives)', () => {
    const index = new TitleSearchIndex();
    const builder = new SegmentBuilder(index.genres);
    const titles: [string, string, number][] = [
      ['tt0068646', 'The Godfather', 2_000_000],
      ['tt13130308', 'GodFather', 7_000],
      ['tt0096895', 'Batman', 400_000],
      ['tt1877830', 'The Batman', 800_000],
    ];
    for (const [id, primaryTitle, votes] of titles) builder.push(movieRow(id, primaryTitle, popularityOf(votes, null), votes));
    index.replace(builder.finish());
    // 40% as popular: The Godfather (2,000,000 votes) counts as 800,000, still far above 7,000...
    expect(index.search('godfather', { limit: 10 }).ids).toEqual(['tt0068646', 'tt13130308']);
    expect(index.search('godfathr', { limit: 10 }).ids[0]).toBe('tt0068646');
    // ...while The Batman (800,000) counts as 320,000, below Batman's 400,000.
    expect(index.search('batman', { limit: 10 }).ids).toEqual(['tt0096895', 'tt1877830']);
  });

  it('answers a typed year no title with the words has with those words from other years, the nearest first, before any typo', () => {
    const index = indexOfMovies([
      ['tt0087182', 'Dune', 1984, 180_000],
      ['tt15304540', 'June & Kopi', 2021, 2_000],
      ['tt0077651', 'Halloween', 1978, 300_000],
      ['tt1502407', 'Halloween', 2018, 150_000],
      ['tt9999901', 'Halloween Party', 2019, 300],
      ['tt9999902', 'Super Monsters Save Halloween', 2018, 900],
      ['tt0078748', 'Alien', 1979, 900_000],
      ['tt0090605', 'Aliens', 1986, 700_000],
    ]);
    // No Dune from 2021: the 1984 one, not the typo ("june") that has the year.
    expect(index.search('dune 2021', { limit: 10 }).ids).toEqual(['tt0087182']);
    // No Halloween from 2017: exact titles first, one year off before further off whatever the popularity, then
    // titles starting with the word, then titles with it anywhere.
    expect(index.search('halloween 2017', { limit: 10 }).ids).toEqual(['tt1502407', 'tt0077651', 'tt9999901', 'tt9999902']);
    // Every word is read as a possible beginning there: "alien 1986" finds Aliens (1986) before Alien (1979).
    expect(index.search('alien 1986', { limit: 10 }).ids).toEqual(['tt0090605', 'tt0078748']);
    // A title of the year asked for answers alone.
    expect(index.search('halloween 2019', { limit: 10 }).ids).toEqual(['tt9999901']);
    // The year still decides between titles that have every word.
    expect(index.search('halloween 1978', { limit: 10 }).ids[0]).toBe('tt0077651');
    expect(index.search('halloween 2018', { limit: 10 }).ids[0]).toBe('tt1502407');
    // Typos only when no title has the words: "halloweem 1978" finds Halloween.
    expect(index.search('halloweem 1978', { limit: 10 }).ids[0]).toBe('tt0077651');
  });

  it('takes a typed year as the year of the title or as one of its words, or a word beginning with it while typed', () => {
    const index = indexOfMovies([
      ['tt0062622', '2001: A Space Odyssey', 1968, 700_000],
      ['tt0000002', 'The Odyssey', 1997, 50_000],
      ['tt0000003', 'Odyssey', 2001, 1_000],
      ['tt0000004', 'Odyssey 2001x', 1990, 500],
    ]);
    // Still being typed: the number may begin a longer word (a title starting with the words ranks first).
    expect(index.search('odyssey 2001', { limit: 10 }).ids).toEqual(['tt0000003', 'tt0000004', 'tt0062622']);
    expect(index.search('odyssey 2001 ', { limit: 10 }).ids).toEqual(['tt0000003', 'tt0062622']);
    expect(index.search('odyssey 1997', { limit: 10 }).ids).toEqual(['tt0000002']);
  });

  it('leaves out a known word when no title has all of them, ranking what the others find after every full match', () => {
    const index = indexOfMovies([
      ['tt1160419', 'Dune', 2021, 900_000],
      ['tt0087182', 'Dune', 1984, 200_000],
      ['tt0110475', 'The Mask', 1994, 400_000],
      ['tt0111161', 'The Shawshank Redemption', 1994, 2_900_000],
      ['tt9999909', 'Dune Buggies', 1970, 30],
    ]);
    // "mask" and "dune" are in no title together: what each finds without the other, best first.
    const ids = index.search('mask dune', { limit: 10 }).ids;
    expect(ids.slice(0, 3)).toEqual(['tt1160419', 'tt0087182', 'tt0110475']);
    expect(ids).toContain('tt9999909');
    // With a year, the year still chooses.
    expect(index.search('mask dune 1984', { limit: 10 }).ids[0]).toBe('tt0087182');
    // A query that matches is not loosened.
    expect(index.search('the mask', { limit: 10 }).ids).toEqual(['tt0110475']);
  });

  it('leaves a word out of queries of up to eight words, and of a word no title has, only that one', () => {
    const index = indexOfMovies([
      ['tt0325980', 'Pirates of the Caribbean: The Curse of the Black Pearl', 2003, 1_200_000],
      ['tt0383574', "Pirates of the Caribbean: Dead Man's Chest", 2006, 700_000],
      ['tt0088763', 'Back to the Future', 1985, 1_300_000],
      ['tt0472033', '9', 2009, 150_000],
    ]);
    // A number that is a word, but no sequel's, after four words: what the four find.
    expect(index.search('pirates of the caribbean 9', { limit: 10 }).ids).toEqual(['tt0325980', 'tt0383574']);
    // Two known words no title has together, in seven: each left out in turn, what the six others find.
    expect(index.search('pirates of the caribbean dead future chest', { limit: 10 }).ids).toEqual(['tt0383574']);
    // A word no title has, read as two that no title has with the others: what the others find without it.
    expect(index.search('deadpearl caribbean', { limit: 10 }).ids).toEqual(['tt0325980', 'tt0383574']);
    // Words no title has, with no typo either: the typo pass finds what the others find without them.
    expect(index.search('pirates of the caribbean zzqx chest', { limit: 10 }).ids).toEqual(['tt0383574']);
    expect(index.search('pirates of the caribbean zzqx qqzz', { limit: 10 }).ids).toEqual(['tt0325980', 'tt0383574']);
  });

  it('cuts words off the end of a query that no title has with the others, and words that say what is looked for off its start', () => {
    const index = indexOfMovies([
      ['tt0145487', 'Spider-Man', 2002, 900_000],
      ['tt0316654', 'Spider-Man 2', 2004, 600_000],
      ['tt9999940', 'The Way Home', 2010, 5_000],
      ['tt0477348', 'No Country for Old Men', 2007, 1_000_000],
      ['tt2356777', 'True Detective', 2014, 650_000],
      ['tt0903747', 'Breaking Bad', 2008, 2_000_000],
      ['tt1386697', 'The Watch', 2012, 200_000],
      ['tt1980209', 'Pain & Gain', 2013, 300_000],
      ['tt1736552', 'Kevin Hart: Laugh at My Pain', 2011, 10_000],
      ['tt0848228', 'The Avengers', 2012, 1_400_000],
      ['tt9999941', 'Infinity', 1996, 3_000],
    ]);
    // The first words are the title: every run of them before any run of the last words ("way home").
    expect(index.search('spiderman no way home', { limit: 10 }).ids.slice(0, 2)).toEqual(['tt0145487', 'tt0316654']);
    expect(index.search('avengers infinity war', { limit: 10 }).ids).toEqual(['tt0848228']);
    expect(index.search('true detective season 1', { limit: 10 }).ids).toEqual(['tt2356777']);
    // A word that says what is looked for is no first word: "breaking bad", not The Watch.
    expect(index.search('watch breaking bad online', { limit: 10 }).ids).toEqual(['tt0903747']);
    // "pain gain part" finds Laugh at My Pain only through typos ("gain", "hart"): "pain gain" is found as typed.
    expect(index.search('pain gain part 2', { limit: 10 }).ids[0]).toBe('tt1980209');
    // A typed year stays with the run.
    expect(index.search('spiderman no way home 2004', { limit: 10 }).ids[0]).toBe('tt0316654');
    // Every page comes from the same run.
    const all = index.search('spiderman no way home', { limit: 10 }).ids;
    expect(index.search('spiderman no way home', { limit: 1, offset: 1 }).ids).toEqual(all.slice(1, 2));
    // Not when the query finds something whole.
    expect(index.search('spider man 2', { limit: 10 }).ids[0]).toBe('tt0316654');
  });

  it('reads a leading article the title does not have as optional, and a typo of "the" too', () => {
    const index = indexOfMovies([
      ['tt1160419', 'Dune', 2021, 900_000],
      ['tt0087182', 'Dune', 1984, 200_000],
      ['tt9999913', 'The Dunera Boys', 1985, 500],
      ['tt9999914', 'The Dupe', 1916, 50],
      ['tt9999915', 'The Funeral', 1996, 10_000],
      ['tt0068646', 'The Godfather', 1972, 2_000_000],
      ['tt0071562', 'The Godfather Part II', 1974, 1_300_000],
      ['tt9999916', 'GodFather', 2022, 7_000],
      ['tt0110475', 'The Mask', 1994, 400_000],
    ]);
    // Dune before a title that starts with the words as typed but is far less known.
    expect(index.search('the dune', { limit: 10 }).ids).toEqual(['tt1160419', 'tt0087182', 'tt9999913']);
    expect(index.search('the dune 1984', { limit: 10 }).ids[0]).toBe('tt0087182');
    // An obscure title without the article does not come before the better known titles that have it.
    expect(index.search('the godfather', { limit: 10 }).ids).toEqual(['tt0068646', 'tt0071562', 'tt9999916']);
    // A typo of "the": Dune before typo matches that keep the article (The Dupe, The Funeral).
    expect(index.search('hte dune', { limit: 10 }).ids.slice(0, 2)).toEqual(['tt1160419', 'tt0087182']);
    expect(index.search('teh dune', { limit: 10 }).ids[0]).toBe('tt1160419');
    // Only whole titles: "the dun", still being typed, is not read as Dune.
    expect(index.search('the dun', { limit: 10 }).ids[0]).toBe('tt9999913');
    expect(index.search('the mask', { limit: 10 }).ids).toEqual(['tt0110475']);
  });
});

describe('how well a search matches', () => {
  const index = indexOfMovies([
    ['tt1', 'In the Mood', 1946, 300],
    ['tt2', 'In the Heat of the Night', 1967, 80_000],
    ['tt3', 'Love Actually', 2003, 500_000],
    ['tt4', 'Dune', 2021, 800_000],
  ]);

  it("says 'good' when the first title has every word, typed or through a typo", () => {
    expect(index.search('dune', { type: null, limit: 5 }).match).toBe('good');
    expect(index.search('dnue', { type: null, limit: 5 }).match).toBe('good');
    expect(index.search('in the heat', { type: null, limit: 5 }).match).toBe('good');
  });

  it("says 'weak' when no title has every word and the closest titles answer", () => {
    const mood = index.search('in the mood for love', { type: null, limit: 5 });
    expect(mood.match).toBe('weak');
    expect(mood.ids.length).toBeGreaterThan(0);
    expect(index.search('dune actually', { type: null, limit: 5 }).match).toBe('weak');
  });

  it("says 'none' when nothing is found", () => {
    expect(index.search('xqzvw', { type: null, limit: 5 })).toMatchObject({ ids: [], match: 'none' });
  });
});
