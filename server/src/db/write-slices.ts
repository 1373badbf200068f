/** Batches of rows written in short slices: shared by the main connection and the background writer's worker. */
import type SQLite from 'better-sqlite3';

/**
 * A batch's rows for Database.writeBatch: a list of rows (each its statement's parameters), or `columns`: one entry per
 * parameter, either an array or typed array holding that parameter for every row (all as long) or a single value for
 * every row.
 * Columns cost the sender far less: building 20,000 rows of five parameters, sorting them and sending them to the
 * writer's worker took the event loop 30-50 ms; their columns take about 1 ms. `orderBy`: the rows are written in
 * the order of that column's values (neighbouring writes then touch the same index pages), sorted by the writer.
 */
export type BatchRows = readonly (readonly unknown[])[] | { columns: readonly unknown[]; orderBy?: number };

/** A batch is written in transactions of at most SLICE_ROWS rows and SLICE_MS, with BETWEEN_SLICES_MS between them. */
export const SLICE_ROWS = 250;
export const SLICE_MS = 1;
export const BETWEEN_SLICES_MS = 4;

/**
 * Runs `statement` for every row, in IMMEDIATE transactions of at most `sliceRows` rows and `sliceMs`, waiting
 * `betweenMs` between them. The main connection (writeBatch without a writer) and the writer's worker
 * (sqlite-worker.ts) both run it.
 */
export async function writeInSlices(
  db: SQLite.Database,
  statement: SQLite.Statement,
  batch: BatchRows,
  sliceRows: number,
  sliceMs: number,
  betweenMs: number,
): Promise<void> {
  let rows: readonly (readonly unknown[])[];
  if (Array.isArray(batch)) rows = batch;
  else {
    // Columns into rows (see BatchRows), in the order of the `orderBy` column when there is one.
    const { columns, orderBy } = batch as Exclude<BatchRows, readonly unknown[]>;
    // A column is an array or a typed array.
    const isColumn = columns.map((c) => Array.isArray(c) || ArrayBuffer.isView(c));
    let length = 0;
    columns.forEach((c, j) => {
      if (isColumn[j]) length = Math.max(length, (c as ArrayLike<unknown>).length);
    });
    const order = Array.from({ length }, (_, i) => i);
    if (orderBy !== undefined && isColumn[orderBy]) {
      const k = columns[orderBy] as ArrayLike<number | string>;
      order.sort((a, b) => (k[a] < k[b] ? -1 : k[a] > k[b] ? 1 : 0));
    }
    rows = order.map((i) => columns.map((c, j) => (isColumn[j] ? (c as ArrayLike<unknown>)[i] : c)));
  }
  const slice = db.transaction((from: number): number => {
    const until = performance.now() + sliceMs;
    let i = from;
    while (i < rows.length && i - from < sliceRows) {
      statement.run(...rows[i++]);
      if (performance.now() >= until) break;
    }
    return i;
  });
  for (let i = 0; i < rows.length; ) {
    if (i > 0) await new Promise((r) => setTimeout(r, betweenMs));
    i = slice.immediate(i);
  }
}
