import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { normalizeText } from '../../search/index.ts';
import { REAL_TITLES, realTitle } from './titles.fixtures.ts';
import { upsertTitles } from './titles.repository.ts';

// Popular searches in a database of their own (their clicks also count as activity for the weekly ranking).
let ctx: TestContext;
const get = (url: string) => ctx.app.inject({ method: 'GET', url });

beforeAll(async () => {
  ctx = await createTestApp();
  await upsertTitles(ctx.database.db, REAL_TITLES.map(realTitle), (p, o) => normalizeText(`${p} ${o ?? ''}`));
  await ctx.app.titles.sync();
});
afterAll(async () => {
  await ctx?.close();
});

describe('popular searches by people', () => {
  it('counts people, not clicks: one person clicking 20 times counts once, two people once each count twice', async () => {
    const click = (query: string, titleId: string, headers: Record<string, string>, remoteAddress = '198.51.100.1') =>
      ctx.app.inject({ method: 'POST', url: '/api/movies/search-click', payload: { query, titleId }, headers, remoteAddress });
    // One address is one person, whatever User-Agent each click claims (a caller can change it with every request).
    for (let i = 0; i < 20; i++) expect((await click('heat', 'tt0113277', { 'user-agent': `Browser/${i}` })).statusCode).toBe(200);
    expect((await click('alien', 'tt0078748', { 'user-agent': 'First/1.0' }, '198.51.100.2')).statusCode).toBe(200);
    expect((await click('Alien', 'tt0078748', { 'user-agent': 'First/1.0' }, '198.51.100.3')).statusCode).toBe(200);
    const popular = async () => (await get('/api/movies/popular-searches')).json().data as { query: string; count: number }[];
    const list = await popular();
    const at = (query: string) => list.findIndex((s) => s.query === query);
    expect([list[at('alien')], list[at('heat')]]).toEqual([
      { query: 'alien', count: 2 },
      { query: 'heat', count: 1 },
    ]);
    expect(at('alien')).toBeLessThan(at('heat'));
    // A signed-in person is one person whatever browser they click from.
    const fan = await buildUser(ctx);
    for (const agent of ['Phone/1.0', 'Laptop/1.0']) {
      expect((await click('heat', 'tt0113277', { ...fan.headers, 'user-agent': agent }, agent === 'Phone/1.0' ? '198.51.100.9' : '198.51.100.10')).statusCode).toBe(200);
    }
    expect((await popular()).find((s) => s.query === 'heat')).toEqual({ query: 'heat', count: 2 });
  });
});
