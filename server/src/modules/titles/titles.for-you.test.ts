import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForYouSchema } from '../../../../common/contracts/titles.ts';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { normalizeText } from '../../search/index.ts';
import { generatedTitles, REAL_TITLES, realTitle } from './titles.fixtures.ts';
import { upsertTitles } from './titles.repository.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await upsertTitles(ctx.database.db, [...REAL_TITLES.map(realTitle), ...generatedTitles(300, 11)], (p, o) => normalizeText(`${p} ${o ?? ''}`));
  await ctx.app.titles.sync();
});
afterAll(async () => {
  await ctx?.close();
});

type Headers = Record<string, string>;
const forYou = async (headers: Headers) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/home/for-you', headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return ForYouSchema.parse(res.json().data);
};
const DJANGO = 'tt1853728';
const GODFATHER = 'tt0068646';
const WESTERNS = ['tt1853728', 'tt0064116', 'tt0060196'];

describe('GET /api/home/for-you', () => {
  it('answers 401 signed out, and nothing for someone whom onboarding told nothing', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/home/for-you' });
    expect(res.statusCode).toBe(401);
    const fan = await buildUser(ctx);
    expect(await forYou(fan.headers)).toEqual({ genres: [], results: [] });
  });

  it("builds the row from favourite genres and top titles' genres, leaving out top, rated and watchlisted titles", async () => {
    const fan = await buildUser(ctx, { displayName: 'Wes Tern' });
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/setProfile',
      headers: fan.headers,
      payload: { displayName: 'Wes Tern', favouriteGenres: ['Western'], topMovies: [GODFATHER] },
    });
    expect(set.statusCode, set.body).toBe(200);

    const row = await forYou(fan.headers);
    // Western is a favourite (3); The Godfather adds Crime and Drama (1 each).
    expect(row.genres).toEqual(['Western', 'Crime', 'Drama']);
    expect(row.results.length).toBeGreaterThan(5);
    expect(row.results.length).toBeLessThanOrEqual(20);
    // The westerns lead; every title carries one of the genres; the top title itself is not suggested.
    expect(row.results.slice(0, 3).map((r) => r.id).sort()).toEqual([...WESTERNS].sort());
    expect(row.results.every((r) => r.genres.some((g) => row.genres.includes(g)))).toBe(true);
    expect(row.results.map((r) => r.id)).not.toContain(GODFATHER);

    // Rated and watchlisted titles leave the row.
    const rate = await ctx.app.inject({ method: 'POST', url: '/api/ratings-and-reviews/create', headers: fan.headers, payload: { titleId: DJANGO, rating: 8 } });
    expect(rate.statusCode).toBeLessThan(300);
    const keep = await ctx.app.inject({ method: 'POST', url: '/api/watchlist', headers: fan.headers, payload: { titleId: WESTERNS[1] } });
    expect(keep.statusCode).toBe(200);
    const after = (await forYou(fan.headers)).results.map((r) => r.id);
    expect(after).not.toContain(DJANGO);
    expect(after).not.toContain(WESTERNS[1]);
    expect(after[0]).toBe(WESTERNS[2]);

    // Another person's row is their own.
    const other = await buildUser(ctx);
    await ctx.app.inject({ method: 'POST', url: '/api/user/setProfile', headers: other.headers, payload: { displayName: 'Ann Other', favouriteGenres: ['Western'] } });
    expect((await forYou(other.headers)).results.map((r) => r.id)).toContain(DJANGO);
  });
});
