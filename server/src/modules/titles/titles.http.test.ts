import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { normalizeText } from '../../search/index.ts';
import { REAL_TITLES, realTitle } from './titles.fixtures.ts';
import { upsertTitles } from './titles.repository.ts';

// Discovery on the framework's ordinary path: global hooks see every request, and the answers that are the same for
// everyone carry HTTP caching headers.
let ctx: TestContext;
const seen: string[] = [];
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });

beforeAll(async () => {
  ctx = await createTestApp(
    {},
    {
      // A global rule added the way a rate limit, a block or a maintenance mode would be.
      beforeReady: (app) =>
        app.addHook('onRequest', async (req, reply) => {
          seen.push(`${req.method} ${req.url}`);
          if (req.headers['x-closed'] === 'yes') return reply.code(503).send({ error: { code: 'maintenance', message: 'Closed for maintenance.' } });
        }),
    },
  );
  await upsertTitles(ctx.database.db, REAL_TITLES.map(realTitle), (p, o) => normalizeText(`${p} ${o ?? ''}`));
  await ctx.app.titles.sync();
});
afterAll(async () => {
  await ctx?.close();
});

describe('a global onRequest hook', () => {
  const requests = [
    { method: 'GET' as const, url: '/api/movies/movie/tt1160419' },
    { method: 'POST' as const, url: '/api/movies/search', payload: { input: 'dune' } },
    { method: 'GET' as const, url: '/api/search?q=dune' },
    { method: 'GET' as const, url: '/api/home/carousel' },
    { method: 'GET' as const, url: '/api/home/weekly-popular-movies' },
    { method: 'GET' as const, url: '/api/home/weekly-popular-shows' },
  ];

  it('runs for title pages, search and home sections, asked once or many times', async () => {
    for (let round = 0; round < 2; round++) {
      seen.length = 0;
      for (const r of requests) expect((await ctx.app.inject(r)).statusCode).toBe(200);
      expect(seen).toEqual(requests.map((r) => `${r.method} ${r.url}`));
    }
  });

  it('decides the answer: what it refuses is refused, cached or not', async () => {
    for (const r of requests) {
      const res = await ctx.app.inject({ ...r, headers: { 'x-closed': 'yes' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('maintenance');
    }
  });
});

describe('HTTP caching of answers that are the same for everyone', () => {
  const publicPaths = [
    '/api/movies/movie/tt1160419',
    '/api/home/carousel',
    '/api/home/weekly-popular-movies',
    '/api/movies/filters?genre=Drama&sort=rating',
    '/api/tv/preset/popular',
    '/api/movies/preset/top-rated',
    '/api/movies/popular-movies',
    '/api/movies/popular-searches',
    '/api/movies/getPossibleGenres',
  ];

  it('sends Cache-Control with s-maxage and stale-while-revalidate, and an ETag that If-None-Match turns into a 304', async () => {
    for (const path of publicPaths) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toMatch(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/);
      const etag = res.headers.etag as string;
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      const again = await get(path, { 'if-none-match': etag });
      expect(again.statusCode, path).toBe(304);
      expect(again.body, path).toBe('');
      expect(again.headers.etag, path).toBe(etag);
      expect((await get(path, { 'if-none-match': '"something-else"' })).statusCode, path).toBe(200);
      // A list of tags, or the weak form a proxy may send, names it too.
      expect((await get(path, { 'if-none-match': `"something-else", ${etag}` })).statusCode, path).toBe(304);
      expect((await get(path, { 'if-none-match': `W/${etag}` })).statusCode, path).toBe(304);
    }
  });

  it('gives a title page the lifetimes its description states', async () => {
    const res = await get('/api/movies/movie/tt1160419');
    expect(res.headers['cache-control']).toBe('public, max-age=60, s-maxage=300, stale-while-revalidate=600');
    const doc = ctx.app.swagger() as { paths: Record<string, { get: { description: string } }> };
    expect(doc.paths['/api/movies/{type}/{id}'].get.description).toContain('public, max-age=60, s-maxage=300, stale-while-revalidate=600');
  });

  it('sends the same title page, ETag included, with or without a session: nothing personal is in it', async () => {
    const fan = await buildUser(ctx);
    const anonymous = await get('/api/movies/movie/tt0133093');
    const signedIn = await get('/api/movies/movie/tt0133093', fan.headers);
    expect(anonymous.statusCode).toBe(200);
    expect(signedIn.body).toBe(anonymous.body);
    expect(anonymous.headers.etag).toBeDefined();
    expect(signedIn.headers.etag).toBe(anonymous.headers.etag);
  });

  it('does not mark errors, searches or writes as cacheable', async () => {
    const missing = await get('/api/movies/movie/tt0000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
    expect(missing.headers.etag).toBeUndefined();
    const bad = await get('/api/movies/filters?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBeUndefined();
    const search = await ctx.app.inject({ method: 'POST', url: '/api/movies/search', payload: { input: 'dune' } });
    expect(search.headers['cache-control']).toBeUndefined();
    const click = await ctx.app.inject({ method: 'POST', url: '/api/movies/search-click', payload: { query: 'dune', titleId: 'tt1160419' } });
    expect(click.statusCode).toBe(200);
    expect(click.headers['cache-control']).toBeUndefined();
  });
});

describe('cached search answers', () => {
  it('shares one answer between inputs that read the same, and keeps types, pages and unfinished words apart', async () => {
    const search = vi.spyOn(ctx.app.titles.index, 'search');
    try {
      const suggest = (input: string, titleType: string | null = null) => post('/api/movies/search', { input, titleType });
      const first = await suggest('The  Godfather Saga');
      expect(search).toHaveBeenCalledTimes(1);
      for (const input of ['THE GÖDFATHER SAGA', 'the godfather saga', 'The Godfather, Saga']) {
        expect((await suggest(input)).json()).toEqual(first.json());
      }
      expect(search).toHaveBeenCalledTimes(1);
      // Another type, or the last word finished (a trailing space: not a prefix any more), is another answer.
      await suggest('the godfather saga', 'movie');
      await suggest('the godfather saga ');
      expect(search).toHaveBeenCalledTimes(3);
      const page = (q: string, n: number) => ctx.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}&page=${n}` });
      expect((await page('godfather saga', 1)).json().data.page).toBe(1);
      expect((await page('GODFATHER SAGA', 2)).json().data.page).toBe(2);
      expect(search).toHaveBeenCalledTimes(5);
      expect((await page('Godfather  Saga', 2)).json().data.page).toBe(2);
      expect(search).toHaveBeenCalledTimes(5);
    } finally {
      search.mockRestore();
    }
  });
});
