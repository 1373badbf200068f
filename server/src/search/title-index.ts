/** The title search: the passes and readings of a query, in the order they are tried, and the page they make. */

import { AcronymIndex } from './acronym-index.ts';
import { ACRONYM_WHOLE_MAX, acronymWord } from './acronyms.ts';
import { editDistance } from './edit-distance.ts';
import { compareHits, DROPPED_PENALTY, type Hit, hitKey, TWICE_FOUND_PAST, TYPO_PENALTY } from './hits.ts';
import { ARTICLES, leadingArticle, MAX_QUERY_TOKENS, parseQuery, queryReadAs, queryWithout, withoutArticle, withoutSequelNumber } from './query.ts';
import type { Segment } from './segment-search.ts';
import { numberAfterPart, seriesFilms } from './series.ts';
import { type ParsedQuery, type SearchOptions, type TitleSearchResult, TYPE_CODE } from './types.ts';
import { SPLIT_MAX } from './typos.ts';

/**
 * How much better known (popularity is about log10 of the votes: 1.5 is about 30 times the votes) than every title that
 * has the words as typed, but apart, a title named by them through a typo must be to rank among those titles (see
 * TitleSearchIndex.compute: "the dark night").
 */
const TYPO_NAMED_MARGIN = 1.5;
/**
 * ...or, when some of those titles are the words or begin with them (an obscure namesake), 2: a hundred times the
 * votes ("pursuit of happiness" gives The Pursuit of Happyness before an obscure Pursuit of Happiness).
 */
const NAMESAKE_MARGIN = 2;
/**
 * How many of the best known titles with each word as typed (of three letters or more: "of" and "a" are in too many to
 * tell) are read for a famous namesake (see namesakesByTypo): each costs a few reads from memory.
 */
const NAMESAKE_LOOK = 30;
/** The shortest word a namesake may have one edit off ("1 robot" is not I, Robot): as typos are read (see typoIds). */
const TYPO_MIN_LENGTH = 4;
/** ...when fewer titles than this have the words as typed (a constant, so that a first page reads the same whatever its size). */
const TYPO_NAMED_FEW = 20;

/** How many titles of other years the year pass gathers, whatever the page asked for (see compute). */
const OTHER_YEARS_CAP = 100;

/** A query that finds nothing is tried again without each of its words in turn (see compute) when it has at most this many. */
const LEAVE_OUT_MAX = MAX_QUERY_TOKENS;

/** The shortest word read as a whole title's words typed together ("lalaland"; see wholeTitleReading). */
const READ_TOGETHER_MIN = 6;
/**
 * Words typed before a title that name what is looked for rather than the title ("watch breaking bad"): a query that
 * begins with one, and finds nothing whole, is cut from its start first (see cutOff).
 */
const LEADING_NOISE = new Set(['watch', 'movie', 'film', 'series', 'show', 'tv', 'trailer', 'stream']);
/** The most readings of such a word tried as a whole title's words. */
const READINGS_MAX = 32;

/**
 * Whether a title's words are the query's with one or two words each one edit off (an optimal string alignment
 * distance of 1), the others as typed: "the dark night" and The Dark Knight, "inglorious bastards" and Inglourious
 * Basterds. With `minOff`, only words of that many characters or more may be off (a typo pass reads none shorter).
 */
function wordsOneEditOff(h: Hit, tokens: string[], minOff = 0): boolean {
  const seg = h.seg;
  const from = seg.tokStart[h.doc];
  const words: string[] = [];
  for (let k = from; k < from + seg.primaryLen[h.doc]; k++) words.push(seg.vocab.at(seg.toks[k]));
  let off = 0;
  for (const t of tokens) {
    if (words.includes(t)) continue;
    if (++off > 2 || t.length < minOff || !words.some((w) => !tokens.includes(w) && editDistance(t, w, 1) === 1)) return false;
  }
  return off > 0;
}

