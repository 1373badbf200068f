import { z } from 'zod';
import { text } from './text.ts';
import { TitleIdSchema, TitleTypeSchema } from './titles.ts';

/** The largest file an import takes (a Letterboxd or Trakt ZIP, an IMDb CSV). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most items (ratings, watchlist entries, list entries) one file may hold. */
export const IMPORT_MAX_ROWS = 50_000;
/** Rows of each kind (not matched, ambiguous) a report lists; the counts give the whole. */
export const IMPORT_REPORT_ROWS = 500;

export const ImportSourceSchema = z.enum(['letterboxd', 'imdb', 'trakt']);
export type ImportSource = z.infer<typeof ImportSourceSchema>;

export const ImportStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);
export type ImportStatus = z.infer<typeof ImportStatusSchema>;

/** An import's progress and counts. */
export const ImportJobSchema = z.object({
  id: z.string(),
  source: ImportSourceSchema,
  fileName: z.string(),
  status: ImportStatusSchema,
  /** Items the file held, and how many have been worked through. */
  total: z.number().int(),
  processed: z.number().int(),
  imported: z.number().int(),
  alreadyPresent: z.number().int(),
  notMatched: z.number().int(),
  ambiguous: z.number().int(),
  /** Why a failed import stopped. */
  error: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

/**
 * `diary`: a title watched on a day (Letterboxd's diary.csv, Trakt's history); `watched`: seen, day unknown
 * (Letterboxd's watched.csv); `like`: a liked film (Letterboxd's likes/films.csv), or a like of something else, reported.
 */
export const ImportKindSchema = z.enum(['rating', 'watchlist', 'list', 'diary', 'watched', 'like']);
export type ImportKind = z.infer<typeof ImportKindSchema>;

/** A title offered for an ambiguous row. */
export const ImportCandidateSchema = z.object({
  id: z.string(),
  title: z.string(),
  originalTitle: z.string().nullable(),
  year: z.number().int().nullable(),
  type: TitleTypeSchema,
  posterUrl: z.string().nullable(),
});
export type ImportCandidate = z.infer<typeof ImportCandidateSchema>;

/** A row of the file the import could not place. */
export const ImportProblemRowSchema = z.object({
  /** The row's number in this import (pass it to resolve). */
  row: z.number().int(),
  kind: ImportKindSchema,
  file: z.string(),
  line: z.number().int(),
  /** The row as the file wrote it (title, year, ...). */
  text: z.string(),
  reason: z.string().nullable(),
  candidates: z.array(ImportCandidateSchema),
});
export type ImportProblemRow = z.infer<typeof ImportProblemRowSchema>;

/** An import with what it could not place: not matched rows, and ambiguous ones with their candidates. */
export const ImportReportSchema = ImportJobSchema.extend({
  notMatchedRows: z.array(ImportProblemRowSchema),
  ambiguousRows: z.array(ImportProblemRowSchema),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

export const ImportListSchema = z.object({ results: z.array(ImportJobSchema) });
export type ImportList = z.infer<typeof ImportListSchema>;

export const ImportParamsSchema = z.object({
  id: text({ error: 'must be an import id' }).max(64, 'must be an import id').regex(/^[A-Za-z0-9-]+$/, 'must be an import id'),
});

/** Settles an ambiguous row with one of its candidates. */
export const ImportResolveRequestSchema = z.object({
  row: z.number({ error: 'must be a row number of the report' }).int('must be a row number of the report').min(0, 'must be a row number of the report'),
  titleId: TitleIdSchema,
});
export type ImportResolveRequest = z.infer<typeof ImportResolveRequestSchema>;

/** The upload form (multipart/form-data): the export in the field `file`. */
export const ImportUploadFormSchema = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'A Letterboxd export (ZIP), an IMDb ratings, watchlist or list CSV, or a Trakt export (ZIP of JSON files); at most 20 MB.' }),
  })
  .nullish();
