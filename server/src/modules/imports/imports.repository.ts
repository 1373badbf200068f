import { type Kysely, sql } from 'kysely';
import type { DB, ImportJobsTable, ImportRowsTable } from '../../db/schema.ts';

type Db = Kysely<DB>;

export type JobRow = Omit<ImportJobsTable, 'processed' | 'imported' | 'alreadyPresent' | 'notMatched' | 'ambiguous' | 'createdAt' | 'updatedAt' | 'finishedAt'> & {
  processed: number;
  imported: number;
  alreadyPresent: number;
  notMatched: number;
  ambiguous: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  finishedAt: Date | string | null;
};
export type ImportRow = ImportRowsTable;

const JOB_COLUMNS = [
  'id',
  'userId',
  'source',
  'fileName',
  'status',
  'total',
  'processed',
  'imported',
  'alreadyPresent',
  'notMatched',
  'ambiguous',
  'error',
  'leaseUntil',
  'createdAt',
  'updatedAt',
  'finishedAt',
] as const;

export async function insertJob(trx: Db, job: Pick<ImportJobsTable, 'id' | 'userId' | 'source' | 'fileName' | 'total'> & { now: string }): Promise<void> {
  const { now, ...fields } = job;
  await trx
    .insertInto('importJobs')
    .values({ ...fields, status: 'queued', error: null, leaseUntil: null, createdAt: now, updatedAt: now, finishedAt: null })
    .execute();
}

/** The file's items, in chunks (both databases take a few thousand parameters per statement). */
export async function insertRows(trx: Db, rows: readonly ImportRowsTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 400) await trx.insertInto('importRows').values(rows.slice(i, i + 400)).execute();
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('importJobs').select(JOB_COLUMNS).where('id', '=', id).executeTakeFirst() as Promise<JobRow | undefined>;
}

export async function jobsOf(db: Db, userId: string, limit: number): Promise<JobRow[]> {
  return db.selectFrom('importJobs').select(JOB_COLUMNS).where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute() as Promise<
    JobRow[]
  >;
}

/**
 * Takes the job for this process until `until` (ms) unless another holds it: whether it was taken. Queued and running
 * jobs whose lease ran out (their process stopped) can be taken again.
 */
