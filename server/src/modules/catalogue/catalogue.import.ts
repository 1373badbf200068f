import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import type { Database } from '../../db/database.ts';
import type { TitleType } from '../../db/schema.ts';
import { fileSize, firstLine, readCsv, readLines } from './catalogue.files.ts';
import {
  cleanText,
  fullSizePoster,
  imdbIdOf,
  matchKeyOf,
  parseGenres,
  parseInteger,
  parseNumber,
  parseReleaseDate,
  parseYear,
  tconstNumber,
} from './catalogue.normalize.ts';
import { type Progress, silentProgress } from './catalogue.progress.ts';
import { ImportReport } from './catalogue.report.ts';
import { type Credit, NameWriter, namesOf, type SourceSpec, TitleWriter } from './catalogue.repository.ts';

export interface ImportOptions {
  /** IMDb TSV dumps: keep only titles with at least this many votes (0 keeps all). */
  minVotes?: number;
  progress?: Progress;
  batchSize?: number;
}

/** The formats the importer recognises, in the order they are imported. */
export type Format =
  | 'imdb-name-basics'
  | 'imdb-title-basics'
  | 'imdb-title-ratings'
  | 'imdb-title-principals'
  | 'imdb-title-crew'
  | 'justwatch-titles'
  | 'justwatch-credits'
  | 'imdb-api-list'
  | 'imdb-rankings'
  | 'imdb-5000'
  | 'imdb-top-1000'
  | 'vega-movies';

const ORDER: Format[] = [
  'imdb-name-basics',
  'imdb-title-basics',
  'imdb-title-ratings',
  'imdb-title-principals',
  'imdb-title-crew',
  'justwatch-titles',
  'justwatch-credits',
  'imdb-5000',
  'imdb-api-list',
  'imdb-rankings',
  'imdb-top-1000',
  'vega-movies',
];

export interface DetectedFile {
  path: string;
  format: Format;
}

// Which source wins: 'set' overwrites what is stored, 'fill' only fills blanks.
// Ratings and votes always come from the figure with the most votes.
const SOURCES = {
  imdbBasics: {
    name: 'imdb-title-basics',
    create: true,
    policy: {
      title_type: 'set', primary_title: 'set', original_title: 'set', start_year: 'set',
      end_year: 'set', runtime_minutes: 'set', genres: 'set',
    },
  },
  imdbRatings: { name: 'imdb-title-ratings', create: false, policy: {} },
  imdbPrincipals: { name: 'imdb-title-principals', create: false, policy: {}, people: 'replace' },
  imdbCrew: { name: 'imdb-title-crew', create: false, policy: {}, people: 'replace' },
  justwatch: {
    name: 'justwatch-titles',
    create: true,
    policy: {
      title_type: 'fill', primary_title: 'fill', start_year: 'fill', runtime_minutes: 'fill', genres: 'fill',
      plot: 'set', certification: 'set', seasons: 'set', tmdb_popularity: 'set',
    },
  },
  justwatchCredits: { name: 'justwatch-credits', create: false, policy: {}, people: 'replace' },
  apiList: {
    name: 'imdb-api-list',
    create: true,
    policy: { title_type: 'fill', primary_title: 'fill', start_year: 'fill', poster_url: 'set' },
    people: 'fill',
  },
  rankingsSeries: {
    name: 'imdb-rankings',
    create: true,
    policy: { title_type: 'fill', primary_title: 'fill', genres: 'fill' },
  },
  rankingsMovies: { name: 'imdb-rankings', create: false, policy: { genres: 'fill' } },
  imdb5000: {
    name: 'imdb-5000',
    create: true,
    policy: {
      title_type: 'fill', primary_title: 'fill', start_year: 'fill', runtime_minutes: 'fill', genres: 'fill',
      certification: 'fill', gross_usd: 'fill', budget_usd: 'fill',
    },
    people: 'fill',
  },
  imdb5000Enrich: {
    name: 'imdb-5000',
    create: false,
    policy: { runtime_minutes: 'fill', genres: 'fill', certification: 'fill', gross_usd: 'fill', budget_usd: 'fill' },
    people: 'fill',
  },
  top1000: {
    name: 'imdb-top-1000',
    create: false,
    policy: {
      poster_url: 'fill', plot: 'fill', gross_usd: 'set', certification: 'fill', runtime_minutes: 'fill', genres: 'fill',
    },
    people: 'fill',
  },
  vega: {
    name: 'vega-movies',
    create: false,
    policy: {
      release_date: 'set', gross_usd: 'fill', budget_usd: 'fill', certification: 'fill', runtime_minutes: 'fill',
    },
    people: 'fill',
  },
} satisfies Record<string, SourceSpec>;

