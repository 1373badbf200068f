import { describe, expect, it } from 'vitest';
import { popularityOf } from '../modules/catalogue/catalogue.normalize.ts';
import { SegmentBuilder } from './builder.ts';
import { normalizeText } from './normalize.ts';
import { numeralForms, otherForms } from './query.ts';
import { indexOfMovies, movieRow } from './test-indexes.ts';
import { TitleSearchIndex } from './title-index.ts';

describe('readings of a query', () => {
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
    // A number typed alone is only itself; Se7en, written with a digit for a letter, is "seven" too, and far better known.
    expect(index.search('seven', { limit: 10 }).ids.slice(0, 2)).toEqual(['tt0114369', 'tt9999941']);
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
});
