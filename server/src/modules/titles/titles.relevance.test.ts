import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { normalizeText } from '../../search/normalize.ts';
import { RELEVANCE_CASES } from '../../search/relevance-cases.ts';
import { fixtureCatalogue } from './titles.fixtures.ts';
import { upsertTitles } from './titles.repository.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await upsertTitles(ctx.database.db, fixtureCatalogue(), (p, o) => normalizeText(`${p} ${o ?? ''}`));
  await ctx.app.titles.sync();
});
afterAll(async () => {
  await ctx?.close();
});

describe('search relevance', () => {
  it(`puts the expected title first for at least 95% of ${RELEVANCE_CASES.length} queries`, async () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(60);
    const failures: string[] = [];
    for (const c of RELEVANCE_CASES) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/movies/search', payload: { input: c.query, titleType: c.titleType ?? null } });
      expect(res.statusCode).toBe(200);
      const results = res.json().data as { id: string; title: string }[];
      if (results[0]?.id !== c.expect) {
        failures.push(`  "${c.query}" (${c.why}): expected ${c.expect}, got ${results.slice(0, 3).map((r) => `${r.id} ${r.title}`).join(' | ') || 'nothing'}`);
      }
    }
    const passRate = 1 - failures.length / RELEVANCE_CASES.length;
    if (failures.length) console.log(`search relevance: ${failures.length} of ${RELEVANCE_CASES.length} failed\n${failures.join('\n')}`);
    expect(passRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('the search page says how well its titles match', () => {
  const page = async (q: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as { results: { id: string; title: string }[]; match: string; hasMore: boolean };
  };

  it("'good' when the first title has every word, even through a typo", async () => {
    expect(await page('the godfather')).toMatchObject({ match: 'good', results: expect.arrayContaining([expect.objectContaining({ id: 'tt0068646' })]) });
    expect((await page('teh matrix')).match).toBe('good');
  });

  it("'weak', with the closest titles, when no title has every word (a film the catalogue lacks)", async () => {
    const mood = await page('in the mood for love');
    expect(mood.match).toBe('weak');
    expect(mood.results.length).toBeGreaterThan(0);
    expect(mood.results.some((r) => /mood for love/i.test(r.title))).toBe(false);
  });

  it("'none' when nothing is found, and for a blank query", async () => {
    expect(await page('xqzvwkj')).toMatchObject({ match: 'none', results: [] });
    expect(await page('  ')).toMatchObject({ match: 'none', results: [] });
  });
});
