/** The search of one segment: candidates from the rarest word, filtered by the others, scored (see ranking.ts). */

import { type Hit, hitKey } from './hits.ts';
import { MAX_QUERY_TOKENS, NO_FORMS, otherForms } from './query.ts';
import { RankingSegment, type ScoreContext } from './ranking.ts';
import type { ParsedQuery, Pass } from './types.ts';
import { NO_WORDS, SPLIT_MAX } from './typos.ts';

/** At most this many entries of one exact-title chain are looked at per query. */
const EXACT_WALK_MAX = 5000;
/** Filter bitsets set from more postings than this are cleared by zeroing them whole (see clearFilters). */
const FILTER_CLEAR_BY_FILL = 1024;
/** A search with at most this many candidate postings sorts them; more are swept through a bitset (see search). */
const SORT_CANDIDATES_MAX = 64;
/**
 * Filters built for one query: worth it for words up to this many times as common as the driving one (setting
 * a bit from a sequential list costs a few nanoseconds; scoring a candidate that cannot match, a few hundred).
 */
const FILTER_RATIO = 32;
/** Words or prefixes in more than 1/64 of the titles keep their filter bitset (256 at most: 32 MB for a million titles). */
const SHARED_FILTER_SHARE = 64;
/** ...and at most this many are kept (32 MB for a million titles), the oldest made going first. */
const SHARED_FILTERS_MAX = 256;

/** Vocabulary ranges without one word (-1: none) that they may hold. */
function withoutWord(ranges: [number, number][], word: number): [number, number][] {
  const out: [number, number][] = [];
  for (const [lo, hi] of ranges) {
    if (word < lo || word >= hi) out.push([lo, hi]);
    else {
      if (lo < word) out.push([lo, word]);
      if (word + 1 < hi) out.push([word + 1, hi]);
    }
  }
  return out;
}

