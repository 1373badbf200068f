import { describe, expect, it } from 'vitest';
import type { ListSummary } from '../../../../common/contracts/lists.ts';
import { withListMeta } from './lists.page.ts';

const list: ListSummary = {
  listId: '11111111-1111-4111-8111-111111111111',
  name: 'Night & Day',
  description: null,
  type: 'movie',
  genres: [],
  visibility: 'public',
  contentList: [{ titleId: 'tt1', title: 'One', primaryImage: 'https://img.example/1.jpg?a=1&b=2', type: 'movie', year: 2000, note: null }],
  titleCount: 1,
  ownerProfile: { userId: 'u1', displayName: 'Ada', imageUrl: null },
  likeCount: 0,
  viewCount: 0,
  lastUpdated: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('withListMeta', () => {
  it("puts the tags at the end of a built page's head and names the page after the list", () => {
    const html = withListMeta('<!doctype html><html><head><meta charset="utf-8"><title>Reelhouse</title></head><body></body></html>', list, 'https://reel.example');
    expect(html).toMatch(/<title>Night &#38; Day · Reelhouse<\/title>.*<meta property="og:title" content="Night &#38; Day">.*<\/head><body>/);
    expect(html).toContain('<meta property="og:image" content="https://img.example/1.jpg?a=1&#38;b=2">');
    expect(html).toContain('<meta property="og:description" content="A list of 1 title by Ada on Reelhouse.">');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('adds a title and the tags to a page with neither head nor title', () => {
    const html = withListMeta('<div id="root"></div>', list, 'https://reel.example');
    expect(html.startsWith('<title>Night &#38; Day · Reelhouse</title><meta property="og:type"')).toBe(true);
    expect(html.endsWith('<div id="root"></div>')).toBe(true);
  });

  it('treats $ patterns in a name as text', () => {
    const html = withListMeta('<head><title>x</title></head>', { ...list, name: "$& $' $`" }, 'https://reel.example');
    expect(html).toContain('<title>$&#38; $&#39; $` · Reelhouse</title>');
  });
});
