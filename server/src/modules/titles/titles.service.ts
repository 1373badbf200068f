import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type {
  DirectorySort,
  HomeMediaItem,
  MediaSearchPage,
  MediaSearchResult,
  PopularSearch,
  TitleDetails,
  TitleType,
} from '../../../../common/contracts/titles.ts';
import { MOVIE_PRESETS, SHOW_PRESETS } from '../../../../common/contracts/titles.ts';
import type { Database } from '../../db/database.ts';
import type { DB, TitleActivityKind } from '../../db/schema.ts';
import { ByteSlabs } from '../../lib/byte-slabs.ts';
import { Doorkeeper } from '../../lib/doorkeeper.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { IntTable } from '../../lib/int-table.ts';
import { JsonBytes } from '../../lib/json-bytes.ts';
import { KeptBytes } from '../../lib/kept-bytes.ts';
import { type BrowseFilter, type ParsedQuery, parseQuery, SegmentBuilder, TitleSearchIndex } from '../../search/index.ts';
import { searchQueryKey } from '../../search/normalize.ts';
import { KeptPages } from './kept-pages.ts';
import { TitleCounts, titleKey } from './title-keys.ts';
import { genreList, presentCard, presentDetails, presentHomeItem } from './titles.presenter.ts';
import * as repo from './titles.repository.ts';

export const SUGGESTION_LIMIT = 10;
/** How far down a query's results (of the clicked title's type) a recorded search click may be: twice the suggestions. */
export const SEARCH_CLICK_DEPTH = 2 * SUGGESTION_LIMIT;
export const PAGE_SIZE = 20;
const TOP_LIST = 20;
const SIMILAR_LIMIT = 12;
/**
 * Title pages kept ready to send. A page is about 3.2 KB of JSON, 2.7 KB of it its similar titles, which
 * are kept once per genre combination: a kept page holds about 0.5 KB of its own.
 */
const PAGE_CACHE = 200_000;
/**
 * Ends written for titles among their own combination's similar titles (SimilarList.ownEnds), about 2.4 KB each
 * outside the heap: past this many, they are all dropped and written again as asked for.
 */
const OWN_END_CAP = 20_000;
/**
 * Keys of the kept search answers. An answer kept for a query has two, under the input as typed and under
 * the query as the index reads it, so this keeps up to 30,000 answers.
 */
const ANSWER_KEYS = 60_000;
/**
 * Slabs of 256 KB the kept search answers are written in (lib/kept-bytes.ts): 80 MB, some 30,000 answers at about
 * 2.5 KB each; the oldest are written over as new ones come.
 */
const ANSWER_SLABS = 320;
/** How often buffered title views are written: popularity lags by at most this much. */
const VIEW_FLUSH_MS = 5000;
/** Title views are also written once this many titles have been counted since the last write. */
const VIEW_BATCH = 20_000;
const INDEX_PAGE = 50_000;
const DELTA_MAX = 50_000;

function dayOf(d: Date): string {
  return d.toISOString().slice(0, 10);
}
function daysAgo(n: number, now = new Date()): string {
  return dayOf(new Date(now.getTime() - n * 86_400_000));
}

/** What people do with a title, counted per day for weekly popularity. Other modules (ratings, watchlist) call this. */
export async function recordTitleActivity(db: Kysely<DB>, input: { titleId: string; kind: TitleActivityKind; userId?: string | null }): Promise<void> {
  await repo.addActivityCounts(db, [{ day: dayOf(new Date()), titleId: input.titleId, kind: input.kind, count: 1 }]);
}

/** A search answer's key by the query as the index reads it (case, accents and spacing folded). */
function foldedKey(kind: string, q: ParsedQuery): string {
  return `${kind}|\u0000${q.lastIsPrefix ? 1 : 0}|${q.tokens.join(' ')}`;
}

function signature(r: repo.IndexRowWithStamp): string {
  return [new Date(r.updatedAt).getTime(), r.titleType, r.primaryTitle, r.originalTitle, r.startYear, r.genres, r.popularity, r.imdbRating, r.imdbVotes, r.posterUrl, r.releaseDate, r.creator].join(
    '\u0001',
  );
}

/** The end of a title page written with no similar titles (see TitlesService.pageParts), and the part of it that goes. */
const EMPTY_SIMILAR_END = '"similar":[]}}';
const EMPTY_LIST_END = '[]}}';

/**
 * A genre combination's similar titles: the ids of its SIMILAR_LIMIT + 1 most popular titles, and the end of a page
 * with the first SIMILAR_LIMIT once written. Ids only, not cards, and joined into one string: a combination is listed
 * the first time one of its titles is opened, under traffic, and what it keeps is then copied by the garbage
 * collector's young-generation passes and visited by every full one (there are tens of thousands of combinations
 * in a large catalogue); a list of cards was about 40 objects per combination, a list of id strings 15, a joined
 * list is one.
 */
export interface SimilarList {
  /** The ids joined by ID_SEP (an array only if some id holds that character); see similarIds. */
  ids: string | readonly string[];
  /** `<cards as JSON>}}` as UTF-8: what follows `"similar":` to end the page of a title outside this list. */
  end?: Buffer;
  /**
   * The same for a title among the list's first SIMILAR_LIMIT, by its position: the cards of the others (the
   * list without it). Written when first asked for; dropped together past OWN_END_CAP.
   */
  ownEnds?: (Buffer | undefined)[];
}

/**
 * A title page as sent: its own part, then the end it shares with the titles of its genre combination that have
 * the same similar titles (none if the page writer ever ends a page otherwise: then it is written whole). The parts
 * go out one after the other (lib/kept-answers.ts), so a kept page is never joined into a new string to be sent. A
 * part is text when just written, and UTF-8 bytes kept outside the heap (kept-pages.ts, lib/byte-slabs.ts).
 */
