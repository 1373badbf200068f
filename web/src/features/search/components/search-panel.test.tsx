import type { MediaSearchResult } from '@common/contracts/titles';
import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { type Option, optionDomId, peopleOptions } from './search-options';
import SearchPanel from './search-panel';

// The unit project does not resolve the app's @common alias; the rows only need a year and an initial.
vi.mock('@common/format', () => ({ yearOf: (d?: string | number | null) => String(d ?? 'N/A').split('-')[0], avatarLetter: (name?: string | null) => name?.[0] ?? '?' }));
vi.mock('../../../components/ui/poster', () => ({ PosterImage: () => null }));

const title = (id: string, name: string): Option => ({
  kind: 'title',
  key: `movie-${id}`,
  item: { id, type: 'movie', title: name, primaryImage: null, releaseDate: '2010-07-16', creator: null, year: 2010, imdbRating: 8.8, imdbVotes: 1, genres: [] } satisfies MediaSearchResult,
});
const people = peopleOptions([{ id: 'u1', username: 'bob', displayName: 'Bob Board', imageUrl: null, following: null }], 'bo', 5);

async function draw(options: Option[], active: number) {
  const { prelude } = await prerender(
    <SearchPanel
      id="sb"
      listboxId="sb-listbox"
      heading="Matches"
      options={options}
      active={active}
      onActivate={() => undefined}
      onPick={() => undefined}
      selecting={false}
      selectedIds={new Set()}
      selectedCount={0}
      max={1}
      loading={false}
      status={null}
      trimmed="bo"
      onSeeAll={() => undefined}
    />,
  );
  const html = (await new Response(prelude).text()).replace(/<!--.*?-->/g, '');
  return new Markup(html);
}

/** Just enough of a parser for the attributes the tests read, in document order. */
class Markup {
  constructor(readonly html: string) {}
  /** Each element carrying `role="<role>"`, as its opening tag. */
  tags(role: string): string[] {
    return [...this.html.matchAll(new RegExp(`<[a-z]+ [^>]*role="${role}"[^>]*>`, 'g'))].map((m) => m[0]);
  }
  attr(tag: string, name: string): string | null {
    return new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
  }
}

describe('SearchPanel', () => {
  it('puts titles and people in one listbox, a group each, the options numbered in the order the arrow keys take', async () => {
    const options = [title('tt1', 'Inception'), title('tt2', 'Inside Out'), ...people];
    const doc = await draw(options, 2);
    const [listbox] = doc.tags('listbox');
    expect(doc.attr(listbox, 'id')).toBe('sb-listbox');
    expect(doc.attr(listbox, 'aria-label')).toBe('Titles and people');
    expect(doc.tags('group').map((g) => doc.attr(g, 'aria-labelledby'))).toEqual(['sb-heading', 'sb-people']);
    expect(doc.html).toMatch(/id="sb-people"[^>]*>People</);
    // Titles first, then the people, then "All people named ...": ids follow the one list the keyboard goes through.
    const ids = doc.tags('option').map((o) => doc.attr(o, 'id'));
    expect(ids).toEqual(options.map((_, i) => optionDomId('sb', i)));
    expect(doc.html.indexOf('Inside Out')).toBeLessThan(doc.html.indexOf('Bob Board'));
    expect(doc.html.indexOf('Bob Board')).toBeLessThan(doc.html.indexOf('All people named “bo”'));
    // The active option (the person, index 2) is the one selected.
    expect(doc.tags('option').map((o) => doc.attr(o, 'aria-selected'))).toEqual(['false', 'false', 'true', 'false']);
  });

  it('keeps one ungrouped listbox, named by its heading, when no one matches', async () => {
    const doc = await draw([title('tt1', 'Inception')], 0);
    const [listbox] = doc.tags('listbox');
    expect(doc.attr(listbox, 'aria-labelledby')).toBe('sb-heading');
    expect(doc.tags('group')).toEqual([]);
    expect(doc.tags('option').map((o) => doc.attr(o, 'aria-selected'))).toEqual(['true']);
  });

  it('lists the People group alone when no title matches', async () => {
    const doc = await draw(people, -1);
    expect(doc.tags('group').map((g) => doc.attr(g, 'aria-labelledby'))).toEqual(['sb-people']);
    expect(doc.tags('option').map((o) => doc.attr(o, 'id'))).toEqual([optionDomId('sb', 0), optionDomId('sb', 1)]);
  });
});
