/** How well one title matches a query's words (see hits.ts for the scale). */

import { DROPPED_PENALTY, TWICE_FOUND_PAST, TYPO_PENALTY, YEAR_PENALTY } from './hits.ts';
import { numberValue } from './query.ts';
import type { ParsedQuery } from './types.ts';
import { TypoSegment } from './typos.ts';

export interface ScoreContext {
  tokens: string[];
  nq: number;
  yearIdx: number;
  year: number;
  required: number;
  dropped: boolean;
  /** A sequel's number was left out of the query (see ParsedQuery.numberOut). */
  numberOut: boolean;
  exactIds: number[];
  /** Per query word, the other words that count as it typed (otherForms), or null when no word has any. */
  altIds: number[][] | null;
  lastIsPrefix: boolean;
  /** Titles from any year count (one from another year than the typed one scores 3-8: see score). */
  anyYear: boolean;
  articleOut: ParsedQuery['articleOut'];
  /** A word of the query was read as two in this pass (see search): a match that is not clean then counts as a typo. */
  readApart: boolean;
}

/** A segment that scores one title against a query's marked words (see score). */
export class RankingSegment extends TypoSegment {
  protected mark(t: number, bit: number, strong: boolean) {
    if (this.markAny[t] === 0 && this.markStrong[t] === 0) this.touched.push(t);
    this.markAny[t] |= bit;
    if (strong) this.markStrong[t] |= bit;
  }

  /** Marks the words of `forms` (otherForms) the vocabulary has as the query word `bit`, strong; returns them. */
  protected markForms(forms: string[], bit: number, ranges: [number, number][]): number[] {
    const out: number[] = [];
    for (const form of forms) {
      const a = this.exactId(form);
      if (a < 0 || (this.markAny[a] & bit) !== 0) continue;
      this.mark(a, bit, true);
      ranges.push([a, a + 1]);
      out.push(a);
    }
    return out;
  }

  protected clearMarks() {
    for (const t of this.touched) {
      this.markAny[t] = 0;
      this.markStrong[t] = 0;
    }
    this.touched.length = 0;
  }

  /** Score of document d for the query, or -1 when it does not match. */
  protected score(d: number, c: ScoreContext): number {
    this.partScore = -1;
    const start = this.tokStart[d];
    const end = this.tokStart[d + 1];
    const plen = this.primaryLen[d];
    let any = 0;
    let strong = 0;
    for (let k = start; k < start + plen; k++) {
      const t = this.toks[k];
      any |= this.markAny[t];
      strong |= this.markStrong[t];
    }
    if ((any & c.required) !== c.required) {
      // All the words in the title's other form (its original title, or its initials letter by letter), never some in
      // each: "sherlock 2" is not Two Merry Adventurers, whose original title is Der Mann, der Sherlock Holmes war.
      any = 0;
      strong = 0;
      for (let k = start + plen; k < end; k++) {
        const t = this.toks[k];
        any |= this.markAny[t];
        strong |= this.markStrong[t];
      }
      if ((any & c.required) !== c.required) return -1;
    }
    let score = 0;
    if ((strong & c.required) !== c.required) score += TYPO_PENALTY;
    let skip = -1;
    let otherYear = false;
    if (c.yearIdx >= 0) {
      const ybit = 1 << c.yearIdx;
      if ((any & ybit) === 0) {
        skip = c.yearIdx;
        if (this.year[d] !== c.year) {
          // A year was asked and this title is from another: only in the passes that look wider.
          if (!c.anyYear) return -1;
          otherYear = true;
        }
      }
    }
    if (c.dropped) score += DROPPED_PENALTY;
    else if (c.numberOut) score += YEAR_PENALTY;
    let t1 = this.titleTier(start, start + plen, c, skip);
    // Found by initials typed as a word ("swat" for S.W.A.T.): ranked as a title found past its article, with the titles
    // that begin with the word, as 40% as popular, since the word may be on its way to another ("sop", The Sopranos).
    // Typed with their dots, initials match the title's second form, letter by letter, as any title.
    if (this.initials[d] !== 0 && t1 < 2) t1 = 1.5;
    const t2 = end > start + plen ? this.titleTier(start + plen, end, c, skip) : 2;
    const tier = Math.min(t1, t2);
    // A word read as two ("robcop" as rob + cop) is a clean reading only when the title has both where they were typed,
    // at its start, with no typo: found apart ("Cops and Robbers") or through a typo ("tombtone": Tom Jones), it is a
    // guess no better than a typo of the word whole, which is looked for beside it (see compute) and ranks first.
    if (c.readApart && (score >= TYPO_PENALTY || tier >= 2)) score += TYPO_PENALTY;
    if (c.articleOut) {
      // The query's leading article was left out. A whole title then ranks with the titles that start with what
      // was typed, as 40% as popular as it is: "the dune" gives Dune before an obscure The Dunera Boys, but "the
      // godfather" gives The Godfather, Part II and Part III before an obscure GodFather. After a typo of "the"
      // ("hte dune") it ranks as a whole title with a typo (The Dupe): there the typo matches are all that was found.
      if (tier >= 1 || otherYear) return -1;
      return c.articleOut === 'typo' ? TYPO_PENALTY + 0.5 : 1.5;
    }
    if (!otherYear) {
      if (score === 0 && tier >= 1) {
        const part = this.partTier(d, c, skip);
        if (part >= 0 && part < tier) this.partScore = part;
      }
      return score + tier;
    }
    // From another year: by tier first, then one year off before further off (3-8, the article's half kept).
    const whole = Math.floor(tier);
    return score + YEAR_PENALTY + 2 * whole + (Math.abs(this.year[d] - c.year) === 1 ? 0 : 1) + (tier - whole);
  }

