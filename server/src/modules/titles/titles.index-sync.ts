import { SegmentBuilder } from '../../search/index.ts';
import * as repo from './titles.repository.ts';
import { CATALOGUE_NAMESPACES, type TitlesContext } from './titles.shared.ts';

/** How many changed titles are kept in the index's delta before it is rebuilt. */
const DELTA_MAX = 50_000;
/** How often the catalogue is looked at for changes. */
const SYNC_EVERY_MS = 5000;

function signature(r: repo.IndexRowWithStamp): string {
  return [new Date(r.updatedAt).getTime(), r.titleType, r.primaryTitle, r.originalTitle, r.startYear, r.genres, r.popularity, r.imdbRating, r.imdbVotes].join('\u0001');
}

/**
 * Keeps the search index in step with the titles table: built whole at start (and after large imports), then the
 * titles changed since are read every few seconds into its delta. Each change also invalidates the cached answers
 * read from the catalogue, in every process sharing the cache.
 */
export class TitleIndexSync {
  private changed = new Map<string, repo.IndexRowWithStamp>();
  private watermark: Date | string | null = null;
  /** When the watermark last moved: for two minutes after, re-read a minute back in case a slower writer commits older stamps. */
  private watermarkMovedAt = 0;
  private lastFullBuild = 0;
  private syncing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly ctx: TitlesContext) {}

  /** Builds the index from the database (start-up, or after many changes). */
  async rebuild(): Promise<void> {
    const t0 = performance.now();
    const { database, index } = this.ctx;
    const latest = await repo.latestTitleChange(database.db);
    const builder = new SegmentBuilder(index.genres);
    await repo.forEachIndexRow(database, (r) => builder.push(r));
    index.replace(builder.finish());
    this.changed.clear();
    this.watermark = latest;
    this.watermarkMovedAt = 0;
    this.lastFullBuild = Date.now();
    await this.invalidate();
    this.ctx.log.info({ titles: index.size, ms: Math.round(performance.now() - t0) }, 'title search index built');
  }

  /**
   * Before the process takes traffic: the catalogue may have changed since the index was built at start (a first
   * start imports it, in this process or another), and a large change would otherwise reach the index only once
   * writing has paused for 15 s, through the delta meanwhile. Rebuilds the index now when any title changed since,
   * so the first answer after /readyz ranks with everything built; a restart on an unchanged catalogue costs one query.
   */
  async catchUp(): Promise<void> {
    const latest = await repo.latestTitleChange(this.ctx.database.db);
    if (latest === null) return;
    if (this.watermark !== null && new Date(latest) <= new Date(this.watermark) && this.changed.size === 0) return;
    await this.syncing?.catch(() => undefined);
    await this.rebuild();
  }

  /** Picks up titles created or changed since the last look (called every few seconds, and by tests and tools). */
  sync(): Promise<void> {
    this.syncing ??= this.syncOnce().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    const { database, index } = this.ctx;
    if (this.watermark === null) {
      const latest = await repo.latestTitleChange(database.db);
      if (latest === null) return;
      if (index.size === 0) return this.rebuild();
    }
    // Shortly after a change, re-read a minute back: another writer's transaction may commit rows stamped a little
    // earlier. Otherwise only rows stamped after the newest one seen (many rows may share one stamp after an import).
    const lookBack = Date.now() - this.watermarkMovedAt < 120_000;
    const mark = this.watermark === null ? new Date(0) : new Date(this.watermark);
    const since = lookBack ? new Date(mark.getTime() - 60_000) : mark;
    const rows = await repo.listIndexRowsChangedSince(database.db, since, lookBack ? '>=' : '>', DELTA_MAX + 1);
    let fresh = 0;
    for (const r of rows) {
      const had = this.changed.get(r.id);
      if (!had || signature(had) !== signature(r)) fresh++;
      this.changed.set(r.id, r);
    }
    if (fresh === 0) return;
    if (rows.length > DELTA_MAX || this.changed.size > DELTA_MAX) {
      // Many changes (an import): rebuild once writing has paused for 15 s, or every ten minutes while it goes on.
      const latest = await repo.latestTitleChange(database.db);
      const settled = latest !== null && Date.now() - new Date(latest).getTime() > 15_000;
      if (settled || Date.now() - this.lastFullBuild > 600_000) await this.rebuild();
      return;
    }
    index.setDelta([...this.changed.values()]);
    const newest = rows[rows.length - 1].updatedAt;
    if (this.watermark === null || new Date(newest) > new Date(this.watermark)) {
      this.watermark = newest;
      this.watermarkMovedAt = Date.now();
    }
    await this.invalidate();
  }

  /** Drops every cached answer read from the catalogue. */
  private async invalidate(): Promise<void> {
    await Promise.all(CATALOGUE_NAMESPACES.map((ns) => this.ctx.cache.invalidate(ns))).catch((err) =>
      this.ctx.log.error({ err }, 'could not invalidate cached answers'),
    );
  }

  start(): void {
    this.timer = setInterval(() => {
      this.sync().catch((err) => this.ctx.log.error({ err }, 'could not sync the title search index'));
    }, SYNC_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.syncing?.catch(() => undefined);
  }
}
