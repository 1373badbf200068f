// JustWatch CSV exports: titles.csv and credits.csv.

import type { TitleType } from '../../db/schema.ts';
import { csvRows, fileCounter, type ImportContext } from './catalogue.import-context.ts';
import { cleanText, imdbIdOf, parseGenres, parseInteger, parseNumber, parseYear } from './catalogue.normalize.ts';
import { providerOfPath } from './catalogue.providers.ts';
import { SOURCES } from './catalogue.sources.ts';
import type { Credit } from './catalogue.writer.ts';

const JW_TYPES: Record<string, TitleType> = { MOVIE: 'movie', SHOW: 'tvSeries' };

export async function importJustWatchTitles(ctx: ImportContext, path: string): Promise<void> {
  const counter = fileCounter(ctx, path, 'justwatch-titles');
  // Each JustWatch export is one service's catalogue in one country, named by its folder.
  const service = providerOfPath(path);
  for await (const r of csvRows(ctx, path, counter)) {
    const jwId = cleanText(r.id);
    const type = JW_TYPES[(r.type ?? '').trim().toUpperCase()];
    const title = cleanText(r.title);
    if (!jwId) {
      ctx.report.skip('malformed row');
      continue;
    }
    if (!type) {
      ctx.report.skip('not a movie or series');
      continue;
    }
    if (!title) {
      ctx.report.skip('no title');
      continue;
    }
    const votes = parseInteger(r.imdb_votes);
    await ctx.writer.add({
      source: SOURCES.justwatch,
      imdbId: imdbIdOf(r.imdb_id),
      justwatchId: jwId,
      values: {
        title_type: type,
        primary_title: title,
        start_year: parseYear(r.release_year),
        runtime_minutes: parseInteger(r.runtime) || null,
        plot: cleanText(r.description),
        certification: cleanText(r.age_certification),
        seasons: type === 'tvSeries' ? parseInteger(r.seasons) : null,
        tmdb_popularity: parseNumber(r.tmdb_popularity),
      },
      genres: parseGenres(r.genres),
      ...(service ? { providers: [service] } : {}),
      ...(votes !== null ? { rating: { rating: parseNumber(r.imdb_score), votes } } : {}),
    });
  }
  await ctx.writer.flush();
  counter.done();
}

const JW_ROLES: Record<string, Credit['role']> = { ACTOR: 'actor', DIRECTOR: 'director' };

/** credits.csv lists each title's credits together; one patch per title replaces its cast and directors. */
export async function importJustWatchCredits(ctx: ImportContext, path: string): Promise<void> {
  const counter = fileCounter(ctx, path, 'justwatch-credits');
  let current: { jwId: string; people: Credit[]; rows: number } | null = null;
  const emit = async () => {
    if (!current) return;
    if (current.people.length) {
      await ctx.writer.add({
        source: SOURCES.justwatchCredits,
        justwatchId: current.jwId,
        values: {},
        people: current.people,
        countAs: 'credit',
        creditRows: current.rows,
      });
    }
    current = null;
  };
  for await (const r of csvRows(ctx, path, counter)) {
    const jwId = cleanText(r.id);
    const name = cleanText(r.name);
    const role = JW_ROLES[(r.role ?? '').trim().toUpperCase()];
    if (!jwId || !name) {
      ctx.report.skip('malformed row');
      continue;
    }
    if (!role) {
      ctx.report.skip('crew role not kept');
      continue;
    }
    if (!current || current.jwId !== jwId) {
      await emit();
      current = { jwId, people: [], rows: 0 };
    }
    current.rows += 1;
    current.people.push({ role, name, character: role === 'actor' ? cleanText(r.character) : null });
  }
  await emit();
  await ctx.writer.flush();
  counter.done();
}