export type PageParts = readonly [PagePart] | readonly [PagePart, PagePart];
type PagePart = string | Buffer;

/** A title's similar titles from its combination's cards: the first SIMILAR_LIMIT, less its own when it is among them. */
function similarOthers(cards: readonly MediaSearchResult[], id: string, position: number): MediaSearchResult[] {
  return (position < 0 ? cards : cards.filter((other) => other.id !== id)).slice(0, SIMILAR_LIMIT);
}

/** The whole page, for the full stack: text when both parts are, else bytes. */
function joined(parts: PageParts): string | Buffer {
  if (parts.length === 1) return parts[0];
  const [head, end] = parts;
  if (typeof head === 'string' && typeof end === 'string') return head + end;
  return Buffer.concat([typeof head === 'string' ? Buffer.from(head) : head, typeof end === 'string' ? Buffer.from(end) : end]);
}

const NO_CARDS: readonly MediaSearchResult[] = [];

/** What joins a similar list's ids: a character that no real id holds. */
const ID_SEP = '\u0000';

export function joinIds(ids: readonly string[]): string | readonly string[] {
  return ids.some((id) => id.includes(ID_SEP)) ? ids : ids.join(ID_SEP);
}

/** A similar list's ids, most similar first. */
export function similarIds(similar: { ids: string | readonly string[] }): readonly string[] {
  const { ids } = similar;
  if (typeof ids !== 'string') return ids;
  return ids === '' ? [] : ids.split(ID_SEP);
}

/**
 * A title's position among its combination's first SIMILAR_LIMIT similar titles, or -1 (its similar titles are
 * then the first SIMILAR_LIMIT). Read from the joined ids in place: this runs for every page built.
 */
export function topPosition(similar: SimilarList, id: string): number {
  const { ids } = similar;
  if (typeof ids !== 'string') {
    for (let i = 0; i < ids.length && i < SIMILAR_LIMIT; i++) if (ids[i] === id) return i;
    return -1;
  }
  for (let i = 0, from = 0; i < SIMILAR_LIMIT && from < ids.length; i++) {
    let to = ids.indexOf(ID_SEP, from);
    if (to < 0) to = ids.length;
    if (to - from === id.length && ids.startsWith(id, from)) return i;
    from = to + 1;
  }
  return -1;
}

/** The end written for a title at `position` (topPosition) among its similar titles, if it is written yet. */
function endFor(similar: SimilarList, position: number): Buffer | undefined {
  return position < 0 ? similar.end : similar.ownEnds?.[position];
}

/** An answer as JSON. */
export interface KeptAnswer {
  /** Text or bytes when just written (search answers are written as bytes: see written); a copy of the kept bytes once kept (see keep). */
  readonly json: string | Buffer;
  /** True when it was found among the kept answers rather than built for this request. */
  readonly kept?: true;
}

/** Writers of answers as JSON, {"data": value}. */
export interface AnswerWriters {
  page: (data: TitleDetails) => string;
  /** A list of cards as a JSON array (a title page's similar titles, written once per genre combination). */
  cards: (data: MediaSearchResult[]) => string;
  suggestions: (data: MediaSearchResult[]) => string;
  searchPage: (data: MediaSearchPage) => string;
}

interface Cached<T> {
  expires: number;
  version: number;
  value: T;
  /** {"data": value} as JSON, written the first time it is sent before routing. */
  json?: string;
}

/** Search answers' JSON before their cards (see TitlesService.written), in their contracts' order. */
const SUGGESTIONS_HEAD = JsonBytes.literal('{"data":[');
const PAGE_HEAD = JsonBytes.literal('{"data":{"results":[');

/** A page of search results for a query with no words. */
const emptySearchPage = (page: number) => ({ results: [], page, pageSize: PAGE_SIZE, hasMore: false });

/**
 * Cached lists answered before routing (lib/kept-answers.ts): the home sections and the empty search box's lists.
 * Path -> key of the cached answer.
 */
/** The home sections answered before routing: each path's cache key, and the call that loads it anew. */
const KEPT_HOME: Record<string, { key: string; reload: (s: TitlesService) => Promise<unknown> }> = {
  '/api/home/carousel': { key: 'carousel', reload: (s) => s.carousel() },
  '/api/home/weekly-popular-movies': { key: 'weekly:movie:20', reload: (s) => s.weeklyPopular('movie', 20) },
  '/api/home/weekly-popular-shows': { key: 'weekly:tvSeries:20', reload: (s) => s.weeklyPopular('tvSeries', 20) },
  '/api/movies/popular-searches': { key: 'popular-searches', reload: (s) => s.popularSearches() },
  '/api/movies/popular-movies': { key: 'popular:movie', reload: (s) => s.popular('movie') },
  '/api/movies/popular-shows': { key: 'popular:tvSeries', reload: (s) => s.popular('tvSeries') },
};

/**
 * Discovery: search, browsing, title pages and home sections.
 * Holds the in-process search index (a cache of the titles table), a cache of
 * presented cards, short-lived caches of home and list answers, and a buffer
 * of title views written in batches.
 */
