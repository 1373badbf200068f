import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { TitleType } from '../../db/schema.ts';
import { type Schedule, scheduleOnce } from '../../lib/job-lease.ts';
import { matchKeyOf, parseYear, popularityOf, searchTextOf } from './catalogue.normalize.ts';
import { chunks, type NewTitleRow, type TitleUpdate, type UpcomingListRow, writeFeedChanges } from './tmdb.repository.ts';
import { type ProvidersReport, refreshWatchProviders, type TmdbClient, TmdbError, type TmdbListItem, type TmdbListPage, tmdbClientFrom } from './tmdb.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** TMDB's trending and upcoming lists, refreshed in the background; null without TMDB_API_KEY. */
    tmdbFeeds: TmdbFeeds | null;
  }
}

const HOUR = 3600_000;

/** TMDB's movie genre ids (https://developer.themoviedb.org/reference/genre-movie-list) in IMDb's vocabulary. */
const TMDB_MOVIE_GENRES: Record<number, string> = {
  28: 'Action',
  12: 'Adventure',
  16: 'Animation',
  35: 'Comedy',
  80: 'Crime',
  99: 'Documentary',
  18: 'Drama',
  10751: 'Family',
  14: 'Fantasy',
  36: 'History',
  27: 'Horror',
  10402: 'Music',
  9648: 'Mystery',
  10749: 'Romance',
  878: 'Sci-Fi',
  53: 'Thriller',
  10752: 'War',
  37: 'Western',
};

