import type { Database } from '../../db/database.ts';
import { providerOfTmdbName } from './catalogue.providers.ts';
import { replaceTmdbProviders, titlesDueForProviders, writePosters } from './tmdb.repository.ts';

/** TMDB's API (https://developer.themoviedb.org/reference) for posters, backdrops, upcoming and trending titles. */
export interface TmdbOptions {
  apiKey: string;
  baseUrl: string;
  imageBaseUrl?: string;
  maxRetries?: number;
  /** Injected in tests; defaults to setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  /** How long upcoming and trending answers are reused from the cache (default 6 hours). */
  listTtlMs?: number;
  /** Aborts requests and back-off waits (the server stopping). */
  signal?: AbortSignal;
}

export interface TmdbImages {
  tmdbId: number;
  mediaType: 'movie' | 'tv';
  posterUrl: string | null;
  backdropUrl: string | null;
  popularity: number | null;
}

export interface TmdbListItem {
  tmdbId: number;
  mediaType: 'movie' | 'tv';
  title: string;
  originalTitle: string | null;
  releaseDate: string | null;
  overview: string | null;
  posterUrl: string | null;
  backdropUrl: string | null;
  popularity: number;
  /** TMDB genre ids (https://developer.themoviedb.org/reference/genre-movie-list). */
  genreIds: number[];
}

/** One page of a TMDB list. */
export interface TmdbListPage {
  items: TmdbListItem[];
  page: number;
  totalPages: number;
}

interface RawResult {
  id: number;
  media_type?: string;
  title?: string;
  name?: string;
  original_title?: string;
  original_name?: string;
  release_date?: string;
  first_air_date?: string;
  overview?: string;
  poster_path?: string | null;
  backdrop_path?: string | null;
  popularity?: number;
  genre_ids?: number[];
}

interface RawList {
  page?: number;
  total_pages?: number;
  results?: RawResult[];
}

export class TmdbError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const HOUR = 3600_000;
const TTL = { find: 7 * 24 * HOUR, upcoming: 6 * HOUR, trending: 6 * HOUR, providers: 24 * HOUR };

export class TmdbClient {
  private readonly imageBase: string;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => Date;

