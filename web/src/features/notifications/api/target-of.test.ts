import type { Notification, NotificationKind } from '@common/contracts/people';
import { describe, expect, it } from 'vitest';
import { targetOf } from './target-of';

const n = (kind: NotificationKind, targetType: string, targetId: string, actor: Notification['actor'] = null): Notification => ({
  id: 'n1',
  kind,
  targetType,
  targetId,
  actor,
  othersCount: 0,
  text: '',
  read: false,
  createdAt: '2026-12-01T00:00:00.000Z',
});
const ana = { id: 'u-ana', username: 'ana.b', displayName: 'Ana B', imageUrl: null };

describe('targetOf: where a notification leads', () => {
  it('a follow to the follower, by username, else id', () => {
    expect(targetOf(n('follow', 'user', 'me', ana))).toBe('/profile/ana.b');
    expect(targetOf(n('follow', 'user', 'me', { ...ana, username: null }))).toBe('/profile/u-ana');
  });

  it('likes and replies to the subject itself, through /go', () => {
    expect(targetOf(n('review_like', 'review', 'r 1', ana))).toBe('/go/review/r%201');
    expect(targetOf(n('comment_like', 'comment', 'c1', ana))).toBe('/go/comment/c1');
    expect(targetOf(n('comment_reply', 'comment', 'c1', ana))).toBe('/go/comment/c1');
    expect(targetOf(n('discussion_like', 'discussion', 'd1', ana))).toBe('/go/discussion/d1');
    expect(targetOf(n('discussion_reply', 'discussion', 'd1', ana))).toBe('/go/discussion/d1');
  });

  it('community news to the community (its admin tools for a join request), a level to /levels', () => {
    expect(targetOf(n('join_request', 'community', 'k1', ana))).toBe('/community/k1?tab=admin');
    expect(targetOf(n('request_approved', 'community', 'k1', ana))).toBe('/community/k1');
    expect(targetOf(n('level_reached', 'level', 'Reel Apprentice'))).toBe('/levels');
  });
});
