/**
 * The in-process title index: a cache of catalogue rows, built from the
 * database at start-up and kept current from titles.updated_at. Every process
 * keeps its own; the database stays the source of truth.
 *
 * Layout (one "segment"): documents are numbered in popularity order (0 is the
 * most popular), so walking any list of document numbers upwards walks from
 * the most to the least popular title. Titles are split into normalised tokens
 * (lower-case, accent-free); the vocabulary is sorted so every prefix is a
 * contiguous range of tokens, and postings are stored in vocabulary order, so a
 * prefix's postings are one contiguous slice. Typos are found through a
 * trigram index over the vocabulary, verified by edit distance. A one-word query may also be a title's acronym
 * ("lotr"): see ACRONYM_MIN.
 *
 * A main segment holds the catalogue as of the last full build; titles changed
 * since then live in a small delta segment, and their old copies in the main
 * segment are hidden (tombstones).
 */

import { meanRating, weightedRating } from './browse.ts';
import { PackedStrings } from './packed-strings.ts';
import { ARTICLES } from './query.ts';
import type { BrowseSort } from './types.ts';
import type { Trigrams } from './typos.ts';

/** The second and third bits of a word filter for a word's FNV-1a hash `h` (the first is `h`; see Segment.mayBeWord). */
function secondFilterBit(h: number): number {
  const b = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return b ^ (b >>> 12);
}
function thirdFilterBit(h: number): number {
  const b = Math.imul(h ^ (h >>> 13), 0x297a2d39);
  return b ^ (b >>> 16);
}

/** FNV-1a of a string's UTF-16 code units: the key of the id table. */
function stringHash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** FNV-1a over token ids, mixed with the length: the key of the exact-title table. */
function tokenSeqHash(toks: ArrayLike<number>, from: number, to: number): number {
  let h = 2166136261 ^ (to - from);
  for (let k = from; k < to; k++) {
    const t = toks[k];
    h = Math.imul(h ^ (t & 0xffff), 16777619);
    h = Math.imul(h ^ (t >>> 16), 16777619);
  }
  return h >>> 0;
}

/** A segment's titles, words and postings, and the lookups every layer above uses (see the file's head). */
export class SegmentCore {
  /** Title ids in document order, packed outside the heap (see PackedStrings): ids.at(d) is document d's. */
  ids = new PackedStrings([]);
  readonly type: Uint8Array;
  readonly year: Int16Array;
  readonly pop: Float64Array;
  readonly rating: Float32Array;
  readonly votes: Int32Array;
  /** Each document's weighted rating (weightedRating), the highest-rated order's key, set by prepareOrders. */
  weighted: Float32Array;
  /** The mean rating the weighted ratings were computed with (the main segment's, for a delta). */
  ratingMean = 6;
  readonly genreMask: Uint32Array;
  readonly titleKey: Float64Array;
  readonly primaryLen: Uint8Array;
  /** 1 when the primary title has initials, indexed joined (see normalizeText). */
  readonly initials: Uint8Array;
  /** How many words of the primary title come before its first subtitle (after ':' or ' - '), 0 when it has none. */
  readonly headLen: Uint8Array;
  readonly tokStart: Uint32Array;
  readonly toks: Int32Array;
  /** Open-addressing table from id to document (-1 empty). */
  protected idSlots = new Int32Array(0);
  postStart!: Uint32Array;
  /** Set by a fallback pass that met a word of seven letters or more that it could not read (see search). */
  unreadWords = false;
  /** Set by a fallback pass that read a word as two (see search). */
  splitWords = false;
  postings!: Int32Array;
  /** Per genre bit: documents in popularity order. */
  genrePostings: Int32Array[] = [];
  /**
   * Documents grouped by their exact set of genres: group g holds maskDocs[maskStart[g], maskStart[g + 1]),
   * in popularity order, for the titles whose genre mask is masks[g] (a few thousand groups in a million
   * titles). Titles carrying all of several genres are then found in the few groups whose mask holds them,
   * instead of walking the rarest genre's postings to the end when the combination is rare.
   */
  masks = new Uint32Array(0);
  maskStart = new Uint32Array(1);
  maskDocs = new Int32Array(0);
  /** Per start year: documents in popularity order (a year in the query narrows the candidates). */
  yearPostings = new Map<number, Int32Array>();
  protected orders = new Map<BrowseSort, Int32Array>();
  /** The inverse of each order, made when a browse first needs it (see rankIn). */
  protected ranks = new Map<BrowseSort, Int32Array>();
  protected trigrams: Trigrams | null = null;
  protected articleIds = new Set<number>();
  // Scratch space for one query at a time (the process is single-threaded).
  protected markAny: Uint32Array;
  protected markStrong: Uint32Array;
  protected touched: number[] = [];
  protected bitset: Uint32Array;
  /** One bit per word of bitset that may be non-zero (see search's sweep of its candidates). */
  protected summary: Uint32Array;
  /** Documents already taken by the running query (a bitset, cleared through seenList afterwards). */
  protected seenBits: Uint32Array;
  protected seenList: number[] = [];
  /** Per start year, a bitset of its documents and of those with the year as a word (see yearBitset). */
  protected yearBits = new Map<number, Uint32Array>();
  protected triCounts: Uint16Array;
  protected typoTouched: Int32Array;
  protected typoCandidates: Int32Array;
  protected typoKeys: Float64Array;

