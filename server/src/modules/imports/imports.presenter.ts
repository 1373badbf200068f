import type { ImportCandidate, ImportJob, ImportProblemRow, ImportReport } from '../../../../common/contracts/imports.ts';
import { isoOf } from '../../lib/time.ts';
import type { ImportRow, JobRow, TitleMatchRow } from './imports.repository.ts';

export function presentJob(row: JobRow): ImportJob {
  return {
    id: row.id,
    source: row.source,
    fileName: row.fileName,
    status: row.status,
    total: Number(row.total),
    processed: Number(row.processed),
    imported: Number(row.imported),
    alreadyPresent: Number(row.alreadyPresent),
    notMatched: Number(row.notMatched),
    ambiguous: Number(row.ambiguous),
    error: row.error,
    createdAt: isoOf(row.createdAt),
    finishedAt: row.finishedAt === null ? null : isoOf(row.finishedAt),
  };
}

function presentCandidate(t: TitleMatchRow): ImportCandidate {
  return { id: t.id, title: t.primaryTitle, originalTitle: t.originalTitle, year: t.startYear, type: t.titleType, posterUrl: t.posterUrl };
}

function presentProblem(row: ImportRow, titles: Map<string, TitleMatchRow>): ImportProblemRow {
  const ids = row.candidates ? (JSON.parse(row.candidates) as string[]) : [];
  return {
    row: Number(row.seq),
    kind: row.kind,
    file: row.file,
    line: Number(row.line),
    text: row.rowText,
    reason: row.reason,
    candidates: ids.flatMap((id) => {
      const t = titles.get(id);
      return t ? [presentCandidate(t)] : [];
    }),
  };
}

export function presentReport(job: JobRow, unmatched: ImportRow[], ambiguous: ImportRow[], titles: Map<string, TitleMatchRow>): ImportReport {
  return {
    ...presentJob(job),
    notMatchedRows: unmatched.map((r) => presentProblem(r, titles)),
    ambiguousRows: ambiguous.map((r) => presentProblem(r, titles)),
  };
}
