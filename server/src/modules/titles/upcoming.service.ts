import type { MediaSearchResult } from '../../../../common/contracts/titles.ts';
import type { UpcomingPage } from '../../../../common/contracts/upcoming.ts';
import type { Database } from '../../db/database.ts';
import { listCatalogueUpcoming, listTmdbUpcoming, type UpcomingRow } from './upcoming.repository.ts';

export const UPCOMING_PAGE_SIZE = 20;
/** 50 pages of 20: the most the page parameter reaches. */
const UPCOMING_MAX = 1000;
const TTL_MS = 60_000;

/** What the upcoming list needs from discovery: presented cards, and a number that changes with the catalogue. */
export interface CardSource {
  cardsFor(ids: string[]): Promise<MediaSearchResult[]>;
  readonly index: { readonly version: number };
}

interface Snapshot {
  key: string;
  expires: number;
  entries: { id: string; releaseDate: string }[];
  /** Answers already built from this snapshot, the same object each time (its JSON is reused). */
  pages: Map<number, UpcomingPage>;
}

function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * TMDB's upcoming list and the catalogue's future release dates merged into one list: a movie in both
 * takes TMDB's date; soonest first, then TMDB's order, then catalogue popularity.
 */
export function mergeUpcoming(tmdb: UpcomingRow[], catalogue: UpcomingRow[], limit = UPCOMING_MAX): { id: string; releaseDate: string }[] {
  const byId = new Map<string, UpcomingRow>();
  for (const r of tmdb) if (!byId.has(r.id)) byId.set(r.id, r);
  for (const r of catalogue) if (!byId.has(r.id)) byId.set(r.id, r);
  return [...byId.values()]
    .sort(
      (a, b) =>
        (a.releaseDate < b.releaseDate ? -1 : a.releaseDate > b.releaseDate ? 1 : 0) ||
        (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) ||
        b.popularity - a.popularity ||
        (a.id < b.id ? -1 : 1),
    )
    .slice(0, limit)
    .map((r) => ({ id: r.id, releaseDate: r.releaseDate }));
}

/**
 * GET /api/movies/upcoming: the merged list is read once a minute (two small queries) and kept with the
 * answers built from it; a catalogue change (search index version), a new day or a TMDB refresh empties it.
 */
export class UpcomingService {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  private generation = 0;

  constructor(
    private readonly database: Database,
    private readonly titles: CardSource,
  ) {}

  /** Forget the cached list (after a TMDB refresh). */
  invalidate(): void {
    this.snapshot = null;
    this.generation += 1;
  }

  async page(page: number): Promise<UpcomingPage> {
    const snap = await this.current();
    const hit = snap.pages.get(page);
    if (hit) return hit;
    const slice = snap.entries.slice((page - 1) * UPCOMING_PAGE_SIZE, page * UPCOMING_PAGE_SIZE);
    const dates = new Map(slice.map((e) => [e.id, e.releaseDate]));
    const cards = await this.titles.cardsFor(slice.map((e) => e.id));
    const results = cards.map((card) => {
      const date = dates.get(card.id) ?? card.releaseDate;
      return date === card.releaseDate ? card : { ...card, releaseDate: date };
    });
    const answer: UpcomingPage = { results, page, totalPages: Math.ceil(snap.entries.length / UPCOMING_PAGE_SIZE) };
    // Kept only while this snapshot is still the current one.
    if (this.snapshot === snap) snap.pages.set(page, answer);
    return answer;
  }

  private async current(): Promise<Snapshot> {
    const key = `${today()}:${this.titles.index.version}`;
    const snap = this.snapshot;
    if (snap && snap.key === key && snap.expires > Date.now()) return snap;
    // One load at a time: concurrent requests wait for the same one.
    this.loading ??= this.load(key).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(key: string): Promise<Snapshot> {
    const generation = this.generation;
    const day = key.slice(0, 10);
    const [tmdb, catalogue] = await Promise.all([
      listTmdbUpcoming(this.database.db, day, UPCOMING_MAX),
      listCatalogueUpcoming(this.database.db, day, UPCOMING_MAX),
    ]);
    const snap: Snapshot = { key, expires: Date.now() + TTL_MS, entries: mergeUpcoming(tmdb, catalogue), pages: new Map() };
    if (generation === this.generation) this.snapshot = snap;
    return snap;
  }
}