  constructor(
    readonly n: number,
    readonly vocab: PackedStrings,
    tokCount: number,
  ) {
    this.type = new Uint8Array(n);
    this.year = new Int16Array(n);
    this.pop = new Float64Array(n);
    this.rating = new Float32Array(n);
    this.votes = new Int32Array(n);
    this.weighted = new Float32Array(n);
    this.genreMask = new Uint32Array(n);
    this.titleKey = new Float64Array(n);
    this.primaryLen = new Uint8Array(n);
    this.initials = new Uint8Array(n);
    this.headLen = new Uint8Array(n);
    this.tokStart = new Uint32Array(n + 1);
    this.toks = new Int32Array(tokCount);
    this.markAny = new Uint32Array(vocab.length);
    this.markStrong = new Uint32Array(vocab.length);
    this.bitset = new Uint32Array((n >>> 5) + 1);
    this.seenBits = new Uint32Array((n >>> 5) + 1);
    this.summary = new Uint32Array((n >>> 10) + 1);
    this.triCounts = new Uint16Array(vocab.length);
    this.typoTouched = new Int32Array(vocab.length);
    this.typoCandidates = new Int32Array(vocab.length);
    this.typoKeys = new Float64Array(vocab.length);
    for (const a of ARTICLES) {
      const id = this.exactId(a);
      if (id >= 0) this.articleIds.add(id);
    }
  }

  buildPostings(): void {
    const v = this.vocab.length;
    const counts = new Uint32Array(v + 1);
    for (let k = 0; k < this.toks.length; k++) counts[this.toks[k] + 1]++;
    for (let i = 0; i < v; i++) counts[i + 1] += counts[i];
    this.postStart = counts.slice();
    const fill = counts.slice();
    const postings = new Int32Array(this.toks.length);
    for (let d = 0; d < this.n; d++) {
      let last = -1;
      for (let k = this.tokStart[d]; k < this.tokStart[d + 1]; k++) {
        const t = this.toks[k];
        if (t === last) continue;
        postings[fill[t]++] = d;
        last = t;
      }
    }
    // Duplicate tokens in one title leave unused slots: compact them away.
    let w = 0;
    const starts = new Uint32Array(v + 1);
    for (let t = 0; t < v; t++) {
      starts[t] = w;
      let prev = -1;
      for (let k = this.postStart[t]; k < fill[t]; k++) {
        const d = postings[k];
        if (d !== prev) postings[w++] = d;
        prev = d;
      }
    }
    starts[v] = w;
    this.postStart = starts;
    this.postings = postings.subarray(0, w);
    // Genre postings.
    const gcount = new Uint32Array(32);
    for (let d = 0; d < this.n; d++) {
      let m = this.genreMask[d];
      while (m) {
        const b = 31 - Math.clz32(m);
        gcount[b]++;
        m &= ~(1 << b);
      }
    }
    const gp = Array.from({ length: 32 }, (_, b) => new Int32Array(gcount[b]));
    const gfill = new Uint32Array(32);
    for (let d = 0; d < this.n; d++) {
      let m = this.genreMask[d];
      while (m) {
        const b = 31 - Math.clz32(m);
        gp[b][gfill[b]++] = d;
        m &= ~(1 << b);
      }
    }
    this.genrePostings = gp;
    // Genre groups (see masks).
    const groupOf = new Map<number, number>();
    const groupCount: number[] = [];
    const docGroup = new Int32Array(this.n);
    for (let d = 0; d < this.n; d++) {
      const m = this.genreMask[d];
      let g = groupOf.get(m);
      if (g === undefined) {
        g = groupCount.length;
        groupOf.set(m, g);
        groupCount.push(0);
      }
      groupCount[g]++;
      docGroup[d] = g;
    }
    this.masks = new Uint32Array(groupCount.length);
    this.maskStart = new Uint32Array(groupCount.length + 1);
    for (const [m, g] of groupOf) this.masks[g] = m;
    for (let g = 0; g < groupCount.length; g++) this.maskStart[g + 1] = this.maskStart[g] + groupCount[g];
    const maskFill = this.maskStart.slice(0, groupCount.length);
    this.maskDocs = new Int32Array(this.n);
    for (let d = 0; d < this.n; d++) this.maskDocs[maskFill[docGroup[d]]++] = d;
    const byYear = new Map<number, number[]>();
    for (let d = 0; d < this.n; d++) {
      const y = this.year[d];
      if (y <= 0) continue;
      let l = byYear.get(y);
      if (!l) {
        l = [];
        byYear.set(y, l);
      }
      l.push(d);
    }
    for (const [y, l] of byYear) this.yearPostings.set(y, Int32Array.from(l));
    this.buildExactTitles();
    this.buildWordFilter();
  }