  constructor(
    private readonly database: Database,
    private readonly opts: TmdbOptions,
  ) {
    this.imageBase = (opts.imageBaseUrl ?? 'https://image.tmdb.org/t/p').replace(/\/$/, '');
    this.sleep =
      opts.sleep ??
      ((ms) =>
        new Promise((resolve, reject) => {
          const signal = opts.signal;
          if (signal?.aborted) return reject(signal.reason);
          const timer = setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          }, ms);
          const onAbort = () => {
            clearTimeout(timer);
            reject(signal?.reason);
          };
          signal?.addEventListener('abort', onAbort, { once: true });
        }));
    this.now = opts.now ?? (() => new Date());
  }

  private image(path: string | null | undefined, size: string): string | null {
    return path ? `${this.imageBase}/${size}${path}` : null;
  }

  /** GET with the cache in front; 429 and 5xx are retried, honouring Retry-After, with exponential back-off. */
  private async get<T>(path: string, query: Record<string, string>, ttlMs: number): Promise<T> {
    const params = new URLSearchParams(query);
    const key = `${path}?${params}`;
    const cached = await this.database.db
      .selectFrom('tmdbCache')
      .select(['body', 'expiresAt'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (cached && new Date(cached.expiresAt).getTime() > this.now().getTime()) return JSON.parse(cached.body) as T;

    const url = new URL(`${this.opts.baseUrl.replace(/\/$/, '')}${path}`);
    for (const [k, v] of params) url.searchParams.set(k, v);
    const headers: Record<string, string> = { accept: 'application/json' };
    // A v4 read access token is a JWT; a v3 key goes in the query.
    if (this.opts.apiKey.startsWith('eyJ')) headers.authorization = `Bearer ${this.opts.apiKey}`;
    else url.searchParams.set('api_key', this.opts.apiKey);

    const maxRetries = this.opts.maxRetries ?? 4;
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(url, { headers, signal: this.opts.signal });
      if (res.ok) {
        const body = await res.text();
        const value = JSON.parse(body) as T;
        const expiresAt = new Date(this.now().getTime() + ttlMs).toISOString();
        await this.database.db
          .insertInto('tmdbCache')
          .values({ key, body, expiresAt })
          .onConflict((oc) => oc.column('key').doUpdateSet({ body, expiresAt }))
          .execute();
        return value;
      }
      const retryable = res.status === 429 || res.status >= 500;
      await res.body?.cancel();
      if (!retryable || attempt >= maxRetries) throw new TmdbError(`TMDB ${path} answered HTTP ${res.status}`, res.status);
      const retryAfter = Number(res.headers.get('retry-after'));
      const wait = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : 500 * 2 ** attempt;
      await this.sleep(Math.min(wait, 30_000));
    }
  }

  /** Results with an id and a title; other entries (people, malformed rows) are left out. */
  private items(body: RawList, fallback: 'movie' | 'tv'): TmdbListItem[] {
    const results = Array.isArray(body?.results) ? body.results : [];
    return results
      .filter((r) => r && typeof r.id === 'number' && r.media_type !== 'person' && typeof (r.title ?? r.name) === 'string')
      .map((r) => this.item(r, fallback));
  }

  private listPage(body: RawList, fallback: 'movie' | 'tv', page: number): TmdbListPage {
    const totalPages = typeof body?.total_pages === 'number' && body.total_pages >= 0 ? body.total_pages : 1;
    return { items: this.items(body, fallback), page: typeof body?.page === 'number' ? body.page : page, totalPages };
  }

  private item(r: RawResult, fallback: 'movie' | 'tv'): TmdbListItem {
    const mediaType = r.media_type === 'tv' || r.media_type === 'movie' ? r.media_type : fallback;
    return {
      tmdbId: r.id,
      mediaType,
      title: r.title ?? r.name ?? '',
      originalTitle: r.original_title ?? r.original_name ?? null,
      releaseDate: (r.release_date ?? r.first_air_date) || null,
      overview: r.overview || null,
      posterUrl: this.image(r.poster_path, 'w500'),
      backdropUrl: this.image(r.backdrop_path, 'w1280'),
      popularity: typeof r.popularity === 'number' && Number.isFinite(r.popularity) ? r.popularity : 0,
      genreIds: Array.isArray(r.genre_ids) ? r.genre_ids.filter((g) => typeof g === 'number') : [],
    };
  }

  /** Poster, backdrop and popularity of a title by its IMDb id; null when TMDB does not know it. */
  async findByImdbId(imdbId: string): Promise<TmdbImages | null> {
    const body = await this.get<{ movie_results?: RawResult[]; tv_results?: RawResult[] }>(
      `/find/${encodeURIComponent(imdbId)}`,
      { external_source: 'imdb_id' },
      TTL.find,
    );
    const movie = body?.movie_results?.[0];
    const tv = body?.tv_results?.[0];
    const hit = movie ?? tv;
    if (!hit) return null;
    return {
      tmdbId: hit.id,
      mediaType: movie ? 'movie' : 'tv',
      posterUrl: this.image(hit.poster_path, 'w500'),
      backdropUrl: this.image(hit.backdrop_path, 'w1280'),
      popularity: hit.popularity ?? null,
    };
  }

  /** Movies coming to cinemas (TMDB's /movie/upcoming). */
  async upcomingMovies(page = 1): Promise<TmdbListItem[]> {
    return (await this.upcomingPage(page)).items;
  }

  /** One page of TMDB's /movie/upcoming, with the number of pages. */
  async upcomingPage(page = 1): Promise<TmdbListPage> {
    const body = await this.get<RawList>('/movie/upcoming', { page: String(page) }, this.opts.listTtlMs ?? TTL.upcoming);
    return this.listPage(body, 'movie', page);
  }

  /** Movies and series trending this week (TMDB's /trending/all/week), people left out. */
  async trending(page = 1): Promise<TmdbListItem[]> {
    return (await this.trendingPage(page)).items;
  }

  /** One page of TMDB's /trending/all/week, with the number of pages. */
  async trendingPage(page = 1): Promise<TmdbListPage> {
    const query: Record<string, string> = page > 1 ? { page: String(page) } : {};
    const body = await this.get<RawList>('/trending/all/week', query, this.opts.listTtlMs ?? TTL.trending);
    return this.listPage(body, 'movie', page);
  }

  /**
   * Where a movie or series streams, per country (/movie/{id}/watch/providers, /tv/{id}/watch/providers; data from
   * JustWatch): the services with it on subscription (`flatrate`), free or with ads. Rent and buy are left out. `url`
   * is TMDB's watch page for the title in that country.
   */
  async watchProviders(mediaType: 'movie' | 'tv', tmdbId: number): Promise<TmdbWatchProvider[]> {
    type Offer = { provider_name?: unknown };
    const body = await this.get<{ results?: Record<string, { link?: unknown; flatrate?: Offer[]; free?: Offer[]; ads?: Offer[] }> }>(
      `/${mediaType}/${tmdbId}/watch/providers`,
      {},
      TTL.providers,
    );
    const out: TmdbWatchProvider[] = [];
    for (const [country, offers] of Object.entries(body?.results ?? {})) {
      if (!/^[A-Z]{2}$/.test(country) || typeof offers !== 'object' || offers === null) continue;
      const url = typeof offers.link === 'string' && /^https:\/\//.test(offers.link) ? offers.link : null;
      const seen = new Set<string>();
      for (const list of [offers.flatrate, offers.free, offers.ads]) {
        for (const o of Array.isArray(list) ? list : []) {
          if (typeof o?.provider_name !== 'string' || !o.provider_name.trim()) continue;
          const provider = providerOfTmdbName(o.provider_name.trim());
          if (!provider || seen.has(provider)) continue;
          seen.add(provider);
          out.push({ country, provider, url });
        }
      }
    }
    return out;
  }

  /** The IMDb id TMDB records for one of its movies or series (/movie/{id}/external_ids, /tv/{id}/external_ids); null when none. */
  async imdbIdOf(mediaType: 'movie' | 'tv', tmdbId: number): Promise<string | null> {
    const body = await this.get<{ imdb_id?: string | null }>(`/${mediaType}/${tmdbId}/external_ids`, {}, TTL.find);
    const id = body?.imdb_id;
    return typeof id === 'string' && /^tt\d{7,}$/.test(id) ? id : null;
  }
}

