import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { normalizeText } from '../../search/index.ts';
import { upsertTitles } from './titles.repository.ts';

// The title page's people, its cached answer and its similar titles, in a catalogue of their own
// (the views these requests count must not move the home rankings tested elsewhere).
let ctx: TestContext;
const searchText = (p: string, o: string | null) => normalizeText(`${p} ${o ?? ''}`);
const get = (url: string) => ctx.app.inject({ method: 'GET', url });

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/movies/{type}/{id}', () => {
  it('lists people by role in billing order, at most 60, and sends the cached answer until the title changes', async () => {
    const people = [
      { name: 'Writer B', role: 'writer' as const },
      { name: 'Writer A', role: 'writer' as const },
      ...Array.from({ length: 70 }, (_, k) => ({ name: `Actor ${k + 1}`, role: 'actor' as const, character: k % 2 ? null : `Part ${k + 1}` })),
      { name: 'Director One', role: 'director' as const },
      { name: 'Director Two', role: 'director' as const },
    ];
    const base = { id: 'tt9999950', titleType: 'movie' as const, primaryTitle: 'Crowded Picture', startYear: 2019, genres: ['Drama', 'Crime'], popularity: 0.01 };
    await upsertTitles(ctx.database.db, [{ ...base, people }], searchText);
    await ctx.app.titles.sync();
    const first = await get('/api/movies/movie/tt9999950');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const d = first.json().data;
    // Roles sort as actor < creator < director < writer; 60 people in all.
    expect(d.cast.length + d.directors.length + d.writers.length).toBe(60);
    expect(d.cast.slice(0, 3)).toEqual([
      { name: 'Actor 1', character: 'Part 1' },
      { name: 'Actor 2', character: null },
      { name: 'Actor 3', character: 'Part 3' },
    ]);
    expect(d.cast.length).toBe(60);
    expect(d.directors).toEqual([]);
    expect(d.similar.every((s: { genres: string[] }) => s.genres.includes('Drama'))).toBe(true);

    const again = await get('/api/movies/movie/tt9999950');
    expect(again.body).toBe(first.body);

    await upsertTitles(ctx.database.db, [{ ...base, primaryTitle: 'Crowded Picture Redux', people: people.slice(0, 2).concat(people.slice(-2)) }], searchText);
    await ctx.app.titles.sync();
    const changed = (await get('/api/movies/movie/tt9999950')).json().data;
    expect(changed.title).toBe('Crowded Picture Redux');
    expect(changed.cast).toEqual([]);
    expect(changed.directors).toEqual(['Director One', 'Director Two']);
    expect(changed.writers).toEqual(['Writer B', 'Writer A']);
  });

  it('finds similar titles by the set of genres, falling back to the first genre', async () => {
    const t = (id: string, genres: string[], popularity: number) => ({ id, titleType: 'tvSeries' as const, primaryTitle: `Genre Probe ${id}`, startYear: 2001, genres, popularity });
    await upsertTitles(
      ctx.database.db,
      [t('tt9999960', ['Western', 'Musical'], 0.02), t('tt9999961', ['Musical', 'Western'], 0.03), t('tt9999962', ['Western'], 0.01), t('tt9999963', ['Musical'], 0.015)],
      searchText,
    );
    await ctx.app.titles.sync();
    const similar = async (id: string) => (await get(`/api/movies/tvSeries/${id}`)).json().data.similar.map((s: { id: string }) => s.id);
    // The same set of genres in either order: each other first; then the fallback follows each one's first genre.
    const a = await similar('tt9999960');
    const b = await similar('tt9999961');
    expect(a[0]).toBe('tt9999961');
    expect(b[0]).toBe('tt9999960');
    expect(a).toContain('tt9999962');
    expect(a).not.toContain('tt9999963');
    expect(b).toContain('tt9999963');
    expect(b).not.toContain('tt9999962');
  });

});
