import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB, TitleActivityKind } from '../../db/schema.ts';
import * as repo from './titles.repository.ts';
import { dayOf } from './titles.shared.ts';

/** How often counted views are written: weekly popularity lags by at most this much. */
const FLUSH_EVERY_MS = 5000;
/** Views are also written once this many different titles were counted since the last write. */
const FLUSH_AT_TITLES = 10_000;

/** What people do with a title, counted per day for weekly popularity. Other modules (ratings, watchlist) call this. */
export async function recordTitleActivity(db: Kysely<DB>, input: { titleId: string; kind: TitleActivityKind; userId?: string | null }): Promise<void> {
  await repo.addActivityCounts(db, [{ day: dayOf(new Date()), titleId: input.titleId, kind: input.kind, count: 1 }]);
}

/** Title page views: counted in memory, written every few seconds, many titles to a write. */
export class TitleViews {
  private counts = new Map<string, number>();
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  count(titleId: string): void {
    this.counts.set(titleId, (this.counts.get(titleId) ?? 0) + 1);
    if (this.counts.size >= FLUSH_AT_TITLES) void this.flush().catch((err) => this.log.error({ err }, 'could not write title views'));
  }

  /** Writes the views counted so far; resolves once they are written. Writes go one after the other. */
  flush(): Promise<void> {
    const batch = this.counts;
    this.counts = new Map();
    const day = dayOf(new Date());
    const next = this.flushing
      .catch(() => undefined)
      .then(() => repo.writeActivityBatch(this.database, day, 'view', [...batch.keys()], [...batch.values()]));
    this.flushing = next;
    return next;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.flush().catch((err) => this.log.error({ err }, 'could not write title views'));
    }, FLUSH_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush().catch((err) => this.log.error({ err }, 'could not write title views'));
  }
}
