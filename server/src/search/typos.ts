/** Typos and words typed together: the vocabulary's trigram index and readings of an unknown word as known ones. */

import { AcronymSegment } from './acronyms.ts';
import { BIT_WORD_MAX, clearPattern, editDistanceByTable, patternDistance, prefixEditDistanceByTable, setPattern } from './edit-distance.ts';

/** Words of three to this many letters are also looked up with two neighbouring letters swapped (see swappedWords). */
const SWAP_LOOKUP_MAX = 7;
/** At most this many words beginning with a swapped prefix are taken. */
const SWAP_PREFIX_WORDS = 20;
/** No words, no candidates (shared, so that most lookups cost no allocation). */
export const NO_WORDS: readonly number[] = [];
const NO_CANDIDATES = new Int32Array(0);

/** Words typed together are read apart (see wordsIn) up to this length. */
export const SPLIT_MAX = 24;

/** The words of one letter such a word is read with. */
const ONE_LETTER_WORD = /^[ai0-9]$/;

/**
 * The trigram index of a vocabulary, in a few arrays whatever its size: trigram number g is held by the words
 * ids[start[g], start[g + 1]), in vocabulary order, with where it first and last stands in each, written `$word$` (at
 * most 255).
 */
export interface Trigrams {
  numberOf: Map<string, number>;
  start: Int32Array;
  ids: Int32Array;
  first: Uint8Array;
  last: Uint8Array;
}

/** A copy of a typed array in a longer one of the same kind. */
function grown<T extends Int32Array | Uint8Array>(a: T, size: number): T {
  const b = new (a.constructor as new (length: number) => T)(size);
  b.set(a);
  return b;
}

/** Where list[from, to), sorted, holds a value (binary search), else -1. */
function sortedIndex(list: Int32Array, v: number, from: number, to: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo < to && list[lo] === v ? lo : -1;
}

/**
 * The `k` largest of `keys` (distinct numbers), in ascending order, as a view of `keys`, which it reorders.
 * Quickselect puts the k largest last in linear time on average, then only those k are sorted: picking a
 * typo's best 300 candidates among tens of thousands no longer sorts them all.
 */
