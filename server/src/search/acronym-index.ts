/** Acronyms across the index: a series' name from its films' acronym, two acronyms, and where acronym matches rank. */

import { ACRONYM_AFTER_TYPOS, ACRONYM_MARGIN, acronymWord } from './acronyms.ts';
import { compareHits, type Hit, hitKey, TYPO_PENALTY } from './hits.ts';
import { SearchIndexBase } from './index-base.ts';
import { SERIES_SPREAD } from './series.ts';
import { type ParsedQuery, TYPE_CODE } from './types.ts';

/** How many of the best known films with an acronym are read for the series it may name (see acronymFilmWords). */
const ACRONYM_SERIES_LOOK = 20;
/** How many of the best known titles the first of two acronyms stands for are read for the second (see acronymPair). */
const ACRONYM_PAIR_LOOK = 200;

/** The index with acronyms read across its segments (see the file's head). */
export class AcronymIndex extends SearchIndexBase {
  /**
   * The words an acronym stands for in films (see acronymWords), for reading it as a series' name: the words two or more
   * of the best known films with such an acronym share, the best known such pair or more first, when they are at least
   * a tenth as popular as the best known film of all ("potc": pirates of the caribbean, though The Passion of the
   * Christ is better known); else the words of that best known film.
   */
  protected acronymFilmWords(acronym: string): string[] | null {
    const found: Hit[] = [];
    this.main.acronymSearch(acronym, TYPE_CODE.movie, ACRONYM_SERIES_LOOK, this.hiddenDocs, found);
    this.delta?.acronymSearch(acronym, TYPE_CODE.movie, ACRONYM_SERIES_LOOK, null, found);
    if (found.length === 0) return null;
    found.sort(compareHits);
    const groups = new Map<string, { words: string[]; best: Hit; count: number }>();
    for (const h of found) {
      const words = h.seg.acronymWords(h.doc, acronym);
      if (words === null) continue;
      const key = words.join(' ');
      const group = groups.get(key);
      if (group === undefined) groups.set(key, { words, best: h, count: 1 });
      else group.count++;
    }
    const top = found[0].seg.pop[found[0].doc];
    let pick: string[] | null = null;
    for (const g of groups.values()) {
      if (g.count >= 2 && g.best.seg.pop[g.best.doc] >= top - SERIES_SPREAD) {
        pick = g.words;
        break;
      }
    }
    return pick ?? found[0].seg.acronymWords(found[0].doc, acronym);
  }

  /**
   * A query of two words, each of letters and digits with a letter, the first of ACRONYM_MIN characters or more: the titles
   * whose acronym begins with the first and whose words after those go on with the second as theirs (see
   * acronymThenAcronym), among the ACRONYM_PAIR_LOOK best known the first word is the acronym of, more popular first
   * ("lotr rotk": The Return of the King, "potc dmc": Dead Man's Chest). Empty for any other query.
   */
  protected acronymPair(q: ParsedQuery, type: number): Hit[] {
    if (q.tokens.length !== 2 || q.yearIdx >= 0) return [];
    const [first, second] = q.tokens;
    if (acronymWord({ ...q, tokens: [first] }) === null || second.length < 2 || !/^[a-z0-9]*[a-z][a-z0-9]*$/.test(second)) return [];
    const found: Hit[] = [];
    this.main.acronymSearch(first, type, ACRONYM_PAIR_LOOK, this.hiddenDocs, found);
    this.delta?.acronymSearch(first, type, ACRONYM_PAIR_LOOK, null, found);
    return found.filter((h) => h.seg.acronymThenAcronym(h.doc, first, second)).sort(compareHits);
  }

  /**
   * The titles whose whole acronym the word is, ranked with the titles that begin with it (see ACRONYM_WHOLE_SCORE)
   * when at least as popular as every typo match of another title and far better known than the others (see
   * ACRONYM_MARGIN); the others are left to the acronym matches.
   */
  protected withWholeAcronyms(hits: Hit[], word: string, type: number, enough: number): Hit[] {
    // The popularity a title must reach: that of the best known typo match, and that of the best known title the word
    // begins or has and a margin (ACRONYM_MARGIN), other than itself. The lookup stops below the second highest bar
    // (the highest may be the title's own other match), and the bar is checked again once the titles are known.
    let needed = Number.NEGATIVE_INFINITY;
    const bars = new Float64Array(hits.length);
    for (let i = 0; i < hits.length; i++) {
      const h = hits[i];
      bars[i] = h.score < 1 ? Number.NEGATIVE_INFINITY : h.score >= TYPO_PENALTY ? h.seg.pop[h.doc] : h.seg.pop[h.doc] + ACRONYM_MARGIN;
      if (bars[i] > needed) needed = bars[i];
    }
    let second = Number.NEGATIVE_INFINITY;
    for (let i = 0, top = bars.indexOf(needed); i < bars.length; i++) if (i !== top && bars[i] > second) second = bars[i];
    const whole: Hit[] = [];
    this.main.acronymSearch(word, type, enough, this.hiddenDocs, whole, true, second);
    this.delta?.acronymSearch(word, type, enough, null, whole, true, second);
    if (whole.length === 0) return hits;
    const keyOf = (h: Hit) => this.titleKey(h);
    const wholeTitles = new Set(whole.map(keyOf));
    needed = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < hits.length; i++) if (bars[i] > needed && !wholeTitles.has(keyOf(hits[i]))) needed = bars[i];
    return this.mergedBest(
      hits,
      whole.filter((h) => h.seg.pop[h.doc] >= needed),
    );
  }

  /**
   * Titles found by their acronym (scored ACRONYM_SCORE) added to the other hits, best first. Each ranks after the
   * plain matches and before every typo match when it is at least as popular as the most popular typo match (of
   * a title not found by its acronym too), and after them all otherwise (ACRONYM_AFTER_TYPOS): people shorten the
   * titles everyone knows, while a four-letter typo ("stne", "dmon") is often the initials of some obscure title,
   * which must not come before the well-known title the typo is of. A title matched both ways keeps the better rank.
   */
  protected withAcronyms(hits: Hit[], acronyms: Hit[]): Hit[] {
    const keyOf = (h: Hit) => this.titleKey(h);
    const byTitle = new Map<number, number>();
    for (let a = 0; a < acronyms.length; a++) byTitle.set(keyOf(acronyms[a]), a);
    // Per acronym match, the other hit of the same title (-1: none); and the most popular other typo match.
    const same = new Int32Array(acronyms.length).fill(-1);
    let best = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < hits.length; i++) {
      const h = hits[i];
      const a = byTitle.get(keyOf(h));
      if (a !== undefined) same[a] = i;
      else if (h.score >= TYPO_PENALTY && h.seg.pop[h.doc] > best) best = h.seg.pop[h.doc];
    }
    for (let a = 0; a < acronyms.length; a++) {
      const h = acronyms[a];
      if (h.seg.pop[h.doc] < best) {
        h.score = ACRONYM_AFTER_TYPOS;
        h.key = hitKey(h.seg, h.doc, h.score);
      }
      const i = same[a];
      if (i < 0) hits.push(h);
      else if (hits[i].score > h.score) hits[i] = h;
    }
    return hits.sort(compareHits);
  }

}
