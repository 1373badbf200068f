/** The index as its segments: a main segment, a delta for titles changed since, the genres, and browsing. */

import { browseSegments } from './browse.ts';
import { SegmentBuilder } from './builder.ts';
import { GenreRegistry } from './genres.ts';
import { compareHits, type Hit } from './hits.ts';
import type { Segment } from './segment-search.ts';
import { type BrowseFilter, type BrowseSort, type IndexRow, type IndexTitleType, type ParsedQuery, type Pass, type SearchPageResult, TYPE_CODE } from './types.ts';

/** The segments of the index (see TitleSearchIndex); `main` and `delta` are the engine's own, read by its tests. */
export class SearchIndexBase {
  genres = new GenreRegistry();
  main: Segment;
  delta: Segment | null = null;
  /** Ids whose main-segment copy is out of date (they live in the delta). */
  hidden = new Set<string>();
  /** The main segment's documents that are hidden, as a bitset (null when none is): checked per candidate. */
  protected hiddenDocs: Uint32Array | null = null;
  protected hiddenCount = 0;
  /** Bumped on every change, so caches of derived answers can key on it. */
  version = 0;

  constructor() {
    this.main = new SegmentBuilder(this.genres).finish();
  }

  /** Replaces everything with a freshly built main segment. */
  replace(main: Segment): void {
    main.prepareOrders();
    main.prepareTypos();
    this.main = main;
    this.delta = null;
    this.hidden = new Set();
    this.hiddenDocs = null;
    this.hiddenCount = 0;
    this.version++;
  }

  /** Titles changed since the main segment was built (all of them, not only the latest batch). */
  setDelta(rows: IndexRow[]): void {
    const b = new SegmentBuilder(this.genres);
    for (const r of rows) b.push(r);
    const delta = rows.length ? b.finish() : null;
    delta?.prepareOrders(this.main.ratingMean);
    this.delta = delta;
    this.hidden = new Set(rows.map((r) => r.id));
    let docs: Uint32Array | null = null;
    let count = 0;
    for (const id of this.hidden) {
      const d = this.main.docOf(id);
      if (d < 0) continue;
      docs ??= new Uint32Array((this.main.n >>> 5) + 1);
      docs[d >>> 5] |= 1 << (d & 31);
      count++;
    }
    this.hiddenDocs = docs;
    this.hiddenCount = count;
    this.version++;
  }

  /** Whether the index holds title `id` (its latest copy: the delta's, else the main segment's unless hidden). */
  has(id: string): boolean {
    if (this.delta !== null && this.delta.docOf(id) >= 0) return true;
    return !this.hidden.has(id) && this.main.docOf(id) >= 0;
  }

  /** The popularity of the best known title (each segment's first document is its best known). */
  protected topPopularity(): number {
    const main = this.main.n > 0 ? this.main.pop[0] : Number.NEGATIVE_INFINITY;
    return this.delta !== null && this.delta.n > 0 ? Math.max(main, this.delta.pop[0]) : main;
  }

  get size(): number {
    return this.main.n - this.hiddenCount + (this.delta?.n ?? 0);
  }

  /**
   * A hit's title as one number: a title is in one segment only (its main copy is hidden once the delta has it), so
   * segment and document identify it without decoding its id.
   */
  protected titleKey(h: Hit): number {
    return h.seg === this.main ? h.doc : -1 - h.doc;
  }

  /** Hits of another reading added to the others (each title once, at the better of its two ranks), best first. */
  protected mergedBest(hits: Hit[], more: Hit[]): Hit[] {
    if (more.length === 0) return hits;
    const at = new Map(hits.map((h, i) => [this.titleKey(h), i]));
    for (const h of more) {
      const i = at.get(this.titleKey(h));
      if (i === undefined) hits.push(h);
      else if (h.score < hits[i].score) hits[i] = h;
    }
    return hits.sort(compareHits);
  }

  /** Hits of a later pass added to those of earlier ones (each title once), best first. */
  protected merged(hits: Hit[], more: Hit[]): Hit[] {
    const have = new Set(hits.map((h) => this.titleKey(h)));
    for (const h of more) if (!have.has(this.titleKey(h))) hits.push(h);
    return hits.sort(compareHits);
  }

  protected run(q: ParsedQuery, type: number, cap: number, enough: number, pass: Pass): Hit[] {
    const out: Hit[] = [];
    this.main.search(q, type, cap, enough, pass, this.hiddenDocs, out);
    this.delta?.search(q, type, cap, enough, pass, null, out);
    return out.sort(compareHits);
  }

  /** Genre names -> mask; unknown names are returned in `unknown`. */
  genreMask(names: string[]): { mask: number; unknown: string[]; canonical: string[] } {
    let mask = 0;
    const unknown: string[] = [];
    const canonical: string[] = [];
    for (const n of names) {
      const b = this.genres.bitOf(n, false);
      if (b <= 0) unknown.push(n);
      else {
        mask |= b;
        canonical.push(this.genres.canonical(n) as string);
      }
    }
    return { mask: mask >>> 0, unknown, canonical };
  }

  /** Browsing: the titles passing a filter in a sort order, one page (plus whether more follow); see browseSegments. */
  browse(filter: BrowseFilter, sort: BrowseSort, offset: number, limit: number): SearchPageResult {
    const parts = [{ seg: this.main, hidden: this.hiddenDocs }];
    if (this.delta) parts.push({ seg: this.delta, hidden: null });
    return browseSegments(parts, filter, sort, offset, limit);
  }

  /** Genre names with how many titles (of a type) carry each, most common first. */
  genreCounts(type: IndexTitleType | null): { name: string; count: number }[] {
    const counts = new Array<number>(this.genres.names.length).fill(0);
    const t = type ? TYPE_CODE[type] : -1;
    const add = (seg: Segment, hidden: Uint32Array | null) => {
      for (let d = 0; d < seg.n; d++) {
        if (t >= 0 && seg.type[d] !== t) continue;
        let m = seg.genreMask[d];
        if (m === 0) continue;
        if (hidden && (hidden[d >>> 5] & (1 << (d & 31))) !== 0) continue;
        while (m) {
          const b = 31 - Math.clz32(m);
          counts[b]++;
          m &= ~(1 << b);
        }
      }
    };
    add(this.main, this.hiddenDocs);
    if (this.delta) add(this.delta, null);
    return this.genres.names
      .map((name, i) => ({ name, count: counts[i] }))
      .filter((g) => g.count > 0)
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  }
}
