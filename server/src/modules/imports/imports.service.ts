import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { IMPORT_REPORT_ROWS, type ImportJob, type ImportReport, type ImportResolveRequest } from '../../../../common/contracts/imports.ts';
import { LIST_MAX_TITLES } from '../../../../common/contracts/lists.ts';
import { REVIEW_MAX } from '../../../../common/contracts/ratings.ts';
import type { Database } from '../../db/database.ts';
import { type Emit, writeWithEvents } from '../../events/index.ts';
import { badRequest, conflict, notFound } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import { importDiaryEntries, importLikes, importWatchedMarks } from '../diary/index.ts';
import { importListTitles } from '../lists/index.ts';
import { importRatings, reviewOf } from '../ratings/index.ts';
import { importWatchlistEntries } from '../watchlist/index.ts';
import { TitleMatcher } from './imports.match.ts';
import { ImportFileError, type ImportItem } from './imports.parse.ts';
import { canSeeImport } from './imports.policy.ts';
import { presentJob, presentReport } from './imports.presenter.ts';
import * as repo from './imports.repository.ts';
import { readExport } from './imports.sources.ts';

type Actor = { id: string };
type Transaction = Parameters<Parameters<typeof writeWithEvents>[1]>[0];

/** Rows worked through per transaction; the loop yields to other requests between batches. */
export const IMPORT_BATCH = 500;
/** How long a process holds a job without renewing it (each batch renews it). */
const LEASE_MS = 2 * 60_000;
const FULL_REASON = `The list already holds ${LIST_MAX_TITLES} titles, the most a list takes.`;

interface Log {
  error(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
}

const importNotFound = () => notFound('There is no import with that id.', 'import_not_found');

/**
 * Runs imports in this process, in the background: a loop per job that takes a batch of pending rows, matches and
 * writes them in one transaction (their outcome and the job's counts with them), then yields. A job is held by a lease
 * renewed each batch; at start, jobs whose process stopped are resumed where they stopped (`resumeOrphans`).
 */
export class ImportRunner {
  private readonly running = new Map<string, Promise<void>>();
  private closed = false;

  constructor(
    readonly database: Database,
    private readonly log: Log,
  ) {}

  start(jobId: string): void {
    if (this.closed || this.running.has(jobId)) return;
    const run = this.run(jobId)
      .catch((err) => this.log.error({ err, jobId }, 'import failed'))
      .finally(() => this.running.delete(jobId));
    this.running.set(jobId, run);
  }

  /** Jobs left queued or running by a process that stopped (their lease ran out): resumed from their first pending row. */
  async resumeOrphans(): Promise<string[]> {
    const ids = await repo.orphanedJobIds(this.database.db, Date.now());
    for (const id of ids) this.start(id);
    if (ids.length > 0) this.log.info({ jobs: ids }, 'resuming imports a stopped process left');
    return ids;
  }

