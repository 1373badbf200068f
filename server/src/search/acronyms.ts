/** Acronyms: finding a title by the first characters of its words ("lotr"). */

import { type Hit, hitKey } from './hits.ts';
import { SegmentCore } from './segment.ts';
import type { Segment } from './segment-search.ts';
import type { ParsedQuery } from './types.ts';

/**
 * Acronyms. A title's acronym is the first character of each word of its primary title as the index reads it
 * (normalised: lower case, accents folded, apostrophes dropped, "&" read as "and", other punctuation a space), a
 * word of digits only counting whole: "The Lord of the Rings" is "tlotr", "10 Things I Hate About You" "10tihay",
 * "Ocean's 11" "o11". A word starting with anything but a-z or 0-9 (another alphabet) ends it there. A title has up to
 * three: as written, without a leading "the", "a" or "an" ("lotr"), and without any of MINOR_WORDS ("The Good, the
 * Bad and the Ugly": "gbu"), each kept when it has two words or more and three characters or more. Original titles
 * have none.
 *
 * A query that is one word of ACRONYM_MIN to ACRONYM_MAX letters and digits, a letter among them, also finds the
 * titles whose acronym begins with it ("lotr" finds every Lord of the Rings film, "tlotrtt" The Two Towers), as
 * typed or while still being typed alike. Two letters never do (too many titles). They rank after every title the
 * word matches as typed (exact, prefix, anywhere), by popularity among themselves, and are looked up only when those
 * plain matches do not fill the page already (see TitleSearchIndex.compute). They rank before the typo matches,
 * unless a typo match is better known than they are (see TitleSearchIndex.withAcronyms): a typo is often also some
 * obscure title's initials. A title the word is the whole acronym of is always looked up, and ranks with the titles
 * the word begins (see ACRONYM_WHOLE_SCORE): "got" gives Game of Thrones before Gotham.
 */
const ACRONYM_MIN = 3;
const ACRONYM_MAX = 8;
/** Words a title's third acronym leaves out. */
const MINOR_WORDS = ['the', 'a', 'an', 'and', 'of'];
/**
 * The score of a title found by its acronym: after plain matches (0-2), before typos (9 and up); or after every typo
 * match (9-11.5) when one is better known (see TitleSearchIndex.withAcronyms), before words left out (20 and up).
 */
const ACRONYM_SCORE = 3;
export const ACRONYM_AFTER_TYPOS = 12;
/**
 * A title whose whole acronym the word is ("got": Game of Thrones) ranks with the titles that begin with the word, by
 * popularity among them, when it is at least as popular as every typo match and far better known than the titles the
 * word begins (see ACRONYM_MARGIN): so "got" gives Game of Thrones before Gotham, while an obscure title's initials
 * still come after what the word begins. Acronyms of three to six characters (the lookup keys hold six).
 */
const ACRONYM_WHOLE_SCORE = 1;
export const ACRONYM_WHOLE_MAX = 6;
/**
 * A word that begins other titles' words is most often one being typed ("lok" on the way to Loki, not The Legend of
 * Korra; "tota" to Total Recall): a title whose whole acronym it is must then be that much better known (popularity
 * is about log10 of its votes, so 0.75 is about 5.6 times the votes) than every title the word begins or has. Game of
 * Thrones is for "got" (2.2 million votes against Gotham's 236,000).
 */
export const ACRONYM_MARGIN = 0.75;
/** Acronym characters are numbered 1-36 (see acronymCode): three of them choose one of 37^3 buckets, or a bucket's sub-key. */
const ACRONYM_BUCKETS = 37 ** 3;
/** Bits of Segment.acroWord besides the word's first character's code. */
const ACRO_DIGITS = 64;
const ACRO_MINOR = 128;
const ACRO_ARTICLE = 256;

/** An acronym character's number: 1-10 for 0-9, 11-36 for a-z, 0 for anything else (which ends an acronym). */
function acronymCode(c: number): number {
  if (c >= 97 && c <= 122) return c - 86;
  if (c >= 48 && c <= 57) return c - 47;
  return 0;
}

/** The query's word when it may be an acronym (one word of ACRONYM_MIN to ACRONYM_MAX a-z and 0-9, a letter among them), else null. */
export function acronymWord(q: ParsedQuery): string | null {
  if (q.tokens.length !== 1) return null;
  const t = q.tokens[0];
  if (t.length < ACRONYM_MIN || t.length > ACRONYM_MAX) return null;
  let letter = false;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c >= 97 && c <= 122) letter = true;
    else if (c < 48 || c > 57) return null;
  }
  return letter ? t : null;
}

