import { describe, expect, it } from 'vitest';
import { fixtureCatalogue } from '../modules/titles/titles.fixtures.ts';
import { SegmentBuilder } from './builder.ts';
import { normalizeText, tokenize } from './normalize.ts';
import { buildIndex, indexOfMovies, movieRow } from './test-indexes.ts';
import { TitleSearchIndex } from './title-index.ts';
import { largestSorted } from './typos.ts';

describe('typos and words typed together', () => {
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
    // Past a title that is exactly what was typed only when a hundred times as well known (NAMESAKE_MARGIN): The Dark
    // Knight (2.8 million votes) before an obscure Dark Night (1,500), not before one with 40,000.
    expect(index.search('dark night', { limit: 10 }).ids.slice(0, 2)).toEqual(['tt0468569', 'tt5143890']);
    const exact = indexOfMovies([...rows, ['tt0000300', 'The Dark Night', 1990, 200]]);
    expect(exact.search('the dark night', { limit: 10 }).ids.slice(0, 2)).toEqual(['tt0468569', 'tt0000300']);
    const known = indexOfMovies([...rows, ['tt0000300', 'The Dark Night', 1990, 40_000]]);
    expect(known.search('the dark night', { limit: 10 }).ids[0]).toBe('tt0000300');
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