  /**
   * A Bloom filter of the vocabulary (three bits a word, at least sixteen bits a word: about one string in 250 that is
   * no word passes): whether a string may be a word we know, in three reads, where exactId's binary search costs up to
   * a microsecond of cache misses. For the readings that try strings which are rarely words (see
   * TitleSearchIndex.wholeTitleReading).
   */
  protected wordFilter = new Uint32Array(1);

  protected buildWordFilter(): void {
    let bits = 1024;
    while (bits < this.vocab.length * 16) bits *= 2;
    const filter = new Uint32Array(bits / 32);
    const { units, start } = this.vocab;
    for (let t = 0; t < this.vocab.length; t++) {
      let h = 2166136261;
      for (let i = start[t]; i < start[t + 1]; i++) h = Math.imul(h ^ units[i], 16777619);
      for (const bit of [h, secondFilterBit(h >>> 0), thirdFilterBit(h >>> 0)]) filter[(bit & (bits - 1)) >>> 5] |= 1 << (bit & 31);
    }
    this.wordFilter = filter;
  }

  /** Whether `s` may be a word we know (false: it is not; true: it probably is, exactId tells). */
  mayBeWord(s: string): boolean {
    const h = stringHash(s);
    const mask = this.wordFilter.length * 32 - 1;
    const f = this.wordFilter;
    const a = h & mask;
    if ((f[a >>> 5] & (1 << (a & 31))) === 0) return false;
    const b = secondFilterBit(h) & mask;
    if ((f[b >>> 5] & (1 << (b & 31))) === 0) return false;
    const c = thirdFilterBit(h) & mask;
    return (f[c >>> 5] & (1 << (c & 31))) !== 0;
  }

  // Exact titles: a hash table from a title's whole token sequence (primary and original, each also
  // without a leading article) to its documents, most popular first. Finding the titles
  // that are exactly the query is then one lookup instead of a walk over a word's postings.
  /** Exact-title entries sorted by (sequence hash, document): each hash's documents sit together, most popular first. */
  protected exactKey = new Uint32Array(0);
  protected exactDoc = new Int32Array(0);
  /** Open-addressing table from sequence hash to the first of its entries (-1 empty). */
  protected exactSlots = new Int32Array(0);

