import { describe, expect, it } from 'vitest';
import { canReportComment, canReportDiscussion, canStartDiscussion, membershipOf } from './communities.policy.ts';
import { presentDiscussion, presentReply } from './communities.presenter.ts';

const author = { id: 'author' };
const other = { id: 'other' };

describe('communities policy', () => {
  it('tells who stands where: admin by the community, member and pending by their row', () => {
    expect(membershipOf(null, 'admin', 'member')).toBe('none');
    expect(membershipOf('admin', 'admin', undefined)).toBe('admin');
    expect(membershipOf('x', 'admin', 'pending')).toBe('pending');
    expect(canStartDiscussion('pending')).toBe(false);
    expect(canStartDiscussion('member')).toBe(true);
  });

  it('lets nobody report their own discussion or comment, and anyone else who reads it', () => {
    const d = { authorId: 'author', isPublic: true, locked: false };
    expect(canReportDiscussion(author, d, 'member')).toBe(false);
    expect(canReportDiscussion(other, d, 'none')).toBe(true);
    expect(canReportDiscussion(other, { ...d, isPublic: false }, 'none')).toBe(false);
    expect(canReportDiscussion(null, d, 'none')).toBe(false);
    expect(canReportComment(author, { authorId: 'author', deleted: false })).toBe(false);
    expect(canReportComment(other, { authorId: 'author', deleted: true })).toBe(false);
  });

  it('is what the presenter tells the reader in `abilities`', () => {
    const row = {
      id: 'd',
      communityId: 'c',
      communityName: 'C',
      communityImage: null,
      communityAdminId: 'admin',
      isPublic: true,
      title: 'T',
      body: 'B',
      spoiler: false,
      locked: false,
      authorId: 'author',
      authorName: 'A',
      authorImage: null,
      likeCount: 0,
      commentCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      editedAt: null,
      lastActivityAt: '2026-01-01T00:00:00.000Z',
    } as unknown as Parameters<typeof presentDiscussion>[0];
    expect(presentDiscussion(row, 'author', 'member', false).abilities).toEqual({ edit: true, delete: true, lock: false, comment: true, like: true, report: false });
    expect(presentDiscussion(row, 'admin', 'admin', false).abilities).toEqual({ edit: false, delete: true, lock: true, comment: true, like: true, report: true });
    expect(presentDiscussion(row, null, 'none', false).abilities).toEqual({ edit: false, delete: false, lock: false, comment: false, like: false, report: false });
    const comment = {
      id: 'c1',
      discussionId: 'd',
      communityId: 'c',
      parentId: null,
      depth: 0,
      text: 'Hi',
      deleted: false,
      spoiler: false,
      authorId: 'author',
      authorName: 'A',
      authorImage: null,
      likeCount: 0,
      replyCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      editedAt: null,
    } as unknown as Parameters<typeof presentReply>[0];
    expect(presentReply(comment, 'author', 'member', false, false).abilities).toEqual({ edit: true, delete: true, reply: true, like: true, report: false });
    expect(presentReply(comment, 'other', 'admin', false, true).abilities).toEqual({ edit: false, delete: true, reply: false, like: true, report: true });
  });
});