/** The whole index: a main segment, a delta segment for titles changed since, and the genre registry. */
export class TitleSearchIndex extends AcronymIndex {
  /** Titles matching the text, best first (uncached: the titles service keeps finished answers). */
  search(input: string | ParsedQuery, opts: SearchOptions): TitleSearchResult {
    const q = typeof input === 'string' ? parseQuery(input) : input;
    if (q.tokens.length === 0) return { ids: [], scores: [], hasMore: false, match: 'none' };
    return this.compute(q, opts);
  }

  private compute(q: ParsedQuery, opts: SearchOptions): TitleSearchResult {
    const offset = opts.offset ?? 0;
    const want = offset + opts.limit;
    const cap = Math.max(100, want * 2);
    const type = opts.type ? TYPE_CODE[opts.type] : -1;
    let hits = this.run(q, type, cap, want + 1, 'plain');
    // A typed year that no title with the words has: the same words from other years, the nearest year first
    // ("halloween 2019" without a 2019 Halloween: the 2018 one, then 1978), before any typo. Up to OTHER_YEARS_CAP
    // whatever the page size, so a first page reads the same whatever its size.
    if (q.yearIdx >= 0 && hits.length === 0) hits = this.run(q, type, OTHER_YEARS_CAP, want + 1, 'anyYear');
    // A sequel's number that no title with the words has, in any form ("deadpool 2" where there is no Deadpool 2): the
    // words without it, ranked as a misremembered year is, before any typo of the words ("dune 2" gives Dune, not
    // I due sergenti, "the two sergeants", through "due").
    // A "part", "chapter" or "vol" before a sequel's number that no title has so: the words and the number without it
    // ("mad max part two" gives Mad Max 2: The Road Warrior).
    if (hits.length === 0) {
      const without = withoutSequelNumber(q, true);
      if (without !== null && without.query.tokens.length < q.tokens.length - 1) {
        hits = this.run({ ...without.query, tokens: [...without.query.tokens, without.word], numberOut: undefined }, type, cap, want + 1, 'plain');
      }
    }
    if (hits.length === 0) {
      // ("dune part two": no title has the words, so "part" goes with the number; "harry potter part 2", found as typed in
      // Deathly Hallows: Part 2, keeps it below.)
      const without = withoutSequelNumber(q, true);
      if (without !== null) {
        hits = this.run(without.query, type, cap, want + 1, 'plain');
        const bare = withoutArticle(without.query);
        // (A 1 no title has changes nothing: the first film comes first anyway.)
        const films =
          without.number < 2
            ? null
            : seriesFilms(bare === without.query ? hits : this.run(bare, type, cap, want + 1, 'plain'), bare.tokens, without.number, bare !== without.query);
        if (films !== null) hits = this.withFirst(hits, films[without.number - 1]);
        // No title has the words, but one word may be a series' acronym ("lotr 2"): read as the words it stands for in
        // the best known film it is the acronym of ("lord of the rings 2"), that query answers.
        const acronym = hits.length === 0 && type !== TYPE_CODE.tvSeries && !q.acronymRead ? acronymWord(without.query) : null;
        const words = acronym === null ? null : this.acronymFilmWords(acronym);
        if (words !== null) return this.compute({ tokens: [...words, without.word], yearIdx: -1, year: 0, lastIsPrefix: false, acronymRead: true }, opts);
      }
    } else if (q.yearIdx < 0 && hits[0].score >= 2) {
      // The number found only after "part", in titles that do not begin with the words ("harry potter 2" in Harry
      // Potter and the Deathly Hallows: Part 2, "hunger games 2" in The Hunger Games: Mockingjay - Part 2): when the
      // words name a series and the title found comes later in it, its film at that number comes first, those titles
      // after it. (When it comes earlier, the series as the catalogue has it lacks films, and the title is taken.)
      const without = withoutSequelNumber(q);
      if (without !== null && numberAfterPart(hits, without.word)) {
        const bare = withoutArticle(without.query);
        const films = seriesFilms(this.run(bare, type, cap, want + 1, 'plain'), bare.tokens, without.number, bare !== without.query);
        const found = films?.findIndex((h) => this.titleKey(h) === this.titleKey(hits[0])) ?? -1;
        const pick = films !== null && (found < 0 || found >= without.number) ? films[without.number - 1] : null;
        if (pick) hits = this.withFirst(hits, pick);
      }
    }
    // A query starting with an article the title does not have ("the dune" for Dune, "the inception"): the words
    // after it as a whole title, ranked with the titles that start with what was typed, at 40% of its popularity.
    const lead = leadingArticle(q);
    if (lead && !lead.typo) hits = this.merged(hits, this.run(lead.rest, type, cap, want + 1, 'exact'));
    // One word that may be an acronym, when the plain matches do not fill the page (they rank first, so when they
    // do, the page is the same without): the titles it is or begins the acronym of ("lotr": The Lord of the Rings
    // films), ranked once the typos are known (see withAcronyms). As many as a page could take past the plain matches,
    // since some may be among them.
    // Nothing as typed, and two words that may be acronyms: a title's and its subtitle's ("lotr rotk"), ranked before
    // any typo of the words.
    if (hits.length === 0) hits = this.acronymPair(q, type);
    const plain = hits.length;
    const word = acronymWord(q);
    const acronym = plain <= want ? word : null;
    let acronyms: Hit[] | null = null;
    if (acronym !== null) {
      acronyms = [];
      this.main.acronymSearch(acronym, type, want + 1 + plain, this.hiddenDocs, acronyms);
      this.delta?.acronymSearch(acronym, type, want + 1 + plain, null, acronyms);
    }
    // Typos, split words and dropped words (always ranked after plain matches) are looked for when nothing matched
    // plainly, when a single word matched few titles, or to fill later pages. Acronym matches do not count here: the
    // typo matches decide where they rank.
    const few = hits.length === 0 || (q.tokens.length === 1 && hits.length < Math.min(want, 5)) || (offset > 0 && hits.length < want);
    // Every word is real and a few titles have them all: apart ("the dark night": Dark Was the Night), as a whole title
    // only once the query's article is passed over (Dark Night), or as obscure namesakes ("pursuit of happiness"): one
    // word may be a typo that is a real word too (see withNamedByTypo). The plain matches' best score and best
    // popularity, and how much better known a title named through a typo must be; null when no title is that well known.
    let loose: { score: number; pop: number; margin: number } | null = null;
    if (plain > 0 && plain < TYPO_NAMED_FEW && q.tokens.length >= 2 && q.yearIdx < 0) {
      loose = { score: 2, pop: Number.NEGATIVE_INFINITY, margin: TYPO_NAMED_MARGIN };
      for (const h of hits) {
        loose.score = Math.min(loose.score, h.score);
        loose.pop = Math.max(loose.pop, h.seg.pop[h.doc]);
      }
      if (loose.score < 1.5) loose.margin = NAMESAKE_MARGIN;
      if (loose.pop + loose.margin > this.topPopularity()) loose = null;
    }
    if (few) {
      hits = this.merged(hits, this.run(q, type, cap, want + 1, 'fallback'));
      // Only when nothing was found and the fallback pass met a word it could not read, of seven letters or more
      // (three words at the least): reading a word as many costs tens of lookups.
      if (hits.length === 0 && (this.main.unreadWords || this.delta?.unreadWords)) hits = this.merged(hits, this.run(q, type, cap, want + 1, 'split'));
      // A word read as two may be one word's typo after all ("bravehart", read as brave + hart; "batamn", as bat + amn;
      // "robcop", as rob + cop): unless that reading found a title cleanly, the word's typos are looked for too, and
      // rank before a reading that is not clean (see score).
      if ((this.main.splitWords || this.delta?.splitWords) && !hits.some((h) => h.score < 2)) {
        hits = this.merged(hits, this.run(q, type, cap, want + 1, 'typo'));
      }
      // A typo of a leading "the" ("hte dune"): the words after it as a whole title, ranked as a typo.
      if (lead?.typo) hits = this.merged(hits, this.run(lead.rest, type, cap, want + 1, 'exact'));
    }
    if (loose !== null) {
      // Beside titles that are or begin with the words, only a famous title sharing one of them is looked for (cheaply).
      const minPop = loose.pop + loose.margin;
      const typos = few ? null : loose.score < 1.5 ? this.namesakesByTypo(q.tokens, type, minPop) : this.run(q, type, cap, want + 1, 'fallback');
      hits = this.withNamedByTypo(hits, loose, typos, q.tokens);
    }
    // Still nothing: no title has all the words ("the godfather dune", "pirates of the caribbean 9"), not even through
    // a typo. Each word in turn is left out, and what the others find as typed (typos are not looked for again) is
    // ranked as with a dropped word. Not when a title of another type has them all: that title is what was asked for,
    // under another tab. A word no title has, not even as a beginning ("spiderman homecoming"), is then the only one
    // worth leaving out, since what is left is looked for as typed; with two such words, none is.
    const words = q.tokens.length - (q.yearIdx >= 0 ? 1 : 0);
    let unknown = -1;
    if (hits.length === 0 && words >= 2 && words <= LEAVE_OUT_MAX && q.cut !== true) {
      for (let i = 0; i < q.tokens.length && unknown !== -2; i++) {
        if (i !== q.yearIdx && !this.knows(q.tokens[i])) unknown = unknown === -1 ? i : -2;
      }
    }
    const elsewhere = hits.length === 0 && words >= 2 && type >= 0 && this.run(q, -1, 1, 1, 'anyYear').length > 0;
    if (hits.length === 0 && words >= 2 && words <= LEAVE_OUT_MAX && q.cut !== true && unknown !== -2 && !elsewhere) {
      for (let i = 0; i < q.tokens.length; i++) {
        if (i === q.yearIdx || (unknown >= 0 && i !== unknown)) continue;
        hits = this.merged(hits, this.run({ ...queryWithout(q, i), leftOut: true }, type, cap, want + 1, 'anyYear'));
      }
    }
    // Words typed apart or together otherwise than the title has them, when read so they are a whole title: a letter
    // or digit typed onto a word ("xmen": X-Men, "walle": WALL·E, "toy story3": Toy Story 3), or, when the plain
    // matches do not fill the page, two words of one ("good fellas": Goodfellas, "old boy": Oldboy). Only whole
    // titles, so that a letter typed once too often ("lovee") stays a typo; ranked as whole titles found past their
    // article are (at 40% of their popularity), so that a title as typed comes first unless the other is far better
    // known.
    const reading = this.wholeTitleReading(q, plain < want);
    if (reading !== null) {
      const read = this.run(reading, type, cap, want + 1, 'exact');
      for (const h of read) {
        // Found past its article too ("bat man" read as "batman" finds The Batman): both count, so Batman comes first.
        h.score = Math.floor(h.score) + (h.score > Math.floor(h.score) ? TWICE_FOUND_PAST : 0.5);
        h.key = hitKey(h.seg, h.doc, h.score);
      }
      hits = this.mergedBest(hits, read);
    }
    if (word !== null && word.length <= ACRONYM_WHOLE_MAX) hits = this.withWholeAcronyms(hits, word, type, want + 1);
    if (hits.length === 0 && (acronyms === null || acronyms.length === 0) && words >= 3 && q.cut !== true && !elsewhere) {
      const cut = this.cutOff(q, opts);
      // The words after a run that finds titles were cut off: no title has them all, so these are the closest.
      if (cut !== null) return { ...cut, match: cut.ids.length > 0 ? 'weak' : 'none' };
    }
    return this.page(hits, acronyms, offset, want);
  }

