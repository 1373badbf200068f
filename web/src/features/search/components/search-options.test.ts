import type { PersonResult } from '@common/contracts/people';
import { describe, expect, it } from 'vitest';
import { peopleOptions, stepActive } from './search-options';

const person = (id: string): PersonResult => ({ id, username: id, displayName: `Person ${id}`, imageUrl: null, following: null });

describe('stepActive: the arrow keys in the search box', () => {
  const keys = ['title-a', 'title-b', 'person-p', 'all-people'];

  it('goes from no option to the first with ArrowDown, and to the last with ArrowUp', () => {
    expect(stepActive(keys, null, 1)).toBe('title-a');
    expect(stepActive(keys, null, -1)).toBe('all-people');
  });

  it('moves through every option of both groups, titles then people, in order', () => {
    const seen: string[] = [];
    let at: string | null = null;
    for (let i = 0; i < keys.length; i++) {
      at = stepActive(keys, at, 1);
      seen.push(at ?? '');
    }
    expect(seen).toEqual(keys);
    const back: string[] = [];
    for (let i = 0; i < keys.length; i++) {
      at = stepActive(keys, at, -1);
      back.push(at ?? '');
    }
    expect(back).toEqual(['person-p', 'title-b', 'title-a', 'all-people']);
  });

  it('wraps around at both ends', () => {
    expect(stepActive(keys, 'all-people', 1)).toBe('title-a');
    expect(stepActive(keys, 'title-a', -1)).toBe('all-people');
  });

  it('starts again from the ends when the active option is no longer listed, and has nothing to move to in an empty list', () => {
    expect(stepActive(keys, 'title-gone', 1)).toBe('title-a');
    expect(stepActive(keys, 'title-gone', -1)).toBe('all-people');
    expect(stepActive([], null, 1)).toBeNull();
    expect(stepActive([], 'title-a', -1)).toBeNull();
  });
});

describe('peopleOptions: the People group', () => {
  it('lists up to the maximum of people, then the way to all of them named as typed', () => {
    const options = peopleOptions(['a', 'b', 'c'].map(person), 'pers', 2);
    expect(options.map((o) => o.key)).toEqual(['person-a', 'person-b', 'all-people']);
    expect(options[2]).toEqual({ kind: 'people', key: 'all-people', keyword: 'pers' });
  });

  it('is empty when no one matches', () => {
    expect(peopleOptions([], 'nobody', 5)).toEqual([]);
  });
});
