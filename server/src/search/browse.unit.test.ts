import { describe, expect, it } from 'vitest';
import { popularityOf } from '../modules/catalogue/catalogue.normalize.ts';
import { RATING_PRIOR_VOTES, UNRATED } from './browse.ts';
import { SegmentBuilder } from './builder.ts';
import { movieRow } from './test-indexes.ts';
import { TitleSearchIndex } from './title-index.ts';
import type { IndexRow } from './types.ts';

describe('browsing', () => {
  it('finds the same titles as a walk over every title, in popularity order, with filters and pages', () => {
    const GENRES = ['Drama', 'Comedy', 'Action', 'Horror', 'Romance', 'Western', 'Documentary', 'Animation'];
    let seed = 7;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const rows: IndexRow[] = Array.from({ length: 4000 }, (_, i) => {
      // Common genres often, rare ones (the last few) seldom, one to three per title.
      const count = 1 + Math.floor(rand() * 3);
      const picked = new Set<string>();
      while (picked.size < count) picked.add(GENRES[Math.floor(rand() ** 2 * GENRES.length)]);
      return {
        id: `tt${String(i).padStart(7, '0')}`,
        titleType: rand() < 0.75 ? 'movie' : 'tvSeries',
        primaryTitle: `Title ${i}`,
        originalTitle: null,
        startYear: 1950 + Math.floor(rand() * 75),
        genres: [...picked].join(','),
        popularity: rand() * 1000 + i / 1e6,
        imdbRating: 1 + rand() * 9,
        imdbVotes: Math.floor(rand() * 10000),
      };
    });
    const index = new TitleSearchIndex();
    const builder = new SegmentBuilder(index.genres);
    for (const r of rows) builder.push(r);
    index.replace(builder.finish());
    const byPopularity = [...rows].sort((a, b) => b.popularity - a.popularity);

    let checked = 0;
    for (let a = 0; a < GENRES.length; a++) {
      for (let b = a + 1; b < GENRES.length; b++) {
        for (const third of [null, ...GENRES.slice(b + 1)]) {
          const names = third ? [GENRES[a], GENRES[b], third] : [GENRES[a], GENRES[b]];
          const genreMask = index.genreMask(names).mask;
          for (const type of [null, 'movie', 'tvSeries'] as const) {
            for (const yearFrom of [undefined, 1990]) {
              const expected = byPopularity
                .filter((r) => (type === null || r.titleType === type) && names.every((g) => r.genres.split(',').includes(g)))
                .filter((r) => yearFrom === undefined || (r.startYear ?? 0) >= yearFrom)
                .map((r) => r.id);
              for (const [offset, limit] of [
                [0, 13],
                [0, 1],
                [20, 20],
                [0, 150],
              ]) {
                const got = index.browse({ type, genreMask, yearFrom }, 'popularity', offset, limit);
                expect({ names, type, yearFrom, offset, ids: got.ids }).toEqual({ names, type, yearFrom, offset, ids: expected.slice(offset, offset + limit) });
                expect(got.hasMore).toBe(expected.length > offset + limit);
                checked++;
              }
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  }, 20_000);

  it('answers a filter few titles pass (a few years, a rare genre) in the same order as a walk of every sort', () => {
    const GENRES = ['Drama', 'Comedy', 'Western', 'Musical'];
    const rows: IndexRow[] = Array.from({ length: 3000 }, (_, i) => ({
      id: `tt${String(i).padStart(7, '0')}`,
      titleType: i % 4 === 0 ? 'tvSeries' : 'movie',
      primaryTitle: `Title ${String.fromCharCode(97 + ((i * 7) % 26))}${i % 13}`,
      originalTitle: null,
      startYear: i % 50 === 0 ? null : 1900 + ((i * 37) % 125),
      genres: i % 40 === 0 ? 'Western,Drama' : i % 25 === 0 ? 'Musical' : GENRES[i % 2],
      popularity: (i * 7919) % 1000,
      imdbRating: 1 + ((i * 13) % 90) / 10,
      imdbVotes: (i * 31) % 50_000,
    }));
    const index = new TitleSearchIndex();
    const builder = new SegmentBuilder(index.genres);
    for (const r of rows) builder.push(r);
    index.replace(builder.finish());
    const byId = new Map(rows.map((r) => [r.id, r]));
    const main = index.main;
    let checked = 0;
    for (const sort of ['popularity', 'rating', 'year', 'title'] as const) {
      const order = main.order(sort) ?? Int32Array.from({ length: main.n }, (_, d) => d);
      for (const [yearFrom, yearTo, genres] of [
        [1950, 1950, []],
        [1900, 1902, []],
        [undefined, 1905, ['Drama']],
        [undefined, undefined, ['Western']],
        [1990, 2024, ['Musical']],
        [2030, 2040, []],
      ] as [number | undefined, number | undefined, string[]][]) {
        const genreMask = index.genreMask(genres).mask;
        const expected: string[] = [];
        for (const d of order) {
          const r = byId.get(main.ids.at(d)) as IndexRow;
          const y = r.startYear ?? 0;
          if ((yearFrom !== undefined || yearTo !== undefined) && (y === 0 || y < (yearFrom ?? 0) || y > (yearTo ?? 9999))) continue;
          if (!genres.every((g) => r.genres.split(',').includes(g))) continue;
          expected.push(r.id);
        }
        for (const [offset, limit] of [
          [0, 20],
          [20, 20],
          [0, 200],
        ]) {
          const got = index.browse({ type: null, genreMask, yearFrom, yearTo }, sort, offset, limit);
          expect({ sort, yearFrom, yearTo, genres, offset, ids: got.ids }).toEqual({ sort, yearFrom, yearTo, genres, offset, ids: expected.slice(offset, offset + limit) });
          expect(got.hasMore).toBe(expected.length > offset + limit);
          checked++;
        }
      }
    }
    expect(checked).toBe(72);
  });
});

describe('browsing by rating', () => {
  // Mean rating of the rated rows: 7.65. The prior weighs as much as RATING_PRIOR_VOTES votes.
  const rows: [string, number | null, number][] = [
    ['tt0000001', 8.1, 2_000_000],
    ['tt0000002', 9.3, 30_000],
    ['tt0000003', 9.8, 12],
    ['tt0000004', 8.1, 900_000],
    ['tt0000005', null, 80_000],
    ['tt0000006', 7.0, RATING_PRIOR_VOTES],
    ['tt0000007', 9.9, RATING_PRIOR_VOTES - 1],
    ['tt0000009', 5.0, 100_000],
    ['tt0000010', 4.0, 50_000],
  ];
  const index = new TitleSearchIndex();
  const builder = new SegmentBuilder(index.genres);
  for (const [id, imdbRating, imdbVotes] of rows) builder.push({ ...movieRow(id, `Film ${id}`, popularityOf(imdbVotes, null), imdbVotes), imdbRating });
  index.replace(builder.finish());

  it('lists every title by its weighted rating: few votes pull a rating to the mean, unrated titles come last', () => {
    const page = index.browse({}, 'rating', 0, 20);
    // 9.9 on 24,999 votes weighs 8.775; 9.3 on 30,000, 8.55; 8.1 on 2 million, 8.094, before 8.1 on 900,000 (8.088,
    // nearer the mean); 9.8 on 12 votes stays at the mean, 7.651; 7.0 on 25,000 is halfway to it, 7.325.
    expect(page.ids).toEqual(['tt0000007', 'tt0000002', 'tt0000001', 'tt0000004', 'tt0000003', 'tt0000006', 'tt0000009', 'tt0000010', 'tt0000005']);
    expect(page.scores.slice(0, 8)).toEqual([8.775, 8.55, 8.094, 8.088, 7.651, 7.325, 5.53, 5.217]);
    expect(page.scores[8]).toBe(UNRATED);
    expect(page.hasMore).toBe(false);
    expect(index.browse({}, 'rating', 2, 2)).toEqual({ ids: ['tt0000001', 'tt0000004'], scores: [8.094, 8.088], hasMore: true });
  });

  it('keeps that order across the delta segment, weighing its titles with the main segment\'s mean', () => {
    const changed = new TitleSearchIndex();
    const b = new SegmentBuilder(changed.genres);
    for (const [id, imdbRating, imdbVotes] of rows) b.push({ ...movieRow(id, `Film ${id}`, popularityOf(imdbVotes, null), imdbVotes), imdbRating });
    changed.replace(b.finish());
    changed.setDelta([{ ...movieRow('tt0000008', 'Film tt0000008', popularityOf(40_000, null), 40_000), imdbRating: 8.5 }, { ...movieRow('tt0000003', 'Film tt0000003', 5, 60_000), imdbRating: 9.8 }]);
    const page = changed.browse({}, 'rating', 0, 20);
    expect(page.ids).toEqual(['tt0000003', 'tt0000007', 'tt0000002', 'tt0000008', 'tt0000001', 'tt0000004', 'tt0000006', 'tt0000009', 'tt0000010', 'tt0000005']);
    expect(page.scores.slice(0, 4)).toEqual([9.168, 8.775, 8.55, 8.173]);
  });

  it('ranks a genre\'s titles the same way, however few pass the filter', () => {
    const drama = index.genreMask(['Drama']).mask;
    expect(index.browse({ type: 'movie', genreMask: drama }, 'rating', 0, 20).ids).toEqual(['tt0000007', 'tt0000002', 'tt0000001', 'tt0000004', 'tt0000003', 'tt0000006', 'tt0000009', 'tt0000010', 'tt0000005']);
  });

  it('gives each browse order its figure as the score', () => {
    expect(index.browse({}, 'year', 0, 2).scores).toEqual([2000, 2000]);
    const byTitle = index.browse({}, 'title', 2, 2);
    expect(byTitle.scores).toEqual([-2, -3]);
    const popular = index.browse({}, 'popularity', 0, 3);
    expect(popular.ids[0]).toBe('tt0000001');
    expect(popular.scores[0]).toBeCloseTo(popularityOf(2_000_000, null));
    expect(popular.scores).toEqual([...popular.scores].sort((a, b) => b - a));
  });
});
