import { describe, expect, it } from 'vitest';
import { indexOfMovies } from './test-indexes.ts';

describe('series and sequel numbers', () => {
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
});