/** A segment with its acronyms (see ACRONYM_MIN). */
export class AcronymSegment extends SegmentCore {
  // Acronyms (see ACRONYM_MIN): every acronym a title has as one entry, document * 4 + variant (0 as written, 1
  // without a leading article, 2 without minor words), sorted by the acronym's first six characters and then by
  // document. Bucket b (the first three characters, see acronymCode) holds acroEntry[acroStart[b], acroStart[b + 1]),
  // sorted by acroSub (the next three, 0 past the end), so a query's titles are one bucket's slice, found by a binary
  // search over 16-bit numbers. Six bytes an acronym and no strings: 354,000 acronyms, 2.4 MB with the bucket table
  // (200 kB), for the benchmark's million titles, most of which have one or two words and so no acronym; built in
  // 0.1-0.3 s.
  protected acroStart = new Uint32Array(0);
  protected acroSub = new Uint16Array(0);
  protected acroEntry = new Int32Array(0);
  /**
   * Per vocabulary word: its first character's acronym code, and ACRO_DIGITS when it is a number, ACRO_MINOR for
   * MINOR_WORDS, ACRO_ARTICLE for ARTICLES.
   */
  protected acroWord = new Uint16Array(0);
  protected acroCodes = new Uint8Array(ACRONYM_MAX);
  /** The documents an acronym lookup keeps (see acronymSearch). */
  protected acroBest = new Int32Array(64);

  /**
   * The acronym characters (codes, see acronymCode) of document d's primary title in a variant (see acroEntry), at
   * most `max` of them into `out`: how many, or -1 when the title has no such acronym (fewer than two words, no
   * leading article to leave out, no minor word past it to leave out).
   */
  protected acronymCodes(d: number, variant: number, out: Uint8Array, max: number): number {
    const toks = this.toks;
    const info = this.acroWord;
    let k = this.tokStart[d];
    const end = k + this.primaryLen[d];
    if (end - k < 2) return -1;
    const leading = (info[toks[k]] & ACRO_ARTICLE) !== 0;
    if (variant === 1) {
      if (!leading) return -1;
      k++;
    } else if (variant === 2) {
      let minor = false;
      for (let j = leading ? k + 1 : k; j < end && !minor; j++) minor = (info[toks[j]] & ACRO_MINOR) !== 0;
      if (!minor) return -1;
    }
    let words = 0;
    let n = 0;
    let open = true;
    for (; k < end; k++) {
      const w = info[toks[k]];
      if (variant === 2 && (w & ACRO_MINOR) !== 0) continue;
      words++;
      if (open) {
        const code = w & 63;
        if (code === 0) open = false;
        else if ((w & ACRO_DIGITS) === 0) out[n++] = code;
        else {
          const from = this.vocab.start[toks[k]];
          const to = this.vocab.start[toks[k] + 1];
          for (let i = from; i < to && n < max; i++) out[n++] = acronymCode(this.vocab.units[i]);
        }
        if (n >= max) open = false;
      }
      if (!open && words >= 2) break;
    }
    return words >= 2 ? n : -1;
  }

  /**
   * Where in title `d` the words an acronym beginning with `word` stands for are ("lotr" in The Lord of the Rings: The
   * Two Towers: lord of the rings), from the first to the one its last character comes from, words it passes over
   * included, as token positions [from, to); null when no acronym of the title begins with `word` (see acronymCodes
   * for the three ways a title makes one).
   */
  protected acronymSpan(d: number, word: string): [number, number] | null {
    const toks = this.toks;
    const info = this.acroWord;
    const start = this.tokStart[d];
    const end = start + this.primaryLen[d];
    if (end - start < 2) return null;
    const leading = (info[toks[start]] & ACRO_ARTICLE) !== 0;
    for (let variant = 0; variant < 3; variant++) {
      if (variant === 1 && !leading) continue;
      const from = variant === 1 ? start + 1 : start;
      let n = 0;
      let k = from;
      for (; k < end && n < word.length; k++) {
        const w = info[toks[k]];
        if (variant === 2 && (w & ACRO_MINOR) !== 0) continue;
        const code = w & 63;
        if (code === 0) break;
        if ((w & ACRO_DIGITS) === 0) {
          if (code !== acronymCode(word.charCodeAt(n))) break;
          n++;
          continue;
        }
        const digits = this.vocab.at(toks[k]);
        let i = 0;
        while (i < digits.length && n < word.length && acronymCode(digits.charCodeAt(i)) === acronymCode(word.charCodeAt(n))) {
          i++;
          n++;
        }
        if (i < digits.length && n < word.length) break;
      }
      if (n === word.length) return [from, k];
    }
    return null;
  }

