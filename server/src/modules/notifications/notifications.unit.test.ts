import { describe, expect, it } from 'vitest';
import { notificationText } from './notifications.presenter.ts';

describe('notificationText', () => {
  it('names the latest person and counts the others', () => {
    expect(notificationText('review_like', 'Ana', 0)).toBe('Ana liked your review');
    expect(notificationText('review_like', 'Ana', 1)).toBe('Ana and 1 other liked your review');
    expect(notificationText('review_like', 'Ana', 12)).toBe('Ana and 12 others liked your review');
    expect(notificationText('follow', 'Ben', 2)).toBe('Ben and 2 others followed you');
    expect(notificationText('comment_reply', 'Cal', 0)).toBe('Cal replied to your comment');
    expect(notificationText('level_reached', null, 0)).toBe('You reached a new level');
    expect(notificationText('level_reached', null, 0, 'buff')).toBe('You reached Reel Buff');
    expect(notificationText('level_reached', null, 0, 'savant')).toBe('You reached Reel Savant');
    expect(notificationText('discussion_like', null, 0)).toBe('Someone liked your discussion');
  });
});