export function largestSorted(keys: Float64Array, k: number): Float64Array {
  const n = keys.length;
  if (k >= n) return keys.sort();
  const target = n - k;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    // Median of three as pivot, then Hoare's partition.
    const mid = (lo + hi) >>> 1;
    const a = keys[lo];
    const b = keys[mid];
    const c = keys[hi];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (keys[i] < pivot) i++;
      while (keys[j] > pivot) j--;
      if (i <= j) {
        const t = keys[i];
        keys[i] = keys[j];
        keys[j] = t;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return keys.subarray(target).sort();
}

/** A segment with its vocabulary's typos and readings of words typed together. */
export class TypoSegment extends AcronymSegment {
  /**
   * `t` (a word we do not know) read as two or more words we know, each of two letters or more and the last of three
   * or more, or null. Of the possible readings, the likeliest: the one whose words are the most common in titles,
   * the product of their shares of all words (so "backtothefuture" is back to the future, not back tot he future).
   */
  protected wordsIn(t: string): string[] | null {
    const n = t.length;
    const all = this.postStart[this.vocab.length] + 1;
    // cost[i]: the best reading of t from i on, as the sum of -log(share) of its words; next[i]: where its first word ends.
    const cost = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
    const next = new Int32Array(n + 1);
    cost[n] = 0;
    for (let i = n - 3; i >= 0; i--) {
      for (let j = i + 2; j <= n; j++) {
        // A word of t ends at j: at the end (but t is no reading of itself), or before a rest of three letters or more.
        if (j === n ? i === 0 : n - j < 3) continue;
        if (cost[j] === Number.POSITIVE_INFINITY) continue;
        const part = t.slice(i, j);
        const w = this.mayBeWord(part) ? this.exactId(part) : -1;
        if (w < 0) continue;
        const c = cost[j] - Math.log((this.postStart[w + 1] - this.postStart[w] + 1) / all);
        if (c < cost[i]) {
          cost[i] = c;
          next[i] = j;
        }
      }
    }
    if (cost[0] === Number.POSITIVE_INFINITY) return null;
    const parts: string[] = [];
    for (let i = 0; i < n; i = next[i]) parts.push(t.slice(i, next[i]));
    return parts;
  }

  /**
   * The readings of `t` (a word we do not know) as two or more words we know, each of two letters or more but "a", "i"
   * and digits ("12yearsaslave", "2fast2furious"), at most
   * `limit` of them, fewest letters in the first word first. Words that cannot be followed by a reading are looked up
   * once.
   */
  readingsOf(t: string, limit: number): string[][] {
    const out: string[][] = [];
    const parts: string[] = [];
    const dead = new Uint8Array(t.length + 1);
    const walk = (i: number): boolean => {
      if (i === t.length) {
        if (parts.length >= 2) out.push(parts.slice());
        return parts.length >= 2;
      }
      if (dead[i] === 1) return false;
      let any = false;
      for (let j = i + 1; j <= t.length && out.length < limit; j++) {
        const part = t.slice(i, j);
        if (j === i + 1 && !ONE_LETTER_WORD.test(part)) continue;
        if (!this.mayBeWord(part) || this.exactId(part) < 0) continue;
        parts.push(part);
        if (walk(j)) any = true;
        parts.pop();
      }
      if (!any) dead[i] = 1;
      return any;
    };
    walk(0);
    return out;
  }

  protected buildTrigrams(): Trigrams {
    // Every (trigram, word, place) in the order met, then sorted by trigram keeping that order (a counting sort).
    const numberOf = new Map<string, number>();
    let cap = 1 << 16;
    let gram = new Int32Array(cap);
    let word = new Int32Array(cap);
    let place = new Uint8Array(cap);
    let n = 0;
    for (let t = 0; t < this.vocab.length; t++) {
      const w = `$${this.vocab.at(t)}$`;
      for (let i = 0; i + 3 <= w.length; i++) {
        const g3 = w.slice(i, i + 3);
        let g = numberOf.get(g3);
        if (g === undefined) {
          g = numberOf.size;
          numberOf.set(g3, g);
        }
        if (n === cap) {
          cap *= 2;
          gram = grown(gram, cap);
          word = grown(word, cap);
          place = grown(place, cap);
        }
        gram[n] = g;
        word[n] = t;
        place[n] = Math.min(i, 255);
        n++;
      }
    }
    const size = numberOf.size;
    const next = new Int32Array(size + 1);
    for (let k = 0; k < n; k++) next[gram[k] + 1]++;
    for (let g = 0; g < size; g++) next[g + 1] += next[g];
    const bounds = next.slice();
    const byGramWord = new Int32Array(n);
    const byGramPlace = new Uint8Array(n);
    for (let k = 0; k < n; k++) {
      const at = next[gram[k]]++;
      byGramWord[at] = word[k];
      byGramPlace[at] = place[k];
    }
    // A word holding a trigram twice is one entry, from its first place to its last.
    const start = new Int32Array(size + 1);
    const ids = new Int32Array(n);
    const first = new Uint8Array(n);
    const last = new Uint8Array(n);
    let m = 0;
    for (let g = 0; g < size; g++) {
      start[g] = m;
      for (let k = bounds[g]; k < bounds[g + 1]; k++) {
        if (m > start[g] && ids[m - 1] === byGramWord[k]) last[m - 1] = byGramPlace[k];
        else {
          ids[m] = byGramWord[k];
          first[m] = byGramPlace[k];
          last[m] = byGramPlace[k];
          m++;
        }
      }
    }
    start[size] = m;
    return { numberOf, start, ids: ids.slice(0, m), first: first.slice(0, m), last: last.slice(0, m) };
  }

  /** The trigram index of the vocabulary, built once (at install for the main segment, so no request waits on it). */
  prepareTypos(): Trigrams {
    this.trigrams ??= this.buildTrigrams();
    return this.trigrams;
  }

  /** Vocabulary tokens within edit distance of a (possibly partial) word. */
  typoIds(word: string, prefix: boolean): number[] {
    const len = word.length;
    const maxD = len >= 8 ? 2 : len >= 4 ? 1 : 0;
    // Three letters: only two neighbouring letters swapped ("teh", "hte": "the"); any other edit makes another word.
    if (maxD === 0) return len === 3 ? this.swappedWords(word, prefix, NO_CANDIDATES, 0) : [];
    const tri = this.prepareTypos();
    const padded = prefix ? `$${word}` : `$${word}$`;
    // Each trigram with where it stands in the word: within maxD edits a word holds the trigrams no edit touched at
    // most maxD places away (the edits before one move it by their insertions less their deletions), so a word holding
    // it only further off shares it by chance and is not counted for it. Each trigram is kept as the range of tri.ids
    // holding it (empty for one no word has) and the places it may stand.
    const grams = new Map<string, { lo: number; hi: number; from: number; to: number }>();
    for (let i = 0; i + 3 <= padded.length; i++) {
      const g = padded.slice(i, i + 3);
      const seen = grams.get(g);
      if (seen) seen.to = i + maxD;
      else {
        const number = tri.numberOf.get(g);
        const lo = number === undefined ? 0 : tri.start[number];
        const hi = number === undefined ? 0 : tri.start[number + 1];
        grams.set(g, { lo, hi, from: i - maxD, to: i + maxD });
      }
    }
    const lists = [...grams.values()].sort((a, b) => a.hi - a.lo - (b.hi - b.lo));
    const ids = tri.ids;
    const first = tri.first;
    const last = tri.last;
    // Each edit spoils at most three trigrams; most typos are one edit, so ask a little more than the bound for long words.
    const nGrams = lists.length;
    const need = nGrams >= 6 ? Math.max(2, nGrams - 2 * maxD - 1) : Math.max(1, nGrams - 3 * maxD);
    // A word sharing `need` of the query's trigrams is in at least one of its `nGrams - need + 1` rarest ones:
    // candidates come from those lists only, and are counted in the common ones by binary search.
    // Scratch arrays kept by the segment (one query at a time): the words seen, then the candidates among them.
    const counts = this.triCounts;
    const touched = this.typoTouched;
    let nTouched = 0;
    const scanned = nGrams - need + 1;
    for (let l = 0; l < scanned; l++) {
      const { lo, hi, from, to } = lists[l];
      for (let k = lo; k < hi; k++) {
        if (first[k] > to || last[k] < from) continue;
        const t = ids[k];
        if (counts[t]++ === 0) touched[nTouched++] = t;
      }
    }
    // The common lists: walked when that is cheaper than a binary search per candidate, counting only candidates.
    for (let l = scanned; l < nGrams; l++) {
      const { lo, hi, from, to } = lists[l];
      if (nTouched * Math.log2(hi - lo + 2) < hi - lo) {
        for (let i = 0; i < nTouched; i++) {
          const k = sortedIndex(ids, touched[i], lo, hi);
          if (k >= 0 && first[k] <= to && last[k] >= from) counts[touched[i]]++;
        }
      } else {
        for (let k = lo; k < hi; k++) {
          const t = ids[k];
          if (counts[t] !== 0 && first[k] <= to && last[k] >= from) counts[t]++;
        }
      }
    }
    const out: number[] = [];
    let candidates = this.typoCandidates;
    let nCandidates = 0;
    for (let i = 0; i < nTouched; i++) if (counts[touched[i]] >= need) candidates[nCandidates++] = touched[i];
    if (nCandidates > 300) {
      // Most shared trigrams first, then the words in more titles, then vocabulary order: one number
      // per candidate (count, size, id in 6 + 20 + 24 bits), sorted natively.
      const keys = this.typoKeys.subarray(0, nCandidates);
      for (let i = 0; i < nCandidates; i++) {
        const t = candidates[i];
        const size = Math.min(this.postStart[t + 1] - this.postStart[t], 0xfffff);
        keys[i] = Math.min(counts[t], 63) * 2 ** 44 + size * 2 ** 24 + (0xffffff - t);
      }
      const best = largestSorted(keys, 300);
      candidates = new Int32Array(best.length);
      nCandidates = best.length;
      for (let i = 0; i < nCandidates; i++) candidates[i] = 0xffffff - (best[nCandidates - 1 - i] % 2 ** 24);
    }
    for (let i = 0; i < nTouched; i++) counts[touched[i]] = 0;
    const swapped = len <= SWAP_LOOKUP_MAX ? this.swappedWords(word, prefix, candidates, nCandidates) : NO_WORDS;
    // The word's pattern is set once for all candidates, which are read where they are packed.
    const vocab = this.vocab;
    const units = vocab.units;
    const bitParallel = len <= BIT_WORD_MAX;
    if (bitParallel) setPattern(word);
    for (let i = 0; i < nCandidates; i++) {
      const t = candidates[i];
      const from = vocab.start[t];
      const vlen = vocab.start[t + 1] - from;
      let d: number;
      if (bitParallel && vlen <= 63) d = patternDistance(len, units, from, vlen, maxD, prefix);
      else if (prefix) d = prefixEditDistanceByTable(word, vocab.at(t), maxD);
      else d = editDistanceByTable(word, vocab.at(t), maxD);
      if (d <= maxD) out.push(t);
    }
    if (bitParallel) clearPattern(word);
    // Two neighbouring letters swapped: one edit, and in the shortest words one that may share no trigram at all.
    for (const t of swapped) out.push(t);
    return out;
  }

  /**
   * Vocabulary words that are `word` with two neighbouring letters swapped ("dnue": "dune"), or begin so when the
   * word is still being typed, that are not among `candidates` already. In a word of four letters, swapping the middle
   * two spoils every trigram, so the trigram lists cannot offer these.
   */
  protected swappedWords(word: string, prefix: boolean, candidates: Int32Array, nCandidates: number): number[] {
    const found: number[] = [];
    const seen = candidates.subarray(0, nCandidates);
    for (let i = 0; i + 1 < word.length; i++) {
      if (word[i] === word[i + 1]) continue;
      const variant = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
      let lo: number;
      let hi: number;
      if (prefix) [lo, hi] = this.prefixRange(variant);
      else {
        lo = this.exactId(variant);
        hi = lo + 1;
      }
      if (lo < 0) continue;
      for (let t = lo; t < hi && t < lo + SWAP_PREFIX_WORDS; t++) {
        if (!seen.includes(t) && !found.includes(t)) found.push(t);
      }
    }
    return found;
  }

}
