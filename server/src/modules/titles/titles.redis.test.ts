import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { normalizeText } from '../../search/index.ts';
import { REAL_TITLES, realTitle } from './titles.fixtures.ts';
import { upsertTitles } from './titles.repository.ts';

// Two server processes on one database and one Redis: what one writes, the other's cached answers follow.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const searchText = (p: string, o: string | null) => normalizeText(`${p} ${o ?? ''}`);

let a: TestContext;
let b: FastifyInstance;
beforeAll(async () => {
  const cachePrefix = `test-${randomUUID()}:`;
  a = await createTestApp({ REDIS_URL }, { cachePrefix });
  await upsertTitles(a.database.db, REAL_TITLES.map(realTitle), searchText);
  await a.app.titles.sync();
  b = await buildApp({ config: a.config, database: a.database, logger: false, cachePrefix });
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('cached answers shared through Redis', () => {
  it('drops a title page on every instance when one of them sees the catalogue change', async () => {
    const page = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/api/movies/movie/tt0113277' })).json().data;
    expect((await page(a.app)).title).toBe('Heat');
    expect((await page(b)).title).toBe('Heat');
    await upsertTitles(a.database.db, [{ ...realTitle(REAL_TITLES.find(([id]) => id === 'tt0113277') as (typeof REAL_TITLES)[number]), primaryTitle: 'Heat (Director’s Cut)' }], searchText);
    // Until an instance looks at the catalogue, both answer from the shared cache.
    expect((await page(a.app)).title).toBe('Heat');
    await b.titles.sync();
    // b saw the change; a, which has not looked yet, no longer finds the old page in the cache.
    expect((await page(a.app)).title).toBe('Heat (Director’s Cut)');
    expect((await page(b)).title).toBe('Heat (Director’s Cut)');
  });

  it('shows a search click made on one instance in the popular searches of the other', async () => {
    const popular = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/api/movies/popular-searches' })).json().data as { query: string; count: number }[];
    expect((await popular(a.app)).some((s) => s.query === 'the matrix')).toBe(false);
    const click = await b.inject({ method: 'POST', url: '/api/movies/search-click', payload: { query: 'The Matrix', titleId: 'tt0133093' } });
    expect(click.statusCode).toBe(200);
    expect((await popular(a.app))[0]).toEqual({ query: 'the matrix', count: 1 });
  });
});