  protected buildExactTitles(): void {
    const n = this.n;
    const keys: number[] = [];
    const docs: number[] = [];
    const addKeys = (d: number, from: number, to: number) => {
      if (to <= from) return;
      keys.push(tokenSeqHash(this.toks, from, to));
      docs.push(d);
      if (to - from > 1 && this.articleIds.has(this.toks[from])) {
        keys.push(tokenSeqHash(this.toks, from + 1, to));
        docs.push(d);
      }
    };
    for (let d = 0; d < n; d++) {
      const start = this.tokStart[d];
      const mid = start + this.primaryLen[d];
      addKeys(d, start, mid);
      addKeys(d, mid, this.tokStart[d + 1]);
    }
    // Sorted by (hash, document) as one number each (32 + 21 bits), natively; by comparison past 2^21 documents.
    const m = keys.length;
    const docBits = 2 ** 21;
    const exactKey = new Uint32Array(m);
    const exactDoc = new Int32Array(m);
    if (n <= docBits) {
      const packed = new Float64Array(m);
      for (let e = 0; e < m; e++) packed[e] = (keys[e] >>> 0) * docBits + docs[e];
      packed.sort();
      for (let i = 0; i < m; i++) {
        exactDoc[i] = packed[i] % docBits;
        exactKey[i] = Math.floor(packed[i] / docBits);
      }
    } else {
      const order = Int32Array.from({ length: m }, (_, i) => i).sort((a, b) => (keys[a] >>> 0) - (keys[b] >>> 0) || docs[a] - docs[b]);
      for (let i = 0; i < m; i++) {
        exactKey[i] = keys[order[i]];
        exactDoc[i] = docs[order[i]];
      }
    }
    let groups = 0;
    for (let i = 0; i < m; i++) if (i === 0 || exactKey[i] !== exactKey[i - 1]) groups++;
    let size = 1024;
    while (size < groups * 2) size *= 2;
    const slots = new Int32Array(size).fill(-1);
    for (let i = 0; i < m; i++) {
      if (i > 0 && exactKey[i] === exactKey[i - 1]) continue;
      let b = exactKey[i] & (size - 1);
      while (slots[b] !== -1) b = (b + 1) & (size - 1);
      slots[b] = i;
    }
    this.exactKey = exactKey;
    this.exactDoc = exactDoc;
    this.exactSlots = slots;
  }

  /** Whether some title is (after an article, if it has one) the words and nothing else. */
  isWholeTitle(words: readonly string[]): boolean {
    const seq: number[] = [];
    for (const w of words) {
      const id = this.exactId(w);
      if (id < 0) return false;
      seq.push(id);
    }
    let found = false;
    this.forEachExactTitle(seq, () => {
      found = true;
      return false;
    });
    return found;
  }

  /** Documents whose whole title (or whole title after an article) is the token sequence, most popular first. */
  protected forEachExactTitle(seq: number[], fn: (d: number) => boolean): void {
    const size = this.exactSlots.length;
    if (size === 0) return;
    const h = tokenSeqHash(seq, 0, seq.length) >>> 0;
    for (let b = h & (size - 1); this.exactSlots[b] !== -1; b = (b + 1) & (size - 1)) {
      const first = this.exactSlots[b];
      if (this.exactKey[first] !== h) continue;
      let prev = -1;
      for (let i = first; i < this.exactKey.length && this.exactKey[i] === h; i++) {
        const d = this.exactDoc[i];
        if (d === prev) continue;
        prev = d;
        if (!fn(d)) return;
      }
      return;
    }
  }

  /**
   * The titles a query typing `year` with words may find (see search): those from that year, and those with the
   * number as one of their words ("2001: A Space Odyssey" for "odyssey 2001"). One bitset, made when a query first
   * names the year and kept, so that each candidate costs one read, not one here and one in a bitset of the word's
   * titles made for the query. The year is the number its token reads as (parseQuery), so the word is that token.
   */
  protected yearBitset(year: number): Uint32Array {
    let bits = this.yearBits.get(year);
    if (!bits) {
      bits = new Uint32Array(this.bitset.length);
      const list = this.yearPostings.get(year);
      if (list) for (let k = 0; k < list.length; k++) bits[list[k] >>> 5] |= 1 << (list[k] & 31);
      const word = this.exactId(String(year));
      if (word >= 0) {
        for (let p = this.postStart[word]; p < this.postStart[word + 1]; p++) bits[this.postings[p] >>> 5] |= 1 << (this.postings[p] & 31);
      }
      this.yearBits.set(year, bits);
    }
    return bits;
  }

  buildIdTable(): void {
    let size = 16;
    while (size < this.n * 2) size *= 2;
    const slots = new Int32Array(size).fill(-1);
    for (let d = 0; d < this.n; d++) {
      let i = this.ids.hash(d) & (size - 1);
      while (slots[i] !== -1) i = (i + 1) & (size - 1);
      slots[i] = d;
    }
    this.idSlots = slots;
  }