  /**
   * Set by score: the score document d would have if the words before its subtitle, or its subtitle, were its whole
   * title ("2001" for 2001: A Space Odyssey, "return of the king" for The Lord of the Rings: The Return of the King),
   * when that is better than its own, else -1 (see Hit.part).
   */
  partScore = -1;

  /**
   * The tier of title d's words before its subtitle or of its subtitle, as titles of their own, the first exact only (a
   * title beginning with the words already ranks as one that begins with them), found past what comes before (as
   * past an article and by reading the query otherwise: TWICE_FOUND_PAST); -1 when neither is the words.
   */
  private partTier(d: number, c: ScoreContext, skip: number): number {
    const head = this.headLen[d];
    const start = this.tokStart[d];
    const end = start + this.primaryLen[d];
    if (head === 0 || start + head >= end) return -1;
    if (this.titleTier(start, start + head, c, skip) === 0) return TWICE_FOUND_PAST;
    const sub = this.titleTier(start + head, end, c, skip);
    return sub < 2 ? Math.floor(sub) + TWICE_FOUND_PAST : -1;
  }

  protected titleTier(from: number, to: number, c: ScoreContext, skip: number): number {
    let pos = from;
    const firstQ = skip === 0 ? 1 : 0;
    let skipped = 0;
    if (pos < to && this.articleIds.has(this.toks[pos]) && (this.markAny[this.toks[pos]] & (1 << firstQ)) === 0) {
      pos++;
      skipped = 0.5;
    }
    let allExact = true;
    for (let i = 0; i < c.nq; i++) {
      if (i === skip) continue;
      const bit = 1 << i;
      if (c.required & bit || i === c.yearIdx) {
        if (pos >= to) return 2;
        let t = this.toks[pos];
        if ((this.markAny[t] & bit) === 0) {
          // An article inside the title that the query does not have ("fast and furious": The Fast and the Furious), passed
          // over as a leading one is: the title ranks as 40% as popular (16% when its leading article was passed too).
          if (!this.articleIds.has(t) || pos + 1 >= to || (this.markAny[this.toks[pos + 1]] & bit) === 0) return 2;
          pos++;
          t = this.toks[pos];
          skipped = skipped > 0 ? TWICE_FOUND_PAST : 0.5;
        }
        if (t !== c.exactIds[i] && (this.markStrong[t] & bit) !== 0) {
          if (!c.altIds?.[i]?.includes(t)) allExact = false;
          else if (i === 0 && numberValue(c.tokens[0]) > 0) {
            // A number that begins the query, found written another way, ranks the title with those the query begins, as
            // 40% as popular (as past an article): "7 days" gives 7 Days before a better known Seven Days, "2 days" 2 Days
            // in the Valley before Two Days; "7 samurai" still gives Seven Samurai.
            allExact = false;
            skipped = skipped > 0 ? TWICE_FOUND_PAST : 0.5;
          }
        }
        pos++;
      }
    }
    return (pos === to && allExact ? 0 : 1) + skipped;
  }

}
