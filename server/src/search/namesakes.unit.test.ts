import { describe, expect, it } from 'vitest';
import { indexOfMovies } from './test-indexes.ts';

describe('famous titles before obscure near-namesakes', () => {
  const lotr: [string, string, number, number][] = [
    ['tt0120737', 'The Lord of the Rings: The Fellowship of the Ring', 2001, 1_900_000],
    ['tt0167260', 'The Lord of the Rings: The Return of the King', 2003, 1_900_000],
  ];

  it('ranks a famous title whose subtitle is the words before titles that are or begin with them', () => {
    const index = indexOfMovies([
      ...lotr,
      ['tt9900001', 'The Fellowship of the Ring Reloaded', 2019, 3],
      ['tt9900002', 'Return of the King', 2007, 40],
      ['tt9900003', 'Return of the Kingdom', 2015, 12],
    ]);
    expect(index.search('fellowship of the ring', { limit: 10 }).ids).toEqual(['tt0120737', 'tt9900001']);
    expect(index.search('return of the king', { limit: 10 }).ids).toEqual(['tt0167260', 'tt9900002', 'tt9900003']);
    expect(index.search('return of the king ', { limit: 10 }).ids).toEqual(['tt0167260', 'tt9900002']);
    // Still being typed: the subtitle begins with the words.
    expect(index.search('return of the ki', { limit: 10 }).ids[0]).toBe('tt0167260');
    // The same first page whatever its size.
    expect(index.search('return of the king', { limit: 1 }).ids).toEqual(['tt0167260']);
  });

  it('leaves a namesake first when the title with the subtitle is not far better known', () => {
    const index = indexOfMovies([
      ['tt0167260', 'The Lord of the Rings: The Return of the King', 2003, 50_000],
      ['tt9900002', 'Return of the King', 2007, 4_000],
    ]);
    expect(index.search('return of the king', { limit: 10 }).ids).toEqual(['tt9900002', 'tt0167260']);
  });

  it('ranks a famous title whose words before the subtitle are the query before an obscure title that is them', () => {
    const index = indexOfMovies([
      ['tt0062622', '2001: A Space Odyssey', 1968, 700_000],
      ['tt0387575', '2001 Maniacs', 2005, 19_000],
      ['tt9900005', '2001', 2015, 25],
    ]);
    expect(index.search('2001', { limit: 10 }).ids).toEqual(['tt0062622', 'tt9900005', 'tt0387575']);
    expect(index.search('2001 ', { limit: 10 }).ids[0]).toBe('tt0062622');
  });

  it('keeps an obscure making-of after the films that begin with the same words', () => {
    const index = indexOfMovies([
      ['tt0241527', "Harry Potter and the Sorcerer's Stone", 2001, 800_000],
      ['tt9999940', 'Harry Potter: Behind the Magic', 2001, 900],
    ]);
    expect(index.search('harry potter', { limit: 10 }).ids).toEqual(['tt0241527', 'tt9999940']);
  });

  it('ranks a famous title one letter away before an obscure exact namesake, not before a known one', () => {
    const rows: [string, string, number, number][] = [
      ['tt0454921', 'The Pursuit of Happyness', 2006, 530_000],
      ['tt9900004', 'Pursuit of Happiness', 2001, 900],
    ];
    for (const q of ['pursuit of happiness', 'pursuit of happiness ', 'the pursuit of happiness']) {
      expect({ q, ids: indexOfMovies(rows).search(q, { limit: 10 }).ids }).toEqual({ q, ids: ['tt0454921', 'tt9900004'] });
    }
    const known = indexOfMovies([rows[0], ['tt9900004', 'Pursuit of Happiness', 2001, 9_000]]);
    expect(known.search('pursuit of happiness', { limit: 10 }).ids[0]).toBe('tt9900004');
  });
});