  /** Waits for the jobs under way to stop at their next batch. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(this.running.values());
  }

  private async run(jobId: string): Promise<void> {
    const db = this.database.db;
    if (!(await repo.claimJob(db, jobId, Date.now(), Date.now() + LEASE_MS))) return;
    const job = await repo.findJob(db, jobId);
    if (!job) return;
    const matcher = new TitleMatcher(db);
    try {
      for (;;) {
        if (this.closed) return;
        const rows = await repo.pendingRows(db, jobId, IMPORT_BATCH);
        if (rows.length === 0) break;
        await processBatch(this.database, matcher, job, rows);
        await yieldToLoop();
      }
      await repo.finishJob(db, jobId, 'done', null, new Date().toISOString());
    } catch (err) {
      this.log.error({ err, jobId }, 'import stopped');
      await repo.finishJob(db, jobId, 'failed', 'The import stopped on an unexpected error. What it had imported is kept; upload the file again to finish it.', new Date().toISOString());
    }
  }
}

/** Reads the file whole, then records the job and its rows; nothing is written when any file or line is malformed. */
export async function startImport(database: Database, runner: ImportRunner, actor: Actor, fileName: string, bytes: Uint8Array): Promise<ImportJob> {
  let parsed: ReturnType<typeof readExport>;
  try {
    parsed = readExport(fileName, bytes);
  } catch (err) {
    if (err instanceof ImportFileError) throw badRequest(`file: ${err.message}`, 'invalid_file');
    throw err;
  }
  if (parsed.items.length === 0) {
    throw badRequest('file: holds no ratings, reviews, diary, watched films, likes, watchlist or lists to import.', 'invalid_file');
  }
  const id = randomUUID();
  const now = new Date().toISOString();
  const name = (fileName.replace(/^.*[\\/]/, '') || 'upload').slice(0, 200);
  await database.db.transaction().execute(async (trx) => {
    await repo.insertJob(trx, { id, userId: actor.id, source: parsed.source, fileName: name, total: parsed.items.length, now });
    await repo.insertRows(
      trx,
      parsed.items.map((item, seq) => ({
        jobId: id,
        seq,
        kind: item.kind,
        file: item.file.slice(0, 300),
        line: item.line,
        rowText: item.text.slice(0, 500),
        data: JSON.stringify(item),
        status: 'pending',
        titleId: null,
        candidates: null,
        reason: null,
      })),
    );
  });
  runner.start(id);
  const job = await repo.findJob(database.db, id);
  if (!job) throw importNotFound();
  return presentJob(job);
}

async function ownJob(database: Database, actor: Actor, id: string): Promise<repo.JobRow> {
  const job = await repo.findJob(database.db, id);
  if (!job) throw importNotFound();
  authorize(actor, canSeeImport(actor, job), { status: 404, code: 'import_not_found', message: 'There is no import with that id.' });
  return job;
}

export async function listImports(database: Database, actor: Actor): Promise<ImportJob[]> {
  return (await repo.jobsOf(database.db, actor.id, 20)).map(presentJob);
}

export async function importReport(database: Database, actor: Actor, id: string): Promise<ImportReport> {
  const job = await ownJob(database, actor, id);
  return reportOf(database, job);
}

async function reportOf(database: Database, job: repo.JobRow): Promise<ImportReport> {
  const [unmatched, ambiguous] = await Promise.all([
    repo.rowsWithStatus(database.db, job.id, 'unmatched', IMPORT_REPORT_ROWS),
    repo.rowsWithStatus(database.db, job.id, 'ambiguous', IMPORT_REPORT_ROWS),
  ]);
  const candidateIds = [...new Set(ambiguous.flatMap((r) => JSON.parse(r.candidates ?? '[]') as string[]))];
  const titles = await repo.titlesByIds(database.db, candidateIds);
  return presentReport(job, unmatched, ambiguous, new Map(titles.map((t) => [t.id, t])));
}

/** Settles an ambiguous row with one of its candidates: the row is written as if matched, and the counts follow. */
export async function resolveRow(database: Database, actor: Actor, id: string, input: ImportResolveRequest): Promise<ImportReport> {
  const job = await ownJob(database, actor, id);
  const row = await repo.findRow(database.db, job.id, input.row);
  if (!row) throw notFound('row: there is no such row in this import.', 'row_not_found');
  if (row.status !== 'ambiguous') throw conflict('row: is not ambiguous (it was resolved already, or needed no choice).', 'not_ambiguous');
  const candidates = JSON.parse(row.candidates ?? '[]') as string[];
  if (!candidates.includes(input.titleId)) throw badRequest("titleId: must be one of the row's candidates.", 'validation_error');
  await writeWithEvents(database, async (trx, emit) => {
    // Read again in the transaction: a second resolve of the same row changes nothing.
    const fresh = await repo.findRow(trx, job.id, input.row);
    if (fresh?.status !== 'ambiguous') throw conflict('row: is not ambiguous (it was resolved already, or needed no choice).', 'not_ambiguous');
    const outcomes = await writeMatched(trx, emit, job, [{ row: fresh, item: JSON.parse(fresh.data) as ImportItem, titleId: input.titleId }]);
    await repo.setOutcomes(trx, job.id, outcomes);
    const d = countsOf(outcomes);
    await repo.addToCounts(trx, job.id, { ...d, processed: 0, ambiguous: -1 }, new Date().toISOString(), null);
  });
  const after = await repo.findJob(database.db, job.id);
  if (!after) throw importNotFound();
  return reportOf(database, after);
}

function countsOf(outcomes: readonly repo.RowOutcome[]): repo.CountDeltas {
  const n = (s: repo.RowOutcome['status']) => outcomes.filter((o) => o.status === s).length;
  return { processed: outcomes.length, imported: n('imported'), alreadyPresent: n('present'), notMatched: n('unmatched'), ambiguous: n('ambiguous') };
}

/** Matches a batch of rows and writes them, with their outcomes and the job's counts, in one transaction. */
export async function processBatch(database: Database, matcher: TitleMatcher, job: repo.JobRow, rows: readonly repo.ImportRow[]): Promise<void> {
  const items = rows.map((r) => JSON.parse(r.data) as ImportItem);
  const live = rows.flatMap((row, i) => (items[i].skip ? [] : [{ row, item: items[i] }]));
  const matches = await matcher.match(live.map((l) => l.item));
  const outcomes: repo.RowOutcome[] = [];
  const matched: { row: repo.ImportRow; item: ImportItem; titleId: string }[] = [];
  rows.forEach((row, i) => {
    const skip = items[i].skip;
    if (skip) outcomes.push({ seq: row.seq, status: 'unmatched', titleId: null, candidates: null, reason: skip });
  });
  live.forEach((l, i) => {
    const m = matches[i];
    if (m.status === 'matched') matched.push({ ...l, titleId: m.titleId });
    else if (m.status === 'ambiguous') outcomes.push({ seq: l.row.seq, status: 'ambiguous', titleId: null, candidates: m.candidates, reason: null });
    else outcomes.push({ seq: l.row.seq, status: 'unmatched', titleId: null, candidates: null, reason: m.reason });
  });
  await writeWithEvents(database, async (trx, emit) => {
    outcomes.push(...(await writeMatched(trx, emit, job, matched)));
    await repo.setOutcomes(trx, job.id, outcomes);
    await repo.addToCounts(trx, job.id, countsOf(outcomes), new Date().toISOString(), Date.now() + LEASE_MS);
  });
}

/**
 * Writes matched rows through the modules that own them: ratings (one per title; never over a newer one), the
 * watchlist (one entry per title), the diary (one entry per title and day; watched without a day and liked: one mark per
 * title) and lists (the person's list of that name takes the titles it lacks). Each row's
 * outcome: imported, or already present. In the caller's transaction; the events go with it.
 */
async function writeMatched(
  trx: Transaction,
  emit: Emit,
  job: repo.JobRow,
  matched: readonly { row: repo.ImportRow; item: ImportItem; titleId: string }[],
): Promise<repo.RowOutcome[]> {
  const now = new Date().toISOString();
  const out: repo.RowOutcome[] = [];
  const done = (seq: number, titleId: string, status: 'imported' | 'present' | 'unmatched', reason: string | null = null) =>
    out.push({ seq, status, titleId, candidates: null, reason });

  // Ratings: the first row of a title in the batch counts; later ones of the same title are already there.
  const ratingRows = new Map<string, { seq: number; item: ImportItem }>();
  for (const m of matched.filter((m) => m.row.kind === 'rating')) {
    if (ratingRows.has(m.titleId)) done(m.row.seq, m.titleId, 'present');
    else ratingRows.set(m.titleId, { seq: m.row.seq, item: m.item });
  }
  if (ratingRows.size > 0) {
    const result = await importRatings(
      trx,
      job.userId,
      [...ratingRows].map(([titleId, { item }]) => ({
        titleId,
        rating: item.rating ?? 0,
        review: reviewOf(item.review)?.slice(0, REVIEW_MAX) ?? null,
        at: item.date ?? null,
      })),
      now,
      randomUUID,
    );
    const written = new Set([...result.created, ...result.updated].map((r) => r.titleId));
    for (const [titleId, { seq }] of ratingRows) done(seq, titleId, written.has(titleId) ? 'imported' : 'present');
    if (written.size > 0) {
      const reviews = [...ratingRows].some(([titleId, { item }]) => written.has(titleId) && item.review);
      await emit('ratings.imported', { userId: job.userId, importId: job.id, created: result.created.length, updated: result.updated.length, reviews: Boolean(reviews) });
    }
  }

  const watch = matched.filter((m) => m.row.kind === 'watchlist');
  if (watch.length > 0) {
    const written = await importWatchlistEntries(
      trx,
      job.userId,
      watch.map((m) => ({ titleId: m.titleId, at: m.item.date ?? now })),
    );
    const seen = new Set<string>();
    for (const m of watch) {
      done(m.row.seq, m.titleId, written.has(m.titleId) && !seen.has(m.titleId) ? 'imported' : 'present');
      seen.add(m.titleId);
    }
  }

  // Diary: one entry per title and day; the same title and day again (in the file, or from an earlier import) is there.
  const diary = matched.filter((m) => m.row.kind === 'diary' && m.item.date);
  if (diary.length > 0) {
    const written = await importDiaryEntries(
      trx,
      job.userId,
      diary.map((m) => ({ titleId: m.titleId, watchedOn: (m.item.date ?? '').slice(0, 10) })),
      now,
    );
    for (const m of diary) {
      const key = `${m.titleId}|${(m.item.date ?? '').slice(0, 10)}`;
      done(m.row.seq, m.titleId, written.delete(key) ? 'imported' : 'present');
    }
  }

  // Watched without a day, and likes: one mark per title; a film the diary has is already watched.
  for (const [kind, write] of [
    ['watched', importWatchedMarks],
    ['like', importLikes],
  ] as const) {
    const rows = matched.filter((m) => m.row.kind === kind);
    if (rows.length === 0) continue;
    const written = await write(
      trx,
      job.userId,
      rows.map((m) => ({ titleId: m.titleId, markedAt: m.item.date ?? now })),
    );
    for (const m of rows) done(m.row.seq, m.titleId, written.delete(m.titleId) ? 'imported' : 'present');
  }

  const byList = new Map<string, { seq: number; item: ImportItem; titleId: string }[]>();
  for (const m of matched.filter((m) => m.row.kind === 'list' && m.item.list)) {
    const key = m.item.list?.key ?? '';
    byList.set(key, [...(byList.get(key) ?? []), { seq: m.row.seq, item: m.item, titleId: m.titleId }]);
  }
  for (const entries of byList.values()) {
    entries.sort((a, b) => (a.item.list?.position ?? 0) - (b.item.list?.position ?? 0));
    const meta = entries[0].item.list;
    if (!meta) continue;
    const types = entries.map((e) => e.item.type ?? 'movie');
    const type = types.filter((t) => t === 'tvSeries').length > types.length / 2 ? 'tvSeries' : 'movie';
    const { listId, created, outcome } = await importListTitles(
      trx,
      job.userId,
      { name: meta.name.slice(0, 100), description: meta.description?.slice(0, 1000) ?? null, type },
      entries.map((e) => e.titleId),
      LIST_MAX_TITLES,
      now,
      randomUUID,
    );
    const seen = new Set<string>();
    let added = false;
    for (const e of entries) {
      const o = seen.has(e.titleId) ? 'present' : outcome.get(e.titleId);
      seen.add(e.titleId);
      if (o === 'added') added = true;
      if (o === 'full') done(e.seq, e.titleId, 'unmatched', FULL_REASON);
      else done(e.seq, e.titleId, o === 'added' ? 'imported' : 'present');
    }
    if (added || created) await emit('list.imported', { listId, ownerId: job.userId, created });
  }
  return out;
}
