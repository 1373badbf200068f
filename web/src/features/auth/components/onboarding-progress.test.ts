import type { Profile } from '@common/contracts/people';
import { describe, expect, it } from 'vitest';
import { countryCountText, firstOpenStep, suggestUsername } from './onboarding-progress';

const title = (id: string, type: 'movie' | 'tvSeries') => ({
  id,
  type,
  title: id,
  primaryImage: null,
  releaseDate: null,
  creator: null,
  year: null,
  imdbRating: null,
  imdbVotes: 0,
  genres: [],
});
const five = (type: 'movie' | 'tvSeries') => ['a', 'b', 'c', 'd', 'e'].map((id) => title(`${type}-${id}`, type));

const complete: Profile = {
  id: 'u1',
  username: 'ada',
  displayName: 'Ada',
  imageUrl: '/uploads/a.webp',
  badge: null,
  premiumStatus: 'none',
  gems: 0,
  bio: 'Hello',
  country: { code: 'FR', name: 'France' },
  favouriteGenres: ['Drama'],
  topMovies: five('movie'),
  topShows: five('tvSeries'),
  followerCount: 0,
  followingCount: 0,
  isMe: true,
  following: null,
  followsYou: null,
  blockedByMe: false,
  profileComplete: true,
  joinedAt: '2026-11-27T00:00:00.000Z',
};

describe('the onboarding steps', () => {
  it('opens where the person left off', () => {
    expect(firstOpenStep(complete, false, 5)).toBe('name');
    expect(firstOpenStep({ ...complete, username: null }, true, 5)).toBe('name');
    expect(firstOpenStep({ ...complete, country: null }, true, 5)).toBe('country');
    expect(firstOpenStep({ ...complete, favouriteGenres: [] }, true, 5)).toBe('genres');
    expect(firstOpenStep({ ...complete, topMovies: five('movie').slice(0, 4) }, true, 5)).toBe('movies');
    expect(firstOpenStep({ ...complete, topShows: [] }, true, 5)).toBe('shows');
    expect(firstOpenStep({ ...complete, imageUrl: null }, true, 5)).toBe('picture');
    expect(firstOpenStep({ ...complete, bio: null }, true, 5)).toBe('bio');
    // All done: editing starts at the beginning.
    expect(firstOpenStep(complete, true, 5)).toBe('name');
  });

  it('suggests a valid username from the display name', () => {
    expect(suggestUsername('Ada Lovelace')).toBe('ada.lovelace');
    expect(suggestUsername('  Agnès  Varda! ')).toBe('agnes.varda');
    expect(suggestUsername('Zoë')).toBe('zoe');
    expect(suggestUsername('Al')).toBe('');
    expect(suggestUsername('李')).toBe('');
    expect(suggestUsername('a'.repeat(50))).toHaveLength(30);
  });
});

describe('countryCountText', () => {
  it('counts every country without a search, and the matches of a search out of all', () => {
    expect(countryCountText(195, 195, false)).toBe('195 countries');
    expect(countryCountText(3, 195, true)).toBe('3 of 195 countries');
    expect(countryCountText(0, 195, true)).toBe('0 of 195 countries');
    expect(countryCountText(1, 1, false)).toBe('1 country');
  });
});
