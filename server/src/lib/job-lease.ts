import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/database.ts';

/** This process, as the holder of the leases it claims (host, process id, and a random part for reused ids). */
export const PROCESS_HOLDER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Claims job `name` for `periodMs` when nobody holds it (no lease yet, or the last one has run out): one upsert that
 * writes only over an expired lease, so of several processes trying at once exactly one gets it, on SQLite (one
 * writer) and PostgreSQL (the conflicting insert waits for the row and re-checks `until`) alike. True when claimed.
 */
export async function claimLease(database: Database, name: string, periodMs: number, holder = PROCESS_HOLDER, now = Date.now()): Promise<boolean> {
  const until = now + periodMs;
  const rows = await database.db
    .insertInto('jobLeases')
    .values({ name, holder, until })
    .onConflict((oc) => oc.column('name').doUpdateSet({ holder, until }).where('jobLeases.until', '<=', now))
    .returning('name')
    .execute();
  return rows.length > 0;
}

/**
 * Runs `fn` if this holder claims job `name`'s lease: at most once per `periodMs` across every process sharing the
 * database. Resolves true when it ran (after `fn` finished), false when another holder has the period. A failing `fn`
 * rejects and keeps the lease: the job is tried again in the next period, not at once by every other process.
 */
export async function runOnce(
  database: Database,
  name: string,
  periodMs: number,
  fn: () => unknown,
  opts: { holder?: string; now?: number } = {},
): Promise<boolean> {
  if (!(await claimLease(database, name, periodMs, opts.holder, opts.now))) return false;
  await fn();
  return true;
}

export interface Schedule {
  /** Stops looking and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * A job run once every `periodMs` however many processes run it: every process looks at once and then every
 * `checkMs` (at most a minute), and whichever finds the lease run out claims it and runs `fn`. A process that dies or
 * restarts mid-period changes nothing (the period is kept in the database); one that is gone for good is replaced by
 * another within `checkMs` after its lease ends. Failures (of the claim or of `fn`) are logged, never thrown.
 */
export function scheduleOnce(
  database: Database,
  name: string,
  periodMs: number,
  fn: () => unknown,
  opts: { log: { error(obj: object, msg: string): void; debug(obj: object, msg: string): void }; checkMs?: number; holder?: string },
): Schedule {
  const checkMs = opts.checkMs ?? Math.min(periodMs, 60_000);
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = runOnce(database, name, periodMs, fn, { holder: opts.holder })
      .then((ran) => opts.log.debug({ job: name }, ran ? 'scheduled job: ran' : 'scheduled job: another process has this period'))
      .catch((err) => opts.log.error({ err, job: name }, 'scheduled job failed; it runs again next period'))
      .finally(() => {
        running = null;
      });
  };
  const first = setImmediate(tick);
  const timer = setInterval(tick, checkMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearImmediate(first);
      clearInterval(timer);
      await running;
    },
  };
}