export async function claimJob(db: Db, id: string, now: number, until: number): Promise<boolean> {
  const row = await db
    .updateTable('importJobs')
    .set({ status: 'running', leaseUntil: until })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Jobs left queued or running whose process is gone (their lease ran out, or was never taken). */
export async function orphanedJobIds(db: Db, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('importJobs')
    .select('id')
    .where('status', 'in', ['queued', 'running'])
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
    .orderBy('createdAt')
    .execute();
  return rows.map((r) => r.id);
}

export async function pendingRows(db: Db, jobId: string, limit: number): Promise<ImportRow[]> {
  return db.selectFrom('importRows').selectAll().where('jobId', '=', jobId).where('status', '=', 'pending').orderBy('seq').limit(limit).execute();
}

export async function findRow(db: Db, jobId: string, seq: number): Promise<ImportRow | undefined> {
  return db.selectFrom('importRows').selectAll().where('jobId', '=', jobId).where('seq', '=', seq).executeTakeFirst();
}

export async function rowsWithStatus(db: Db, jobId: string, status: ImportRow['status'], limit: number): Promise<ImportRow[]> {
  return db.selectFrom('importRows').selectAll().where('jobId', '=', jobId).where('status', '=', status).orderBy('seq').limit(limit).execute();
}

/** Rows of a list already imported in this job, by list key: the titles they placed, in order. */
export async function importedListRows(db: Db, jobId: string): Promise<ImportRow[]> {
  return db.selectFrom('importRows').selectAll().where('jobId', '=', jobId).where('kind', '=', 'list').orderBy('seq').execute();
}

export interface RowOutcome {
  seq: number;
  status: ImportRow['status'];
  titleId: string | null;
  candidates: string[] | null;
  reason: string | null;
}

export async function setOutcomes(trx: Db, jobId: string, outcomes: readonly RowOutcome[]): Promise<void> {
  for (const o of outcomes) {
    await trx
      .updateTable('importRows')
      .set({ status: o.status, titleId: o.titleId, candidates: o.candidates ? JSON.stringify(o.candidates) : null, reason: o.reason })
      .where('jobId', '=', jobId)
      .where('seq', '=', o.seq)
      .execute();
  }
}

export interface CountDeltas {
  processed: number;
  imported: number;
  alreadyPresent: number;
  notMatched: number;
  ambiguous: number;
}

/** Adds to a job's counts and renews its lease. */
export async function addToCounts(trx: Db, jobId: string, d: CountDeltas, now: string, leaseUntil: number | null): Promise<void> {
  await trx
    .updateTable('importJobs')
    .set((eb) => ({
      processed: eb('processed', '+', d.processed),
      imported: eb('imported', '+', d.imported),
      alreadyPresent: eb('alreadyPresent', '+', d.alreadyPresent),
      notMatched: eb('notMatched', '+', d.notMatched),
      ambiguous: eb('ambiguous', '+', d.ambiguous),
      updatedAt: now,
      ...(leaseUntil !== null ? { leaseUntil } : {}),
    }))
    .where('id', '=', jobId)
    .execute();
}

export async function finishJob(db: Db, jobId: string, status: 'done' | 'failed', error: string | null, now: string): Promise<void> {
  await db.updateTable('importJobs').set({ status, error, leaseUntil: null, updatedAt: now, finishedAt: now }).where('id', '=', jobId).execute();
}

// ---- The catalogue, as matching reads it ----------------------------------------------------------------------------

export interface TitleMatchRow {
  id: string;
  imdbId: string | null;
  tmdbId: number | null;
  titleType: 'movie' | 'tvSeries';
  primaryTitle: string;
  originalTitle: string | null;
  startYear: number | null;
  matchKey: string | null;
  posterUrl: string | null;
}

const MATCH_COLUMNS = ['id', 'imdbId', 'tmdbId', 'titleType', 'primaryTitle', 'originalTitle', 'startYear', 'matchKey', 'posterUrl'] as const;

export async function titlesByImdb(db: Db, ids: readonly string[]): Promise<TitleMatchRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('titles').select(MATCH_COLUMNS).where('imdbId', 'in', ids).execute();
}

export async function titlesByTmdb(db: Db, ids: readonly number[]): Promise<TitleMatchRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('titles').select(MATCH_COLUMNS).where('tmdbId', 'in', ids).execute();
}

/** Titles with these match keys (the titles_match_key_idx index), any year. */
export async function titlesByMatchKey(db: Db, keys: readonly string[]): Promise<TitleMatchRow[]> {
  if (keys.length === 0) return [];
  return db.selectFrom('titles').select(MATCH_COLUMNS).where('matchKey', 'in', keys).execute();
}

/** Titles of these years with an original title unlike their primary one (the second try of matching). */
export async function titlesWithOriginalTitle(db: Db, years: readonly number[]): Promise<TitleMatchRow[]> {
  if (years.length === 0) return [];
  return db
    .selectFrom('titles')
    .select(MATCH_COLUMNS)
    .where('startYear', 'in', years)
    .where('originalTitle', 'is not', null)
    .where(sql<boolean>`original_title <> primary_title`)
    .execute();
}

export async function titlesByIds(db: Db, ids: readonly string[]): Promise<TitleMatchRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('titles').select(MATCH_COLUMNS).where('id', 'in', ids).execute();
}

/** Erases a closed account's history imports and their rows, in one transaction (erasing twice changes nothing). */
export async function eraseAccountImports(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('importRows').where('jobId', 'in', trx.selectFrom('importJobs').select('id').where('userId', '=', userId)).execute();
    await trx.deleteFrom('importJobs').where('userId', '=', userId).execute();
  });
}