  /** How many titles are at least `pop` popular: they are the first documents (binary search). */
  popularAtLeast(pop: number): number {
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.pop[mid] >= pop) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The document of an id, or -1. */
  docOf(id: string): number {
    const size = this.idSlots.length;
    if (size === 0) return -1;
    let i = stringHash(id) & (size - 1);
    for (;;) {
      const d = this.idSlots[i];
      if (d === -1) return -1;
      if (this.ids.equals(d, id)) return d;
      i = (i + 1) & (size - 1);
    }
  }

  /** Binary search: first vocabulary index >= s. */
  protected lowerBound(s: string): number {
    let lo = 0;
    let hi = this.vocab.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.vocab.compare(mid, s) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Where the words end in document d's primary title when it begins with them (their ids here, -1 for a word this
   * segment does not have), past a leading article: the position of the token after them, else -1.
   */
  wordsEnd(d: number, words: readonly number[]): number {
    let k = this.tokStart[d];
    const end = k + this.primaryLen[d];
    if (k < end && this.articleIds.has(this.toks[k]) && this.toks[k] !== words[0]) k++;
    for (const w of words) {
      if (k >= end || this.toks[k] !== w) return -1;
      k++;
    }
    return k;
  }

  exactId(s: string): number {
    const i = this.lowerBound(s);
    return i < this.vocab.length && this.vocab.equals(i, s) ? i : -1;
  }

  prefixRange(s: string): [number, number] {
    return [this.lowerBound(s), this.lowerBound(`${s}\uffff`)];
  }

  /** Whether some word we know begins with `s`. */
  isPrefix(s: string): boolean {
    const i = this.lowerBound(s);
    return i < this.vocab.length && this.vocab.at(i).startsWith(s);
  }

  /**
   * Browsing orders other than popularity, computed when the segment is installed (about a second for a million
   * titles). `mean`: the mean rating of the weighted ratings (a delta takes its main segment's); else this segment's.
   */
  prepareOrders(mean?: number): void {
    this.ranks.clear();
    const n = this.n;
    const docBits = 2 ** 21;
    const packedSort = (keyOf: (d: number) => number): Int32Array => {
      if (n > docBits) {
        return Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => keyOf(a) - keyOf(b) || a - b);
      }
      const keys = new Float64Array(n);
      for (let d = 0; d < n; d++) keys[d] = keyOf(d) * docBits + d;
      keys.sort();
      const out = new Int32Array(n);
      for (let i = 0; i < n; i++) out[i] = keys[i] % docBits;
      return out;
    };
    // Year: newest first (unknown years last), then popularity.
    this.orders.set('year', packedSort((d) => (this.year[d] > 0 ? 3000 - this.year[d] : 9999)));
    // Rating: the weighted rating (the IMDb rating pulled towards the mean, the more the fewer its votes), then more
    // votes, then popularity; every title, unrated ones last. The mean is the main segment's, so a delta agrees with it.
    this.ratingMean = mean ?? meanRating(this);
    const weighted = this.weighted;
    const votes = this.votes;
    for (let d = 0; d < n; d++) weighted[d] = weightedRating(this.rating[d], votes[d], this.ratingMean);
    this.orders.set('rating', Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => weighted[b] - weighted[a] || votes[b] - votes[a] || a - b));
    // Title: the first six characters, then the next four within runs that share them.
    const head = 37 ** 4;
    const byTitle = packedSort((d) => Math.floor(this.titleKey[d] / head));
    const key = this.titleKey;
    let i = 0;
    while (i < n) {
      const h = Math.floor(key[byTitle[i]] / head);
      let j = i + 1;
      while (j < n && Math.floor(key[byTitle[j]] / head) === h) j++;
      if (j - i > 1) byTitle.subarray(i, j).sort((a, b) => key[a] - key[b] || a - b);
      i = j;
    }
    this.orders.set('title', byTitle);
  }

  /** Documents in a browsing order (null for popularity, which is document order). */
  order(sort: BrowseSort): Int32Array | null {
    if (sort === 'popularity') return null;
    return this.orders.get(sort) ?? null;
  }

  /** Each document's place in a sort's order (null for popularity: the document number is its place), made once. */
  rankIn(sort: BrowseSort): Int32Array | null {
    const order = this.order(sort);
    if (order === null) return null;
    let rank = this.ranks.get(sort);
    if (rank === undefined) {
      rank = new Int32Array(this.n);
      for (let i = 0; i < order.length; i++) rank[order[i]] = i;
      this.ranks.set(sort, rank);
    }
    return rank;
  }
}
