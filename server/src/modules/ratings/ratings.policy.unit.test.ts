import { describe, expect, it } from 'vitest';
import { canDeleteRating, canEditRating, canLikeReview, isReleased, ratingAbilities } from './ratings.policy.ts';

const review = { userId: 'ada', review: 'Lovely.' };
const bare = { userId: 'ada', review: null };

describe('ratings policy', () => {
  it('lets only the author edit and delete', () => {
    expect(canEditRating({ id: 'ada' }, review)).toBe(true);
    expect(canDeleteRating({ id: 'ada' }, review)).toBe(true);
    expect(canEditRating({ id: 'ben' }, review)).toBe(false);
    expect(canDeleteRating(null, review)).toBe(false);
  });

  it('lets anyone signed in but the author like a review, and nobody like a rating without one', () => {
    expect(canLikeReview({ id: 'ben' }, review)).toBe(true);
    expect(canLikeReview({ id: 'ada' }, review)).toBe(false);
    expect(canLikeReview(null, review)).toBe(false);
    expect(canLikeReview({ id: 'ben' }, bare)).toBe(false);
    expect(ratingAbilities({ id: 'ben' }, review)).toEqual({ edit: false, delete: false, like: true });
  });

  it('takes a title as released from its release date, else its start year, else as released', () => {
    const now = new Date('2026-11-26T23:59:00Z');
    expect(isReleased({ releaseDate: '2026-11-26', startYear: 2026 }, now)).toBe(true);
    expect(isReleased({ releaseDate: '2026-11-27', startYear: 2026 }, now)).toBe(false);
    expect(isReleased({ releaseDate: null, startYear: 2026 }, now)).toBe(true);
    expect(isReleased({ releaseDate: null, startYear: 2027 }, now)).toBe(false);
    expect(isReleased({ releaseDate: null, startYear: null }, now)).toBe(true);
    expect(isReleased({ releaseDate: '1994', startYear: 1994 }, now)).toBe(true);
  });
});