/** A segment: titles in popularity order, their words, postings and the lookups a search makes. */
export class Segment extends RankingSegment {
  /**
   * Finds up to `cap` matching documents (most popular first) and scores them:
   * 0 exact title, 1 title starts with the query, 2 all words anywhere
   * (+0.5 when a leading article of the title was passed over: see compareHits);
   * 3-8 instead when a year was asked and neither the title nor the year has it (3 + twice the tier, +1
   * when more than one year off), +9 when a word matched only through a typo, +20 when words had to be dropped.
   * A title with every word but another year ("dune 2021" finding Dune, 1984) thus ranks above a typo that
   * has the year (June, 2021), and "halloween 2017" gives Halloween (2018) before the better known 1978 one.
   * (Titles found by their acronym are found apart, scored ACRONYM_SCORE or ACRONYM_AFTER_TYPOS: see acronymSearch.)
   *
   * Stops early once `enough` documents scored 1 or better: documents come most popular first, so a
   * later one ranks above those only with a score under 1, and such titles (the query is the whole
   * title, or the whole title after an article) are looked up afterwards in the table of exact titles.
   */
  search(q: ParsedQuery, type: number, cap: number, enough: number, pass: Pass, hidden: Uint32Array | null, out: Hit[]): void {
    // The split pass is the fallback pass over words typed together read as three or more words.
    const fallback = pass === 'fallback' || pass === 'split' || pass === 'typo';
    if (pass === 'fallback') {
      this.unreadWords = false;
      this.splitWords = false;
    }
    // A typed year narrows the first pass only; the later passes take titles from any year, nearest first.
    const anyYear = pass !== 'plain' && pass !== 'exact';
    let tokens = q.tokens;
    let yearIdx = q.yearIdx;
    let readApart = false;
    // The first part of a word read as two is a whole word, never a beginning: "waned" is no "wa" + "ned".
    let wholeWords = 0;
    if (fallback && pass !== 'typo') {
      // Words typed together read as words we know. The fallback pass reads a word as two, when both halves are words
      // we know (the second may be a beginning of at least three letters: "spiderman" -> "spider man", but "matrx" is
      // no "mat" followed by a word starting with "rx": a typo of "matrix"). The split pass reads words as three or
      // more ("lordoftherings" -> "lord of the rings"), and finds nothing when no word reads so: it runs beside the
      // fallback pass, so that a typo read as short words ("godfathr" as god + fa + thr) is still found as a typo.
      const split: string[] = [];
      let newYear = -1;
      let splitAny = false;
      tokens.forEach((t, i) => {
        if (i === yearIdx) newYear = split.length;
        if (t.length >= 5 && this.exactId(t) < 0 && !this.isPrefix(t)) {
          if (pass === 'split') {
            const parts = t.length >= 7 && t.length <= SPLIT_MAX ? this.wordsIn(t) : null;
            if (parts && parts.length >= 3) {
              split.push(...parts);
              splitAny = true;
              return;
            }
          } else {
            for (let k = t.length - 3; k >= 2; k--) {
              if (this.exactId(t.slice(0, k)) >= 0 && this.isPrefix(t.slice(k))) {
                split.push(t.slice(0, k), t.slice(k));
                this.splitWords = true;
                readApart = true;
                wholeWords |= 1 << (split.length - 2);
                return;
              }
            }
            if (t.length >= 7) this.unreadWords = true;
          }
        }
        split.push(t);
      });
      if (pass === 'split' && !splitAny) return;
      tokens = split.slice(0, MAX_QUERY_TOKENS);
      yearIdx = newYear < MAX_QUERY_TOKENS ? newYear : -1;
    }
    const nq = tokens.length;
    if (nq === 0) return;
    // Single characters before the last word, and whether every word is one (see prefix below).
    let letters = 0;
    for (let i = 0; i < nq - 1; i++) if (tokens[i].length === 1) letters++;
    const onlyLetters = letters === nq - 1 && tokens[nq - 1].length === 1;
    let required = 0;
    let dropped = q.leftOut === true;
    let driver = -1;
    let driverCost = Number.POSITIVE_INFINITY;
    const exactIds: number[] = [];
    let altIds: number[][] | null = null;
    try {
      for (let i = 0; i < nq; i++) {
        const bit = 1 << i;
        const t = tokens[i];
        const isLast = i === nq - 1;
        // Later passes read every word as a possible beginning ("alien 1986" finds Aliens, 1986), but not single
        // characters before the last word when there are several, or when every word is one: each begins a twentieth
        // of all words, so together they tell nothing and make every title a candidate ("a b c d e f g h" walked the
        // whole catalogue for each word left out), while one before a longer word is often a word's beginning ("t rex").
        const prefix = ((anyYear && (isLast || t.length > 1 || (letters < 2 && !onlyLetters))) || (isLast && q.lastIsPrefix)) && (wholeWords & bit) === 0;
        const ex = this.exactId(t);
        exactIds.push(ex);
        let cost = 0;
        const ranges: [number, number][] = [];
        if (ex >= 0) {
          this.mark(ex, bit, true);
          cost += this.postStart[ex + 1] - this.postStart[ex];
          ranges.push([ex, ex + 1]);
        }
        if (prefix) {
          const [lo, hi] = this.prefixRange(t);
          for (let v = lo; v < hi; v++) this.mark(v, bit, true);
          if (hi > lo) {
            cost = this.postStart[hi] - this.postStart[lo];
            ranges.length = 0;
            ranges.push([lo, hi]);
          }
        }
        // An abbreviation, or a number among other words, may be written another way in the title: those words count as
        // typed.
        const forms = i === yearIdx ? NO_FORMS : otherForms(t, nq === 1 ? 'alone' : i === 0 ? 'first' : 'after', isLast && (q.lastIsPrefix || q.lastStillTyped === true));
        if (forms.length > 0) {
          const alts = this.markForms(forms, bit, ranges);
          if (alts.length > 0) {
            for (const a of alts) cost += this.postStart[a + 1] - this.postStart[a];
            altIds ??= [];
            altIds[i] = alts;
          }
        }
        if (fallback) {
          for (const v of this.typoIds(t, isLast && q.lastIsPrefix)) {
            if ((this.markAny[v] & bit) === 0) {
              this.mark(v, bit, false);
              cost += this.postStart[v + 1] - this.postStart[v];
              ranges.push([v, v + 1]);
            }
          }
        }
        if (ranges.length) this.driverRanges[i] = ranges;
        if (ranges.length === 0) {
          if (i === yearIdx) continue;
          if (!fallback) return;
          dropped = true;
          continue;
        }
        if (i === yearIdx) continue;
        required |= bit;
        if (cost < driverCost) {
          driverCost = cost;
          driver = i;
        }
      }
      if (required === 0) {
        // Only a year was typed with words we do not know: treat the year as a word.
        if (yearIdx >= 0 && this.driverRanges[yearIdx]) {
          required = 1 << yearIdx;
          driver = yearIdx;
          yearIdx = -1;
        } else return;
      }
      // A year typed with words (first pass): titles from that year, plus titles with the number as a word.
      let yearDocs: Int32Array | null = null;
      let driverSel = this.driverRanges[driver] ?? [];
      if (!anyYear && yearIdx >= 0) {
        const list = this.yearPostings.get(q.year) ?? new Int32Array(0);
        const asWord = this.driverRanges[yearIdx] ?? [];
        let wordCost = 0;
        for (const [lo, hi] of asWord) wordCost += this.postStart[hi] - this.postStart[lo];
        if (list.length + wordCost < driverCost) {
          yearDocs = list;
          driverCost = list.length + wordCost;
          driverSel = asWord;
        }
      }
      const ctx: ScoreContext = {
        tokens,
        nq,
        yearIdx,
        year: q.year,
        required,
        dropped,
        numberOut: q.numberOut === true,
        exactIds,
        altIds,
        lastIsPrefix: q.lastIsPrefix || fallback,
        anyYear,
        articleOut: q.articleOut,
        readApart,
      };
      const seen = this.seenBits;
      const seenList = this.seenList;
      const found = { count: 0, good: 0, done: false };
      // The other required words as bitsets: a candidate of the driving word is scored (several
      // scattered reads) only when one bit per word says it can match; cheap when those words are
      // not far more common than the driving one.
      // When the year's titles are the candidates, the driving word has not been walked: it filters like the others.
      const filters = pass === 'exact' ? [] : this.buildFilters(nq, required, yearDocs ? -1 : driver, driverCost);
      const nf = filters.length;
      const f0 = nf > 0 ? filters[0] : this.bitset;
      const f1 = nf > 1 ? filters[1] : this.bitset;
      const f2 = nf > 2 ? filters[2] : this.bitset;
      // A year typed with words (first pass): a title must be from that year or carry the number as a word. The
      // year's bitset holds both (see yearBitset); other words that begin with the number, when the year is still
      // being typed, are set for this query in yearWord (null when there are none, as for most years).
      let yearWanted = -1;
      let yearWord: Uint32Array | null = null;
      let yearBits = this.bitset;
      if (!anyYear && yearIdx >= 0) {
        yearWanted = q.year;
        yearBits = this.yearBitset(q.year);
        const ranges = withoutWord(this.driverRanges[yearIdx] ?? [], exactIds[yearIdx]);
        if (ranges.length > 0) {
          yearWord = this.filterPool[3] ??= new Uint32Array(this.bitset.length);
          let cost = 0;
          for (const [lo, hi] of ranges) {
            for (let p = this.postStart[lo]; p < this.postStart[hi]; p++) {
              const d = this.postings[p];
              yearWord[d >>> 5] |= 1 << (d & 31);
              cost++;
            }
          }
          this.filterUsed.push({ bs: yearWord, ranges, cost });
        }
      }
      // Bitsets (a few hundred kilobytes, kept in the CPU's cache) rather than a scattered read per candidate.
      const possible = (d: number): boolean => {
        if (yearWanted >= 0 && (yearBits[d >>> 5] & (1 << (d & 31))) === 0 && (yearWord === null || (yearWord[d >>> 5] & (1 << (d & 31))) === 0)) return false;
        if (nf > 0) {
          const w = d >>> 5;
          const bit = 1 << (d & 31);
          if ((f0[w] & bit) === 0 || (nf > 1 && (f1[w] & bit) === 0) || (nf > 2 && (f2[w] & bit) === 0)) return false;
        }
        return type < 0 || this.type[d] === type;
      };
      const accept = (d: number) => {
        if (!possible(d)) return;
        if ((seen[d >>> 5] & (1 << (d & 31))) !== 0) return;
        const s = this.score(d, ctx);
        if (s < 0) return;
        if (hidden && (hidden[d >>> 5] & (1 << (d & 31))) !== 0) return;
        seen[d >>> 5] |= 1 << (d & 31);
        seenList.push(d);
        out.push({ seg: this, doc: d, score: s, key: hitKey(this, d, s), part: this.partScore });
        found.count++;
        if (s <= 1) found.good++;
        found.done = found.count >= cap || found.good >= enough;
      };
      let exhausted = true;
      if (pass === 'exact') {
        // Whole titles only: the exact-title table below answers, without walking any word's titles.
        exhausted = false;
      } else if (!yearDocs && driverSel.length === 1 && driverSel[0][1] - driverSel[0][0] === 1) {
        // One driving word: its postings are the candidates, already in document order (most popular first).
        const from = this.postStart[driverSel[0][0]];
        const to = this.postStart[driverSel[0][1]];
        for (let k = from; k < to; k++) {
          accept(this.postings[k]);
          if (found.done) {
            exhausted = k === to - 1;
            break;
          }
        }
      } else if (driverCost > this.n / 16) {
        for (let d = 0; d < this.n; d++) {
          accept(d);
          if (found.done) {
            exhausted = d === this.n - 1;
            break;
          }
        }
      } else if (driverCost <= SORT_CANDIDATES_MAX) {
        // Very few candidates: gather and sort them (cheaper than even the summary's sweep below).
        let m = 0;
        const buf = this.small;
        if (yearDocs) for (let k = 0; k < yearDocs.length; k++) buf[m++] = yearDocs[k];
        for (const [lo, hi] of driverSel) {
          for (let k = this.postStart[lo]; k < this.postStart[hi]; k++) buf[m++] = this.postings[k];
        }
        const docs = buf.subarray(0, m).sort();
        let prev = -1;
        for (let i = 0; i < m; i++) {
          const d = docs[i];
          if (d === prev) continue;
          prev = d;
          accept(d);
          if (found.done) {
            exhausted = i === m - 1;
            break;
          }
        }
      } else {
        // The candidates as a bitset, with a summary bitset of its non-zero words: swept in document order (most
        // popular first) through the summary, so the sweep costs the candidates and n / 1024 summary words, not
        // a sort of the candidates (a fifth of a search's own time when it sorted up to 4,096) nor n / 32 words.
        const bs = this.bitset;
        const sum = this.summary;
        if (yearDocs) {
          for (let k = 0; k < yearDocs.length; k++) {
            const d = yearDocs[k];
            bs[d >>> 5] |= 1 << (d & 31);
            sum[d >>> 10] |= 1 << ((d >>> 5) & 31);
          }
        }
        for (const [lo, hi] of driverSel) {
          for (let k = this.postStart[lo]; k < this.postStart[hi]; k++) {
            const d = this.postings[k];
            bs[d >>> 5] |= 1 << (d & 31);
            sum[d >>> 10] |= 1 << ((d >>> 5) & 31);
          }
        }
        let stopped = false;
        let si = 0;
        for (; si < sum.length && !stopped; si++) {
          let sw = sum[si];
          if (sw === 0) continue;
          sum[si] = 0;
          while (sw !== 0) {
            const wi = (si << 5) + 31 - Math.clz32(sw & -sw);
            sw &= sw - 1;
            let word = bs[wi];
            bs[wi] = 0;
            if (stopped) continue;
            while (word !== 0) {
              const b = 31 - Math.clz32(word & -word);
              word &= word - 1;
              accept((wi << 5) + b);
              if (found.done) break;
            }
            if (found.done) {
              stopped = true;
              // Candidates left over: the list was not walked to its end.
              if (word !== 0 || sw !== 0) exhausted = false;
            }
          }
        }
        // Past the stop, what is left is only cleared.
        for (; si < sum.length; si++) {
          let sw = sum[si];
          if (sw === 0) continue;
          sum[si] = 0;
          exhausted = false;
          while (sw !== 0) {
            bs[(si << 5) + 31 - Math.clz32(sw & -sw)] = 0;
            sw &= sw - 1;
          }
        }
      }
      if (!exhausted) {
        // Exact titles that are not among the most popular matches: looked up by their whole token sequence
        // (the words without the year, and with it for titles that carry the number as a word).
        const words: number[] = [];
        const all: number[] = [];
        let complete = true;
        for (let i = 0; i < nq; i++) {
          if (exactIds[i] < 0) {
            if (i !== yearIdx) complete = false;
            continue;
          }
          all.push(exactIds[i]);
          if (i !== yearIdx) words.push(exactIds[i]);
        }
        const sequences = complete ? (all.length > words.length ? [words, all] : [words]) : [];
        // A word written another way ("rocky 2": Rocky II, "mister robot": Mr. Robot): the words with that form in its place.
        const at = altIds === null ? -1 : altIds.findIndex((a) => a !== undefined);
        for (const a of at >= 0 && altIds !== null ? altIds[at] : NO_WORDS) {
          const seq: number[] = [];
          for (let i = 0; i < nq; i++) {
            if (i === yearIdx) continue;
            const id = i === at ? a : exactIds[i];
            if (id < 0) break;
            seq.push(id);
          }
          if (seq.length === nq - (yearIdx >= 0 ? 1 : 0)) sequences.push(seq);
        }
        let exactFound = 0;
        for (const seq of sequences) {
          if (seq.length === 0) continue;
          let walked = 0;
          this.forEachExactTitle(seq, (d) => {
            if (++walked > EXACT_WALK_MAX) return false;
            // Whether it can match first: most titles of a long chain are from another year than the one typed.
            if (!possible(d) || (seen[d >>> 5] & (1 << (d & 31))) !== 0) return true;
            const s = this.score(d, ctx);
            if (s >= 0 && (s < 1 || pass === 'exact') && !(hidden && (hidden[d >>> 5] & (1 << (d & 31))) !== 0)) {
              seen[d >>> 5] |= 1 << (d & 31);
              seenList.push(d);
              out.push({ seg: this, doc: d, score: s, key: hitKey(this, d, s), part: this.partScore });
              // Chains run most popular first: once `enough` exact titles are in, later ones cannot rank higher (in the
              // 'exact' pass every title found scores alike).
              if ((s === 0 || pass === 'exact') && ++exactFound >= enough) return false;
            }
            return true;
          });
        }
      }
    } finally {
      for (const d of this.seenList) this.seenBits[d >>> 5] = 0;
      this.seenList.length = 0;
      this.clearFilters();
      this.clearMarks();
      this.driverRanges.length = 0;
    }
  }

