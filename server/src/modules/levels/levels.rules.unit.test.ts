import { describe, expect, it } from 'vitest';
import { type LevelFacts, levelsDue, progressOf } from './levels.rules.ts';

const none: LevelFacts = {
  genres: 0,
  topMovies: 0,
  topShows: 0,
  picture: false,
  bio: false,
  joinedDiscussion: false,
  ratings: 0,
  reviews: 0,
  communities: 0,
  discussions: 0,
  reached: 0,
};
const onboarded = { ...none, genres: 3, topMovies: 5, topShows: 5 };
const everything: LevelFacts = { ...onboarded, picture: true, bio: true, joinedDiscussion: true, ratings: 100, reviews: 50, communities: 10, discussions: 20 };

describe('level rules', () => {
  it('reaches levels in order, stopping at the first requirement that does not hold', () => {
    expect(levelsDue({ ...none, ratings: 100, reviews: 50 })).toEqual([]);
    expect(levelsDue({ ...onboarded, ratings: 50, reviews: 50, bio: true }).map((l) => l.name)).toEqual(['Reel Apprentice']);
    expect(levelsDue(everything).map((l) => l.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(levelsDue({ ...everything, reached: 11 })).toEqual([]);
    // Reached levels are not asked again: a picture removed later does not stop the next ones.
    expect(levelsDue({ ...everything, picture: false, reached: 2 }).map((l) => l.id)).toEqual([
      'buff',
      'addict',
      'fanatic',
      'fiend',
      'aficionado',
      'cinephile',
      'connoisseur',
      'virtuoso',
      'savant',
    ]);
  });

  it('says what the next level still needs', () => {
    expect(progressOf(none)).toMatchObject({ current: null, next: { name: 'Reel Apprentice' }, missing: ['choose your favourite genres', '5 more top movies', '5 more top shows'] });
    expect(progressOf({ ...onboarded, topShows: 4, reached: 0 }).missing).toEqual(['1 more top show']);
    expect(progressOf({ ...everything, reviews: 7, reached: 5 })).toMatchObject({ current: { name: 'Reel Fanatic' }, next: { name: 'Reel Fiend', reward: 50 }, missing: ['3 more reviews'] });
    expect(progressOf({ ...everything, communities: 9, reached: 6 }).missing).toEqual(['1 more community']);
    expect(progressOf({ ...everything, discussions: 19, ratings: 98, reached: 10 }).missing).toEqual(['1 more discussion', '2 more ratings']);
    expect(progressOf({ ...everything, reached: 11 })).toEqual({ current: { id: 'savant', name: 'Reel Savant', rank: 11, reward: 1000 }, next: null, missing: [] });
  });
});
