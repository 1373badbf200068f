// What the seeders of the social database share: seeded randomness, Zipf draws, ids in the shape the routes accept,
// and bulk inserts through prepared multi-row statements inside one transaction per table.
import type SQLite from 'better-sqlite3';
import { seededRandom } from '../discovery-queries.ts';

export type Random = () => number;
export { seededRandom };

/**
 * A uuid-shaped id (36 characters of hex digits and dashes, what list and rating ids look like), the `n`th of its
 * `domain` (a number under 2^32 naming the table). Ids of one domain sort in the order they are made, so bulk inserts
 * append to the primary key's index instead of writing all over it.
 */
export function idOf(domain: number, n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `${domain.toString(16).padStart(8, '0')}-0000-4000-8000-${hex}`;
}

/** Draws ranks 0..n-1 with probability proportional to 1/(rank+1)^s. */
export function zipf(n: number, s: number, rand: Random): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) {
    sum += 1 / (r + 1) ** s;
    cdf[r] = sum;
  }
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** A whole number from a long-tailed distribution with the given mean, at least `min`, at most `max` (a Pareto draw). */
export function tailed(rand: Random, mean: number, min: number, max: number): number {
  // Pareto with shape 2 and scale m has mean 2m: less m, shifted by min, its mean is `mean` (before the cap).
  const scale = mean - min;
  const x = min + scale / Math.sqrt(1 - rand()) - scale;
  return Math.max(min, Math.min(max, Math.round(x)));
}

/** An ISO timestamp `secondsAgo` before `now`. */
export const isoBefore = (now: number, secondsAgo: number): string => new Date(now - secondsAgo * 1000).toISOString();

const ROWS_PER_STATEMENT = 100;

/**
 * Inserts rows (each the values of `columns`, in order) with a prepared statement of ROWS_PER_STATEMENT rows at a
 * time (one for the rest), inside one transaction. Returns how many were written.
 */
export function insertRows(db: SQLite.Database, table: string, columns: readonly string[], rows: Iterable<readonly unknown[]>, verb = 'insert'): number {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const head = `${verb} into ${table} (${columns.join(', ')}) values `;
  const many = db.prepare(head + Array.from({ length: ROWS_PER_STATEMENT }, () => tuple).join(', '));
  const one = db.prepare(head + tuple);
  let n = 0;
  db.transaction(() => {
    let batch: unknown[] = [];
    let inBatch = 0;
    for (const row of rows) {
      for (const v of row) batch.push(v);
      inBatch++;
      n++;
      if (inBatch === ROWS_PER_STATEMENT) {
        many.run(batch);
        batch = [];
        inBatch = 0;
      }
    }
    for (let i = 0; i < inBatch; i++) one.run(batch.slice(i * columns.length, (i + 1) * columns.length));
  })();
  return n;
}

/** A title the seeders may use: released (so it may be rated), with its kind and genres. */
export interface SeedTitle {
  id: string;
  type: 'movie' | 'tvSeries';
  genres: string[];
}

/** What one seeder leaves for the next ones and for the benchmark. */
export interface SeedState {
  db: SQLite.Database;
  /** When the data was made (ms); the times of rows are before it. */
  now: number;
  /** Released titles, most popular first. */
  titles: SeedTitle[];
  people: number;
}

/** Prints how long a step took and how many rows it wrote. */
export function timed<T>(what: string, step: () => T): T {
  const t0 = performance.now();
  const r = step();
  console.log(`  ${what}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return r;
}