export function genresOfTmdb(ids: number[]): string[] {
  const out: string[] = [];
  for (const id of ids) {
    const g = TMDB_MOVIE_GENRES[id];
    if (g && !out.includes(g)) out.push(g);
  }
  return out;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

// ---- matching ------------------------------------------------------------------------------------

/** A catalogue title that may be the one a TMDB entry describes. */
export interface FeedCandidate {
  id: string;
  imdbId: string | null;
  tmdbId: number | null;
  titleType: TitleType;
  matchKey: string | null;
  startYear: number | null;
  imdbVotes: number;
}

/** What matching reads of a TMDB entry; imdbId comes from TMDB's external ids when looked up. */
export interface FeedEntry {
  tmdbId: number;
  mediaType: 'movie' | 'tv';
  title: string;
  originalTitle: string | null;
  releaseDate: string | null;
  imdbId?: string | null;
}

export interface CandidateIndex<C extends FeedCandidate = FeedCandidate> {
  byTmdb: Map<string, C>;
  byImdb: Map<string, C>;
  byKey: Map<string, C[]>;
}

const typeOf = (mediaType: 'movie' | 'tv'): TitleType => (mediaType === 'tv' ? 'tvSeries' : 'movie');

export function indexCandidates<C extends FeedCandidate>(candidates: C[]): CandidateIndex<C> {
  const index: CandidateIndex<C> = { byTmdb: new Map(), byImdb: new Map(), byKey: new Map() };
  for (const c of candidates) {
    // TMDB numbers movies and series separately: the id is only unique with the type.
    if (c.tmdbId !== null) index.byTmdb.set(`${c.titleType}:${c.tmdbId}`, c);
    if (c.imdbId) index.byImdb.set(c.imdbId, c);
    if (c.matchKey) {
      const list = index.byKey.get(c.matchKey) ?? [];
      if (!list.some((x) => x.id === c.id)) list.push(c);
      index.byKey.set(c.matchKey, list);
    }
  }
  return index;
}

/**
 * The catalogue title a TMDB entry describes, or null. In order: a title already linked to this TMDB id
 * (same type); the title with the IMDb id TMDB records for it; else the same normalised title (or original
 * title) of the same type released the same year, then one year off, the most voted winning. A title linked
 * to another TMDB id, or carrying another IMDb id than TMDB's, is never taken by title.
 */
export function matchFeedEntry<C extends FeedCandidate>(entry: FeedEntry, index: CandidateIndex<C>): C | null {
  const type = typeOf(entry.mediaType);
  const linked = index.byTmdb.get(`${type}:${entry.tmdbId}`);
  if (linked) return linked;
  if (entry.imdbId) {
    const byImdb = index.byImdb.get(entry.imdbId);
    if (byImdb) return byImdb;
  }
  const year = entry.releaseDate ? parseYear(entry.releaseDate.slice(0, 4)) : null;
  if (year === null) return null;
  const keys = new Set([matchKeyOf(entry.title), entry.originalTitle ? matchKeyOf(entry.originalTitle) : ''].filter(Boolean));
  const candidates = [...keys].flatMap((k) => index.byKey.get(k) ?? []);
  const fits = (c: C) =>
    c.titleType === type &&
    c.startYear !== null &&
    (c.tmdbId === null || c.tmdbId === entry.tmdbId) &&
    !(entry.imdbId && c.imdbId && c.imdbId !== entry.imdbId);
  for (const delta of [0, 1]) {
    const best = candidates
      .filter((c) => fits(c) && Math.abs((c.startYear as number) - year) === delta)
      .sort((a, b) => b.imdbVotes - a.imdbVotes)[0];
    if (best) return best;
  }
  return null;
}

// ---- refreshing ----------------------------------------------------------------------------------

export interface FeedReport {
  /** Entries read from each list. */
  trending: number;
  upcoming: number;
  /** Entries found in the catalogue, titles changed by them, upcoming movies added. */
  matched: number;
  updated: number;
  added: number;
  /** Trending entries not in the catalogue (they are not added). */
  unmatched: number;
  /** Movies in the stored upcoming list after the refresh (null when the list could not be read and was kept). */
  upcomingListed: number | null;
  /** What failed, in words; the rest of the refresh went on. */
  failures: string[];
}

interface Entry extends TmdbListItem {
  imdbId: string | null;
  upcoming: boolean;
}

interface Candidate extends FeedCandidate {
  posterUrl: string | null;
  backdropUrl: string | null;
  tmdbPopularity: number | null;
  releaseDate: string | null;
  plot: string | null;
}

export interface TmdbFeedsOptions {
  /** Called after a refresh changed titles or the upcoming list (empties the in-process caches). */
  onChange?: () => Promise<void>;
  /** Aborted by stop(): TMDB requests and back-off waits end at once. */
  abort?: AbortController;
  trendingPages?: number;
  upcomingPages?: number;
  /** Titles whose watch providers each run reads again (TMDB_PROVIDERS_PER_RUN); 0: none. */
  providersPerRun?: number;
}

const CANDIDATE_COLUMNS = [
  'id', 'imdbId', 'tmdbId', 'titleType', 'matchKey', 'startYear', 'imdbVotes', 'posterUrl', 'backdropUrl', 'tmdbPopularity', 'releaseDate', 'plot',
] as const;


/**
 * Reads TMDB's trending (movies and series, this week) and upcoming movies, matches them to the catalogue,
 * fills missing posters, backdrops, dates and plots, stores TMDB popularity (which feeds the catalogue's
 * popularity ranking), adds upcoming movies the catalogue lacks, and replaces the stored upcoming list.
 * A refresh never throws: failures are logged and reported, and whatever could be read is still used.
 */
export class TmdbFeeds {
  private running: Promise<FeedReport | null> | null = null;
  private runningProviders: Promise<ProvidersReport | null> | null = null;
  private schedule: Schedule | null = null;
  private providersSchedule: Schedule | null = null;
  private stopped = false;
  private readonly trendingPages: number;
  private readonly upcomingPages: number;

  constructor(
    private readonly database: Database,
    private readonly client: TmdbClient,
    private readonly log: FastifyBaseLogger,
    private readonly opts: TmdbFeedsOptions = {},
  ) {
    this.trendingPages = opts.trendingPages ?? 2;
    this.upcomingPages = opts.upcomingPages ?? 3;
  }

  /**
   * Refreshes now, and then every `intervalMs`, once across every process sharing the database (the `tmdb-feeds`
   * job lease: a process started mid-interval waits for the next one); returns at once.
   */
  start(intervalMs: number): void {
    if (this.stopped || this.schedule) return;
    this.schedule = scheduleOnce(this.database, 'tmdb-feeds', intervalMs, () => this.refresh(), { log: this.log });
    // Where to watch: a batch of titles per interval, under a lease of its own (one process reads each batch).
    if ((this.opts.providersPerRun ?? 0) > 0) {
      this.providersSchedule = scheduleOnce(this.database, 'tmdb-providers', intervalMs, () => this.refreshProviders(), { log: this.log });
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const schedules = [this.schedule, this.providersSchedule];
    this.schedule = null;
    this.providersSchedule = null;
    this.opts.abort?.abort(new Error('server stopping'));
    await Promise.all([...schedules.map((s) => s?.stop()), this.running, this.runningProviders]);
  }

  /**
   * Reads TMDB's watch providers of the next `providersPerRun` titles (those read longest ago first) and replaces
   * their TMDB rows. One run at a time; null when stopped, off or failed as a whole. Never throws.
   */
  refreshProviders(): Promise<ProvidersReport | null> {
    const perRun = this.opts.providersPerRun ?? 0;
    if (this.stopped || perRun <= 0) return Promise.resolve(null);
    this.runningProviders ??= (async () => {
      const t0 = performance.now();
      const report = await refreshWatchProviders(this.database, this.client, perRun, { stopped: () => this.stopped });
      this.log.info({ ...report, ms: Math.round(performance.now() - t0) }, 'TMDB watch providers refreshed');
      return report;
    })()
      .catch((err) => {
        if (this.stopped) this.log.debug({ err }, 'TMDB watch providers: run stopped with the server');
        else this.log.error({ err }, 'TMDB watch providers: run failed; the next one runs on schedule');
        return null;
      })
      .finally(() => {
        this.runningProviders = null;
      });
    return this.runningProviders;
  }

  /** One refresh at a time: a call while one runs waits for it. Null when stopped or when it failed as a whole. */
  refresh(): Promise<FeedReport | null> {
    if (this.stopped) return Promise.resolve(null);
    this.running ??= this.refreshOnce()
      .catch((err) => {
        if (this.stopped) this.log.debug({ err }, 'TMDB feeds: refresh stopped with the server');
        else this.log.error({ err }, 'TMDB feeds: refresh failed; the next one runs on schedule');
        return null;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async readList(name: string, read: (page: number) => Promise<TmdbListPage>, maxPages: number, report: FeedReport): Promise<TmdbListItem[] | null> {
    const items: TmdbListItem[] = [];
    for (let page = 1; page <= maxPages; page++) {
      try {
        const got = await read(page);
        items.push(...got.items);
        if (page >= got.totalPages) break;
      } catch (err) {
        if (this.stopped) throw err;
        report.failures.push(`${name} page ${page}: ${(err as Error).message}`);
        this.log.warn({ err, list: name, page }, 'TMDB feeds: could not read a list page');
        // Nothing read: the list is unknown (the stored one is kept). Later pages failing: keep what was read.
        return page === 1 ? null : items;
      }
    }
    return items;
  }

  private async refreshOnce(): Promise<FeedReport> {
    const t0 = performance.now();
    const report: FeedReport = { trending: 0, upcoming: 0, matched: 0, updated: 0, added: 0, unmatched: 0, upcomingListed: null, failures: [] };
    const trending = await this.readList('trending', (p) => this.client.trendingPage(p), this.trendingPages, report);
    const upcoming = await this.readList('upcoming', (p) => this.client.upcomingPage(p), this.upcomingPages, report);
    report.trending = trending?.length ?? 0;
    report.upcoming = upcoming?.length ?? 0;

    // One entry per TMDB title; upcoming keeps TMDB's order.
    const entries = new Map<string, Entry>();
    const upcomingOrder: string[] = [];
    for (const [list, isUpcoming] of [
      [trending ?? [], false],
      [upcoming ?? [], true],
    ] as const) {
      for (const item of list) {
        if (!item.title.trim()) continue;
        const key = `${item.mediaType}:${item.tmdbId}`;
        const had = entries.get(key);
        if (had) {
          had.upcoming ||= isUpcoming;
          had.popularity = Math.max(had.popularity, item.popularity);
        } else entries.set(key, { ...item, imdbId: null, upcoming: isUpcoming });
        if (isUpcoming && !upcomingOrder.includes(key)) upcomingOrder.push(key);
      }
    }

    // 1. Titles already linked to these TMDB ids (one query).
    const linked = await this.candidates('tmdbId', [...new Set([...entries.values()].map((e) => e.tmdbId))]);
    let index = indexCandidates(linked);
    const unlinked = [...entries.values()].filter((e) => !index.byTmdb.has(`${typeOf(e.mediaType)}:${e.tmdbId}`));

    // 2. IMDb ids of the others from TMDB (cached for a week); a throttled or failing TMDB stops the look-ups, title + year remain.
    for (const e of unlinked) {
      try {
        e.imdbId = await this.client.imdbIdOf(e.mediaType, e.tmdbId);
      } catch (err) {
        if (this.stopped) throw err;
        if (err instanceof TmdbError && err.status === 404) continue;
        report.failures.push(`external ids: ${(err as Error).message}`);
        this.log.warn({ err }, 'TMDB feeds: IMDb id look-ups stopped; matching the rest by title and year');
        break;
      }
    }

    // 3. Titles by those IMDb ids and by normalised title (two queries), then match in memory.
    const imdbIds = unlinked.flatMap((e) => (e.imdbId ? [e.imdbId] : []));
    const keys = [...new Set(unlinked.flatMap((e) => [matchKeyOf(e.title), e.originalTitle ? matchKeyOf(e.originalTitle) : '']).filter(Boolean))];
    const [byImdb, byKey] = await Promise.all([this.candidates('imdbId', imdbIds), this.candidates('matchKey', keys)]);
    index = indexCandidates([...linked, ...byImdb, ...byKey]);

    const today = new Date().toISOString().slice(0, 10);
    const updates = new Map<string, TitleUpdate>();
    const inserts = new Map<string, NewTitleRow>();
    const titleOf = new Map<string, string>();
    for (const [key, e] of entries) {
      const c = matchFeedEntry(e, index);
      if (c) {
        report.matched += 1;
        titleOf.set(key, c.id);
        const update = this.updateFor(c, e, updates.get(c.id));
        if (update) updates.set(c.id, update);
      } else if (e.upcoming && e.mediaType === 'movie' && e.releaseDate && DAY_RE.test(e.releaseDate)) {
        const row = this.newTitle(e);
        if (!inserts.has(row.id)) inserts.set(row.id, row);
        titleOf.set(key, row.id);
      } else if (!e.upcoming) report.unmatched += 1;
    }
    report.updated = updates.size;
    report.added = inserts.size;

    let list: UpcomingListRow[] | null = null;
    if (upcoming) {
      list = [];
      const seen = new Set<string>();
      for (const key of upcomingOrder) {
        const e = entries.get(key) as Entry;
        const titleId = titleOf.get(key);
        if (!titleId || seen.has(titleId) || !e.releaseDate || !DAY_RE.test(e.releaseDate)) continue;
        seen.add(titleId);
        list.push({ titleId, rank: list.length + 1, tmdbId: e.tmdbId, releaseDate: e.releaseDate });
      }
    }

    if (updates.size || inserts.size || list) {
      report.upcomingListed = await writeFeedChanges(this.database, [...updates.values()], [...inserts.values()], list);
      await this.opts.onChange?.();
    }
    const upcomingAhead = list?.filter((r) => r.releaseDate >= today).length ?? null;
    this.log.info({ ...report, upcomingAhead, ms: Math.round(performance.now() - t0) }, 'TMDB feeds refreshed');
    return report;
  }

  private async candidates(column: 'tmdbId' | 'imdbId' | 'matchKey', values: (string | number)[]): Promise<Candidate[]> {
    const out: Candidate[] = [];
    for (const part of chunks(values)) {
      const rows = await this.database.db
        .selectFrom('titles')
        .select(CANDIDATE_COLUMNS)
        .where(column, 'in', part as never[])
        .execute();
      out.push(...(rows as Candidate[]));
    }
    return out;
  }

  /** Fills blanks (poster, backdrop, TMDB id, release date, plot) and sets TMDB popularity; null when nothing changes. */
  private updateFor(c: Candidate, e: Entry, earlier: TitleUpdate | undefined): TitleUpdate | null {
    const base = earlier ?? {
      id: c.id,
      posterUrl: c.posterUrl,
      backdropUrl: c.backdropUrl,
      tmdbId: c.tmdbId ?? e.tmdbId,
      tmdbPopularity: c.tmdbPopularity,
      popularity: popularityOf(c.imdbVotes, c.tmdbPopularity),
      releaseDate: c.releaseDate,
      plot: c.plot,
    };
    const tmdbPopularity = e.popularity > 0 ? Math.max(e.popularity, earlier?.tmdbPopularity ?? 0) : base.tmdbPopularity;
    const next: TitleUpdate = {
      id: c.id,
      posterUrl: base.posterUrl ?? e.posterUrl,
      backdropUrl: base.backdropUrl ?? e.backdropUrl,
      tmdbId: base.tmdbId,
      tmdbPopularity,
      popularity: popularityOf(c.imdbVotes, tmdbPopularity),
      releaseDate: base.releaseDate ?? (e.releaseDate && DAY_RE.test(e.releaseDate) ? e.releaseDate : null),
      plot: base.plot ?? e.overview,
    };
    if (earlier) return next;
    const same =
      next.posterUrl === c.posterUrl &&
      next.backdropUrl === c.backdropUrl &&
      next.tmdbId === c.tmdbId &&
      Number(next.tmdbPopularity ?? -1) === Number(c.tmdbPopularity ?? -1) &&
      next.releaseDate === c.releaseDate &&
      next.plot === c.plot;
    return same ? null : next;
  }

  private newTitle(e: Entry): NewTitleRow {
    const releaseDate = e.releaseDate as string;
    const originalTitle = e.originalTitle && e.originalTitle !== e.title ? e.originalTitle : null;
    return {
      id: e.imdbId ?? `tmdb-${e.tmdbId}`,
      imdbId: e.imdbId,
      tmdbId: e.tmdbId,
      primaryTitle: e.title.trim(),
      originalTitle,
      searchText: searchTextOf(e.title, originalTitle),
      matchKey: matchKeyOf(e.title),
      startYear: parseYear(releaseDate.slice(0, 4)),
      releaseDate,
      genres: genresOfTmdb(e.genreIds).join(','),
      plot: e.overview,
      posterUrl: e.posterUrl,
      backdropUrl: e.backdropUrl,
      tmdbPopularity: e.popularity,
      popularity: popularityOf(0, e.popularity),
    };
  }

}

/**
 * With TMDB_API_KEY set (and TMDB_REFRESH_HOURS not 0), refreshes the feeds once the server is ready,
 * without delaying it, then every TMDB_REFRESH_HOURS; stops with the server. Registered after the titles
 * and upcoming routes, whose caches it empties after a refresh.
 */
export function startTmdbFeeds(app: FastifyInstance): void {
  const { config } = app;
  const intervalMs = config.TMDB_REFRESH_HOURS * HOUR;
  const abort = new AbortController();
  // List answers are reused from the cache for most of an interval, so each refresh reads fresh ones.
  const client = intervalMs > 0 ? tmdbClientFrom(app.database, config, { signal: abort.signal, listTtlMs: Math.min(6 * HOUR, intervalMs * 0.9) }) : null;
  if (!client) {
    app.decorate('tmdbFeeds', null);
    return;
  }
  const feeds = new TmdbFeeds(app.database, client, app.log, {
    abort,
    providersPerRun: config.TMDB_PROVIDERS_PER_RUN,
    onChange: async () => {
      // New and changed titles into the search index (which empties the caches built on it), then the upcoming list.
      await app.titles.sync();
      if (app.hasDecorator('upcoming')) app.upcoming.invalidate();
    },
  });
  app.decorate('tmdbFeeds', feeds);
  app.addHook('onReady', async () => feeds.start(intervalMs));
  app.addHook('onClose', async () => feeds.stop());
}