/** A service carrying a title in a country, as TMDB's watch providers say. */
export interface TmdbWatchProvider {
  country: string;
  provider: string;
  url: string | null;
}

export interface ProvidersReport {
  looked: number;
  withProviders: number;
  failed: number;
}

/**
 * Refreshes where to watch `limit` titles TMDB knows (a tmdb_id): those read longest ago first (never read: most
 * popular first), one call per title; then TMDB's rows of the titles read are replaced and their reading time kept, in
 * one transaction (rows from the catalogue's JustWatch files stay, and take TMDB's link). A title whose call failed is
 * not marked, so it comes first again next time. Stops early when `stopped()` says so (the server is closing).
 */
export async function refreshWatchProviders(
  database: Database,
  client: TmdbClient,
  limit: number,
  opts: { now?: number; stopped?: () => boolean } = {},
): Promise<ProvidersReport> {
  const titles = await titlesDueForProviders(database.db, limit);
  const report: ProvidersReport = { looked: titles.length, withProviders: 0, failed: 0 };
  const looked: string[] = [];
  const rows: { titleId: string; provider: string; country: string; source: string; url: string | null }[] = [];
  for (const t of titles) {
    if (opts.stopped?.()) break;
    try {
      const found = await client.watchProviders(t.titleType === 'movie' ? 'movie' : 'tv', t.tmdbId as number);
      looked.push(t.id);
      if (found.length) report.withProviders += 1;
      for (const f of found) rows.push({ titleId: t.id, provider: f.provider, country: f.country, source: 'tmdb', url: f.url });
    } catch (err) {
      // A title TMDB no longer has: no providers (read, not retried first every run).
      if (err instanceof TmdbError && err.status === 404) looked.push(t.id);
      else report.failed += 1;
    }
  }
  if (looked.length) await replaceTmdbProviders(database, looked, rows, opts.now ?? Date.now());
  return report;
}

export function tmdbClientFrom(
  database: Database,
  config: { TMDB_API_KEY?: string; TMDB_BASE_URL: string },
  options: Omit<TmdbOptions, 'apiKey' | 'baseUrl'> = {},
): TmdbClient | null {
  return config.TMDB_API_KEY ? new TmdbClient(database, { ...options, apiKey: config.TMDB_API_KEY, baseUrl: config.TMDB_BASE_URL }) : null;
}

export interface PosterReport {
  looked: number;
  found: number;
  notFound: number;
  failed: number;
}

/**
 * Fills posters and backdrops of the most popular titles missing a poster.
 * One TMDB call per title (the API has no batch lookup); the database is written once, in one statement or transaction.
 */
export async function enrichPosters(database: Database, client: TmdbClient, limit: number): Promise<PosterReport> {
  const titles = await database.db
    .selectFrom('titles')
    .select(['id', 'imdbId'])
    .where('posterUrl', 'is', null)
    .where('imdbId', 'is not', null)
    .orderBy('popularity', 'desc')
    .limit(limit)
    .execute();
  const report: PosterReport = { looked: titles.length, found: 0, notFound: 0, failed: 0 };
  const found: { id: string; poster: string | null; backdrop: string | null; tmdbId: number; popularity: number | null }[] = [];
  for (const t of titles) {
    try {
      const hit = await client.findByImdbId(t.imdbId as string);
      if (hit?.posterUrl || hit?.backdropUrl) {
        found.push({ id: t.id, poster: hit.posterUrl, backdrop: hit.backdropUrl, tmdbId: hit.tmdbId, popularity: hit.popularity });
        report.found += 1;
      } else report.notFound += 1;
    } catch {
      report.failed += 1;
    }
  }
  if (!found.length) return report;
  await writePosters(database, found);
  return report;
}
