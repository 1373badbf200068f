// What every source reader shares: the import's context, per-file row counts and progress, and the guard that
// keeps a broken file from ending the import.

import { basename, relative } from 'node:path';
import type { Database } from '../../db/database.ts';
import type { Format } from './catalogue.detect.ts';
import { fileSize, readCsv } from './catalogue.files.ts';
import type { Progress } from './catalogue.progress.ts';
import type { ImportReport } from './catalogue.report.ts';
import type { TitleWriter } from './catalogue.writer.ts';

export interface ImportContext {
  database: Database;
  writer: TitleWriter;
  report: ImportReport;
  progress: Progress;
  minVotes: number;
  root: string;
}

/** Counts rows of one file and drives the progress display. */
export function fileCounter(ctx: ImportContext, path: string, format: Format) {
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
export async function guarded(ctx: ImportContext, path: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    ctx.progress.stop();
    const message = err instanceof Error ? err.message : String(err);
    if (/constraint|syntax error|relation .* does not exist|no such table/i.test(message)) throw err;
    ctx.report.warnings.push(`${relative(ctx.root, path) || path}: stopped early (${message}); rows before it were kept`);
  }
}

/** CSV records of one file, each counted; records csv-parse cannot read are counted and skipped as malformed. */
export async function* csvRows(ctx: ImportContext, path: string, counter: ReturnType<typeof fileCounter>) {
  const malformed = () => {
    counter.row();
    ctx.report.skip('malformed row');
  };
  for await (const r of readCsv(path, malformed, counter.onBytes)) {
    counter.row();
    yield r;
  }
}