  /** Up to three filter bitsets (rarest words first) for the required words other than the driver. */
  private buildFilters(nq: number, required: number, driver: number, driverCost: number): Uint32Array[] {
    const picks: { i: number; cost: number; kept: Uint32Array | null }[] = [];
    for (let i = 0; i < nq; i++) {
      if (i === driver || (required & (1 << i)) === 0) continue;
      const ranges = this.driverRanges[i];
      if (!ranges) continue;
      let cost = 0;
      for (const [lo, hi] of ranges) cost += this.postStart[hi] - this.postStart[lo];
      if (ranges.length === 1 && cost > this.n / SHARED_FILTER_SHARE) {
        // A common word or short prefix ("the", "s"): its bitset is kept between queries.
        picks.push({ i, cost: 0, kept: this.keptFilter(ranges[0][0], ranges[0][1]) });
      } else if (driverCost <= this.n / 16 && cost <= FILTER_RATIO * driverCost) {
        // Setting a bit is cheaper than the scattered reads of scoring a candidate that cannot match.
        picks.push({ i, cost, kept: null });
      }
    }
    picks.sort((a, b) => a.cost - b.cost);
    const out: Uint32Array[] = [];
    for (const { i, cost, kept } of picks.slice(0, 3)) {
      if (kept) {
        out.push(kept);
        continue;
      }
      const k = out.length;
      this.filterPool[k] ??= new Uint32Array(this.bitset.length);
      const bs = this.filterPool[k];
      for (const [lo, hi] of this.driverRanges[i]) {
        for (let p = this.postStart[lo]; p < this.postStart[hi]; p++) {
          const d = this.postings[p];
          bs[d >>> 5] |= 1 << (d & 31);
        }
      }
      this.filterUsed.push({ bs, ranges: this.driverRanges[i], cost });
      out.push(bs);
    }
    return out;
  }

