// IMDb's TSV dumps: title.basics joined with title.ratings, name.basics, title.principals and title.crew.

import type { TitleType } from '../../db/schema.ts';
import { readLines } from './catalogue.files.ts';
import { fileCounter, type ImportContext } from './catalogue.import-context.ts';
import { cleanText, parseGenres, parseInteger, parseNumber, parseYear, tconstNumber } from './catalogue.normalize.ts';
import { namesOf } from './catalogue.repository.ts';
import { SOURCES } from './catalogue.sources.ts';
import { type Credit, NameWriter, type SourceSpec } from './catalogue.writer.ts';

/** TSV rows as header-keyed field arrays; a row with the wrong number of fields is malformed. */
async function* tsvRows(ctx: ImportContext, path: string, counter: ReturnType<typeof fileCounter>) {
  let header: string[] | null = null;
  for await (const line of readLines(path, counter.onBytes)) {
    if (header === null) {
      header = line.replace(/^\uFEFF/, '').split('\t');
      continue;
    }
    if (!line) continue;
    counter.row();
    const fields = line.split('\t');
    if (fields.length !== header.length) {
      ctx.report.skip('malformed row');
      continue;
    }
    yield { header, fields };
  }
}

function col(header: string[], name: string): number {
  const i = header.indexOf(name);
  if (i === -1) throw new Error(`column ${name} missing`);
  return i;
}

const nul = (v: string | undefined) => (v === undefined || v === '\\N' || v === '' ? null : v);

interface Rating {
  n: number;
  rating: number | null;
  votes: number;
}

/** Ratings rows in file order, parsed; malformed rows counted. */
async function* ratingRows(ctx: ImportContext, path: string): AsyncGenerator<Rating & { tconst: string }> {
  const counter = fileCounter(ctx, path, 'imdb-title-ratings');
  let previous = -1;
  let warned = false;
  for await (const { header, fields } of tsvRows(ctx, path, counter)) {
    const tconst = fields[col(header, 'tconst')];
    const rating = parseNumber(nul(fields[col(header, 'averageRating')]));
    const votes = parseInteger(nul(fields[col(header, 'numVotes')])) ?? 0;
    if (!/^tt\d+$/.test(tconst)) {
      ctx.report.skip('malformed row');
      continue;
    }
    const n = tconstNumber(tconst);
    if (n < previous && !warned) {
      warned = true;
      ctx.report.warnings.push('title.ratings is not sorted by tconst; some ratings may not join their titles');
    }
    previous = n;
    yield { tconst, n, rating, votes };
  }
  counter.done();
}

const TITLE_TYPES: Record<string, TitleType> = { movie: 'movie', tvSeries: 'tvSeries', tvMiniSeries: 'tvSeries' };

/**
 * title.basics joined with title.ratings by walking both files in tconst order
 * (IMDb publishes both sorted), so memory stays flat for any size of dump.
 */
export async function importImdbBasics(ctx: ImportContext, basicsPath: string, ratingsPath: string | null): Promise<void> {
  const ratings = ratingsPath ? ratingRows(ctx, ratingsPath) : null;
  let pending: (Rating & { tconst: string }) | null = null;
  let ratingsDone = !ratings;
  const nextRating = async () => {
    if (!ratings || ratingsDone) return null;
    const r = await ratings.next();
    if (r.done) {
      ratingsDone = true;
      return null;
    }
    return r.value;
  };
  if (ratings) pending = await nextRating();

  const counter = fileCounter(ctx, basicsPath, 'imdb-title-basics');
  let idx: Record<string, number> | null = null;
  for await (const { header, fields } of tsvRows(ctx, basicsPath, counter)) {
    if (!idx) {
      idx = Object.fromEntries(
        ['tconst', 'titleType', 'primaryTitle', 'originalTitle', 'isAdult', 'startYear', 'endYear', 'runtimeMinutes', 'genres'].map(
          (c) => [c, col(header, c)],
        ),
      );
    }
    const tconst = fields[idx.tconst];
    if (!/^tt\d+$/.test(tconst)) {
      ctx.report.skip('malformed row');
      continue;
    }
    const n = tconstNumber(tconst);
    let rating: Rating | null = null;
    while (pending && pending.n < n) {
      ctx.report.skip('rating for a title not in title.basics');
      pending = await nextRating();
    }
    if (pending && pending.n === n) {
      rating = pending;
      pending = await nextRating();
    }
    const type = TITLE_TYPES[fields[idx.titleType]];
    if (!type) {
      ctx.report.skip('not a movie or series');
      continue;
    }
    if (fields[idx.isAdult] === '1') {
      ctx.report.skip('adult title');
      continue;
    }
    const primary = cleanText(nul(fields[idx.primaryTitle]));
    if (!primary) {
      ctx.report.skip('no title');
      continue;
    }
    if (ctx.minVotes > 0 && (rating?.votes ?? 0) < ctx.minVotes) {
      ctx.report.skip('fewer votes than the minimum');
      continue;
    }
    await ctx.writer.add({
      source: SOURCES.imdbBasics,
      imdbId: tconst,
      values: {
        title_type: type,
        primary_title: primary,
        original_title: cleanText(nul(fields[idx.originalTitle])),
        start_year: parseYear(nul(fields[idx.startYear])),
        end_year: parseYear(nul(fields[idx.endYear])),
        runtime_minutes: parseInteger(nul(fields[idx.runtimeMinutes])),
      },
      genres: parseGenres(nul(fields[idx.genres])),
      ...(rating ? { rating: { rating: rating.rating, votes: rating.votes } } : {}),
    });
  }
  counter.done();
  while (pending) {
    ctx.report.skip('rating for a title not in title.basics');
    pending = await nextRating();
  }
  await ctx.writer.flush();
}