  /**
   * Still nothing with any one word left out: words typed after a title that no title has with it (a film the catalogue
   * lacks, "spiderman no way home", "avengers infinity war"; a season, "true detective season 1"). The longest run of the
   * first words that finds titles answers, read as any search is (typos and words typed together included, without
   * cutting again). People type the title first: "spiderman no way home" gives the Spider-Man films, not The Way Home.
   * Words before it that say what is looked for rather than name it ("watch breaking bad online": see LEADING_NOISE)
   * are cut off first. A typed year stays with every run. A run found only through typos ("pain gain part 2": Kevin
   * Hart: Laugh at My Pain, through "gain" and "hart") answers only when no shorter run is found as typed. Null when no
   * run of at least one word finds anything. (Words before a title otherwise are left out one at a time, above.)
   */
  private cutOff(q: ParsedQuery, opts: SearchOptions): TitleSearchResult | null {
    const words = q.tokens.filter((_, i) => i !== q.yearIdx);
    const n = words.length;
    const yearToken = q.yearIdx >= 0 ? q.tokens[q.yearIdx] : null;
    const runOf = (from: number, to: number): ParsedQuery => {
      const tokens = words.slice(from, to);
      if (yearToken !== null) tokens.push(yearToken);
      return {
        tokens,
        yearIdx: yearToken !== null ? tokens.length - 1 : -1,
        year: q.year,
        // Still being typed only when the run ends with the query's last word.
        lastIsPrefix: q.lastIsPrefix && to === n && yearToken === null,
        cut: true,
      };
    };
    let first = 0;
    while (first < n - 1 && LEADING_NOISE.has(words[first])) first++;
    let typosOnly: ParsedQuery | null = null;
    for (let to = first > 0 ? n : n - 1; to > first; to--) {
      const run = runOf(first, to);
      // The run that answers is chosen by its first page, whatever page is asked for, so that every page comes from it.
      const page = this.compute(run, { ...opts, offset: 0 });
      if (page.ids.length === 0) continue;
      if (-page.scores[0] < TYPO_PENALTY) return (opts.offset ?? 0) === 0 ? page : this.compute(run, opts);
      typosOnly ??= run;
    }
    return typosOnly === null ? null : this.compute(typosOnly, opts);
  }