const TSV_NAMES: [RegExp, Format][] = [
  [/^name\.basics\.tsv(\.gz)?$/, 'imdb-name-basics'],
  [/^title\.basics\.tsv(\.gz)?$/, 'imdb-title-basics'],
  [/^title\.ratings\.tsv(\.gz)?$/, 'imdb-title-ratings'],
  [/^title\.principals\.tsv(\.gz)?$/, 'imdb-title-principals'],
  [/^title\.crew\.tsv(\.gz)?$/, 'imdb-title-crew'],
];

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
}

/** Every file under dir whose format the importer knows, recognised by name and header; and the others. */
export async function detectFiles(dir: string): Promise<{ files: DetectedFile[]; ignored: string[] }> {
  const all: string[] = [];
  walk(dir, all);
  const files: DetectedFile[] = [];
  const ignored: string[] = [];
  for (const path of all) {
    const name = basename(path);
    const tsv = TSV_NAMES.find(([re]) => re.test(name));
    if (tsv) {
      files.push({ path, format: tsv[1] });
      continue;
    }
    if (/\.json$/i.test(name)) {
      const head = (await firstLine(path)) ?? '';
      if (/"items"\s*:/.test(head) || /^\{/.test(head.trim())) files.push({ path, format: 'imdb-api-list' });
      else if (/^\[/.test(head.trim())) files.push({ path, format: 'vega-movies' });
      else ignored.push(path);
      continue;
    }
    if (/\.csv(\.gz)?$/i.test(name)) {
      const header = (await firstLine(path)) ?? '';
      const cols = header.split(',').map((c) => c.trim().replace(/^"|"$/g, '').replace(/;$/, ''));
      const has = (...c: string[]) => c.every((x) => cols.includes(x));
      if (has('id', 'title', 'type', 'imdb_id')) files.push({ path, format: 'justwatch-titles' });
      else if (has('person_id', 'id', 'name', 'role')) files.push({ path, format: 'justwatch-credits' });
      else if (has('tconst', 'primaryTitle', 'averageRating', 'numVotes')) files.push({ path, format: 'imdb-rankings' });
      else if (has('movie_imdb_link', 'movie_title')) files.push({ path, format: 'imdb-5000' });
      else if (has('Poster_Link', 'Series_Title', 'Released_Year')) files.push({ path, format: 'imdb-top-1000' });
      else ignored.push(path);
      continue;
    }
    ignored.push(path);
  }
  files.sort((a, b) => ORDER.indexOf(a.format) - ORDER.indexOf(b.format) || a.path.localeCompare(b.path));
  return { files, ignored };
}

interface Context {
  database: Database;
  writer: TitleWriter;
  report: ImportReport;
  progress: Progress;
  minVotes: number;
  root: string;
}

/** Counts rows of one file and drives the progress display. */
function fileCounter(ctx: Context, path: string, format: Format) {
  const entry = { path: relative(ctx.root, path) || basename(path), format, rowsRead: 0 };
  ctx.report.files.push(entry);
  let bytes = 0;
  ctx.progress.start(`${format}`, fileSize(path));
  return {
    onBytes(b: number) {
      bytes = b;
    },
    row() {
      entry.rowsRead += 1;
      ctx.report.rowsRead += 1;
      if ((entry.rowsRead & 1023) === 0) ctx.progress.update(bytes, entry.rowsRead);
    },
    done() {
      ctx.progress.update(bytes, entry.rowsRead);
      ctx.progress.stop();
    },
  };
}

/** Runs one file's import; a broken or truncated file ends that file, never the import. */
async function guarded(ctx: Context, path: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    ctx.progress.stop();
    const message = err instanceof Error ? err.message : String(err);
    if (/constraint|syntax error|relation .* does not exist|no such table/i.test(message)) throw err;
    ctx.report.warnings.push(`${relative(ctx.root, path) || path}: stopped early (${message}); rows before it were kept`);
  }
}

/** TSV rows as header-keyed field arrays; a row with the wrong number of fields is malformed. */
async function* tsvRows(ctx: Context, path: string, counter: ReturnType<typeof fileCounter>) {
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
async function* ratingRows(ctx: Context, path: string): AsyncGenerator<Rating & { tconst: string }> {
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
async function importImdbBasics(ctx: Context, basicsPath: string, ratingsPath: string | null): Promise<void> {
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
async function importImdbRatingsOnly(ctx: Context, path: string): Promise<void> {
  for await (const r of ratingRows(ctx, path)) {
    await ctx.writer.add({ source: SOURCES.imdbRatings, imdbId: r.tconst, values: {}, rating: { rating: r.rating, votes: r.votes } });
  }
  await ctx.writer.flush();
}

async function importNames(ctx: Context, path: string): Promise<void> {
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
async function writeCreditGroups(ctx: Context, groups: CreditGroup[], source: SourceSpec): Promise<void> {
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

async function importPrincipals(ctx: Context, path: string): Promise<void> {
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

async function importCrew(ctx: Context, path: string): Promise<void> {
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

const JW_TYPES: Record<string, TitleType> = { MOVIE: 'movie', SHOW: 'tvSeries' };

async function importJustWatchTitles(ctx: Context, path: string): Promise<void> {
  const counter = fileCounter(ctx, path, 'justwatch-titles');
  const malformed = () => {
    counter.row();
    ctx.report.skip('malformed row');
  };
  for await (const r of readCsv(path, malformed, counter.onBytes)) {
    counter.row();
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
      ...(votes !== null ? { rating: { rating: parseNumber(r.imdb_score), votes } } : {}),
    });
  }
  await ctx.writer.flush();
  counter.done();
}

const JW_ROLES: Record<string, Credit['role']> = { ACTOR: 'actor', DIRECTOR: 'director' };

/** credits.csv lists each title's credits together; one patch per title replaces its cast and directors. */
async function importJustWatchCredits(ctx: Context, path: string): Promise<void> {
  const counter = fileCounter(ctx, path, 'justwatch-credits');
  const malformed = () => {
    counter.row();
    ctx.report.skip('malformed row');
  };
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
  for await (const r of readCsv(path, malformed, counter.onBytes)) {
    counter.row();
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

/** Reads a whole JSON file; these enrichment files are small (a few MB at most). */
function readJson(path: string): unknown {
  const size = fileSize(path);
  if (size > 64 * 1024 * 1024) throw new Error('JSON file larger than 64 MB');
  return JSON.parse(readFileSync(path, 'utf8'));
}

function crewOf(raw: unknown): Credit[] {
  const text = cleanText(raw);
  if (!text) return [];
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (/\(dir\.\)$/.test(s) ? { role: 'director' as const, name: s.replace(/\s*\(dir\.\)$/, '') } : { role: 'actor' as const, name: s }));
}

async function importApiList(ctx: Context, path: string): Promise<void> {
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
 * The rankings are many small files; genre membership is only known once all
 * are read, so they are gathered first (bounded by their size: a few tens of
 * thousands of ids), then written.
 */
async function importRankings(ctx: Context, paths: string[]): Promise<void> {
  const byId = new Map<string, { title: string | null; rating: number | null; votes: number; series: boolean; genres: string[] }>();
  for (const path of paths) {
    const name = basename(path, '.csv');
    const series = /^title_series/i.test(name);
    const genre = /^title_(?:series|movie)_(.+)$/i.exec(name)?.[1] ?? null;
    await guarded(ctx, path, async () => {
      const counter = fileCounter(ctx, path, 'imdb-rankings');
      const malformed = () => {
        counter.row();
        ctx.report.skip('malformed row');
      };
      for await (const r of readCsv(path, malformed, counter.onBytes)) {
        counter.row();
        const id = imdbIdOf(r.tconst);
        if (!id) {
          ctx.report.skip('malformed row');
          continue;
        }
        const entry = byId.get(id) ?? { title: null, rating: null, votes: 0, series, genres: [] };
        entry.title ??= cleanText(r.primaryTitle);
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
    await ctx.writer.add({
      source: e.series ? SOURCES.rankingsSeries : SOURCES.rankingsMovies,
      imdbId: id,
      values: e.series && e.title ? { title_type: 'tvSeries', primary_title: e.title } : {},
      genres: e.genres,
      rating: { rating: e.rating, votes: e.votes },
    });
  }
  await ctx.writer.flush();
}

async function importImdb5000(ctx: Context, path: string): Promise<void> {
  const counter = fileCounter(ctx, path, 'imdb-5000');
  const malformed = () => {
    counter.row();
    ctx.report.skip('malformed row');
  };
  for await (const r of readCsv(path, malformed, counter.onBytes)) {
    counter.row();
    const id = imdbIdOf(r.movie_imdb_link);
    if (!id) {
      ctx.report.skip('malformed row');
      continue;
    }
    const title = cleanText(r.movie_title);
    const year = parseYear(r.title_year);
    const votes = parseInteger(r.num_voted_users);
    const usa = cleanText(r.country) === 'USA';
    const people: Credit[] = [];
    const director = cleanText(r.director_name);
    if (director) people.push({ role: 'director', name: director });
    for (const k of ['actor_1_name', 'actor_2_name', 'actor_3_name']) {
      const n = cleanText(r[k]);
      if (n) people.push({ role: 'actor', name: n });
    }
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
      people,
      ...(votes ? { rating: { rating: parseNumber(r.imdb_score), votes } } : {}),
    });
  }
  await ctx.writer.flush();
  counter.done();
}

async function importTop1000(ctx: Context, path: string): Promise<void> {
  const counter = fileCounter(ctx, path, 'imdb-top-1000');
  const malformed = () => {
    counter.row();
    ctx.report.skip('malformed row');
  };
  for await (const r of readCsv(path, malformed, counter.onBytes)) {
    counter.row();
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
    const people: Credit[] = [];
    const director = cleanText(r.Director);
    if (director) people.push({ role: 'director', name: director });
    for (const k of ['Star1', 'Star2', 'Star3', 'Star4']) {
      const n = cleanText(r[k]);
      if (n) people.push({ role: 'actor', name: n });
    }
    const votes = parseInteger(r.No_of_Votes);
    await ctx.writer.add({
      source: SOURCES.top1000,
      match: { key: matchKeyOf(title), year, type: 'movie' },
      values: {
        poster_url: fullSizePoster(cleanText(r.Poster_Link)),
        plot: cleanText(r.Overview),
        gross_usd: parseInteger(r.Gross),
        certification: cleanText(r.Certificate),
        runtime_minutes: parseInteger(r.Runtime),
      },
      genres: parseGenres(r.Genre),
      people,
      ...(votes ? { rating: { rating: parseNumber(r.IMDB_Rating), votes } } : {}),
    });
  }
  await ctx.writer.flush();
  counter.done();
}

async function importVega(ctx: Context, path: string): Promise<void> {
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
    const director = cleanText(item.Director);
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
      people: director ? [{ role: 'director', name: director }] : [],
      ...(votes ? { rating: { rating: parseNumber(item['IMDB Rating']), votes } } : {}),
    });
  }
  await ctx.writer.flush();
  counter.done();
}

/**
 * Imports every recognised file under dir into the catalogue, in a fixed order
 * (titles first, then the sources that enrich them), and reports what it did.
 */
export async function importCatalogue(database: Database, dir: string, options: ImportOptions = {}): Promise<ImportReport> {
  if (!statSync(dir).isDirectory()) throw new Error(`${dir} is not a directory`);
  const report = new ImportReport();
  const ctx: Context = {
    database,
    writer: new TitleWriter(database, report, options.batchSize),
    report,
    progress: options.progress ?? silentProgress,
    minVotes: options.minVotes ?? 0,
    root: dir,
  };
  const { files, ignored } = await detectFiles(dir);
  report.ignoredFiles.push(...ignored.map((p) => relative(dir, p)));
  const of = (f: Format) => files.filter((x) => x.format === f).map((x) => x.path);

  for (const p of of('imdb-name-basics')) await guarded(ctx, p, () => importNames(ctx, p));
  const basics = of('imdb-title-basics');
  const ratings = of('imdb-title-ratings');
  const usedRatings = new Set<string>();
  for (const p of basics) {
    // title.ratings beside title.basics joins it; a ratings file elsewhere only updates.
    const r = ratings.find((x) => dirname(x) === dirname(p) && !usedRatings.has(x)) ?? null;
    if (r) usedRatings.add(r);
    await guarded(ctx, p, () => importImdbBasics(ctx, p, r));
  }
  for (const p of ratings.filter((x) => !usedRatings.has(x))) await guarded(ctx, p, () => importImdbRatingsOnly(ctx, p));
  for (const p of of('imdb-title-principals')) await guarded(ctx, p, () => importPrincipals(ctx, p));
  for (const p of of('imdb-title-crew')) await guarded(ctx, p, () => importCrew(ctx, p));
  for (const p of of('justwatch-titles')) await guarded(ctx, p, () => importJustWatchTitles(ctx, p));
  for (const p of of('justwatch-credits')) await guarded(ctx, p, () => importJustWatchCredits(ctx, p));
  for (const p of of('imdb-5000')) await guarded(ctx, p, () => importImdb5000(ctx, p));
  for (const p of of('imdb-api-list')) await guarded(ctx, p, () => importApiList(ctx, p));
  const rankings = of('imdb-rankings');
  if (rankings.length) await importRankings(ctx, rankings);
  for (const p of of('imdb-top-1000')) await guarded(ctx, p, () => importTop1000(ctx, p));
  for (const p of of('vega-movies')) await guarded(ctx, p, () => importVega(ctx, p));
  await ctx.writer.flush();
  return report;
}
