/** Indexes for the search engine's unit tests. */
import { popularityOf } from '../modules/catalogue/catalogue.normalize.ts';
import { fixtureCatalogue } from '../modules/titles/titles.fixtures.ts';
import { SegmentBuilder } from './builder.ts';
import { TitleSearchIndex } from './title-index.ts';
import type { IndexRow } from './types.ts';

/** The relevance fixture catalogue (real titles and generated look-alikes) as an index. */
export function buildIndex() {
  const index = new TitleSearchIndex();
  const builder = new SegmentBuilder(index.genres);
  for (const t of fixtureCatalogue()) {
    builder.push({
      id: t.id,
      titleType: t.titleType,
      primaryTitle: t.primaryTitle,
      originalTitle: t.originalTitle ?? null,
      startYear: t.startYear ?? null,
      genres: (t.genres ?? []).join(','),
      popularity: t.popularity ?? 0,
      imdbRating: t.imdbRating ?? null,
      imdbVotes: t.imdbVotes ?? 0,
    });
  }
  index.replace(builder.finish());
  return index;
}

/** A movie's index row with the fields these tests vary; the rest are fixed. */
export function movieRow(id: string, primaryTitle: string, popularity: number, imdbVotes = 10_000): IndexRow {
  return { id, titleType: 'movie', primaryTitle, originalTitle: null, startYear: 2000, genres: 'Drama', popularity, imdbRating: 7, imdbVotes };
}

/** An index of movies given as [id, title, year, votes]. */
export function indexOfMovies(rows: [string, string, number, number][]): TitleSearchIndex {
  const index = new TitleSearchIndex();
  const builder = new SegmentBuilder(index.genres);
  for (const [id, primaryTitle, year, votes] of rows) builder.push({ ...movieRow(id, primaryTitle, popularityOf(votes, null), votes), startYear: year });
  index.replace(builder.finish());
  return index;
}