  /** The words of title `d` an acronym beginning with `word` stands for (see acronymSpan), or null. */
  acronymWords(d: number, word: string): string[] | null {
    const span = this.acronymSpan(d, word);
    if (span === null) return null;
    const words: string[] = [];
    for (let k = span[0]; k < span[1]; k++) words.push(this.vocab.at(this.toks[k]));
    return words;
  }

  /**
   * Whether an acronym of title `d` begins with `first` and the words after those it stands for (past an article) have
   * one that begins with `second`: each word's first character, or without "the", "a", "an", "and" and "of" ("lotr
   * rotk": The Lord of the Rings: The Return of the King).
   */
  acronymThenAcronym(d: number, first: string, second: string): boolean {
    const span = this.acronymSpan(d, first);
    if (span === null) return false;
    const toks = this.toks;
    const info = this.acroWord;
    const end = this.tokStart[d] + this.primaryLen[d];
    let from = span[1];
    if (from < end && (info[toks[from]] & ACRO_ARTICLE) !== 0) from++;
    for (const skipMinor of [false, true]) {
      let n = 0;
      for (let k = from; k < end && n < second.length; k++) {
        const w = info[toks[k]];
        if (skipMinor && (w & ACRO_MINOR) !== 0) continue;
        if ((w & 63) === 0 || (w & 63) !== acronymCode(second.charCodeAt(n))) break;
        n++;
      }
      if (n === second.length) return true;
    }
    return false;
  }

  /** The postings, and then the acronyms (see acroEntry). */
  override buildPostings(): void {
    super.buildPostings();
    this.buildAcronyms();
  }

  protected buildAcronyms(): void {
    const v = this.vocab.length;
    const { units, start } = this.vocab;
    const info = new Uint16Array(v);
    for (let t = 0; t < v; t++) {
      const from = start[t];
      const to = start[t + 1];
      if (to === from) continue;
      let digits = true;
      for (let i = from; i < to && digits; i++) digits = units[i] >= 48 && units[i] <= 57;
      info[t] = acronymCode(units[from]) | (digits ? ACRO_DIGITS : 0);
    }
    for (const m of MINOR_WORDS) {
      const id = this.exactId(m);
      if (id >= 0) info[id] |= ACRO_MINOR;
    }
    for (const id of this.articleIds) info[id] |= ACRO_ARTICLE;
    this.acroWord = info;
    // Every acronym of three characters or more, as its first six characters in base 37 (below 2^32) and its entry.
    let keys = new Float64Array(1024);
    let entries = new Int32Array(1024);
    let m = 0;
    const codes = this.acroCodes;
    for (let d = 0; d < this.n; d++) {
      if (this.primaryLen[d] < 2) continue;
      for (let variant = 0; variant < 3; variant++) {
        const len = this.acronymCodes(d, variant, codes, 6);
        if (len < ACRONYM_MIN) continue;
        let key = 0;
        for (let i = 0; i < 6; i++) key = key * 37 + (i < len ? codes[i] : 0);
        if (m === keys.length) {
          const k2 = new Float64Array(m * 2);
          k2.set(keys);
          keys = k2;
          const e2 = new Int32Array(m * 2);
          e2.set(entries);
          entries = e2;
        }
        keys[m] = key;
        entries[m++] = d * 4 + variant;
      }
    }
    if (m === 0) return;
    // Sorted by (key, document) as one number each (32 + 21 bits), natively; by comparison past 2^21 acronyms.
    const docBits = 2 ** 21;
    const order = new Int32Array(m);
    if (m <= docBits) {
      const packed = new Float64Array(m);
      for (let i = 0; i < m; i++) packed[i] = keys[i] * docBits + i;
      packed.sort();
      for (let i = 0; i < m; i++) order[i] = packed[i] % docBits;
    } else {
      for (let i = 0; i < m; i++) order[i] = i;
      order.sort((a, b) => keys[a] - keys[b] || a - b);
    }
    const acroStart = new Uint32Array(ACRONYM_BUCKETS + 1);
    const acroSub = new Uint16Array(m);
    const acroEntry = new Int32Array(m);
    for (let i = 0; i < m; i++) {
      const key = keys[order[i]];
      const bucket = Math.floor(key / ACRONYM_BUCKETS);
      acroStart[bucket + 1]++;
      acroSub[i] = key - bucket * ACRONYM_BUCKETS;
      acroEntry[i] = entries[order[i]];
    }
    for (let b = 0; b < ACRONYM_BUCKETS; b++) acroStart[b + 1] += acroStart[b];
    this.acroStart = acroStart;
    this.acroSub = acroSub;
    this.acroEntry = acroEntry;
  }