  /** The hits with one first, ranked as a title exactly as typed is (a series' film, see seriesFilms). */
  private withFirst(hits: Hit[], first: Hit): Hit[] {
    first.score = 0;
    first.key = hitKey(first.seg, first.doc, 0);
    const key = this.titleKey(first);
    return [first, ...hits.filter((h) => this.titleKey(h) !== key)];
  }

  /**
   * The query read as a whole title otherwise than typed (see compute): its first word no title has, as a letter or digit
   * and a word or a word and a letter or digit; else, when `join`, two neighbouring words as one (of up to four words,
   * and not with a last word of one or two letters still being typed: "star s" is on its way to Star Sailor, not
   * Stars). Null when no title is so read, or when the query has a year.
   */
  private wholeTitleReading(q: ParsedQuery, join: boolean): ParsedQuery | null {
    const n = q.tokens.length;
    if (q.yearIdx >= 0 || n === 0) return null;
    const whole = (words: string[]) => this.main.isWholeTitle(words) || (this.delta?.isWholeTitle(words) ?? false);
    for (let i = 0; i < n; i++) {
      const t = q.tokens[i];
      // A word we know (the filters first: they rule out most strings that are none without a lookup).
      if (this.exactWord(t)) continue;
      if (t.length < 3) break;
      for (const k of [1, t.length - 1]) {
        const words = [...q.tokens.slice(0, i), t.slice(0, k), t.slice(k), ...q.tokens.slice(i + 1)];
        if (words.length <= MAX_QUERY_TOKENS && whole(words)) return queryReadAs(q, i, i + 1, [t.slice(0, k), t.slice(k)]);
      }
      // A whole title's words typed together ("lalaland": La La Land, "thematrix"), read as the likeliest words.
      if (t.length >= READ_TOGETHER_MIN && t.length <= SPLIT_MAX) {
        for (const seg of this.delta === null ? [this.main] : [this.main, this.delta]) {
          for (const parts of seg.readingsOf(t, READINGS_MAX)) {
            const words = [...q.tokens.slice(0, i), ...parts, ...q.tokens.slice(i + 1)];
            if (words.length <= MAX_QUERY_TOKENS && whole(words)) return queryReadAs(q, i, i + 1, parts);
          }
        }
      }
      break;
    }
    if (!join || n > 4) return null;
    const last = n - 1 - (q.lastIsPrefix && q.tokens[n - 1].length < 3 ? 1 : 0);
    for (let i = 0; i + 1 <= last; i++) {
      const joined = q.tokens[i] + q.tokens[i + 1];
      if (!this.exactWord(joined)) continue;
      const words = [...q.tokens.slice(0, i), joined, ...q.tokens.slice(i + 2)];
      if (whole(words)) return queryReadAs(q, i, i + 2, [joined]);
    }
    return null;
  }

