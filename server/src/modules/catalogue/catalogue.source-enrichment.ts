// Smaller files that enrich the catalogue: the IMDb API lists, the rankings, IMDb 5000, the top 1000 and Vega's movies.

import { basename, relative } from 'node:path';
import type { TitleType } from '../../db/schema.ts';
import { fileSize, readJson } from './catalogue.files.ts';
import { csvRows, fileCounter, guarded, type ImportContext } from './catalogue.import-context.ts';
import { cleanText, fullSizePoster, imdbIdOf, matchKeyOf, parseGenres, parseInteger, parseNumber, parseReleaseDate, parseYear } from './catalogue.normalize.ts';
import { SOURCES } from './catalogue.sources.ts';
import type { Credit } from './catalogue.writer.ts';

function crewOf(raw: unknown): Credit[] {
  const text = cleanText(raw);
  if (!text) return [];
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (/\(dir\.\)$/.test(s) ? { role: 'director' as const, name: s.replace(/\s*\(dir\.\)$/, '') } : { role: 'actor' as const, name: s }));
}

/** A row's director and leading actors, in that order; blank names are left out. */
function peopleOf(director: unknown, actors: unknown[]): Credit[] {
  const people: Credit[] = [];
  const name = cleanText(director);
  if (name) people.push({ role: 'director', name });
  for (const actor of actors) {
    const n = cleanText(actor);
    if (n) people.push({ role: 'actor', name: n });
  }
  return people;
}

export async function importApiList(ctx: ImportContext, path: string): Promise<void> {
  const counter = fileCounter(ctx, path, 'imdb-api-list');
  const data = readJson(path) as { items?: unknown };
  counter.onBytes(fileSize(path));
  const items = Array.isArray(data?.items) ? (data.items as Record<string, unknown>[]) : [];
  if (!items.length) ctx.report.warnings.push(`${relative(ctx.root, path)}: no items`);
  const type: TitleType = /tv/i.test(basename(path)) ? 'tvSeries' : 'movie';
  for (const item of items) {
    counter.row();
    const id = imdbIdOf(item?.id);
    if (!item || typeof item !== 'object' || !id) {
      ctx.report.skip('malformed row');
      continue;
    }
    const title = cleanText(item.title);
    if (!title) {
      ctx.report.skip('no title');
      continue;
    }
    const votes = parseInteger(item.imDbRatingCount);
    await ctx.writer.add({
      source: SOURCES.apiList,
      imdbId: id,
      values: {
        title_type: type,
        primary_title: title,
        start_year: parseYear(item.year),
        poster_url: fullSizePoster(cleanText(item.image)),
      },
      people: crewOf(item.crew),
      ...(votes ? { rating: { rating: parseNumber(item.imDbRating), votes } } : {}),
    });
  }
  await ctx.writer.flush();
  counter.done();
}

/**
 * Votes from which a title of the rankings' "movie" category, which IMDb fills with films, TV films, shorts, videos
 * and TV specials alike, is taken for a film when no other source has it: the votes of IMDb's Top 250 (see
 * RATING_MIN_VOTES), which almost only films reach. A title in a short's ranking (`title_movie_Short.csv`) is not
 * one, and a type another source gives (a JustWatch show) is kept.
 */
export const RANKINGS_FILM_MIN_VOTES = 25_000;

interface RankedTitle {
  title: string | null;
  rating: number | null;
  votes: number;
  series: boolean;
  short: boolean;
  genres: string[];
}

/**
 * The rankings are many small files; genre membership is only known once all
 * are read, so they are gathered first (bounded by their size: a few tens of
 * thousands of ids), then written.
 */
export async function importRankings(ctx: ImportContext, paths: string[]): Promise<void> {
  const byId = new Map<string, RankedTitle>();
  for (const path of paths) {
    const name = basename(path, '.csv');
    const series = /^title_series/i.test(name);
    const genre = /^title_(?:series|movie)_(.+)$/i.exec(name)?.[1] ?? null;
    const short = !series && genre?.toLowerCase() === 'short';
    await guarded(ctx, path, async () => {
      const counter = fileCounter(ctx, path, 'imdb-rankings');
      for await (const r of csvRows(ctx, path, counter)) {
        const id = imdbIdOf(r.tconst);
        if (!id) {
          ctx.report.skip('malformed row');
          continue;
        }
        const entry = byId.get(id) ?? { title: null, rating: null, votes: 0, series, short: false, genres: [] };
        entry.title ??= cleanText(r.primaryTitle);
        if (short) entry.short = true;
        const votes = parseInteger(r.numVotes) ?? 0;
        if (votes >= entry.votes) {
          entry.votes = votes;
          entry.rating = parseNumber(r.averageRating);
        }
        if (genre) {
          for (const g of parseGenres(genre)) if (!entry.genres.includes(g)) entry.genres.push(g);
        }
        byId.set(id, entry);
      }
      counter.done();
    });
  }
  for (const [id, e] of byId) {
    const film = !e.series && !e.short && e.votes >= RANKINGS_FILM_MIN_VOTES && e.title !== null;
    await ctx.writer.add({
      source: e.series ? SOURCES.rankingsSeries : film ? SOURCES.rankingsFilms : SOURCES.rankingsMovies,
      imdbId: id,
      values: e.title && (e.series || film) ? { title_type: e.series ? 'tvSeries' : 'movie', primary_title: e.title } : {},
      genres: e.genres,
      rating: { rating: e.rating, votes: e.votes },
    });
  }
  await ctx.writer.flush();
}