/** title.ratings without title.basics: update the ratings of titles already in the catalogue. */
export async function importImdbRatingsOnly(ctx: ImportContext, path: string): Promise<void> {
  for await (const r of ratingRows(ctx, path)) {
    await ctx.writer.add({ source: SOURCES.imdbRatings, imdbId: r.tconst, values: {}, rating: { rating: r.rating, votes: r.votes } });
  }
  await ctx.writer.flush();
}

export async function importNames(ctx: ImportContext, path: string): Promise<void> {
  const counter = fileCounter(ctx, path, 'imdb-name-basics');
  const names = new NameWriter(ctx.database, ctx.report);
  for await (const { header, fields } of tsvRows(ctx, path, counter)) {
    const nconst = fields[col(header, 'nconst')];
    const name = cleanText(nul(fields[col(header, 'primaryName')]));
    if (!/^nm\d+$/.test(nconst) || !name) {
      ctx.report.skip('malformed row');
      continue;
    }
    await names.add(nconst, name);
  }
  await names.flush();
  counter.done();
}

interface CreditGroup {
  tconst: string;
  rows: number;
  credits: { role: Credit['role']; nconst: string; character: string | null }[];
}

/** Resolves person ids to names (one query per batch) and writes credit patches. */
async function writeCreditGroups(ctx: ImportContext, groups: CreditGroup[], source: SourceSpec): Promise<void> {
  const nconsts = [...new Set(groups.flatMap((g) => g.credits.map((c) => c.nconst)))];
  const names = nconsts.length ? await namesOf(ctx.database, nconsts) : new Map<string, string>();
  for (const g of groups) {
    const people: Credit[] = [];
    for (const c of g.credits) {
      const name = names.get(c.nconst);
      if (name) people.push({ role: c.role, name, character: c.character });
    }
    if (!people.length) {
      ctx.report.skip('no name for person', g.rows);
      continue;
    }
    await ctx.writer.add({ source, imdbId: g.tconst, values: {}, people, countAs: 'credit', creditRows: g.rows });
  }
}

function charactersOf(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const list = JSON.parse(raw);
    return Array.isArray(list) ? list.join(' / ') || null : String(list);
  } catch {
    return raw;
  }
}

const PRINCIPAL_ROLES: Record<string, Credit['role']> = {
  actor: 'actor',
  actress: 'actor',
  self: 'actor',
  director: 'director',
  writer: 'writer',
};

export async function importPrincipals(ctx: ImportContext, path: string): Promise<void> {
  const counter = fileCounter(ctx, path, 'imdb-title-principals');
  let batch: CreditGroup[] = [];
  let group: CreditGroup | null = null;
  let rowsInBatch = 0;
  for await (const { header, fields } of tsvRows(ctx, path, counter)) {
    const tconst = fields[col(header, 'tconst')];
    const nconst = fields[col(header, 'nconst')];
    if (!/^tt\d+$/.test(tconst) || !/^nm\d+$/.test(nconst)) {
      ctx.report.skip('malformed row');
      continue;
    }
    const role = PRINCIPAL_ROLES[fields[col(header, 'category')]];
    if (!group || group.tconst !== tconst) {
      if (group) batch.push(group);
      if (rowsInBatch >= 5000) {
        await writeCreditGroups(ctx, batch, SOURCES.imdbPrincipals);
        batch = [];
        rowsInBatch = 0;
      }
      group = { tconst, rows: 0, credits: [] };
    }
    rowsInBatch += 1;
    if (!role) {
      ctx.report.skip('crew role not kept');
      continue;
    }
    group.rows += 1;
    group.credits.push({ role, nconst, character: charactersOf(nul(fields[col(header, 'characters')])) });
  }
  if (group) batch.push(group);
  await writeCreditGroups(ctx, batch, SOURCES.imdbPrincipals);
  await ctx.writer.flush();
  counter.done();
}

export async function importCrew(ctx: ImportContext, path: string): Promise<void> {
  const counter = fileCounter(ctx, path, 'imdb-title-crew');
  let batch: CreditGroup[] = [];
  for await (const { header, fields } of tsvRows(ctx, path, counter)) {
    const tconst = fields[col(header, 'tconst')];
    if (!/^tt\d+$/.test(tconst)) {
      ctx.report.skip('malformed row');
      continue;
    }
    const credits: CreditGroup['credits'] = [];
    for (const [column, role] of [['directors', 'director'], ['writers', 'writer']] as const) {
      for (const nconst of (nul(fields[col(header, column)]) ?? '').split(',')) {
        if (/^nm\d+$/.test(nconst)) credits.push({ role, nconst, character: null });
      }
    }
    if (!credits.length) {
      ctx.report.skip('no credits in row');
      continue;
    }
    batch.push({ tconst, rows: 1, credits });
    if (batch.length >= 2000) {
      await writeCreditGroups(ctx, batch, SOURCES.imdbCrew);
      batch = [];
    }
  }
  await writeCreditGroups(ctx, batch, SOURCES.imdbCrew);
  await ctx.writer.flush();
  counter.done();
}