  /** Whether some title has the word. */
  private exactWord(word: string): boolean {
    const main = this.main;
    if (main.mayBeWord(word) && main.exactId(word) >= 0) return true;
    return (this.delta?.mayBeWord(word) ?? false) && (this.delta?.exactId(word) ?? -1) >= 0;
  }

  /** Whether any title has the word, or a word beginning with it. */
  private knows(word: string): boolean {
    if (this.main.exactId(word) >= 0 || this.main.isPrefix(word)) return true;
    return this.delta !== null && (this.delta.exactId(word) >= 0 || this.delta.isPrefix(word));
  }

  /** The page of the hits (with the acronym matches ranked in) from `offset` to `want`, each with minus its score. */
  private page(found: Hit[], acronyms: Hit[] | null, offset: number, want: number): TitleSearchResult {
    let hits = this.withTitleParts(found);
    if (acronyms !== null && acronyms.length > 0) hits = this.withAcronyms(hits, acronyms);
    const page = hits.slice(offset, want);
    const match = hits.length === 0 ? 'none' : hits[0].score >= DROPPED_PENALTY ? 'weak' : 'good';
    return { ids: page.map((h) => h.seg.ids.at(h.doc)), scores: page.map((h) => -h.score), hasMore: hits.length > want, match };
  }