  /** Kept filter bitsets by vocabulary range, in the order made: past SHARED_FILTERS_MAX, the oldest goes. */
  private kept = new Map<number, Uint32Array>();

  /** The bitset of a vocabulary range's documents, kept for the next queries that need it. */
  private keptFilter(lo: number, hi: number): Uint32Array {
    const key = lo * 4_194_304 + hi;
    let bs = this.kept.get(key);
    if (!bs) {
      bs = new Uint32Array(this.bitset.length);
      for (let p = this.postStart[lo]; p < this.postStart[hi]; p++) {
        const d = this.postings[p];
        bs[d >>> 5] |= 1 << (d & 31);
      }
      if (this.kept.size >= SHARED_FILTERS_MAX) this.kept.delete(this.kept.keys().next().value as number);
      this.kept.set(key, bs);
    }
    return bs;
  }

  private clearFilters(): void {
    for (const { bs, ranges, cost } of this.filterUsed) {
      // Zeroing a whole bitset is one fast memory fill (about 2 µs for a million titles): cheaper than
      // clearing the words one posting at a time once there are more than about a thousand postings.
      if (cost > FILTER_CLEAR_BY_FILL) {
        bs.fill(0);
        continue;
      }
      for (const [lo, hi] of ranges) {
        for (let p = this.postStart[lo]; p < this.postStart[hi]; p++) bs[this.postings[p] >>> 5] = 0;
      }
    }
    this.filterUsed.length = 0;
  }

  private filterPool: Uint32Array[] = [];
  private filterUsed: { bs: Uint32Array; ranges: [number, number][]; cost: number }[] = [];
  private driverRanges: [number, number][][] = [];
  private small = new Int32Array(SORT_CANDIDATES_MAX);

}