  /** The first of acroSub[lo, hi) not below `sub` (binary search). */
  protected subBound(lo: number, hi: number, sub: number): number {
    const a = this.acroSub;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (a[mid] < sub) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The titles one of whose acronyms begins with `word` (see acronymWord), of the type (-1: any) and not hidden, most
   * popular first: up to `enough` of them, added to `out` scored ACRONYM_SCORE. A title is added once, but may be one
   * the caller has found already. `whole`: only the titles whose acronym is the word and no more (ACRONYM_WHOLE_MAX
   * characters at most) and whose popularity is at least `minPop`, scored ACRONYM_WHOLE_SCORE.
   */
  acronymSearch(word: string, type: number, enough: number, hidden: Uint32Array | null, out: Hit[], whole = false, minPop = Number.NEGATIVE_INFINITY): void {
    if (this.acroEntry.length === 0) return;
    const len = word.length;
    if (whole && len > ACRONYM_WHOLE_MAX) return;
    const c = (i: number) => acronymCode(word.charCodeAt(i));
    const bucket = (c(0) * 37 + c(1)) * 37 + c(2);
    let lo = this.acroStart[bucket];
    let hi = this.acroStart[bucket + 1];
    if ((len > 3 || whole) && lo < hi) {
      // The next three characters, as far as typed: one sub-key, or the range of those that begin with them. A whole
      // acronym has nothing (code 0) past its end: one sub-key.
      const sub = len === 3 ? 0 : len === 4 ? c(3) * 1369 : len === 5 ? (c(3) * 37 + c(4)) * 37 : (c(3) * 37 + c(4)) * 37 + c(5);
      const span = whole ? 1 : len === 4 ? 1369 : len === 5 ? 37 : 1;
      lo = this.subBound(lo, hi, sub);
      hi = this.subBound(lo, hi, sub + span);
    }
    if (lo >= hi) return;
    const entries = this.acroEntry;
    const codes = this.acroCodes;
    // Seven or eight characters: the keys hold six, so the rest is read from the title; a whole acronym of six must
    // not go on past them.
    const matches = (e: number): boolean => {
      if (whole) return len < 6 || this.acronymCodes(e >> 2, e & 3, codes, 7) === 6;
      if (len <= 6) return true;
      if (this.acronymCodes(e >> 2, e & 3, codes, len) < len) return false;
      for (let i = 6; i < len; i++) if (codes[i] !== c(i)) return false;
      return true;
    };
    // One pass over the slice, keeping the `enough` most popular (lowest) documents that qualify, in order: past the
    // first few, a document not above the last kept is passed over after one comparison, so a common beginning of
    // three characters (thousands of acronyms in a million titles) costs a sequential read of its slice.
    if (this.acroBest.length < enough) this.acroBest = new Int32Array(enough);
    const best = this.acroBest;
    let k = 0;
    for (let i = lo; i < hi; i++) {
      const e = entries[i];
      const d = e >> 2;
      // A whole acronym's entries share one key, so they come in document order: most popular first.
      if (whole && this.pop[d] < minPop) break;
      if (k === enough && d >= best[k - 1]) continue;
      if (type >= 0 && this.type[d] !== type) continue;
      if (hidden !== null && (hidden[d >>> 5] & (1 << (d & 31))) !== 0) continue;
      if (!matches(e)) continue;
      // Where it goes (binary search: a late page keeps a thousand or more), unless it is there already (the same
      // title by two of its acronyms).
      let j = 0;
      let top = k;
      while (j < top) {
        const mid = (j + top) >>> 1;
        if (best[mid] < d) j = mid + 1;
        else top = mid;
      }
      if (j < k && best[j] === d) continue;
      if (k < enough) k++;
      best.copyWithin(j + 1, j, k - 1);
      best[j] = d;
    }
    const score = whole ? ACRONYM_WHOLE_SCORE : ACRONYM_SCORE;
    for (let i = 0; i < k; i++) out.push({ seg: this as unknown as Segment, doc: best[i], score, key: hitKey(this, best[i], score), part: -1 });
  }

}
