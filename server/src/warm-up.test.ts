import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers.ts';
import { generatedTitles, REAL_TITLES, realTitle } from './modules/titles/titles.fixtures.ts';
import { upsertTitles } from './modules/titles/titles.repository.ts';
import { normalizeText } from './search/normalize.ts';
import { warmUp } from './warm-up.ts';

let ctx: TestContext;
const searchText = (p: string, o: string | null) => normalizeText(`${p} ${o ?? ''}`);
const search = async (input: string) => (await ctx.app.inject({ method: 'POST', url: '/api/movies/search', payload: { input, titleType: null } })).json().data;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('warm-up before listening', () => {
  it('does nothing on an empty catalogue', async () => {
    expect(await warmUp(ctx.app)).toMatchObject({ searches: 0, pages: 0 });
  });

  it('runs searches and title pages through the app and leaves no trace', async () => {
    await upsertTitles(ctx.database.db, [...REAL_TITLES.map(realTitle), ...generatedTitles(400, 5)], searchText);
    await ctx.app.titles.sync();
    const before = await search('godfather');
    // An answer is kept from its second request: asking again then finds it kept.
    await ctx.app.titles.suggest('star wars', null);
    await ctx.app.titles.suggest('star wars', null);
    const kept = await ctx.app.titles.suggest('star wars', null);
    expect(kept.kept).toBe(true);

    const report = await warmUp(ctx.app, { searches: 200 });
    expect(report.searches).toBe(200);
    expect(report.pages).toBeGreaterThan(10);

    // No view was counted ...
    await ctx.app.titles.flushViews();
    const views = await ctx.database.db.selectFrom('titleActivityDaily').selectAll().where('kind', '=', 'view').execute();
    expect(views).toEqual([]);
    // ... the kept answers were let go, and answers are unchanged.
    const again = await ctx.app.titles.suggest('star wars', null);
    expect(again.kept).toBeUndefined();
    expect(String(again.json)).toBe(String(kept.json));
    expect(await search('godfather')).toEqual(before);
    // Counting works again afterwards.
    const page = await ctx.app.inject({ method: 'GET', url: '/api/movies/movie/tt0068646' });
    expect(page.statusCode).toBe(200);
    await ctx.app.titles.flushViews();
    const counted = await ctx.database.db.selectFrom('titleActivityDaily').select(['titleId', 'count']).where('kind', '=', 'view').execute();
    expect(counted).toEqual([{ titleId: 'tt0068646', count: 1 }]);
  });

  it('stops at its time limit', async () => {
    const report = await warmUp(ctx.app, { searches: 100_000, maxMs: 50 });
    expect(report.searches).toBeLessThan(400);
    expect(report.ms).toBeLessThan(2000);
  });
});
