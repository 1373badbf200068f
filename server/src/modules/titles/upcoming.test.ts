import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaSearchResultSchema } from '../../../../common/contracts/titles.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { normalizeText } from '../../search/index.ts';
import { type NewTitle, upsertTitles } from './titles.repository.ts';

let ctx: TestContext;
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const searchText = (p: string, o: string | null) => normalizeText(`${p} ${o ?? ''}`);

const movie = (id: string, primaryTitle: string, releaseDate: string | null, over: Partial<NewTitle> = {}): NewTitle => ({
  id,
  titleType: 'movie',
  primaryTitle,
  startYear: releaseDate ? Number(releaseDate.slice(0, 4)) : 2000,
  releaseDate,
  genres: ['Drama'],
  popularity: 1,
  ...over,
});

beforeAll(async () => {
  ctx = await createTestApp();
  await upsertTitles(
    ctx.database.db,
    [
      movie('tt8000001', 'Released Yesterday', day(-1)),
      movie('tt8000002', 'Out Today', day(0)),
      movie('tt8000003', 'Next Week Film', day(7), { posterUrl: 'https://img.example/p.jpg', imdbRating: null }),
      movie('tt8000004', 'Same Day Less Popular', day(30), { popularity: 1 }),
      movie('tt8000005', 'Same Day More Popular', day(30), { popularity: 3 }),
      movie('tt8000006', 'No Date Yet', null),
      { id: 'tt8000007', titleType: 'tvSeries', primaryTitle: 'A Future Show', startYear: 2099, releaseDate: day(3), genres: ['Drama'], popularity: 9 },
      // Enough for a second page.
      ...Array.from({ length: 20 }, (_, i) => movie(`tt81000${String(i).padStart(2, '0')}`, `Far Future ${i}`, day(400 + i))),
    ],
    searchText,
  );
  await ctx.app.titles.sync();
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const ids = (body: { data: { results: { id: string }[] } }) => body.data.results.map((r) => r.id);

describe('GET /api/movies/upcoming without TMDB', () => {
  it('runs without the TMDB feeds', () => {
    expect(ctx.app.tmdbFeeds).toBeNull();
  });

  it('lists catalogue movies releasing from today on, soonest first, as title cards', async () => {
    const res = await get('/api/movies/upcoming');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.page).toBe(1);
    expect(body.data.totalPages).toBe(2);
    expect(body.data.results).toHaveLength(20);
    expect(ids(body).slice(0, 5)).toEqual(['tt8000002', 'tt8000003', 'tt8000005', 'tt8000004', 'tt8100000']);
    expect(ids(body)).not.toContain('tt8000001');
    expect(ids(body)).not.toContain('tt8000006');
    expect(ids(body)).not.toContain('tt8000007');
    for (const card of body.data.results) expect(MediaSearchResultSchema.strict().parse(card)).toEqual(card);
    expect(body.data.results[1]).toEqual({
      id: 'tt8000003',
      type: 'movie',
      title: 'Next Week Film',
      primaryImage: 'https://img.example/p.jpg',
      releaseDate: day(7),
      creator: null,
      year: Number(day(7).slice(0, 4)),
      imdbRating: null,
      imdbVotes: 0,
      genres: ['Drama'],
    });
  });

  it('pages through the list; a page past the last is empty', async () => {
    const second = (await get('/api/movies/upcoming?page=2')).json();
    expect(second.data).toMatchObject({ page: 2, totalPages: 2 });
    expect(ids(second)).toEqual(['tt8100016', 'tt8100017', 'tt8100018', 'tt8100019']);
    for (const page of ['3', '50']) {
      const res = await get(`/api/movies/upcoming?page=${page}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { results: [], page: Number(page), totalPages: 2 } });
    }
    expect((await get('/api/movies/upcoming?page=')).json().data.page).toBe(1);
  });

  it('answers 400 naming the page for odd pages, never 5xx', async () => {
    for (const page of ['0', '-1', 'abc', '1.5', '51', '1e9', '99999999999999999999999', 'NaN', 'Infinity', '%00', '1&page=2']) {
      const res = await get(`/api/movies/upcoming?page=${page}`);
      expect(res.statusCode, page).toBe(400);
      expect(res.json().error).toEqual({ code: 'validation_error', message: 'page: must be a whole number from 1 to 50' });
    }
    expect((await get('/api/movies/upcoming?other=1&page=1')).statusCode).toBe(200);
  });

  it('shows catalogue changes once the search index has picked them up', async () => {
    expect(ids((await get('/api/movies/upcoming')).json())[0]).toBe('tt8000002');
    await upsertTitles(ctx.database.db, [movie('tt8000009', 'Surprise Release', day(0), { popularity: 50 })], searchText);
    await ctx.app.titles.sync();
    expect(ids((await get('/api/movies/upcoming')).json()).slice(0, 2)).toEqual(['tt8000009', 'tt8000002']);
  });
});