export async function importImdb5000(ctx: ImportContext, path: string): Promise<void> {
  const counter = fileCounter(ctx, path, 'imdb-5000');
  for await (const r of csvRows(ctx, path, counter)) {
    const id = imdbIdOf(r.movie_imdb_link);
    if (!id) {
      ctx.report.skip('malformed row');
      continue;
    }
    const title = cleanText(r.movie_title);
    const year = parseYear(r.title_year);
    const votes = parseInteger(r.num_voted_users);
    const usa = cleanText(r.country) === 'USA';
    await ctx.writer.add({
      // Rows without a year are mostly series; without a type they only enrich.
      source: year ? SOURCES.imdb5000 : SOURCES.imdb5000Enrich,
      imdbId: id,
      values: {
        ...(year && title ? { title_type: 'movie' as const, primary_title: title, start_year: year } : {}),
        runtime_minutes: parseInteger(r.duration),
        certification: cleanText(r.content_rating),
        gross_usd: parseInteger(r.gross),
        budget_usd: usa ? parseInteger(r.budget) : null,
      },
      genres: parseGenres(r.genres),
      people: peopleOf(r.director_name, [r.actor_1_name, r.actor_2_name, r.actor_3_name]),
      ...(votes ? { rating: { rating: parseNumber(r.imdb_score), votes } } : {}),
    });
  }
  await ctx.writer.flush();
  counter.done();
}

export async function importTop1000(ctx: ImportContext, path: string): Promise<void> {
  const counter = fileCounter(ctx, path, 'imdb-top-1000');
  for await (const r of csvRows(ctx, path, counter)) {
    const title = cleanText(r.Series_Title);
    const year = parseYear(r.Released_Year);
    if (!title) {
      ctx.report.skip('no title');
      continue;
    }
    if (!year) {
      ctx.report.skip('no match for enrichment');
      continue;
    }
    const votes = parseInteger(r.No_of_Votes);
    await ctx.writer.add({
      source: SOURCES.top1000,
      // A film only the rankings list has no year: it is matched by title and about the same votes, and takes this year.
      match: { key: matchKeyOf(title), year, type: 'movie', yearless: true },
      values: {
        start_year: year,
        poster_url: fullSizePoster(cleanText(r.Poster_Link)),
        plot: cleanText(r.Overview),
        gross_usd: parseInteger(r.Gross),
        certification: cleanText(r.Certificate),
        runtime_minutes: parseInteger(r.Runtime),
      },
      genres: parseGenres(r.Genre),
      people: peopleOf(r.Director, [r.Star1, r.Star2, r.Star3, r.Star4]),
      ...(votes ? { rating: { rating: parseNumber(r.IMDB_Rating), votes } } : {}),
    });
  }
  await ctx.writer.flush();
  counter.done();
}

export async function importVega(ctx: ImportContext, path: string): Promise<void> {
  const counter = fileCounter(ctx, path, 'vega-movies');
  const data = readJson(path);
  counter.onBytes(fileSize(path));
  if (!Array.isArray(data)) throw new Error('expected an array of movies');
  for (const item of data as Record<string, unknown>[]) {
    counter.row();
    if (!item || typeof item !== 'object') {
      ctx.report.skip('malformed row');
      continue;
    }
    const title = cleanText(item.Title);
    const date = parseReleaseDate(item['Release Date']);
    if (!title) {
      ctx.report.skip('no title');
      continue;
    }
    if (!date) {
      ctx.report.skip('no match for enrichment');
      continue;
    }
    const votes = parseInteger(item['IMDB Votes']);
    await ctx.writer.add({
      source: SOURCES.vega,
      match: { key: matchKeyOf(title), year: Number(date.slice(0, 4)), type: 'movie' },
      values: {
        release_date: date,
        gross_usd: parseInteger(item['US Gross']),
        budget_usd: parseInteger(item['Production Budget']),
        certification: cleanText(item['MPAA Rating']),
        runtime_minutes: parseInteger(item['Running Time min']),
      },
      people: peopleOf(item.Director, []),
      ...(votes ? { rating: { rating: parseNumber(item['IMDB Rating']), votes } } : {}),
    });
  }
  await ctx.writer.flush();
  counter.done();
}
