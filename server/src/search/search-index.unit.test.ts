import { describe, expect, it } from 'vitest';
import { popularityOf } from '../modules/catalogue/catalogue.normalize.ts';
import { fixtureCatalogue } from '../modules/titles/titles.fixtures.ts';
import { normalizeText, tokenize } from './normalize.ts';
import { type IndexRow, largestSorted, numeralForms, otherForms, SegmentBuilder, TitleSearchIndex } from './search-index.ts';

function buildIndex() {
  const index = new TitleSearchIndex();
  const builder = new SegmentBuilder(index.genres);
  for (const t of fixtureCatalogue()) {
    builder.push({
      id: t.id,
      titleType: t.titleType,
      primaryTitle: t.primaryTitle,
      originalTitle: t.originalTitle ?? null,
      startYear: t.startYear ?? null,
      genres: (t.genres ?? []).join(','),
      popularity: t.popularity ?? 0,
      imdbRating: t.imdbRating ?? null,
      imdbVotes: t.imdbVotes ?? 0,
    });
  }
  index.replace(builder.finish());
  return index;
}

/** A movie's index row with the fields these tests vary; the rest are fixed. */
function movieRow(id: string, primaryTitle: string, popularity: number, imdbVotes = 10_000): IndexRow {
  return { id, titleType: 'movie', primaryTitle, originalTitle: null, startYear: 2000, genres: 'Drama', popularity, imdbRating: 7, imdbVotes };
}

/** An index of movies given as [id, title, year, votes]. */
function indexOfMovies(rows: [string, string, number, number][]): TitleSearchIndex {
  const index = new TitleSearchIndex();
  const builder = new SegmentBuilder(index.genres);
  for (const [id, primaryTitle, year, votes] of rows) builder.push({ ...movieRow(id, primaryTitle, popularityOf(votes, null), votes), startYear: year });
  index.replace(builder.finish());
  return index;
}

describe('search index', () => {
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
  });

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
});

