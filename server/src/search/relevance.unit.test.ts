import { describe, expect, it } from 'vitest';
import { fixtureCatalogue } from '../modules/titles/titles.fixtures.ts';
import { NAMESAKE_CASES, RELEVANCE_CASES, relevanceFailures } from './relevance-cases.ts';
import { buildIndex } from './test-indexes.ts';

const index = buildIndex();
const titles = new Map(fixtureCatalogue().map((t) => [t.id, t.primaryTitle]));
const titleOf = (id: string) => titles.get(id) ?? '?';

describe('search relevance on the test catalogue', () => {
  it('holds every expected title', () => {
    for (const c of RELEVANCE_CASES) expect(index.has(c.expect), c.expect).toBe(true);
  });

  it(`puts the expected title first for at least 95% of ${RELEVANCE_CASES.length} queries`, () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(60);
    const failures = relevanceFailures(index, RELEVANCE_CASES, titleOf);
    if (failures.length) console.log(`search relevance: ${failures.length} of ${RELEVANCE_CASES.length} failed\n${failures.join('\n')}`);
    expect(1 - failures.length / RELEVANCE_CASES.length).toBeGreaterThanOrEqual(0.95);
  });

  it('puts a famous title before obscure near-namesakes, every time', () => {
    expect(relevanceFailures(index, NAMESAKE_CASES, titleOf)).toEqual([]);
  });
});
