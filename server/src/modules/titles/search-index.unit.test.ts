import { describe, expect, it } from 'vitest';
import { SegmentBuilder, TitleSearchIndex } from './search-index.ts';
import { fixtureCatalogue } from './titles.fixtures.ts';

function buildIndex() {
  const index = new TitleSearchIndex();
  const builder = new SegmentBuilder(index.genres);
  for (const t of fixtureCatalogue()) {
    builder.push({
      id: t.id,
      titleType: t.titleType,
      primaryTitle: t.primaryTitle,
      originalTitle: t.originalTitle ?? null,
      startYear: t.startYear ?? null,
      genres: (t.genres ?? []).join(','),
      popularity: t.popularity ?? 0,
      imdbRating: t.imdbRating ?? null,
      imdbVotes: t.imdbVotes ?? 0,
    });
  }
  index.replace(builder.finish());
  return index;
}

describe('search index', () => {
  it('answers the same first page whatever the number of results asked for (the sweep stops early only when later titles cannot rank higher)', () => {
    const index = buildIndex();
    const titles = fixtureCatalogue().slice(-600);
    const queries = new Set<string>();
    for (const t of titles) {
      const words = t.primaryTitle.split(' ');
      queries.add(t.primaryTitle.toLowerCase());
      queries.add(t.primaryTitle.slice(0, 3));
      queries.add(`${words[0]} ${t.startYear}`);
      queries.add(words.slice(0, 2).join(' '));
      queries.add(words[words.length - 1]);
    }
    let compared = 0;
    for (const q of queries) {
      for (const type of [null, 'movie'] as const) {
        const first = index.search(q, { type, limit: 10 }).ids;
        const wide = index.search(q, { type, limit: 80 }).ids.slice(0, 10);
        expect({ q, type, ids: first }).toEqual({ q, type, ids: wide });
        if (first.length === 10) compared++;
      }
    }
    // Most of these queries match many titles, so the early stop was exercised.
    expect(compared).toBeGreaterThan(500);
  });
});