describe('browsing by several genres', () => {
  it('finds the same titles as a walk over every title, in popularity order, with filters and pages', () => {
    const GENRES = ['Drama', 'Comedy', 'Action', 'Horror', 'Romance', 'Western', 'Documentary', 'Animation'];
    let seed = 7;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const rows: IndexRow[] = Array.from({ length: 4000 }, (_, i) => {
      // Common genres often, rare ones (the last few) seldom, one to three per title.
      const count = 1 + Math.floor(rand() * 3);
      const picked = new Set<string>();
      while (picked.size < count) picked.add(GENRES[Math.floor(rand() ** 2 * GENRES.length)]);
      return {
        id: `tt${String(i).padStart(7, '0')}`,
        titleType: rand() < 0.75 ? 'movie' : 'tvSeries',
        primaryTitle: `Title ${i}`,
        originalTitle: null,
        startYear: 1950 + Math.floor(rand() * 75),
        genres: [...picked].join(','),
        popularity: rand() * 1000 + i / 1e6,
        imdbRating: 1 + rand() * 9,
        imdbVotes: Math.floor(rand() * 10000),
      };
    });
    const index = new TitleSearchIndex();
    const builder = new SegmentBuilder(index.genres);
    for (const r of rows) builder.push(r);
    index.replace(builder.finish());
    const byPopularity = [...rows].sort((a, b) => b.popularity - a.popularity);

    let checked = 0;
    for (let a = 0; a < GENRES.length; a++) {
      for (let b = a + 1; b < GENRES.length; b++) {
        for (const third of [null, ...GENRES.slice(b + 1)]) {
          const names = third ? [GENRES[a], GENRES[b], third] : [GENRES[a], GENRES[b]];
          const genreMask = index.genreMask(names).mask;
          for (const type of [null, 'movie', 'tvSeries'] as const) {
            for (const yearFrom of [undefined, 1990]) {
              const expected = byPopularity
                .filter((r) => (type === null || r.titleType === type) && names.every((g) => r.genres.split(',').includes(g)))
                .filter((r) => yearFrom === undefined || (r.startYear ?? 0) >= yearFrom)
                .map((r) => r.id);
              for (const [offset, limit] of [
                [0, 13],
                [0, 1],
                [20, 20],
                [0, 150],
              ]) {
                const got = index.browse({ type, genreMask, yearFrom }, 'popularity', offset, limit);
                expect({ names, type, yearFrom, offset, ids: got.ids }).toEqual({ names, type, yearFrom, offset, ids: expected.slice(offset, offset + limit) });
                expect(got.hasMore).toBe(expected.length > offset + limit);
                checked++;
              }
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('answers a filter few titles pass (a few years, a rare genre) in the same order as a walk of every sort', () => {
    const GENRES = ['Drama', 'Comedy', 'Western', 'Musical'];
    const rows: IndexRow[] = Array.from({ length: 3000 }, (_, i) => ({
      id: `tt${String(i).padStart(7, '0')}`,
      titleType: i % 4 === 0 ? 'tvSeries' : 'movie',
      primaryTitle: `Title ${String.fromCharCode(97 + ((i * 7) % 26))}${i % 13}`,
      originalTitle: null,
      startYear: i % 50 === 0 ? null : 1900 + ((i * 37) % 125),
      genres: i % 40 === 0 ? 'Western,Drama' : i % 25 === 0 ? 'Musical' : GENRES[i % 2],
      popularity: (i * 7919) % 1000,
      imdbRating: 1 + ((i * 13) % 90) / 10,
      imdbVotes: (i * 31) % 5000,
    }));
    const index = new TitleSearchIndex();
    const builder = new SegmentBuilder(index.genres);
    for (const r of rows) builder.push(r);
    index.replace(builder.finish());
    const byId = new Map(rows.map((r) => [r.id, r]));
    const main = index.main;
    let checked = 0;
    for (const sort of ['popularity', 'rating', 'year', 'title'] as const) {
      const order = main.order(sort) ?? Int32Array.from({ length: main.n }, (_, d) => d);
      for (const [yearFrom, yearTo, genres] of [
        [1950, 1950, []],
        [1900, 1902, []],
        [undefined, 1905, ['Drama']],
        [undefined, undefined, ['Western']],
        [1990, 2024, ['Musical']],
        [2030, 2040, []],
      ] as [number | undefined, number | undefined, string[]][]) {
        const genreMask = index.genreMask(genres).mask;
        const expected: string[] = [];
        for (const d of order) {
          const r = byId.get(main.ids.at(d)) as IndexRow;
          const y = r.startYear ?? 0;
          if ((yearFrom !== undefined || yearTo !== undefined) && (y === 0 || y < (yearFrom ?? 0) || y > (yearTo ?? 9999))) continue;
          if (!genres.every((g) => r.genres.split(',').includes(g))) continue;
          expected.push(r.id);
        }
        for (const [offset, limit] of [
          [0, 20],
          [20, 20],
          [0, 200],
        ]) {
          const got = index.browse({ type: null, genreMask, yearFrom, yearTo }, sort, offset, limit);
          expect({ sort, yearFrom, yearTo, genres, offset, ids: got.ids }).toEqual({ sort, yearFrom, yearTo, genres, offset, ids: expected.slice(offset, offset + limit) });
          expect(got.hasMore).toBe(expected.length > offset + limit);
          checked++;
        }
      }
    }
    expect(checked).toBe(72);
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

  it('gives the cards of a page just found as a lookup by id would, also once the titles have changed since', () => {
    const index = new TitleSearchIndex();
    const builder = new SegmentBuilder(index.genres);
    const row = (id: string, primaryTitle: string, popularity: number): IndexRow => ({ ...movieRow(id, primaryTitle, popularity), posterUrl: null, releaseDate: null, creator: null });
    builder.push(row('tt0000001', 'Harbour Lights', 30));
    builder.push(row('tt0000002', 'Harbour Storm', 20));
    index.replace(builder.finish());
    const { ids } = index.search('harbour', { limit: 10 });
    expect(ids.map((id) => index.card(id)?.primaryTitle)).toEqual(['Harbour Lights', 'Harbour Storm']);
    // The caller may change the ids it was given; the cards still follow the ids asked for.
    ids.reverse();
    expect(ids.map((id) => index.card(id)?.primaryTitle)).toEqual(['Harbour Storm', 'Harbour Lights']);
    expect(index.card('tt0000009')).toBeNull();
    // Renamed since the search: the card is the new one, not the page's.
    index.setDelta([row('tt0000002', 'Harbour Storm Redux', 20)]);
    expect(index.card('tt0000002')?.primaryTitle).toBe('Harbour Storm Redux');
    expect(index.card('tt0000001')?.id).toBe('tt0000001');
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

  it('finds a short word typed with two neighbouring letters swapped, which shares no trigram with it', () => {
    const index = indexOfMovies([
      ['tt0087182', 'Dune', 1984, 180_000],
      ['tt1160419', 'Dune: Part One', 2021, 900_000],
      ['tt0066921', 'A Clockwork Orange', 1971, 900_000],
      ['tt0117571', 'Scream', 1996, 400_000],
      ['tt9999903', 'Teh Tarik Stories', 2015, 500],
      ['tt0110475', 'The Mask', 1994, 400_000],
    ]);
    // "dnue" and "dune" have no trigram in common; the swap is one edit.
    expect(index.search('dnue 2021', { limit: 10 }).ids[0]).toBe('tt1160419');
    // Without a year, the title that is the word comes first.
    expect(index.search('dnue ', { limit: 10 }).ids).toEqual(['tt0087182', 'tt1160419']);
    // Still being typed: words beginning with the swapped letters.
    expect(index.search('dnue', { limit: 10 }).ids).toEqual(['tt0087182', 'tt1160419']);
    expect(index.search('scraem', { limit: 10 }).ids).toEqual(['tt0117571']);
    // Three letters: only a swap counts ("teh" for "the", even though "teh" is a word of another title).
    expect(index.search('teh mask', { limit: 10 }).ids).toEqual(['tt0110475']);
    expect(index.search('hte mask', { limit: 10 }).ids).toEqual(['tt0110475']);
    expect(index.search('cloc kwork', { limit: 10 }).ids[0]).toBe('tt0066921');
  });

  it('splits a word in two only when its second part has three letters or more, so a short typo stays a typo', () => {
    const index = indexOfMovies([
      ['tt0133093', 'The Matrix', 1999, 2_000_000],
      ['tt9999905', 'Mat Rxcellent', 2010, 100],
      ['tt0145487', 'Spider-Man', 2002, 900_000],
      ['tt9999906', 'The Spider', 1940, 100],
    ]);
    // "matrx" is one edit from "matrix", not "mat" followed by a word starting with "rx".
    expect(index.search('the matrx', { limit: 10 }).ids).toEqual(['tt0133093']);
    expect(index.search('matrx ', { limit: 10 }).ids[0]).toBe('tt0133093');
    // "spiderman" is still "spider man".
    expect(index.search('spiderman', { limit: 10 }).ids[0]).toBe('tt0145487');
  });

  it('reads words typed together as three or more words, the likeliest reading by how common its words are', () => {
    const index = indexOfMovies([
      ['tt0120737', 'The Lord of the Rings: The Fellowship of the Ring', 2001, 2_000_000],
      ['tt0167260', 'The Lord of the Rings: The Return of the King', 2003, 1_900_000],
      ['tt0088763', 'Back to the Future', 1985, 1_300_000],
      ['tt9999907', 'There Goes the Bride', 1980, 100],
      ['tt9999908', 'Tot Rings of Fire', 2012, 50],
      ['tt9999910', 'He Said She Said', 1991, 60],
      ['tt0068646', 'The Godfather', 1972, 2_000_000],
      ['tt9999911', 'God of Thr', 2019, 40],
      ['tt9999912', 'Fa Mulan', 2001, 30],
      ['tt0145487', 'Spider-Man', 2002, 900_000],
    ]);
    expect(index.search('lordoftherings', { limit: 10 }).ids).toEqual(['tt0120737', 'tt0167260']);
    expect(index.search('lordoftherings returnoftheking', { limit: 10 }).ids[0]).toBe('tt0167260');
    // back + to + the + future (common words), not back + tot + he + future.
    expect(index.search('backtothefuture', { limit: 10 }).ids[0]).toBe('tt0088763');
    // A typo that also reads as short words is still found as a typo: god + fa + thr is no title.
    expect(index.search('godfathr', { limit: 10 }).ids[0]).toBe('tt0068646');
    // Two words as before.
    expect(index.search('spiderman', { limit: 10 }).ids[0]).toBe('tt0145487');
  });

  it("keeps a filter of the vocabulary that never says a word we know is not one, and mostly knows other strings aren't", () => {
    const index = buildIndex();
    // Each title's words as indexed: letter by letter ("l", "a"), and initials joined ("la") when it has no other original title.
    const joinable = (t: { primaryTitle: string; originalTitle?: string | null }) => !t.originalTitle || normalizeText(t.originalTitle) === normalizeText(t.primaryTitle);
    const words = new Set(
      fixtureCatalogue().flatMap((t) => [
        ...tokenize(t.primaryTitle),
        ...tokenize(t.originalTitle ?? ''),
        ...(joinable(t) ? normalizeText(t.primaryTitle, true).split(' ') : []),
      ]),
    );
    for (const w of words) expect(index.main.mayBeWord(w)).toBe(true);
    let maybe = 0;
    for (let i = 0; i < 2000; i++) if (index.main.mayBeWord(`zq${i}x`)) maybe++;
    expect(maybe).toBeLessThan(200);
  });

  it('reads a one-letter word typed onto another apart, or two words as one, only when so read they are a whole title', () => {
    const index = indexOfMovies([
      ['tt0120903', 'X-Men', 2000, 630_000],
      ['tt9999928', 'The Omen', 1976, 150_000],
      ['tt0910970', 'WALL·E', 2008, 1_100_000],
      ['tt9999929', 'Waller', 2010, 500],
      ['tt1289406', 'Love', 2015, 60_000],
      ['tt9999930', 'Love Exposure', 2008, 30_000],
      ['tt2404435', 'Taken 2', 2012, 300_000],
      ['tt0936501', 'Taken', 2008, 650_000],
      ['tt0435761', 'Toy Story 3', 2010, 900_000],
      ['tt0114709', 'Toy Story', 1995, 1_100_000],
      ['tt0099685', 'Goodfellas', 1990, 1_300_000],
      ['tt0364569', 'Oldboy', 2003, 620_000],
      ['tt9999931', 'An Old Fashioned Boy', 1920, 400],
      ['tt0096895', 'Batman', 1989, 400_000],
      ['tt1877830', 'The Batman', 2022, 800_000],
      ['tt0068646', 'The Godfather', 1972, 2_000_000],
      ['tt13130308', 'GodFather', 2022, 7_000],
    ]);
    expect(index.search('xmen', { limit: 10 }).ids[0]).toBe('tt0120903');
    // Also when the word begins another ("walle", "waller").
    expect(index.search('walle', { limit: 10 }).ids[0]).toBe('tt0910970');
    expect(index.search('taken2', { limit: 10 }).ids[0]).toBe('tt2404435');
    // "love e" is no title: "lovee" stays a typo of Love, not love + a word beginning with "e".
    expect(index.search('lovee', { limit: 10 }).ids[0]).toBe('tt1289406');
    // With other words: "toy story 3" is a whole title.
    expect(index.search('toy story3', { limit: 10 }).ids[0]).toBe('tt0435761');
    // Two words of one: the title first, and the titles with both words still after it.
    expect(index.search('good fellas', { limit: 10 }).ids).toEqual(['tt0099685']);
    expect(index.search('old boy', { limit: 10 }).ids).toEqual(['tt0364569', 'tt9999931']);
    // Found so and past its article too, a title counts both ways (16% as popular): "bat man" gives Batman before The
    // Batman, as "batman" does; "god father" still gives The Godfather before an obscure GodFather.
    expect(index.search('bat man', { limit: 10 }).ids.slice(0, 2)).toEqual(['tt0096895', 'tt1877830']);
    expect(index.search('god father', { limit: 10 }).ids.slice(0, 2)).toEqual(['tt0068646', 'tt13130308']);
  });

  it('reads initials written with dots or stars as one word, and a title with them also letter by letter', () => {
    const joined = (s: string) => normalizeText(s, true);
    expect(joined('L.A. Confidential')).toBe('la confidential');
    expect(joined('M*A*S*H')).toBe('mash');
    expect(joined('K.G.F: Chapter 1')).toBe('kgf chapter 1');
    expect(joined("L.A.'s Finest")).toBe('las finest');
    expect(joined('Doogie Howser， M.D.')).toBe('doogie howser md');
    expect(joined('É.T.')).toBe('et');
    // Only single letters: abbreviations of words and decimal numbers are words of their own.
    expect(joined('Dr. Strangelove')).toBe('dr strangelove');
    expect(joined('Mr. & Mrs. Smith')).toBe('mr and mrs smith');
    expect(joined('1.5 Degrees')).toBe('1 5 degrees');
    expect(joined('W.')).toBe('w');
    // A dot followed by a letter or digit ends the initials there.
    expect(joined('F.P.1 Doesn\'t Answer')).toBe('fp 1 doesnt answer');
    expect(joined('C.R.Usher')).toBe('cr usher');
    // As a query reads them: letter by letter.
    expect(normalizeText('S.W.A.T.')).toBe('s w a t');
    const index = indexOfMovies([
      ['tt0119488', 'L.A. Confidential', 1997, 600_000],
      ['tt9999932', 'Confidential', 1935, 900],
      ['tt9999933', 'La La Land', 2016, 650_000],
      ['tt0257076', 'S.W.A.T.', 2003, 120_000],
      ['tt9999934', 'Swat the Spy', 1918, 40],
      ['tt0068098', 'M*A*S*H', 1972, 60_000],
      ['tt9999926', 'Masha and the Bear', 2009, 90_000],
      ['tt0083866', 'E.T. the Extra-Terrestrial', 1982, 420_000],
      ['tt9999935', 'E-Team', 2014, 300],
    ]);
    // As fans type them, as written, and letter by letter.
    for (const q of ['la confidential', 'l.a. confidential', 'l a confidential']) expect(index.search(q, { limit: 10 }).ids[0]).toBe('tt0119488');
    for (const q of ['swat', 's.w.a.t.', 's w a t']) expect(index.search(q, { limit: 10 }).ids[0]).toBe('tt0257076');
    // Typed with the dots, on the way to them.
    for (const q of ['l.a', 'l.a. ']) expect(index.search(q, { limit: 10 }).ids[0]).toBe('tt0119488');
    for (const q of ['s.w', 's.w.a']) expect(index.search(q, { limit: 10 }).ids[0]).toBe('tt0257076');
    // Typed as a word, initials rank with the titles the word begins, as 40% as popular: "swat" gives S.W.A.T. before
    // Swat the Spy, but "mash" may be on its way to Masha and the Bear, better known than M*A*S*H.
    expect(index.search('mash', { limit: 10 }).ids).toEqual(['tt9999926', 'tt0068098']);
    expect(index.search('m*a*s*h', { limit: 10 }).ids[0]).toEqual('tt0068098');
    expect(index.search('e t', { limit: 10 }).ids[0]).toBe('tt0083866');
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

  it("reads a number no title has after the words a series' titles begin with as the series' title in order of year", () => {
    const index = indexOfMovies([
      ['tt0241527', "Harry Potter and the Sorcerer's Stone", 2001, 800_000],
      ['tt0295297', 'Harry Potter and the Chamber of Secrets', 2002, 650_000],
      ['tt0304141', 'Harry Potter and the Prisoner of Azkaban', 2004, 650_000],
      ['tt0330373', 'Harry Potter and the Goblet of Fire', 2005, 640_000],
      ['tt9999940', 'Harry Potter: Behind the Magic', 2001, 900],
      ['tt9999941', 'The Magic of Harry Potter', 2003, 2_000],
      ['tt0133093', 'The Matrix', 1999, 2_000_000],
      ['tt0234215', 'The Matrix Reloaded', 2003, 600_000],
      ['tt0242653', 'The Matrix Revolutions', 2003, 500_000],
      ['tt0078748', 'Alien', 1979, 900_000],
      ['tt0103644', 'Alien 3', 1992, 300_000],
      ['tt0118583', 'Alien: Resurrection', 1997, 270_000],
    ]);
    // The third film by year, not the best known, and not a making-of that came out with the first.
    expect(index.search('harry potter 3', { limit: 10 }).ids[0]).toBe('tt0304141');
    expect(index.search('harry potter iv', { limit: 10 }).ids[0]).toBe('tt0330373');
    // The rest follow as before.
    expect(index.search('harry potter 3', { limit: 10 }).ids.slice(1, 3)).toEqual(['tt0241527', 'tt0295297']);
    // Past an article, and two in one year: the better known first.
    expect(index.search('matrix 2', { limit: 10 }).ids[0]).toBe('tt0234215');
    expect(index.search('the matrix 3', { limit: 10 }).ids[0]).toBe('tt0242653');
    // A series shorter than the number: as before, the best known first.
    expect(index.search('harry potter 7', { limit: 10 }).ids[0]).toBe('tt0241527');
    // A numbered series (Alien 3): its numbers say which is which, not its years.
    expect(index.search('alien 2', { limit: 10 }).ids[0]).toBe('tt0078748');
  });

  it('reads a number found only after "part", in titles that do not begin with the words, as the series\' film', () => {
    const index = indexOfMovies([
      ['tt0241527', "Harry Potter and the Sorcerer's Stone", 2001, 800_000],
      ['tt0295297', 'Harry Potter and the Chamber of Secrets', 2002, 650_000],
      ['tt0304141', 'Harry Potter and the Prisoner of Azkaban', 2004, 650_000],
      ['tt0926084', 'Harry Potter and the Deathly Hallows: Part 1', 2010, 850_000],
      ['tt1201607', 'Harry Potter and the Deathly Hallows: Part 2', 2011, 900_000],
      ['tt1392170', 'The Hunger Games', 2012, 1_000_000],
      ['tt1951264', 'The Hunger Games: Catching Fire', 2013, 750_000],
      ['tt1951265', 'The Hunger Games: Mockingjay - Part 1', 2014, 500_000],
      ['tt1951266', 'The Hunger Games: Mockingjay - Part 2', 2015, 400_000],
      ['tt0076759', 'Star Wars: Episode IV - A New Hope', 1977, 1_400_000],
      ['tt0080684', 'Star Wars: Episode V - The Empire Strikes Back', 1980, 1_300_000],
      ['tt0120915', 'Star Wars: Episode I - The Phantom Menace', 1999, 850_000],
      ['tt0096874', 'Back to the Future Part II', 1989, 560_000],
      ['tt0088763', 'Back to the Future', 1985, 1_300_000],
      ['tt0082418', 'Friday the 13th Part 2', 1981, 40_000],
      ['tt0083972', 'Friday the 13th Part III', 1982, 32_000],
      ['tt0087298', 'Friday the 13th: The Final Chapter', 1984, 30_000],
      ['tt1099212', 'Twilight', 2008, 500_000],
      ['tt1259571', 'The Twilight Saga: New Moon', 2009, 320_000],
      ['tt1325004', 'The Twilight Saga: Eclipse', 2010, 290_000],
      ['tt1673434', 'The Twilight Saga: Breaking Dawn - Part 2', 2012, 280_000],
    ]);
    // The second film, then the title with "Part 2".
    expect(index.search('harry potter 2', { limit: 10 }).ids.slice(0, 2)).toEqual(['tt0295297', 'tt1201607']);
    expect(index.search('hunger games 2', { limit: 10 }).ids[0]).toBe('tt1951264');
    // And the first: Part 1 is the seventh film.
    expect(index.search('harry potter 1', { limit: 10 }).ids[0]).toBe('tt0241527');
    // A subtitle after one word more ("The Twilight Saga: New Moon") continues the series of Twilight.
    expect(index.search('twilight 2', { limit: 10 }).ids[0]).toBe('tt1259571');
    // With the article typed, Twilight still counts as the first film.
    expect(index.search('the twilight 3', { limit: 10 }).ids[0]).toBe('tt1325004');
    // A number after "episode" is the series' own: as found.
    expect(index.search('star wars 4', { limit: 10 }).ids[0]).toBe('tt0076759');
    // "Part II" of a film of the words alone is its sequel: as found.
    expect(index.search('back to the future 2', { limit: 10 }).ids[0]).toBe('tt0096874');
    // Asked for by its part: as found.
    expect(index.search('harry potter part 2', { limit: 10 }).ids[0]).toBe('tt1201607');
    // The title found comes first of the series as the catalogue has it (its first film is missing): as found.
    expect(index.search('friday 2', { limit: 10 }).ids[0]).toBe('tt0082418');
  });

  it('finds a typo among words that share its trigrams only by chance, further along than an edit could move them', () => {
    // 400 words holding "ase" and "sel" four letters in, where no single edit of "gasel" could put them: before, each
    // counted two shared trigrams against Garel's one, filled the 300 candidates checked, and Garel was never found.
    const letters = 'bcdfhjkmnpqtvwxz';
    const decoys: [string, string, number, number][] = Array.from({ length: 400 }, (_, i) => {
      const word = `${letters[i % 16]}${letters[Math.floor(i / 16) % 16]}${letters[Math.floor(i / 256) % 16]}o`;
      return [`tt${String(9_000_000 + i)}`, `${word}asel`, 2000, 5_000];
    });
    const index = indexOfMovies([['tt0000100', 'Garel', 1999, 300], ...decoys]);
    expect(index.search('gasel', { limit: 10 }).ids).toContain('tt0000100');
    expect(index.search('gasel ', { limit: 10 }).ids).toContain('tt0000100');
  });

  it('puts a title the words name through a typo that is a real word first, when it is far better known than those with the words apart', () => {
    const rows: [string, string, number, number][] = [
      ['tt0468569', 'The Dark Knight', 2008, 2_800_000],
      ['tt1345836', 'The Dark Knight Rises', 2012, 1_750_000],
      ['tt2251281', 'Dark Was the Night', 2014, 10_026],
      ['tt5143890', 'Dark Night', 2016, 1_500],
    ];
    const index = indexOfMovies(rows);
    for (const q of ['the dark night', 'the dark night ']) {
      const ids = index.search(q, { limit: 10 }).ids;
      // The Dark Knight first, then the titles with the words as typed (Dark Night once past the query's article); a
      // title that only begins with the words through a typo (The Dark Knight Rises) stays out, as every typo match
      // does once the words found titles.
      expect({ q, ids }).toEqual({ q, ids: ['tt0468569', 'tt5143890', 'tt2251281'] });
      // The same first page whatever its size.
      expect(index.search(q, { limit: 80 }).ids).toEqual(ids);
    }
    // Only when far better known: an obscure Dark Knight does not pass the titles that have the words as typed.
    const obscure = indexOfMovies([['tt0468569', 'The Dark Knight', 2008, 40_000], ...rows.slice(2)]);
    expect(obscure.search('the dark night', { limit: 10 }).ids).toEqual(['tt5143890', 'tt2251281']);
    // Never past a title that is exactly what was typed.
    expect(index.search('dark night', { limit: 10 }).ids[0]).toBe('tt5143890');
    const exact = indexOfMovies([...rows, ['tt0000300', 'The Dark Night', 1990, 200]]);
    expect(exact.search('the dark night', { limit: 10 }).ids[0]).toBe('tt0000300');
    // Two words each one edit off, but not a word further off ("glorious" is three edits from "inglourious").
    const basterds = indexOfMovies([
      ['tt0361748', 'Inglourious Basterds', 2009, 1_500_000],
      ['tt3320110', 'The Real Inglorious Bastards', 2015, 355],
      ['tt0000400', 'Night of the Glorious Bastards', 2001, 20],
      ['tt0000401', 'Sunset Boulevard', 1950, 250_000],
      ['tt0000402', 'Story of Sunsets Boulevard', 2003, 40],
    ]);
    expect(basterds.search('inglorious bastards', { limit: 10 }).ids).toEqual(['tt0361748', 'tt3320110']);
    expect(basterds.search('glorious bastards', { limit: 10 }).ids).toEqual(['tt0000400']);
    expect(basterds.search('sunsets boulevard', { limit: 10 }).ids).toEqual(['tt0000401', 'tt0000402']);
  });

  it('still reads one single character before the last word as a beginning, and initials as their title', () => {
    // Several are not (what they would find is any title; see search-junk's single letters), one is.
    const index = indexOfMovies([
      ['tt0083866', 'E.T. the Extra-Terrestrial', 1982, 430_000],
      ['tt9000001', 'Rex the Runt', 1998, 2_000],
      ['tt9000002', 'Xi You Zhi', 2001, 900],
    ]);
    expect(index.search('t rex', { limit: 10 }).ids[0]).toBe('tt9000001');
    expect(index.search('e t', { limit: 10 }).ids[0]).toBe('tt0083866');
    expect(index.search('xi y z', { limit: 10 }).ids[0]).toBe('tt9000002');
  });

  it('leaves out a title that only begins with the words through a typo, however well known ("they w" is not The Walking Dead)', () => {
    const index = indexOfMovies([
      ['tt1520211', 'The Walking Dead', 2010, 1_030_000],
      ['tt7137906', 'When They See Us', 2019, 128_000],
    ]);
    expect(index.search('they w', { limit: 10 }).ids).toEqual(['tt7137906']);
  });

  it('reads a word as two only where that finds a title cleanly, and looks for the word whole as a typo beside it', () => {
    const index = indexOfMovies([
      ['tt0093870', 'RoboCop', 1987, 280_000],
      ['tt0013001', 'Cops and Robbers', 1973, 900_000],
      ['tt0114287', 'Rob Roy', 1995, 70_000],
      ['tt0096895', 'Batman', 1989, 390_000],
      ['tt0013002', 'The Bat Man of Shanghai', 1925, 900_000],
      ['tt0108358', 'Tombstone', 1993, 150_000],
      ['tt0013003', 'Tom Jones', 1963, 900_000],
      ['tt0493464', 'Wanted', 2008, 390_000],
      ['tt0013004', 'Waking Ned Devine', 1998, 900_000],
      ['tt0145487', 'Spider-Man', 2002, 850_000],
      ['tt0013005', 'Spiders', 2000, 900_000],
    ]);
    const first = (q: string) => index.search(q, { limit: 10 }).ids[0];
    // "rob" (Rob Roy) + "cop" reads Cops and Robbers only as beginnings, apart and the other way round: RoboCop, one
    // letter left out.
    expect(first('robcop')).toBe('tt0093870');
    // "bat" + "amn" finds The Bat Man of Shanghai only through a typo of "man": Batman, two letters swapped, first.
    expect(first('batamn')).toBe('tt0096895');
    // "tomb" + "tone" only through typos of both (Tom Jones): Tombstone.
    expect(first('tombtone')).toBe('tt0108358');
    // The first part is a whole word, never a beginning: "waned" is no "wa" + "ned" (Waking Ned Devine).
    expect(first('waned')).toBe('tt0493464');
    // Where the two words begin the title as typed, the reading stands: Spider-Man, not a typo of "spiders".
    expect(first('spiderman')).toBe('tt0145487');
  });

  it('passes over an article inside the title that the query does not have, as over a leading one', () => {
    const index = indexOfMovies([
      ['tt0232500', 'The Fast and the Furious', 2001, 270_000],
      ['tt9999950', 'Fast and Furious', 1927, 60],
      ['tt0102926', 'The Silence of the Lambs', 1991, 1_500_000],
      ['tt9999951', 'Silence of Lambs and Wolves', 2015, 40],
    ]);
    // The title found past both articles counts as 16% as popular: far better known, it still comes before an exact title.
    expect(index.search('fast and furious', { limit: 10 }).ids).toEqual(['tt0232500', 'tt9999950']);
    // And ranks with the titles the words begin: before an obscure one that begins with them as typed.
    expect(index.search('silence of lambs', { limit: 10 }).ids).toEqual(['tt0102926', 'tt9999951']);
  });

  it('finds a title by the words of one of its forms, never by some words of each', () => {
    const index = new TitleSearchIndex();
    const builder = new SegmentBuilder(index.genres);
    builder.push({ ...movieRow('tt0029210', 'Two Merry Adventurers', popularityOf(1_000, null), 1_000), originalTitle: 'Der Mann, der Sherlock Holmes war', startYear: 1937 });
    builder.push({ ...movieRow('tt0988045', 'Sherlock Holmes', popularityOf(600_000, null), 600_000), startYear: 2009 });
    builder.push({ ...movieRow('tt1515091', 'Sherlock Holmes: A Game of Shadows', popularityOf(450_000, null), 450_000), startYear: 2011 });
    builder.push({ ...movieRow('tt0211915', 'Amélie', popularityOf(750_000, null), 750_000), originalTitle: "Le fabuleux destin d'Amélie Poulain", startYear: 2001 });
    index.replace(builder.finish());
    // "sherlock" is in the original title and "two" in the other: not a title with both. No title has the number, so the
    // word alone answers (Two Merry Adventurers last, by its original title).
    expect(index.search('sherlock 2', { limit: 10 }).ids).toEqual(['tt0988045', 'tt1515091', 'tt0029210']);
    expect(index.search('sherlock two', { limit: 10 }).ids).toEqual(['tt0988045', 'tt1515091', 'tt0029210']);
    // Every word in one form: found.
    expect(index.search('der mann sherlock', { limit: 10 }).ids).toEqual(['tt0029210']);
    expect(index.search('amelie poulain', { limit: 10 }).ids).toEqual(['tt0211915']);
    expect(index.search('two merry', { limit: 10 }).ids).toEqual(['tt0029210']);
  });

  it('reads "part", "chapter" or "vol" and a number no title has with the words as the number alone', () => {
    const index = indexOfMovies([
      ['tt0079501', 'Mad Max', 1979, 220_000],
      ['tt0082694', 'Mad Max 2: The Road Warrior', 1981, 180_000],
      ['tt1392190', 'Mad Max: Fury Road', 2015, 1_000_000],
      ['tt1160419', 'Dune', 2021, 900_000],
      ['tt1411697', 'The Hangover Part II', 2011, 550_000],
      ['tt0126029', 'Shrek', 2001, 700_000],
      ['tt0298148', 'Shrek 2', 2004, 500_000],
      ['tt0926084', 'Harry Potter and the Deathly Hallows: Part 1', 2010, 850_000],
      ['tt1201607', 'Harry Potter and the Deathly Hallows: Part 2', 2011, 900_000],
    ]);
    // "mad max 2" is a title: the number found without the marker, in any form.
    expect(index.search('mad max part two', { limit: 10 }).ids).toEqual(['tt0082694']);
    expect(index.search('shrek part 2', { limit: 10 }).ids).toEqual(['tt0298148']);
    // No "dune 2": Dune, as "dune 2" gives, not the titles with "part two" (The Hangover Part II).
    expect(index.search('dune part two', { limit: 10 }).ids).toEqual(['tt1160419']);
    expect(index.search('dune chapter 2', { limit: 10 }).ids).toEqual(['tt1160419']);
    // A title with the marker and the number as typed is found as typed.
    expect(index.search('harry potter part 2', { limit: 10 }).ids[0]).toBe('tt1201607');
    expect(index.search('hangover part 2', { limit: 10 }).ids).toEqual(['tt1411697']);
  });

  it('takes for a series an original and its sequels by subtitle or one word more, or films that all have a subtitle', () => {
    const index = indexOfMovies([
      ['tt0096895', 'Batman', 1989, 400_000],
      ['tt0103776', 'Batman Returns', 1992, 330_000],
      ['tt0112462', 'Batman Forever', 1995, 270_000],
      ['tt0372784', 'Batman Begins', 2005, 1_500_000],
      ['tt1877830', 'The Batman', 2022, 800_000],
      ['tt0903624', 'The Hobbit: An Unexpected Journey', 2012, 850_000],
      ['tt1170358', 'The Hobbit: The Desolation of Smaug', 2013, 680_000],
      ['tt2310332', 'The Hobbit: The Battle of the Five Armies', 2014, 520_000],
      ['tt0780504', 'Drive', 2011, 700_000],
      ['tt1502404', 'Drive Angry', 2011, 110_000],
      ['tt0219854', 'The Gift', 2000, 70_000],
      ['tt4178092', 'The Gift', 2015, 160_000],
      ['tt9999942', 'The Gift: A Story', 2016, 90_000],
      ['tt0087469', 'Indiana Jones and the Temple of Doom', 1984, 500_000],
      ['tt0097576', 'Indiana Jones and the Last Crusade', 1989, 800_000],
      ['tt0367882', 'Indiana Jones and the Kingdom of the Crystal Skull', 2008, 480_000],
    ]);
    // One word more within a few years: Batman Returns and Batman Forever, not Batman Begins ten years after Forever;
    // and The Batman, a film of the words alone, is a remake that ends the series, not a reason to have none.
    expect(index.search('batman 2', { limit: 10 }).ids[0]).toBe('tt0103776');
    expect(index.search('batman 3', { limit: 10 }).ids[0]).toBe('tt0112462');
    expect(index.search('batman 4', { limit: 10 }).ids[0]).toBe('tt0096895');
    // Typed with the article of the remake: the remake's series, which has no second film here.
    expect(index.search('the batman 2', { limit: 10 }).ids[0]).toBe('tt1877830');
    // Every film with a subtitle right after the words.
    expect(index.search('the hobbit 2', { limit: 10 }).ids[0]).toBe('tt1170358');
    // Drive Angry came out the year of Drive: no sequel. Two films called The Gift: a remake, no series.
    expect(index.search('drive 2', { limit: 10 }).ids[0]).toBe('tt0780504');
    expect(index.search('the gift 2', { limit: 10 }).ids[0]).toBe('tt4178092');
    // Without a film of the words alone, the first must be the best known: here the first film is named otherwise
    // (Raiders of the Lost Ark), so the films by year are no guide, and the best known comes first as before.
    expect(index.search('indiana jones 3', { limit: 10 }).ids[0]).toBe('tt0097576');
  });

  it('reads a number after a word as a sequel number, written in digits, as a roman numeral or as a word', () => {
    const index = indexOfMovies([
      ['tt0075148', 'Rocky', 1976, 650_000],
      ['tt0079817', 'Rocky II', 1979, 220_000],
      ['tt0084602', 'Rocky III', 1982, 230_000],
      ['tt9999950', 'Rock On 2', 2016, 5_000],
      ['tt0126029', 'Shrek', 2001, 750_000],
      ['tt0298148', 'Shrek 2', 2004, 500_000],
      ['tt1160419', 'Dune', 2021, 900_000],
      ['tt15239678', 'Dune: Part Two', 2024, 600_000],
      ['tt0088763', 'Back to the Future', 1985, 1_300_000],
      ['tt0096874', 'Back to the Future Part II', 1989, 560_000],
      ['tt0343818', 'I, Robot', 2004, 600_000],
      ['tt9999951', '1 Robot', 2010, 900],
      ['tt0240772', "Ocean's Eleven", 2001, 600_000],
      ['tt9999954', 'Oceans', 2009, 20_000],
    ]);
    const first = (q: string) => index.search(q, { limit: 10 }).ids[0];
    // Digits find the roman numeral, as typed and while typing, before a typo of the other word ("rock" for "rocky").
    expect(first('rocky 2')).toBe('tt0079817');
    expect(first('rocky 2 ')).toBe('tt0079817');
    expect(first('rocky 3')).toBe('tt0084602');
    // A roman numeral finds the digits; digits find the number word.
    expect(first('shrek ii')).toBe('tt0298148');
    expect(first('dune 2')).toBe('tt15239678');
    expect(first('back to the future 2')).toBe('tt0096874');
    expect(first("ocean's 11")).toBe('tt0240772');
    // Where the title has the number as typed, that title; the words alone still find the first film.
    expect(first('shrek 2')).toBe('tt0298148');
    expect(first('rocky')).toBe('tt0075148');
    // No title with the words has the number: the words without it, before a typo of them that has it.
    const noSequel = indexOfMovies([
      ['tt0087182', 'Dune', 1984, 200_000],
      ['tt9999953', 'June 2', 2015, 3_000],
    ]);
    expect(noSequel.search('dune 2', { limit: 10 }).ids).toEqual(['tt0087182']);
    expect(noSequel.search('dune ii', { limit: 10 }).ids).toEqual(['tt0087182']);
    // A number as the first word is no sequel's, and "i" is a word: each finds only what was typed.
    expect(index.search('1 robot', { limit: 10 }).ids).toEqual(['tt9999951']);
    expect(first('i robot')).toBe('tt0343818');
  });

  it('reads common abbreviations as the words they stand for, either way', () => {
    const index = indexOfMovies([
      ['tt4158110', 'Mr. Robot', 2015, 430_000],
      ['tt0057012', 'Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb', 1964, 520_000],
      ['tt5606664', 'Doctor Sleep', 2019, 200_000],
      ['tt0090060', "St. Elmo's Fire", 1985, 50_000],
      ['tt9999954', 'Robots', 2005, 300_000],
      ['tt9999955', 'Sleep', 2020, 100_000],
      ['tt9999956', "Elmo's Fire Brigade", 2001, 400_000],
    ]);
    const first = (q: string) => index.search(q, { limit: 10 }).ids[0];
    expect(first('mister robot')).toBe('tt4158110');
    expect(first('mr robot')).toBe('tt4158110');
    expect(first('doctor strangelove')).toBe('tt0057012');
    expect(first('dr sleep')).toBe('tt5606664');
    expect(first('saint elmos fire')).toBe('tt0090060');
    // While the word is still being typed, it is a beginning like any other: "dr" may become "drama".
    expect(first('mr')).toBe('tt4158110');
    expect(index.search('dr', { limit: 10 }).ids).not.toContain('tt5606664');
    expect(index.search('dr ', { limit: 10 }).ids).toContain('tt5606664');
    expect(otherForms('mr', 'alone', false)).toEqual(['mister']);
    expect(otherForms('saint', 'after', false)).toEqual(['st']);
    expect(otherForms('dr', 'after', true)).toEqual([]);
    expect(otherForms('2', 'alone', false)).toEqual([]);
    expect(otherForms('2', 'after', true)).toEqual(['ii', 'two']);
    expect(otherForms('constructor', 'after', false)).toEqual([]);
  });

  it("reads an acronym and a number no title has as the series the acronym names: its film at that number", () => {
    const index = indexOfMovies([
      ['tt0120737', 'The Lord of the Rings: The Fellowship of the Ring', 2001, 1_900_000],
      ['tt0167260', 'The Lord of the Rings: The Return of the King', 2003, 1_850_000],
      ['tt0167261', 'The Lord of the Rings: The Two Towers', 2002, 1_700_000],
      ['tt0335345', 'The Passion of the Christ', 2004, 2_300_000],
      ['tt0325980', 'Pirates of the Caribbean: The Curse of the Black Pearl', 2003, 1_150_000],
      ['tt0383574', "Pirates of the Caribbean: Dead Man's Chest", 2006, 740_000],
      ['tt0449088', "Pirates of the Caribbean: At World's End", 2007, 670_000],
      ['tt9999930', 'Lots of Tiny Robots', 2015, 900],
    ]);
    const first = (q: string) => index.search(q, { limit: 10 }).ids[0];
    expect(first('lotr 2')).toBe('tt0167261');
    expect(first('lotr 3')).toBe('tt0167260');
    expect(first('lotr')).toBe('tt0120737');
    // The words two or more films share, though a single film with the acronym is better known.
    expect(first('potc 2')).toBe('tt0383574');
    expect(first('potc 3')).toBe('tt0449088');
    // Typed as words, the same.
    expect(first('lord of the rings 3')).toBe('tt0167260');
  });

  it("reads two acronyms as a title's and its subtitle's", () => {
    const index = indexOfMovies([
      ['tt0120737', 'The Lord of the Rings: The Fellowship of the Ring', 2001, 1_900_000],
      ['tt0167260', 'The Lord of the Rings: The Return of the King', 2003, 1_850_000],
      ['tt0167261', 'The Lord of the Rings: The Two Towers', 2002, 1_700_000],
      ['tt0325980', 'Pirates of the Caribbean: The Curse of the Black Pearl', 2003, 1_150_000],
      ['tt0383574', "Pirates of the Caribbean: Dead Man's Chest", 2006, 740_000],
      ['tt9999931', 'Potchi Dmcx', 2011, 500],
    ]);
    const first = (q: string) => index.search(q, { limit: 10 }).ids[0];
    expect(index.search('lotr rotk', { limit: 10 }).ids).toEqual(['tt0167260']);
    expect(first('lotr fotr')).toBe('tt0120737');
    // The subtitle's words with or without "the", "a", "an", "and" and "of".
    expect(first('lotr rk')).toBe('tt0167260');
    expect(first('potc cotbp')).toBe('tt0325980');
    // Before a typo of the words.
    expect(first('potc dmc')).toBe('tt0383574');
    // Not when the words are found as typed, nor for a title without the second acronym.
    expect(first('potchi dmcx')).toBe('tt9999931');
    expect(index.search('lotr xyz', { limit: 10 }).ids).not.toContain('tt0167260');
  });

  it('reads a number word as its digits and digits as their word, among other words', () => {
    const index = indexOfMovies([
      ['tt0298203', '8 Mile', 2002, 300_000],
      ['tt9999940', 'A Fight for Millions', 1918, 50],
      ['tt0112384', 'Apollo 13', 1995, 320_000],
      ['tt0384754', 'Thirteen', 2003, 330_000],
      ['tt1136608', 'District 9', 2009, 700_000],
      ['tt0875034', 'Nine', 2009, 900_000],
      ['tt0047478', 'Seven Samurai', 1954, 370_000],
      ['tt8999999', '7500', 2019, 40_000],
      ['tt0114746', '12 Monkeys', 1995, 650_000],
      ['tt1587707', 'Twelve', 2010, 800_000],
      ['tt0089927', 'Rocky IV', 1985, 380_000],
      ['tt0075148', 'Rocky', 1976, 600_000],
      ['tt0114369', 'Se7en', 1995, 1_800_000],
      ['tt9999941', 'Seven', 2019, 2_000],
      ['tt9999942', '7', 2020, 3_000],
      ['tt9999943', '7 Days', 2010, 8_000],
      ['tt9999944', 'Seven Days', 1998, 120_000],
    ]);
    const first = (q: string) => index.search(q, { limit: 10 }).ids[0];
    // A number word finds the digits, as the first word or after another.
    expect(first('eight mile')).toBe('tt0298203');
    expect(first('apollo thirteen')).toBe('tt0112384');
    expect(first('district nine')).toBe('tt1136608');
    expect(first('twelve monkeys')).toBe('tt0114746');
    // After another word, also the roman numeral of two letters or more.
    expect(first('rocky four')).toBe('tt0089927');
    // Digits as the first word find the number word.
    expect(first('7 samurai')).toBe('tt0047478');
    // Found written another way, a number that begins the query ranks a title with those the query begins: as typed first.
    expect(index.search('7 days', { limit: 10 }).ids.slice(0, 2)).toEqual(['tt9999943', 'tt9999944']);
    expect(index.search('seven days', { limit: 10 }).ids.slice(0, 2)).toEqual(['tt9999944', 'tt9999943']);
    // Both begun by what was typed: the far better known first, though counted as 40% as popular.
    expect(index.search('7 day', { limit: 10 }).ids.slice(0, 2)).toEqual(['tt9999944', 'tt9999943']);
    // A number typed alone is only itself.
    expect(first('seven')).toBe('tt9999941');
    expect(index.search('7', { limit: 10 }).ids).not.toContain('tt9999941');
    expect(otherForms('eight', 'first', false)).toEqual(['8']);
    expect(otherForms('thirteen', 'after', false)).toEqual(['13', 'xiii']);
    expect(otherForms('one', 'after', false)).toEqual(['1']);
    expect(otherForms('7', 'first', false)).toEqual(['seven']);
    expect(otherForms('21', 'first', false)).toEqual([]);
    expect(otherForms('eight', 'alone', false)).toEqual([]);
  });

  it('gives the other forms of sequel numbers from 1 to 20 only', () => {
    expect(numeralForms('2')).toEqual(['ii', 'two']);
    expect(numeralForms('10')).toEqual(['x', 'ten']);
    expect(numeralForms('12')).toEqual(['xii', 'twelve']);
    expect(numeralForms('20')).toEqual(['xx', 'twenty']);
    expect(numeralForms('iv')).toEqual(['4']);
    expect(numeralForms('xviii')).toEqual(['18']);
    for (const word of ['0', '02', '21', '007', '2001', 'i', 'v', 'x', 'mix', 'vid', 'xxi', 'two', 'rocky']) expect(numeralForms(word)).toEqual([]);
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

  it('reads a word typed in place of two as one word with a typo when, read as two, it finds nothing', () => {
    const index = indexOfMovies([
      ['tt0112573', 'Braveheart', 1995, 1_000_000],
      ['tt1217209', 'Brave', 2012, 400_000],
      ['tt0251114', "Hart's War", 2002, 50_000],
      ['tt0372784', 'Batman Begins', 2005, 1_500_000],
      ['tt9999942', 'TMNT', 2007, 100_000],
    ]);
    // "brave" + "hart", and "ba" + "tmn", are in no title together.
    expect(index.search('bravehart', { limit: 10 }).ids[0]).toBe('tt0112573');
    expect(index.search('batmn', { limit: 10 }).ids[0]).toBe('tt0372784');
  });

  it("reads a whole title's words typed together, with words of one letter, before typos of the word", () => {
    const index = indexOfMovies([
      ['tt3783958', 'La La Land', 2016, 600_000],
      ['tt9999943', 'Lala', 2010, 100],
      ['tt9999944', 'Lara and the Beat', 2018, 2_000],
      ['tt0276751', 'About a Boy', 2002, 200_000],
      ['tt2024544', '12 Years a Slave', 2013, 700_000],
      ['tt0322259', '2 Fast 2 Furious', 2003, 300_000],
    ]);
    // Read as "lala land" the likeliest words are no title; "la la land" is one.
    expect(index.search('lalaland', { limit: 10 }).ids[0]).toBe('tt3783958');
    expect(index.search('aboutaboy', { limit: 10 }).ids[0]).toBe('tt0276751');
    expect(index.search('12yearsaslave', { limit: 10 }).ids[0]).toBe('tt2024544');
    expect(index.search('2fast2furious', { limit: 10 }).ids[0]).toBe('tt0322259');
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

  it('finds typos in words of any alphabet and length (words packed one or two bytes a character)', () => {
    const index = new TitleSearchIndex();
    const builder = new SegmentBuilder(index.genres);
    const long = 'supercalifragilisticexpialidociousness';
    const titles = ['Смешарики', 'The Godfather', `The ${long}`, 'Amélie'];
    for (const [i, primaryTitle] of titles.entries()) builder.push(movieRow(`tt000000${i + 1}`, primaryTitle, 10 - i));
    index.replace(builder.finish());
    expect(index.search('смешарки', { limit: 10 }).ids).toEqual(['tt0000001']);
    expect(index.search('godfahter', { limit: 10 }).ids).toEqual(['tt0000002']);
    expect(index.search('godfathr', { limit: 10 }).ids).toEqual(['tt0000002']);
    // Over 31 characters: compared by the table instead of bit-parallel.
    expect(index.search(long.replace('expi', 'epxi'), { limit: 10 }).ids).toEqual(['tt0000003']);
    expect(index.search('amelei', { limit: 10 }).ids).toEqual(['tt0000004']);
  });
});


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
    expect(index.search('got', { limit: 3 })).toEqual({ ids: ['tt9999921', 'tt9999922', 'tt9999923'], hasMore: true });
    expect(index.search('got', { limit: 2 })).toEqual({ ids: ['tt9999921', 'tt9999922'], hasMore: true });
    expect(index.search('got', { offset: 3, limit: 3 })).toEqual({ ids: ['tt2015381'], hasMore: false });
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
    expect(index.search('got', { limit: 2 })).toEqual({ ids: ['tt9999921', 'tt0944947'], hasMore: true });
    expect(index.search('got', { offset: 2, limit: 2 })).toEqual({ ids: ['tt9999922', 'tt9999923'], hasMore: false });
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
    expect(index.search('abc', { type: 'movie', offset: 20, limit: 20 })).toEqual({ ids: byPopularity('movie').slice(20, 40), hasMore: true });
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

describe('largestSorted', () => {
  it('gives the k largest in ascending order, as a full sort would, for any order of input', () => {
    let seed = 7;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    for (const n of [1, 2, 3, 10, 299, 300, 301, 1000, 20_000]) {
      const distinct = Array.from({ length: n }, (_, i) => i * 3 + 0.5);
      const orders = {
        random: [...distinct].sort(() => random() - 0.5),
        ascending: distinct,
        descending: [...distinct].reverse(),
        // Keys of typo candidates come in runs of the same shared-trigram count.
        runs: distinct.map((v, i) => (i % 7) * 1e6 + v),
      };
      for (const values of Object.values(orders)) {
        for (const k of [1, 5, 300]) {
          const expected = Float64Array.from(values).sort().slice(-k);
          expect(Array.from(largestSorted(Float64Array.from(values), k))).toEqual(Array.from(expected));
        }
      }
    }
  });
});