export class TitlesService {
  readonly index = new TitleSearchIndex();
  private cache = new Map<string, Cached<unknown>>();
  private changed = new Map<string, repo.IndexRowWithStamp>();
  private watermark: Date | string | null = null;
  /** When the watermark last moved: for two minutes after, re-read a minute back in case a slower writer commits older stamps. */
  private watermarkMovedAt = 0;
  private lastFullBuild = 0;
  private syncing: Promise<void> | null = null;
  /** Title views counted since the last write (kept as integers: see title-keys.ts). */
  private views = new TitleCounts(VIEW_BATCH * 2);
  /** Set while warmUp() runs: nothing is counted or kept. */
  private warming = false;
  private flushing: Promise<void> | null = null;
  /** The one pass queued behind the batch being written, for the views counted meanwhile. */
  private flushAgain: Promise<void> | null = null;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private database: Database,
    private log: FastifyBaseLogger,
    /** Write answers as JSON ({"data": ...}); the routes pass the serializers compiled from their contracts. */
    private writers: AnswerWriters = {
      page: (data) => JSON.stringify({ data }),
      cards: (data) => JSON.stringify(data),
      suggestions: (data) => JSON.stringify({ data }),
      searchPage: (data) => JSON.stringify({ data }),
    },
    /**
     * Search answers are written from the index's bytes (see cardsJson); with this set (outside production) each is
     * also written by `writers` and the two compared, and a difference fails the request.
     */
    private verifyWrites = true,
  ) {}

  private get db() {
    return this.database.db;
  }

  // ---- index upkeep ------------------------------------------------------------------------------

  /**
   * SQLite: each title's rowid by its key (title-keys.ts), as the last full build of the index read them, so a title
   * page is read by rowid (repo.findTitlePageSqlite). Titles added since have none and are read by id.
   */
  private rowids: IntTable | undefined;

  private rowidOf(id: string): number {
    const key = this.rowids === undefined ? -1 : titleKey(id);
    return key < 0 ? -1 : (this.rowids as IntTable).get(key);
  }

  /** Builds the index from the database (start-up, or after many changes). */
  async rebuild(): Promise<void> {
    const t0 = performance.now();
    const latest = await repo.latestTitleChange(this.db);
    const builder = new SegmentBuilder(this.index.genres);
    if (this.database.sqlite) {
      // Each title's rowid by its key, read in the same pass (see rowidOf); room for the titles there are now.
      const rowids = new IntTable(repo.countTitlesSqlite(this.database.sqlite) + 1);
      repo.forEachIndexRowSqlite(this.database.sqlite, (r, rowid) => {
        builder.push(r);
        const key = titleKey(r.id);
        if (key >= 0 && rowid > 0 && rowid <= 0x7fffffff && rowids.size < rowids.capacity) rowids.set(key, rowid);
      });
      this.rowids = rowids;
    } else {
      let after: string | null = null;
      for (;;) {
        const rows: repo.IndexRowWithStamp[] = await repo.listIndexRows(this.db, after, INDEX_PAGE);
        for (const r of rows) builder.push(r);
        if (rows.length < INDEX_PAGE) break;
        after = rows[rows.length - 1].id;
      }
    }
    this.index.replace(builder.finish());
    this.changed.clear();
    this.watermark = latest;
    this.watermarkMovedAt = 0;
    this.lastFullBuild = Date.now();
    this.log.info({ titles: this.index.size, ms: Math.round(performance.now() - t0) }, 'title search index built');
  }

  /** Picks up titles created or changed since the last look (called every few seconds, and by tests and tools). */
  sync(): Promise<void> {
    this.syncing ??= this.syncOnce().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    if (this.watermark === null) {
      const latest = await repo.latestTitleChange(this.db);
      if (latest === null) return;
      if (this.index.size === 0) return this.rebuild();
    }
    // Shortly after a change, re-read a minute back: another writer's transaction may commit rows stamped a little
    // earlier. Otherwise only rows stamped after the newest one seen (many rows may share one stamp after an import).
    const lookBack = Date.now() - this.watermarkMovedAt < 120_000;
    const mark = this.watermark === null ? new Date(0) : new Date(this.watermark);
    const since = lookBack ? new Date(mark.getTime() - 60_000) : mark;
    const sinceValue = this.database.dialect === 'sqlite' ? since.toISOString() : since;
    const rows = await repo.listIndexRowsChangedSince(this.db, sinceValue, lookBack ? '>=' : '>', DELTA_MAX + 1);
    let fresh = 0;
    for (const r of rows) {
      const had = this.changed.get(r.id);
      if (!had || signature(had) !== signature(r)) fresh++;
      this.changed.set(r.id, r);
    }
    if (fresh === 0) return;
    if (rows.length > DELTA_MAX || this.changed.size > DELTA_MAX) {
      // Many changes (an import): rebuild once writing has paused for 15 s, or every ten minutes while it goes on.
      const latest = await repo.latestTitleChange(this.db);
      const settled = latest !== null && Date.now() - new Date(latest).getTime() > 15_000;
      if (settled || Date.now() - this.lastFullBuild > 600_000) await this.rebuild();
      return;
    }
    this.index.setDelta([...this.changed.values()]);
    const newest = rows[rows.length - 1].updatedAt;
    if (this.watermark === null || new Date(newest) > new Date(this.watermark)) {
      this.watermark = newest;
      this.watermarkMovedAt = Date.now();
    }
  }

  start(): void {
    const every = (ms: number, fn: () => Promise<void>) => {
      const t = setInterval(() => {
        fn().catch((err) => this.log.error({ err }, 'titles background task failed'));
      }, ms);
      t.unref();
      this.timers.push(t);
    };
    every(5000, () => this.sync());
    every(VIEW_FLUSH_MS, () => this.flushViews());
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.syncing?.catch(() => undefined);
    await this.flushViews().catch((err) => this.log.error({ err }, 'could not write title views'));
  }

  // ---- caches ------------------------------------------------------------------------------------

  /**
   * A short-lived answer: loaded once however many ask at the same time; once expired (for the same catalogue),
   * the previous answer is still given while one request loads the next, so nobody waits on a heavy read
   * (the weekly ranking) when its minute is up.
   */
  private async cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key) as Cached<T> | undefined;
    if (hit && hit.version === this.index.version) {
      if (hit.expires > Date.now()) return hit.value;
      if (!this.loading.has(key)) this.reload(key, ttlMs, load).catch((err) => this.log.error({ err, key }, 'could not refresh a cached answer'));
      return hit.value;
    }
    return this.reload(key, ttlMs, load);
  }

  private loading = new Map<string, Promise<unknown>>();

  private reload<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const running = this.loading.get(key) as Promise<T> | undefined;
    if (running) return running;
    const version = this.index.version;
    const p: Promise<T> = load()
      .then((value) => {
        // Not kept if the catalogue changed meanwhile, or the answer was dropped (forget) while it loaded.
        if (version === this.index.version && this.loading.get(key) === p) {
          if (this.cache.size > 2000) this.cache.clear();
          this.cache.set(key, { value, expires: Date.now() + ttlMs, version });
        }
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === p) this.loading.delete(key);
      });
    this.loading.set(key, p);
    return p;
  }

  /** Drops a cached answer, and the one loading now, so the next request reads afresh. */
  private forget(key: string): void {
    this.cache.delete(key);
    this.loading.delete(key);
  }

  /**
   * The JSON of a home section's cached answer ({"data": ...}, as the route writes it) for the catalogue as it is, even
   * past its expiry (it is then loaded anew, as the route does), else undefined (the route then builds it). Only the
   * paths without a query (the default limit).
   */
  keptHome(path: string): string | undefined {
    const kept = KEPT_HOME[path];
    if (kept === undefined) return undefined;
    const hit = this.cache.get(kept.key);
    if (hit === undefined || hit.version !== this.index.version) return undefined;
    // Expired: the answer is loaded anew (once, however many ask) and, as the route would, the previous one is
    // given meanwhile; so at the end of its minute no request falls to the full stack while the heavy read runs.
    if (hit.expires <= Date.now() && !this.loading.has(kept.key)) {
      kept.reload(this).catch((err) => this.log.error({ err, key: kept.key }, 'could not refresh a cached answer'));
    }
    hit.json ??= JSON.stringify({ data: hit.value });
    return hit.json;
  }

  /**
   * Presented cards for ids, in order (ids no longer in the database are left out): from the index, which
   * holds every title's card text; titles it does not hold yet (changed in the last seconds) in one query.
   * Not cached: reading a card from the index costs about a microsecond, and finished answers are kept whole.
   */
  async cardsFor(ids: string[]): Promise<MediaSearchResult[]> {
    const out: (MediaSearchResult | undefined)[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const held = this.index.card(id);
      if (held) out.push(presentCard(held));
      else {
        out.push(undefined);
        missing.push(id);
      }
    }
    if (missing.length) {
      const found = new Map((await repo.findCardRows(this.database, missing)).map((r) => [r.id, presentCard(r)]));
      for (let i = 0; i < ids.length; i++) out[i] ??= found.get(ids[i]);
    }
    return out.filter((c): c is MediaSearchResult => c !== undefined);
  }

  private async homeItems(ids: string[], tagOf: (isSeries: boolean) => string): Promise<HomeMediaItem[]> {
    const rows = await repo.findHomeRows(this.db, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [presentHomeItem(r, tagOf(r.titleType === 'tvSeries'))] : [];
    });
  }

  // ---- search ------------------------------------------------------------------------------------

  /**
   * Finished search answers, kept as their JSON's bytes outside the heap (lib/kept-bytes.ts: nothing per answer for
   * the garbage collector to copy or mark). Found by the exact input first (no parsing on the hot path), then by the
   * query as the index reads it (case, accents and spacing folded: "The  Godfather" and "the godfather" share one
   * answer). Emptied when the index changes.
   */
  private answers = new KeptBytes(ANSWER_KEYS, ANSWER_SLABS);
  private answersVersion = -1;
  /** Which queries and title pages were asked for recently: answers are kept from their second request. */
  private askedAgain = new Doorkeeper();

  /**
   * The kept answer for an input, else one built now when `loadNow` can build it synchronously (undefined when it
   * cannot: then `answer` loads it). Blank input answers `empty()`.
   */
  private answerNow(kind: string, input: string, loadNow: (q: ParsedQuery) => string | Buffer | undefined, empty: () => string): KeptAnswer | undefined {
    if (this.answersVersion !== this.index.version) {
      this.answers.clear();
      this.answersVersion = this.index.version;
    }
    const exact = `${kind}|${input}`;
    const seen = this.answers.get(exact);
    if (seen !== undefined) return { json: seen, kept: true };
    const q = parseQuery(input);
    if (q.tokens.length === 0) return { json: empty() };
    const folded = foldedKey(kind, q);
    const kept = this.answers.get(folded);
    if (kept !== undefined) {
      if (!this.warming) this.answers.set([exact], kept);
      return { json: kept, kept: true };
    }
    const version = this.index.version;
    const json = loadNow(q);
    return json === undefined ? undefined : this.keep(exact, folded, { json }, version);
  }

  private async answer<T>(
    kind: string,
    input: string,
    loadNow: (q: ParsedQuery) => string | Buffer | undefined,
    load: (q: ParsedQuery) => Promise<T>,
    write: (value: T) => string,
    empty: () => T,
  ): Promise<KeptAnswer> {
    const now = this.answerNow(kind, input, loadNow, () => write(empty()));
    if (now !== undefined) return now;
    // Rare: a card the index does not hold yet (a title changed in the last seconds).
    const q = parseQuery(input);
    const version = this.index.version;
    const kept = { json: write(await load(q)) };
    return this.keep(`${kind}|${input}`, foldedKey(kind, q), kept, version);
  }

  /** Keeps a new answer under its input and its folded query, from the query's second request (see Doorkeeper). */
  private keep(exact: string, folded: string, answer: KeptAnswer, version: number): KeptAnswer {
    // Most queries are asked once; an answer built for an older catalogue is given but not kept.
    if (version !== this.index.version || this.warming || !this.askedAgain.seenBefore(folded)) return answer;
    this.answers.set([folded, exact], answer.json);
    return answer;
  }

  /** Search-box suggestions: {"data": MediaSearchResult[]} as JSON. */
  suggest(input: string, type: TitleType | null): Promise<KeptAnswer> {
    return this.answer(
      `s|${type ?? ''}`,
      input,
      (q) => this.suggestionsHeld(q, type),
      (q) => this.cardsFor(this.index.search(q, { type, limit: SUGGESTION_LIMIT }).ids),
      this.writers.suggestions,
      () => [],
    );
  }

  /**
   * Search-box suggestions answered before routing (lib/kept-answers.ts): the kept answer, or one built now from
   * the index when it holds every card; else undefined, and the route answers.
   */
  suggestNow(input: string, type: TitleType | null): KeptAnswer | undefined {
    return this.answerNow(`s|${type ?? ''}`, input, (q) => this.suggestionsHeld(q, type), () => this.writers.suggestions([]));
  }

  /** The suggestions written from the index; undefined when it does not hold one of their cards yet. */
  private suggestionsHeld(q: ParsedQuery, type: TitleType | null): string | Buffer | undefined {
    const ids = this.index.search(q, { type, limit: SUGGESTION_LIMIT }).ids;
    return this.written(ids, SUGGESTIONS_HEAD, ']}', () => this.heldCards(ids), this.writers.suggestions);
  }

  private json = new JsonBytes();

  /**
   * `head`, the cards of `ids` and `tail` as JSON, written from the index's bytes (lib/json-bytes.ts) when it can: a
   * cold search's cards then cost a fraction of presenting them as objects and serializing those, and allocate next
   * to nothing. Else (a card that needs escaping) from `value()` by `write`; undefined when a card is not held yet.
   */
  private written<T>(ids: readonly string[], head: Uint8Array, tail: string, value: () => T | undefined, write: (value: T) => string): string | Buffer | undefined {
    const bytes = this.index.cardsJson(ids, head, tail, this.json);
    if (bytes !== undefined && !this.verifyWrites) return bytes;
    const v = value();
    if (v === undefined) return undefined;
    const json = write(v);
    if (bytes !== undefined && bytes.toString('utf8') !== json) {
      throw new Error(`search answer written from the index differs from its contract's serializer:\n${bytes.toString('utf8')}\n${json}`);
    }
    return bytes ?? json;
  }

  /** A page of full search results: {"data": MediaSearchPage} as JSON. */
  searchPage(input: string, type: TitleType | null, page: number): Promise<KeptAnswer> {
    return this.answer(
      `p|${type ?? ''}|${page}`,
      input,
      (q) => this.searchPageHeld(q, type, page),
      async (q) => {
        const { ids, hasMore } = this.index.search(q, { type, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
        return { results: await this.cardsFor(ids), page, pageSize: PAGE_SIZE, hasMore };
      },
      this.writers.searchPage,
      () => emptySearchPage(page),
    );
  }

  /**
   * A page of full search results answered before routing (lib/kept-answers.ts): the kept answer, or one built now
   * from the index when it holds every card; else undefined, and the route answers.
   */
  searchPageNow(input: string, type: TitleType | null, page: number): KeptAnswer | undefined {
    return this.answerNow(`p|${type ?? ''}|${page}`, input, (q) => this.searchPageHeld(q, type, page), () => this.writers.searchPage(emptySearchPage(page)));
  }

  /** A page of search results written from the index; undefined when it does not hold one of their cards yet. */
  private searchPageHeld(q: ParsedQuery, type: TitleType | null, page: number): string | Buffer | undefined {
    const { ids, hasMore } = this.index.search(q, { type, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
    const value = () => {
      const results = this.heldCards(ids);
      return results && { results, page, pageSize: PAGE_SIZE, hasMore };
    };
    return this.written(ids, PAGE_HEAD, `],"page":${page},"pageSize":${PAGE_SIZE},"hasMore":${hasMore}}}`, value, this.writers.searchPage);
  }

  /**
   * Counts a click from a search's suggestions. Only a real pair counts: the title must be among the query's
   * first SEARCH_CLICK_DEPTH results of its own type (the suggestions, of either type or of one, are always
   * among those), so nobody can put words of their own into everyone's popular searches.
   */
  async recordSearchClick(query: string, titleId: string): Promise<void> {
    const [title] = await repo.findCardRows(this.database, [titleId]);
    if (!title) throw notFound(`titleId: no title with id ${titleId}.`, 'title_not_found');
    if (!this.index.search(query, { type: title.titleType, limit: SEARCH_CLICK_DEPTH }).ids.includes(titleId)) {
      throw badRequest(`titleId: ${titleId} is not among the results for this query.`, 'not_a_search_result');
    }
    const day = dayOf(new Date());
    await repo.addSearchQueryCount(this.db, day, searchQueryKey(query));
    await repo.addActivityCounts(this.db, [{ day, titleId, kind: 'search_click', count: 1 }]);
    this.forget('popular-searches');
  }

  popularSearches(): Promise<PopularSearch[]> {
    return this.cached('popular-searches', 30_000, async () => {
      const out = await repo.listPopularSearches(this.database, daysAgo(6), 10);
      if (out.length < 10) {
        const seen = new Set(out.map((s) => s.query.toLowerCase()));
        const { ids } = this.index.browse({}, 'popularity', 0, 20);
        for (const card of await this.cardsFor(ids)) {
          if (out.length >= 10) break;
          if (seen.has(card.title.toLowerCase())) continue;
          seen.add(card.title.toLowerCase());
          out.push({ query: card.title, count: 0 });
        }
      }
      return out;
    });
  }

  popular(type: TitleType): Promise<MediaSearchResult[]> {
    return this.cached(`popular:${type}`, 300_000, () => this.cardsFor(this.index.browse({ type }, 'popularity', 0, SUGGESTION_LIMIT).ids));
  }

  // ---- genres, directory, presets --------------------------------------------------------------

  genres(type: TitleType | null) {
    return this.cached(`genres:${type}`, 600_000, async () => this.index.genreCounts(type));
  }

  private genreMaskOrThrow(names: string[], field: string): number {
    const { mask, unknown } = this.index.genreMask(names);
    if (unknown.length) {
      throw badRequest(`${field}: unknown genre "${unknown[0]}". Known genres: ${this.index.genres.names.join(', ')}.`, 'unknown_genre');
    }
    return mask;
  }

  private async page(filter: BrowseFilter, sort: DirectorySort, page: number): Promise<MediaSearchPage> {
    const { ids, hasMore } = this.index.browse(filter, sort, (page - 1) * PAGE_SIZE, PAGE_SIZE);
    return { results: await this.cardsFor(ids), page, pageSize: PAGE_SIZE, hasMore };
  }

  searchByGenres(genreNames: string[], type: TitleType | null, page: number): Promise<MediaSearchPage> {
    const genreMask = this.genreMaskOrThrow(genreNames, 'genreNames');
    return this.page({ type, genreMask }, 'popularity', page);
  }

  filters(
    type: TitleType,
    q: { genre?: string; yearFrom?: number; yearTo?: number; ratingMin?: number; votesMin?: number; sort: DirectorySort; page: number },
  ): Promise<MediaSearchPage> {
    const names = q.genre ? q.genre.split(',').map((g) => g.trim()).filter(Boolean) : [];
    const genreMask = names.length ? this.genreMaskOrThrow(names, 'genre') : 0;
    return this.page({ type, genreMask, yearFrom: q.yearFrom, yearTo: q.yearTo, ratingMin: q.ratingMin, votesMin: q.votesMin }, q.sort, q.page);
  }

  async preset(type: TitleType, name: string, q: { genre?: string; page: number }): Promise<MediaSearchPage> {
    const known: readonly string[] = type === 'movie' ? MOVIE_PRESETS : SHOW_PRESETS;
    if (!known.includes(name)) {
      throw notFound(`presetName: unknown preset "${name.slice(0, 40)}". ${type === 'movie' ? 'Movie' : 'TV'} presets: ${known.join(', ')}.`, 'unknown_preset');
    }
    const empty = { results: [], page: q.page, pageSize: TOP_LIST, hasMore: false };
    const top20 = async (load: () => Promise<string[]>) =>
      q.page > 1 ? empty : { results: await this.cardsFor(await this.cached(`preset:${type}:${name}`, 300_000, load)), page: 1, pageSize: TOP_LIST, hasMore: false };
    switch (name) {
      case 'box-office':
        return top20(() => repo.listTopGrossing(this.db, TOP_LIST));
      case 'top-rated':
      case 'ratings':
        return top20(async () => this.index.browse({ type }, 'rating', 0, TOP_LIST).ids);
      case 'popular':
        return this.page({ type }, 'popularity', q.page);
      case 'coming-soon': {
        const ids = await repo.listComingSoon(this.db, type, dayOf(new Date()), (q.page - 1) * PAGE_SIZE, PAGE_SIZE + 1);
        return { results: await this.cardsFor(ids.slice(0, PAGE_SIZE)), page: q.page, pageSize: PAGE_SIZE, hasMore: ids.length > PAGE_SIZE };
      }
      default: {
        if (!q.genre) throw badRequest('genre: is required for the by-genre preset.', 'validation_error');
        const genreMask = this.genreMaskOrThrow([q.genre], 'genre');
        return this.page({ type, genreMask }, 'popularity', q.page);
      }
    }
  }

  // ---- title page --------------------------------------------------------------------------------

  /**
   * Title pages as sent: each page's own part written once and kept as UTF-8 bytes outside the heap, with a
   * reference to the end its genre combination shares (kept-pages.ts), sent as they are. A page is kept from its
   * second request within a while (Doorkeeper); the last PAGE_CACHE pages kept are kept for a minute; all are
   * dropped on every catalogue change.
   */
  private pages = new KeptPages(PAGE_CACHE);
  /** How many SimilarList.ownEnds are written (see OWN_END_CAP). */
  private ownEnds = 0;
  /** Where the ends of similar lists are written as bytes. */
  private slabs = new ByteSlabs();

  /** The title page's answer ({"data": TitleDetails} as JSON, text or UTF-8 bytes); counts a view. */
  async pageJson(type: TitleType, id: string): Promise<string | Buffer> {
    const kept = this.keptPage(type, id);
    if (kept) return joined(kept);
    const version = this.index.version;
    const found = await this.findPage(type, id);
    const similar = this.similarOf(type, found.row.genres);
    const position = topPosition(similar, id);
    let cards = NO_CARDS;
    if (endFor(similar, position) === undefined) {
      const ids = similarIds(similar);
      cards = this.heldCards(ids) ?? (await this.cardsFor([...ids]));
    }
    return joined(this.finishPage(type, id, found, similar, position, cards, version));
  }

  /**
   * On SQLite, where reading a page is one synchronous statement: the page built now, for an answer sent
   * before routing, when all it needs is at hand (the title is there, of that type, and the search index holds
   * the cards its similar titles need). Otherwise undefined, and the full stack answers (a 404, or a page whose
   * similar titles changed in the last seconds). Counted and kept as pageJson does.
   */
  pageNow(type: TitleType, id: string): PageParts | undefined {
    const sqlite = this.database.sqlite;
    if (!sqlite || this.warming) return undefined;
    const version = this.index.version;
    const found = repo.findTitlePageSqlite(sqlite, id, this.rowidOf(id));
    if (!found || found.row.titleType !== type) return undefined;
    const similar = this.similarOf(type, found.row.genres);
    const position = topPosition(similar, id);
    let cards = NO_CARDS;
    if (endFor(similar, position) === undefined) {
      const held = this.heldCards(similarIds(similar));
      if (!held) return undefined;
      cards = held;
    }
    return this.finishPage(type, id, found, similar, position, cards, version);
  }

  /** `position`: topPosition(similar, id); `cards`: the similar list's cards when its end is not written yet, else NO_CARDS. */
  private finishPage(
    type: TitleType,
    id: string,
    found: repo.TitlePage,
    similar: SimilarList,
    position: number,
    cards: readonly MediaSearchResult[],
    version: number,
  ): PageParts {
    this.countView(id);
    const parts = this.pageParts(id, found, similar, position, cards);
    // Kept from the page's second request on (see Doorkeeper): most pages of a large catalogue are opened rarely.
    if (parts.length === 2 && !this.warming && version === this.index.version && this.askedAgain.seenBefore(`page|${id}`)) {
      this.pages.set(id, { type, head: parts[0], end: parts[1] as Buffer }, Date.now() + 60_000, version);
    }
    return parts;
  }

  /** The kept answer of a title page, in its parts, while it is current (counting a view), else undefined. */
  keptPage(type: TitleType, id: string): PageParts | undefined {
    const hit = this.pages.get(id, Date.now(), this.index.version);
    if (hit === undefined || hit.type !== type) return undefined;
    this.countView(id);
    return [hit.head, hit.end];
  }

  private async findPage(type: TitleType, id: string): Promise<repo.TitlePage> {
    const found = await repo.findTitlePage(this.database, id);
    if (!found || found.row.titleType !== type) throw notFound(`No ${type === 'movie' ? 'movie' : 'TV series'} with id ${id}.`, 'title_not_found');
    return found;
  }

  /**
   * A title page's answer as JSON, from its row and people and its genres' similar titles. The similar titles, the larger
   * part of a page, are the same for every title of a genre combination outside its own top SIMILAR_LIMIT:
   * their JSON is written once per combination and put in place of the empty list that ends the page
   * (`similar` is the contract's last field), and a kept page holds only the part before it. A title among its
   * own similar titles has the others as similar titles: that end is written once per position in the list
   * (SimilarList.ownEnds), so every page is kept the same way, only its own part on the heap's side.
   */
  private pageParts(
    id: string,
    found: repo.TitlePage,
    similar: SimilarList,
    position: number,
    cards: readonly MediaSearchResult[],
  ): readonly [string] | readonly [string, Buffer] {
    const body = this.writers.page(presentDetails(found.row, found.people, []));
    if (body.endsWith(EMPTY_SIMILAR_END)) {
      const head = body.slice(0, -EMPTY_LIST_END.length);
      const written = endFor(similar, position);
      if (written !== undefined) return [head, written];
      const end = this.slabs.bytes(`${this.writers.cards(similarOthers(cards, id, position))}}}`);
      if (position < 0) similar.end = end;
      else {
        if (this.ownEnds >= OWN_END_CAP) this.forgetOwnEnds();
        similar.ownEnds ??= [];
        similar.ownEnds[position] = end;
        this.ownEnds++;
      }
      return [head, end];
    }
    // (A writer whose page does not end with the empty list would need the cards here even with the end written.)
    const all = cards === NO_CARDS ? (this.heldCards(similarIds(similar)) ?? NO_CARDS) : cards;
    return [this.writers.page(presentDetails(found.row, found.people, similarOthers(all, id, position)))];
  }

  /** Cards of the given titles, in order, from the search index; undefined when it does not hold one of them yet. */
  private heldCards(ids: readonly string[]): MediaSearchResult[] | undefined {
    const out: MediaSearchResult[] = [];
    for (let i = 0; i < ids.length; i++) {
      const held = this.index.card(ids[i], i);
      if (!held) return undefined;
      out.push(presentCard(held));
    }
    return out;
  }

  /**
   * Similar titles depend only on the type, the set of genres and the first genre (the fallback), which many
   * titles share (a few thousand combinations in a million titles): they are listed per combination, found by
   * the type and the title's genres column as it is (no key is built per request).
   */
  private similarByGenres: Record<TitleType, Map<string, SimilarList>> = { movie: new Map(), tvSeries: new Map() };
  private similarVersion = -1;

  /** Same type, sharing all the given genres (else the first one), most popular first: SIMILAR_LIMIT + 1 titles. */
  private similarOf(type: TitleType, genresColumn: string): SimilarList {
    if (this.similarVersion !== this.index.version) {
      this.forgetSimilar();
      this.similarVersion = this.index.version;
    }
    const lists = this.similarByGenres[type];
    let similar = lists.get(genresColumn);
    if (similar === undefined) {
      const genres = genreList(genresColumn);
      const all = this.index.genreMask(genres).mask;
      const first = genres.length > 1 ? this.index.genreMask(genres.slice(0, 1)).mask : all;
      similar = { ids: joinIds(this.computeSimilar(type, all, first, SIMILAR_LIMIT + 1)) };
      if (lists.size >= 50_000) lists.clear();
      lists.set(genresColumn, similar);
    }
    return similar;
  }

  private forgetSimilar(): void {
    this.similarByGenres.movie.clear();
    this.similarByGenres.tvSeries.clear();
    this.ownEnds = 0;
  }

  /** Drops the ends written for titles among their own similar titles (pages kept with one still hold it). */
  private forgetOwnEnds(): void {
    for (const lists of [this.similarByGenres.movie, this.similarByGenres.tvSeries]) for (const similar of lists.values()) similar.ownEnds = undefined;
    this.ownEnds = 0;
  }

  private computeSimilar(type: TitleType, all: number, first: number, limit: number): string[] {
    const out = this.index.browse({ type, genreMask: all }, 'popularity', 0, limit).ids;
    if (out.length < limit && first !== all) {
      for (const more of this.index.browse({ type, genreMask: first }, 'popularity', 0, limit * 2).ids) {
        if (out.length >= limit) break;
        if (!out.includes(more)) out.push(more);
      }
    }
    return out;
  }

  /** Views are counted in memory and written every five seconds (or at 20,000 different titles), many to a transaction. */
  private countView(titleId: string): void {
    if (this.warming) return;
    this.views.add(titleId);
    if (this.views.size >= VIEW_BATCH && !this.flushing) void this.flushViews().catch((err) => this.log.error({ err }, 'could not write title views'));
  }

  /**
   * Writes the views counted so far; resolves once they are written. One batch is written at a time: views counted
   * while it is go into one more pass after it (shared by every caller meanwhile), so when the writer falls behind
   * (a background writer yields the core to requests), views of the same title keep adding up in memory instead of
   * queueing batch after batch.
   */
  flushViews(): Promise<void> {
    if (this.flushing) {
      this.flushAgain ??= this.flushing
        .catch(() => undefined)
        .then(() => {
          this.flushAgain = null;
          return this.flushViews();
        });
      return this.flushAgain;
    }
    if (this.views.size === 0) return Promise.resolve();
    const batch = this.views.drain();
    const day = dayOf(new Date());
    // Arrays, not objects per title (objects, sorted here, took 30-50 ms for 20,000 titles); typed ones for keys.
    const p = Promise.all([
      repo.writeActivityByKey(this.database, day, 'view', batch.keys, batch.keyCounts),
      batch.ids.length ? repo.writeActivityBatch(this.database, day, 'view', batch.ids, batch.counts) : undefined,
    ])
      .then(() => undefined)
      .finally(() => {
        if (this.flushing === p) this.flushing = null;
      });
    this.flushing = p;
    return p;
  }

  // ---- warm-up ---------------------------------------------------------------------------------

  /**
   * What warmUp runs: searches of the kinds people type (a whole title, a prefix, a word and a year, a typo,
   * two words, a last word), made from titles spread over the catalogue from the most popular down, and
   * title pages of such titles.
   */
  warmUpPlan(count: number): { searches: string[]; pages: { type: TitleType; id: string }[] } {
    const seg = this.index.main;
    const searches: string[] = [];
    const pages: { type: TitleType; id: string }[] = [];
    if (seg.n === 0) return { searches, pages };
    const step = Math.max(1, Math.floor(seg.n / count));
    for (let d = 0, k = 0; d < seg.n && searches.length < count; d += step, k++) {
      const card = seg.card(d);
      if (!card) continue;
      const title = card.primaryTitle;
      const words = title.split(/\s+/).filter(Boolean);
      if (words.length === 0) continue;
      const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
      const cut = 1 + (k % Math.max(1, longest.length - 2));
      const kinds = [
        title.toLowerCase(),
        title.slice(0, 2 + (k % 5)),
        card.startYear ? `${words[0]} ${card.startYear}` : words[0],
        longest.length > 5 ? longest.slice(0, cut) + longest.slice(cut + 1) : longest,
        words.slice(0, 2).join(' ').toLowerCase(),
        words[words.length - 1],
      ];
      searches.push(kinds[k % kinds.length]);
      if (k % 8 === 0) pages.push({ type: card.titleType, id: card.id });
    }
    return { searches, pages };
  }

  /**
   * Runs `work` with counting and caching switched off (title views, answers, title pages), then empties
   * every cache it may have touched, so the service is as cold as before but its code is compiled.
   */
  async warmingUp<T>(work: () => Promise<T>): Promise<T> {
    this.warming = true;
    try {
      return await work();
    } finally {
      this.warming = false;
      this.answers.clear();
      this.askedAgain.reset();
      this.pages.clear();
      this.forgetSimilar();
      this.cache.clear();
      this.loading.clear();
    }
  }

  // ---- home --------------------------------------------------------------------------------------

  carousel(): Promise<HomeMediaItem[]> {
    return this.cached('carousel', 60_000, async () => {
      const movies = this.index.browse({ type: 'movie' }, 'popularity', 0, 10).ids;
      const shows = this.index.browse({ type: 'tvSeries' }, 'popularity', 0, 10).ids;
      return this.homeItems([...movies, ...shows], (isSeries) => (isSeries ? 'Top TV Shows' : 'Top Movies'));
    });
  }

  weeklyPopular(type: TitleType, limit: number): Promise<HomeMediaItem[]> {
    return this.cached(`weekly:${type}:${limit}`, 60_000, async () => {
      const ranked = await repo.listWeeklyRanking(this.database, type, daysAgo(6), limit);
      if (ranked.length < limit) {
        const seen = new Set(ranked);
        for (const id of this.index.browse({ type }, 'popularity', 0, limit * 2).ids) {
          if (ranked.length >= limit) break;
          if (!seen.has(id)) ranked.push(id);
        }
      }
      return this.homeItems(ranked, (isSeries) => (isSeries ? 'TV SHOW' : 'MOVIE'));
    });
  }
}
