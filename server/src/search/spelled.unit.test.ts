import { describe, expect, it } from 'vitest';
import { spelledForm } from './spelled.ts';
import { indexOfMovies } from './test-indexes.ts';

const form = (title: string) => spelledForm(title.split(' '))?.join(' ') ?? null;

describe("a title's words as fans type them", () => {
  it('reads digits written for letters inside a word as the letters (7 v, 3 e, 0 o, 1 i)', () => {
    expect(form('se7en')).toBe('seven');
    expect(form('m3gan')).toBe('megan');
    expect(form('s1m0ne')).toBe('simone');
  });

  it('leaves codes and numbers alone: a digit at either end, or one that stands for no letter', () => {
    expect(form('x2')).toBeNull();
    expect(form('r100')).toBeNull();
    expect(form('4ever')).toBeNull();
    expect(form('the matrix')).toBeNull();
    expect(form('seven')).toBeNull();
  });

  it('writes number words as digits, two or more at a time, and numbers from 21 to 99 as words', () => {
    expect(form('brooklyn nine nine')).toBe('brooklyn 99');
    expect(form('ninety nine luftballons')).toBe('99 luftballons');
    expect(form('catch 22')).toBe('catch twenty two');
    expect(form('21 jump street')).toBe('twenty one jump street');
    expect(form('ocean s eleven')).toBeNull();
    expect(form('apollo 13')).toBeNull();
  });

  it('finds such a title as an exact title, ranked among the others by popularity', () => {
    const index = indexOfMovies([
      ['tt0114369', 'Se7en', 1995, 1_700_000],
      ['tt1', 'Seven', 2019, 82],
      ['tt2', 'Seven', 2016, 0],
      ['tt3', 'Seven Pounds', 2008, 300_000],
      ['tt4', 'Brooklyn Nine-Nine', 2013, 330_000],
      ['tt5', 'Brooklyn', 2015, 140_000],
      ['tt6', 'Catch-22', 1970, 25_000],
    ]);
    expect(index.search('seven', { type: null, limit: 4 }).ids).toEqual(['tt0114369', 'tt1', 'tt2', 'tt3']);
    expect(index.search('se7en', { type: null, limit: 1 }).ids).toEqual(['tt0114369']);
    expect(index.search('brooklyn 99', { type: null, limit: 2 }).ids).toEqual(['tt4']);
    expect(index.search('brooklyn nine nine', { type: null, limit: 2 }).ids).toEqual(['tt4']);
    expect(index.search('catch twenty two', { type: null, limit: 1 }).ids).toEqual(['tt6']);
  });
});