  /**
   * The hits (best first) with the titles whose words before their subtitle, or whose subtitle, are exactly the words
   * typed (see Hit.part) ranked so, when far better known (NAMESAKE_MARGIN) than every title they then pass: "return of
   * the king" gives The Lord of the Rings: The Return of the King before an obscure Return of the King, "fellowship of
   * the ring" before The Fellowship of the Ring Reloaded, "2001" 2001: A Space Odyssey before an obscure 2001. An
   * obscure making-of ("Harry Potter: Behind the Magic") stays after the films that begin with the words.
   */
  private withTitleParts(hits: Hit[]): Hit[] {
    const promoted: [Hit, number, number][] = [];
    for (let i = 1; i < hits.length; i++) {
      const h = hits[i];
      if (h.part < 0) continue;
      const key = hitKey(h.seg, h.doc, h.part);
      let passed = Number.NEGATIVE_INFINITY;
      for (let j = i - 1; j >= 0 && hits[j].key > key; j--) passed = Math.max(passed, hits[j].seg.pop[hits[j].doc]);
      if (h.seg.pop[h.doc] >= passed + NAMESAKE_MARGIN) promoted.push([h, h.part, key]);
    }
    if (promoted.length === 0) return hits;
    for (const [h, score, key] of promoted) {
      h.score = score;
      h.key = key;
    }
    return hits.sort(compareHits);
  }

