import type { TrendingDiscussion } from '@common/contracts/communities';
import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { TopDiscussionCard } from './top-discussion-card';

// The unit project does not resolve the app's @common alias: the card needs the name cut, the time and the initial.
vi.mock('@common/format', () => ({
  avatarLetter: (name?: string | null) => name?.[0] ?? '?',
  truncateName: (name: string | null, max: number) => (name ? (name.length > max ? `${name.slice(0, max)}...` : name) : 'Anonymous'),
  relativeTime: () => '2 hours ago',
}));

const base: TrendingDiscussion = {
  communityImage: null,
  communityName: 'Noir Club',
  discussionCreatorImage: null,
  discussionCreatorName: 'Ada Lovelace-Byron',
  discussionCreatorId: 'u-ada',
  createAt: { _seconds: 1_700_000_000, _nanoseconds: 0 },
  discussionId: 'd1',
  communityId: 'c1',
  title: 'Who really killed Laura?',
  spoiler: false,
  likeCount: 3,
  commentCount: 4,
};

async function draw(discussion: TrendingDiscussion) {
  const { prelude } = await prerender(
    <Router ssrPath="/home">
      <TopDiscussionCard discussion={discussion} />
    </Router>,
  );
  return (await new Response(prelude).text()).replace(/<!--.*?-->/g, '');
}

describe('TopDiscussionCard', () => {
  it("links the creator's picture and name (cut at 14 characters) to their profile", async () => {
    const html = await draw(base);
    expect(html).toMatch(/<a [^>]*href="\/profile\/u-ada"[^>]*>.*Ada Lovelace-B\.\.\.<\/span><\/a>/);
    expect(html).toContain('href="/community/c1/discussions/d1"');
  });

  it('draws a creator whose account is gone as Anonymous, without a link', async () => {
    const html = await draw({ ...base, discussionCreatorName: null, discussionCreatorId: null });
    expect(html).not.toContain('/profile/');
    expect(html).toContain('Anonymous');
  });

  it("keeps a spoiler discussion's title readable, tagged Spoiler", async () => {
    const html = await draw({ ...base, spoiler: true });
    expect(html).toContain('Spoiler · ');
    expect(html).toContain('Who really killed Laura?');
    expect(html).not.toMatch(/blur-\[/);
    expect(html).toContain('(contains spoilers)');
  });
});