  /**
   * The titles at least `minPop` popular that have one of the words as typed, and are the words with one or two of them
   * one edit off (see wordsOneEditOff), as many words or one more (an article): "pursuit of happiness" finds The Pursuit
   * of Happyness. Read from the NAMESAKE_LOOK best known titles with each word, scored as the typo pass scores them.
   */
  private namesakesByTypo(tokens: string[], type: number, minPop: number): Hit[] {
    const out: Hit[] = [];
    const parts: [Segment, Uint32Array | null][] = [[this.main, this.hiddenDocs]];
    if (this.delta !== null) parts.push([this.delta, null]);
    const leadingArticle = ARTICLES.has(tokens[0]);
    for (const [seg, hidden] of parts) {
      const upTo = seg.popularAtLeast(minPop);
      const taken = new Set<number>();
      const ids = tokens.map((t) => seg.exactId(t));
      // Whether title d has every word as typed but one or two, each long enough to be read with a typo (compared by
      // word number, before any word is read).
      const fewOff = (d: number): boolean => {
        const from = seg.tokStart[d];
        const to = from + seg.primaryLen[d];
        let off = 0;
        for (let i = 0; i < tokens.length; i++) {
          let has = false;
          for (let k = from; k < to && !has; k++) has = seg.toks[k] === ids[i];
          if (!has && (++off > 2 || tokens[i].length < TYPO_MIN_LENGTH)) return false;
        }
        return off > 0;
      };
      for (let i = 0; i < ids.length; i++) {
        const w = ids[i];
        if (w < 0 || tokens[i].length < 3) continue;
        const from = seg.postStart[w];
        const to = Math.min(seg.postStart[w + 1], from + NAMESAKE_LOOK);
        for (let p = from; p < to && seg.postings[p] < upTo; p++) {
          const d = seg.postings[p];
          // As many words, or one more when that is a leading article the query does not have.
          const extra = seg.primaryLen[d] - tokens.length;
          if ((extra !== 0 && (extra !== 1 || leadingArticle)) || taken.has(d) || !fewOff(d)) continue;
          if ((type >= 0 && seg.type[d] !== type) || (hidden !== null && (hidden[d >>> 5] & (1 << (d & 31))) !== 0)) continue;
          if (extra === 1 && !ARTICLES.has(seg.vocab.at(seg.toks[seg.tokStart[d]]))) continue;
          const h: Hit = { seg, doc: d, score: TYPO_PENALTY, key: hitKey(seg, d, TYPO_PENALTY), part: -1 };
          if (!wordsOneEditOff(h, tokens, TYPO_MIN_LENGTH)) continue;
          taken.add(d);
          out.push(h);
        }
      }
    }
    return out;
  }

  /**
   * The titles the words name whole through a typo, far better known than every title that has the words as typed
   * (TYPO_NAMED_MARGIN, NAMESAKE_MARGIN), ranked with the best of those titles, by popularity among them: "the dark night" gives The
   * Dark Knight before Dark Was the Night. Other typo matches keep their place after the plain matches (among `hits`)
   * or stay out (`typos`, looked up for this alone), and so do the titles that only begin with the words through a typo
   * ("they w" is not The Walking Dead) and those further from what was typed than one edit in each of one or two
   * words: a word typed exactly as some title has it was seldom meant as another word two edits away.
   */
  private withNamedByTypo(hits: Hit[], plain: { score: number; pop: number; margin: number }, typos: Hit[] | null, tokens: string[]): Hit[] {
    const named: Hit[] = [];
    for (const h of typos ?? hits) {
      if (h.score < TYPO_PENALTY || h.score >= TYPO_PENALTY + 1 || h.seg.pop[h.doc] < plain.pop + plain.margin) continue;
      if (!wordsOneEditOff(h, tokens)) continue;
      h.score = plain.score;
      h.key = hitKey(h.seg, h.doc, plain.score);
      named.push(h);
    }
    if (named.length === 0) return hits;
    return typos === null ? hits.sort(compareHits) : this.merged(hits, named);
  }

}
