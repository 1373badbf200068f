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
import { JsonBytes } from '../lib/json-bytes.ts';
import { LruMap } from '../lib/lru.ts';
import { normalizeText, tokenize } from './normalize.ts';
import { comparePacked, PackedStrings } from './packed-strings.ts';

export type IndexTitleType = 'movie' | 'tvSeries';

export interface IndexRow {
  id: string;
  titleType: IndexTitleType;
  primaryTitle: string;
  originalTitle: string | null;
  startYear: number | null;
  genres: string;
  popularity: number;
  imdbRating: number | null;
  imdbVotes: number;
  /** What a card shows besides the above (absent: cards for this title are read from the database). */
  posterUrl?: string | null;
  releaseDate?: string | null;
  creator?: string | null;
}

/** What the index holds to present a title as a card, without the database. */
export interface IndexCard {
  id: string;
  titleType: IndexTitleType;
  primaryTitle: string;
  posterUrl: string | null;
  releaseDate: string | null;
  startYear: number | null;
  imdbRating: number | null;
  imdbVotes: number;
  genres: string;
  creator: string | null;
}

const TYPE_NAME: IndexTitleType[] = ['movie', 'tvSeries'];
// A card's JSON around its values, in the order of MediaSearchResultSchema's fields (common/contracts/titles.ts), as
// its compiled serializer writes them; TitlesService checks the two agree outside production.
const CARD_ID = JsonBytes.literal('{"id":');
const CARD_MOVIE = JsonBytes.literal(',"type":"movie","title":');
const CARD_SERIES = JsonBytes.literal(',"type":"tvSeries","title":');
const CARD_KEYS = [new Uint8Array(0), JsonBytes.literal(',"primaryImage":'), JsonBytes.literal(',"releaseDate":'), JsonBytes.literal(',"creator":')];
const CARD_YEAR = JsonBytes.literal(',"year":');
const CARD_RATING = JsonBytes.literal(',"imdbRating":');
const CARD_VOTES = JsonBytes.literal(',"imdbVotes":');
const CARD_GENRES = JsonBytes.literal(',"genres":[');
const CARD_END = JsonBytes.literal(']}');
const NULL_BYTES = JsonBytes.literal('null');
const QUOTE = JsonBytes.literal('"');
const COMMA = JsonBytes.literal(',');
// Card text: the fields of one title joined by NUL, with SOH standing for a missing value.
const FIELD = '\u0000';
const NONE = '\u0001';

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

export type BrowseSort = 'popularity' | 'rating' | 'year' | 'title';

export interface BrowseFilter {
  type?: IndexTitleType | null;
  /** Genre bit mask every result must contain (0 = any). */
  genreMask?: number;
  yearFrom?: number;
  yearTo?: number;
  ratingMin?: number;
  votesMin?: number;
  excludeId?: string;
}

export interface SearchOptions {
  type?: IndexTitleType | null;
  offset?: number;
  limit: number;
}

export interface SearchPageResult {
  ids: string[];
  hasMore: boolean;
}

/** Bayesian weighted rating: v/(v+m)*R + m/(v+m)*C, so 3 votes never top a ratings list. */
export const RATING_MIN_VOTES = 5000;
const ARTICLES = new Set(['the', 'a', 'an']);
const ARTICLE_FACTOR = 0.4;
/**
 * Scores past a title's tier (0 exact, 1 prefix, 2 all words): a title from another year than the one typed
 * (later passes only) scores 3-8, by tier and then one year off before further off; a word matched only through a
 * typo adds 9. Missing the year costs less than a typo: people misremember years (often by one, a release against a
 * production year) more often than a typo lands on another real word.
 */
const YEAR_PENALTY = 3;
/** How much less popular than the best known title of a series its other titles may be, on the log scale (a tenth of the votes). */
const SERIES_SPREAD = 1;
/** The most years between a film and a sequel named by one word more (The Matrix Reloaded, four years on). */
const SEQUEL_YEARS = 8;
/** How much better known than a series' first film another may be, on the log scale (about a quarter more votes). */
const FIRST_FILM_SPREAD = 0.1;
/** The most years between a film and a sequel with a subtitle (Top Gun: Maverick, thirty-six years on). */
const SUBTITLE_YEARS = 40;
const TYPO_PENALTY = 9;
/** A browse's filter is answered from the titles it allows when they are under this share of all titles (see fewCandidates). */
const FEW_CANDIDATES_SHARE = 16;
/**
 * How much better known (popularity is about log10 of the votes: 1.5 is about 30 times the votes) than every title that
 * has the words as typed, but apart, a title named by them through a typo must be to rank among those titles (see
 * TitleSearchIndex.compute: "the dark night").
 */
const TYPO_NAMED_MARGIN = 1.5;
/** ...when fewer titles than this have the words as typed (a constant, so that a first page reads the same whatever its size). */
const TYPO_NAMED_FEW = 20;
/** Words of three to this many letters are also looked up with two neighbouring letters swapped (see swappedWords). */
const SWAP_LOOKUP_MAX = 7;
/** At most this many words beginning with a swapped prefix are taken. */
const SWAP_PREFIX_WORDS = 20;
const NO_WORDS: readonly number[] = [];
const NO_CANDIDATES = new Int32Array(0);
/** How many titles of other years the year pass gathers, whatever the page asked for (see compute). */
const OTHER_YEARS_CAP = 100;

/**
 * The passes of a search: plain words (a typed year narrows), the same words in any year, then typos and the rest.
 * 'exact' only looks up whole titles by their words (see TitleSearchIndex.compute: a query's leading article).
 * 'typo' is the fallback pass without reading a word as two (see TitleSearchIndex.compute).
 */
type Pass = 'plain' | 'anyYear' | 'fallback' | 'split' | 'exact' | 'typo';
const MAX_QUERY_TOKENS = 8;
const MAX_TOKEN_LENGTH = 40;
/** A query that finds nothing is tried again without each of its words in turn (see compute) when it has at most this many. */
const LEAVE_OUT_MAX = MAX_QUERY_TOKENS;
/** Words typed together are read apart (see wordsIn) up to this length. */
const SPLIT_MAX = 24;
/** The shortest word read as a whole title's words typed together ("lalaland"; see wholeTitleReading). */
const READ_TOGETHER_MIN = 6;
/**
 * Words typed before a title that name what is looked for rather than the title ("watch breaking bad"): a query that
 * begins with one, and finds nothing whole, is cut from its start first (see cutOff).
 */
const LEADING_NOISE = new Set(['watch', 'movie', 'film', 'series', 'show', 'tv', 'trailer', 'stream']);
/** The most readings of such a word tried as a whole title's words. */
const READINGS_MAX = 32;
/** The words of one letter such a word is read with. */
const ONE_LETTER_WORD = /^[ai0-9]$/;
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
const TYPE_CODE: Record<IndexTitleType, number> = { movie: 0, tvSeries: 1 };
/** How many of the best known films with an acronym are read for the series it may name (see acronymFilmWords). */
const ACRONYM_SERIES_LOOK = 20;
/** How many of the best known titles the first of two acronyms stands for are read for the second (see acronymPair). */
const ACRONYM_PAIR_LOOK = 200;

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
const ACRONYM_AFTER_TYPOS = 12;
/**
 * A title whose whole acronym the word is ("got": Game of Thrones) ranks with the titles that begin with the word, by
 * popularity among them, when it is at least as popular as every typo match and far better known than the titles the
 * word begins (see ACRONYM_MARGIN): so "got" gives Game of Thrones before Gotham, while an obscure title's initials
 * still come after what the word begins. Acronyms of three to six characters (the lookup keys hold six).
 */
const ACRONYM_WHOLE_SCORE = 1;
const ACRONYM_WHOLE_MAX = 6;
/**
 * A word that begins other titles' words is most often one being typed ("lok" on the way to Loki, not The Legend of
 * Korra; "tota" to Total Recall): a title whose whole acronym it is must then be that much better known (popularity
 * is about log10 of its votes, so 0.75 is about 5.6 times the votes) than every title the word begins or has. Game of
 * Thrones is for "got" (2.2 million votes against Gotham's 236,000).
 */
const ACRONYM_MARGIN = 0.75;
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
function acronymWord(q: ParsedQuery): string | null {
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

/** Roman numerals from 1 to 20, at their value. */
const ROMAN_NUMERALS = ['', 'i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii', 'xiii', 'xiv', 'xv', 'xvi', 'xvii', 'xviii', 'xix', 'xx'];
const NUMBER_WORDS = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];

/**
 * The query without its last word that may be a sequel's number (see numeralForms) or is a number word from one to
 * twenty, when it has one after a word, that number, and the word. With `marker`, a "part", "chapter" or "vol" before
 * the number goes too.
 */
function withoutSequelNumber(q: ParsedQuery, marker = false): { query: ParsedQuery; number: number; word: string } | null {
  for (let i = q.tokens.length - 1; i > 0; i--) {
    const t = q.tokens[i];
    if (i === q.yearIdx) continue;
    const c = t.charCodeAt(0);
    let number = 0;
    if (mayBeNumeral(t) && numeralForms(t).length > 0) number = c >= 48 && c <= 57 ? Number(t) : ROMAN_NUMERALS.indexOf(t);
    else if (NUMBER_WORD_FORMS.has(t)) number = numberValue(t);
    else continue;
    // "part 2", "chapter two", "vol 3" after the words: the marker goes with the number ("dune part two": Dune's second film).
    let query = queryWithout(q, i);
    if (marker && i >= 2 && i - 1 !== q.yearIdx && SEQUEL_MARKERS.has(q.tokens[i - 1])) query = queryWithout(query, i - 1);
    return { query: { ...query, numberOut: true }, number, word: t };
  }
  return null;
}

/** Words that may stand before a sequel's number (see withoutSequelNumber). */
const SEQUEL_MARKERS = new Set(['part', 'chapter', 'vol', 'volume']);

/**
 * The query without a leading article, when it has more words: a series' films are found past their own article, and
 * then those without one too ("the twilight 2" takes in Twilight).
 */
function withoutArticle(q: ParsedQuery): ParsedQuery {
  return q.tokens.length > 1 && ARTICLES.has(q.tokens[0]) && q.yearIdx !== 0 ? { ...queryWithout(q, 0), numberOut: q.numberOut } : q;
}

/** Whether a title's word is a sequel's number: 1 to 20 in digits, as a roman numeral or as a word ("Toy Story 2", "Rocky II", "Ocean's Twelve"). */
function isSequelNumeral(word: string): boolean {
  return word === '1' || numeralForms(word).length > 0 || NUMBER_WORDS.indexOf(word) > 0;
}

/** The query without its word `i` (the last word, left out, no longer counts as being typed). */
function queryWithout(q: ParsedQuery, i: number): ParsedQuery {
  return {
    tokens: q.tokens.filter((_, k) => k !== i),
    yearIdx: q.yearIdx > i ? q.yearIdx - 1 : q.yearIdx,
    year: q.year,
    lastIsPrefix: i === q.tokens.length - 1 ? false : q.lastIsPrefix,
  };
}

/** The query with its words from i to j (exclusive) read as `words` instead, for a query without a year. */
function queryReadAs(q: ParsedQuery, i: number, j: number, words: string[]): ParsedQuery {
  return {
    tokens: [...q.tokens.slice(0, i), ...words, ...q.tokens.slice(j)],
    yearIdx: -1,
    year: 0,
    lastIsPrefix: q.lastIsPrefix,
  };
}

/** Words titles write either way, as the same word: "mister robot" finds Mr. Robot, "dr sleep" Doctor Sleep. */
const ABBREVIATIONS = new Map(
  [
    ['mr', 'mister'],
    ['dr', 'doctor'],
    ['st', 'saint'],
    ['vs', 'versus'],
    ['jr', 'junior'],
    ['vol', 'volume'],
  ].flatMap(([a, b]) => [
    [a, [b]],
    [b, [a]],
  ]),
);
const NO_FORMS: string[] = [];

/**
 * The other ways titles write a query word: an abbreviation's (ABBREVIATIONS) once the word is typed whole (while it is
 * still being typed, "dr" is as likely the start of "drama"), and in a query of several words a number's:
 * - after another word, a sequel's number's (numeralForms: "rocky 2" finds Rocky II) and a number word's digits and
 *   roman numeral (NUMBER_WORD_FORMS: "apollo thirteen" finds Apollo 13, "rocky two" Rocky II);
 * - as the first word, digits' number word and a number word's digits only ("7 samurai" finds Seven Samurai, "eight
 *   mile" 8 Mile): a roman numeral rarely begins a title, and "1 robot" is not I, Robot.
 * A number typed alone is left as it is ("seven" finds Seven, not a title "7").
 */
export function otherForms(word: string, at: 'alone' | 'first' | 'after', typing: boolean): string[] {
  const abbreviation = typing ? undefined : ABBREVIATIONS.get(word);
  if (abbreviation !== undefined) return abbreviation;
  if (at === 'alone') return NO_FORMS;
  if (at === 'first') {
    const n = numberValue(word);
    if (n === 0) return NO_FORMS;
    const c = word.charCodeAt(0);
    return [c >= 48 && c <= 57 ? NUMBER_WORDS[n] : String(n)];
  }
  return mayBeNumeral(word) ? numeralForms(word) : (NUMBER_WORD_FORMS.get(word) ?? NO_FORMS);
}

/** A query word's value when it is a number from 1 to 20, in digits (no leading zero) or as a word; else 0. */
function numberValue(word: string): number {
  const forms = NUMBER_WORD_FORMS.get(word);
  if (forms !== undefined) return Number(forms[0]);
  const c = word.charCodeAt(0);
  const n = c >= 49 && c <= 57 && word.length <= 2 ? Number(word) : 0;
  return n >= 1 && n <= 20 ? n : 0;
}

/** A number word from one to twenty's digits, and its roman numeral when that has two letters or more (one letter is a word too often). */
const NUMBER_WORD_FORMS = new Map(
  NUMBER_WORDS.slice(1).map((w, k) => {
    const n = k + 1;
    return [w, ROMAN_NUMERALS[n].length > 1 ? [String(n), ROMAN_NUMERALS[n]] : [String(n)]];
  }),
);

/** Whether the word may be a sequel's number (a cheap test before numeralForms). */
function mayBeNumeral(word: string): boolean {
  const c = word.charCodeAt(0);
  return word.length <= 5 && ((c >= 49 && c <= 57) || c === 105 || c === 118 || c === 120);
}

/**
 * The other ways titles write a sequel's number, for a query word that is one: "2" is also "ii" and "two" ("rocky 2"
 * finds Rocky II, "dune 2" Dune: Part Two, "oceans 11" Ocean's Eleven), and a roman numeral of two letters or
 * more is also its digits ("shrek ii" finds Shrek 2). Numbers from 1 to 20 only; single-letter numerals ("i", "v", "x")
 * are words too often to be read as numbers. Empty for any other word.
 */
export function numeralForms(word: string): string[] {
  const c = word.charCodeAt(0);
  if (c >= 48 && c <= 57) {
    if (word.length > 2 || c === 48) return [];
    const n = Number(word);
    if (!(n >= 1 && n <= 20)) return [];
    return [ROMAN_NUMERALS[n], NUMBER_WORDS[n]];
  }
  if (word.length < 2 || word.length > 5 || (c !== 105 && c !== 118 && c !== 120)) return [];
  const n = ROMAN_NUMERALS.indexOf(word);
  return n > 0 ? [String(n)] : [];
}

/** Genre names <-> bits, shared by all segments (IMDb has 28 genres; up to 32 are indexed). */
export class GenreRegistry {
  readonly byKey = new Map<string, { bit: number; name: string }>();
  names: string[] = [];
  overflow = false;

  bitOf(name: string, create: boolean): number {
    const key = name.trim().toLowerCase();
    if (!key) return 0;
    const found = this.byKey.get(key);
    if (found) return 1 << found.bit;
    if (!create) return -1;
    if (this.names.length >= 32) {
      this.overflow = true;
      return 0;
    }
    const bit = this.names.length;
    this.byKey.set(key, { bit, name: name.trim() });
    this.names.push(name.trim());
    return 1 << bit;
  }

  private maskCache = new Map<string, number>();

  maskOf(genres: string, create: boolean): number {
    const cached = this.maskCache.get(genres);
    if (cached !== undefined) return cached;
    const m = this.computeMask(genres, create);
    if (create && this.maskCache.size < 100_000) this.maskCache.set(genres, m);
    return m;
  }

  private computeMask(genres: string, create: boolean): number {
    let m = 0;
    for (const g of genres.split(',')) {
      const b = this.bitOf(g, create);
      if (b > 0) m |= b;
    }
    return m >>> 0;
  }

  /** The canonical name for a user-supplied genre, or null when unknown. */
  canonical(name: string): string | null {
    return this.byKey.get(name.trim().toLowerCase())?.name ?? null;
  }
}

/**
 * The trigram index of a vocabulary, in a few arrays whatever its size: trigram number g is held by the words
 * ids[start[g], start[g + 1]), in vocabulary order, with where it first and last stands in each, written `$word$` (at
 * most 255).
 */
interface Trigrams {
  numberOf: Map<string, number>;
  start: Int32Array;
  ids: Int32Array;
  first: Uint8Array;
  last: Uint8Array;
}

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

const ED_ROWS = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal string alignment distances from `a` to the prefixes of `b` up to `lb` characters: the
 * table's last row (row[j] = distance to b's first j characters), or null once every entry of a row
 * exceeds max. Words are at most 63 characters.
 */
function alignmentRow(a: string, la: number, b: string, lb: number, max: number): Int32Array | null {
  let prev2 = ED_ROWS[0];
  let prev = ED_ROWS[1];
  let cur = ED_ROWS[2];
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = prev[j - 1] + (ca === cb ? 0 : 1);
      if (prev[j] + 1 < v) v = prev[j] + 1;
      if (cur[j - 1] + 1 < v) v = cur[j - 1] + 1;
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb && prev2[j - 2] + 1 < v) v = prev2[j - 2] + 1;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return null;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev;
}

/** Optimal string alignment distance by the table (any length up to 63), giving up (returning max + 1) beyond max. */
export function editDistanceByTable(a: string, b: string, max: number): number {
  const la = Math.min(a.length, 63);
  const lb = Math.min(b.length, 63);
  if (Math.abs(la - lb) > max) return max + 1;
  return Math.min(alignmentRow(a, la, b, lb, max)?.[lb] ?? max + 1, max + 1);
}

/**
 * The smallest distance between a word and any prefix of `b` from `a.length - max` to `a.length + max`
 * characters long (a word still being typed), by the table: one table instead of one per prefix length.
 */
export function prefixEditDistanceByTable(a: string, b: string, max: number): number {
  const la = Math.min(a.length, 63);
  const lb = Math.min(b.length, la + max, 63);
  const from = Math.max(1, la - max);
  if (lb < from) return max + 1;
  const row = alignmentRow(a, la, b, lb, max);
  if (!row) return max + 1;
  let best = max + 1;
  for (let j = from; j <= lb; j++) if (row[j] < best) best = row[j];
  return best;
}

/** Per character code: the positions of the word being compared where it occurs (one bit each). */
const PATTERN_BITS = new Int32Array(65536);
/** Words up to this long are compared bit-parallel (one 32-bit vector per column); longer ones by the table. */
const BIT_WORD_MAX = 31;

/**
 * Optimal string alignment distances from a word `a` of `m` characters (at most 31), whose positions are set in
 * PATTERN_BITS (setPattern), to the prefixes of `b`: the code units b[from, from + lb). One column of the table per
 * character of `b`, all of a's rows at once in the bits of a few integers (Myers' bit-vector algorithm with
 * Hyyro's extension for transpositions). Leaves in COLUMN_SCORES[j] the distance to b's first j characters,
 * for j from 1 to `lb` (at most 63).
 */
const COLUMN_SCORES = new Int32Array(64);
function alignmentColumns(m: number, b: Uint8Array | Uint16Array, from: number, lb: number): void {
  const top = 1 << (m - 1);
  let vp = -1;
  let vn = 0;
  let d0 = 0;
  let prevMatch = 0;
  let score = m;
  for (let j = 0; j < lb; j++) {
    const match = PATTERN_BITS[b[from + j]];
    const transposed = ((~d0 & match) << 1) & prevMatch;
    d0 = (((match & vp) + vp) ^ vp) | match | vn | transposed;
    let hp = vn | ~(d0 | vp);
    let hn = vp & d0;
    if (hp & top) score++;
    else if (hn & top) score--;
    hp = (hp << 1) | 1;
    hn <<= 1;
    vp = hn | ~(d0 | hp);
    vn = hp & d0;
    prevMatch = match;
    COLUMN_SCORES[j + 1] = score;
  }
}

function setPattern(a: string): void {
  for (let i = 0; i < a.length; i++) PATTERN_BITS[a.charCodeAt(i)] |= 1 << i;
}

function clearPattern(a: string): void {
  for (let i = 0; i < a.length; i++) PATTERN_BITS[a.charCodeAt(i)] = 0;
}

/**
 * The distance from the word set by setPattern (`m` characters, at most 31) to b[from, from + len) (at most 63
 * code units): to the whole of it, or with `prefix` to its closest prefix (editDistance, prefixEditDistance).
 * Many words are compared with one setPattern, without making a string of each.
 */
function patternDistance(m: number, b: Uint8Array | Uint16Array, from: number, len: number, max: number, prefix: boolean): number {
  if (prefix) {
    const lb = Math.min(len, m + max);
    const first = Math.max(1, m - max);
    if (lb < first) return max + 1;
    alignmentColumns(m, b, from, lb);
    let best = max + 1;
    for (let j = first; j <= lb; j++) if (COLUMN_SCORES[j] < best) best = COLUMN_SCORES[j];
    return best;
  }
  if (Math.abs(m - len) > max) return max + 1;
  if (len === 0) return Math.min(m, max + 1);
  alignmentColumns(m, b, from, len);
  return Math.min(COLUMN_SCORES[len], max + 1);
}

const STRING_UNITS = new Uint16Array(64);
function distanceToString(a: string, b: string, max: number, prefix: boolean): number {
  for (let j = 0; j < b.length; j++) STRING_UNITS[j] = b.charCodeAt(j);
  setPattern(a);
  const d = patternDistance(a.length, STRING_UNITS, 0, b.length, max, prefix);
  clearPattern(a);
  return d;
}

/** Optimal string alignment distance, giving up (returning max + 1) beyond max. */
export function editDistance(a: string, b: string, max: number): number {
  if (a.length === 0 || a.length > BIT_WORD_MAX || b.length > 63) return editDistanceByTable(a, b, max);
  return distanceToString(a, b, max, false);
}

/**
 * The smallest distance between a word and any prefix of `b` from `a.length - max` to `a.length + max`
 * characters long (a word still being typed).
 */
export function prefixEditDistance(a: string, b: string, max: number): number {
  if (a.length === 0 || a.length > BIT_WORD_MAX || b.length > 63) return prefixEditDistanceByTable(a, b, max);
  return distanceToString(a, b, max, true);
}

/** What begins a subtitle: a colon, or a dash between spaces. */
const SUBTITLE = /:|\s[-–—]\s/;

/** A dot or star, which may mark initials (see normalizeText). */
const INITIAL_MARK = /[.*]/;

function titleKeyOf(normalized: string): number {
  // The first 10 characters in base 37 (space, a-z, 0-9; anything else sorts as 'z'+): an alphabetical sort key.
  let k = 0;
  for (let i = 0; i < 10; i++) {
    const c = i < normalized.length ? normalized.charCodeAt(i) : 32;
    let d: number;
    if (c === 32) d = 0;
    else if (c >= 48 && c <= 57) d = 1 + (c - 48);
    else if (c >= 97 && c <= 122) d = 11 + (c - 97);
    else d = 36;
    k = k * 37 + d;
  }
  return k;
}

export interface ParsedQuery {
  tokens: string[];
  /** Index of a year-like token that may match the title's year instead of a word (-1 if none). */
  yearIdx: number;
  year: number;
  /** Whether the last token is still being typed (prefix). */
  lastIsPrefix: boolean;
  /** A word of what was typed was left out of these tokens (see TitleSearchIndex.compute): ranked as dropped words are. */
  leftOut?: boolean;
  /** A sequel's number was left out of these tokens (see TitleSearchIndex.compute): ranked as a year misremembered is. */
  numberOut?: boolean;
  /** The last word was still being typed, though these tokens are looked up whole (see leadingArticle and otherForms). */
  lastStillTyped?: boolean;
  /** These tokens are the words an acronym stands for (see TitleSearchIndex.compute): not read as an acronym again. */
  acronymRead?: boolean;
  /** Words were cut off the query (see TitleSearchIndex.cutOff): no word is left out or cut off again. */
  cut?: boolean;
  /**
   * The query's leading article ('article'), or a typo of "the" ('typo'), was left out of these tokens: only whole
   * titles count, ranked as Segment.score says.
   */
  articleOut?: 'article' | 'typo';
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

export function parseQuery(input: string): ParsedQuery {
  const tokens = tokenize(input, MAX_QUERY_TOKENS).map((t) => t.slice(0, MAX_TOKEN_LENGTH));
  let yearIdx = -1;
  let year = 0;
  if (tokens.length > 1) {
    for (let i = tokens.length - 1; i >= 0; i--) {
      const t = tokens[i];
      if (/^(18[7-9]\d|19\d\d|20[0-3]\d)$/.test(t)) {
        yearIdx = i;
        year = Number(t);
        break;
      }
    }
  }
  return { tokens, yearIdx, year, lastIsPrefix: !/\s$/.test(input) };
}

interface Hit {
  seg: Segment;
  doc: number;
  score: number;
  /** Sort key: tier first, then popularity (see compareHits). */
  key: number;
}

/** Builds a segment from rows in any order. */
export class SegmentBuilder {
  private ids: string[] = [];
  private types: number[] = [];
  private years: number[] = [];
  private pops: number[] = [];
  private ratings: number[] = [];
  private votes: number[] = [];
  private masks: number[] = [];
  private titleKeys: number[] = [];
  private tokStart: number[] = [0];
  private primaryLen: number[] = [];
  private initials: number[] = [];
  private headLen: number[] = [];
  private toks: number[] = [];
  private vocab = new Map<string, number>();
  private vocabList: string[] = [];
  private cardTexts: (string | undefined)[] = [];
  private cardRatings: number[] = [];

  constructor(private genres: GenreRegistry) {}

  get size() {
    return this.ids.length;
  }

  push(row: IndexRow): void {
    this.ids.push(row.id);
    this.types.push(TYPE_CODE[row.titleType] ?? 0);
    this.years.push(row.startYear ?? 0);
    this.pops.push(Number.isFinite(row.popularity) ? row.popularity : 0);
    this.ratings.push(row.imdbRating ?? Number.NaN);
    this.cardRatings.push(row.imdbRating ?? Number.NaN);
    if (row.posterUrl === undefined) this.cardTexts.push(undefined);
    else {
      const { primaryTitle, posterUrl, releaseDate, creator } = row;
      const genres = row.genres ?? '';
      // A field holding the separator itself (never seen in real data) leaves the card to the database.
      const clean = !primaryTitle.includes(FIELD) && !posterUrl?.includes(FIELD) && !releaseDate?.includes(FIELD) && !creator?.includes(FIELD) && !genres.includes(FIELD);
      this.cardTexts.push(clean ? `${primaryTitle}${FIELD}${posterUrl ?? NONE}${FIELD}${releaseDate ?? NONE}${FIELD}${creator ?? NONE}${FIELD}${genres}` : undefined);
    }
    this.votes.push(row.imdbVotes ?? 0);
    this.masks.push(this.genres.maskOf(row.genres ?? '', true));
    let original = row.originalTitle ? normalizeText(row.originalTitle) : '';
    // A title with initials is read with them joined ("L.A. Confidential" as "la confidential") and, as its second
    // form, letter by letter ("l a confidential", found by a query typed with the dots: "l.a. conf", "l.a"). Only
    // when that second form is free: a title with another original title keeps its initials letter by letter.
    const spaced = normalizeText(row.primaryTitle);
    const primary = (!original || original === spaced) && INITIAL_MARK.test(row.primaryTitle) ? normalizeText(row.primaryTitle, true) : spaced;
    this.initials.push(spaced === primary ? 0 : 1);
    if (primary !== spaced) original = spaced;
    this.titleKeys.push(titleKeyOf(primary));
    const ptoks = primary ? primary.split(' ').slice(0, 32) : [];
    // The words before a subtitle ("Transformers: Revenge of the Fallen", "Mission: Impossible - Fallout"): how many.
    const sep = SUBTITLE.exec(row.primaryTitle);
    const head = sep === null ? '' : normalizeText(row.primaryTitle.slice(0, sep.index), primary !== spaced);
    this.headLen.push(head ? Math.min(255, head.split(' ').length) : 0);
    const otoks = original && original !== primary ? original.split(' ').slice(0, 32) : [];
    for (const t of ptoks) this.toks.push(this.tokenId(t));
    for (const t of otoks) this.toks.push(this.tokenId(t));
    this.primaryLen.push(ptoks.length);
    this.tokStart.push(this.toks.length);
  }

  private tokenId(t: string): number {
    let id = this.vocab.get(t);
    if (id === undefined) {
      id = this.vocabList.length;
      this.vocab.set(t, id);
      this.vocabList.push(t);
    }
    return id;
  }

  finish(): Segment {
    const n = this.ids.length;
    const pops = this.pops;
    const ids = this.ids;
    // Popularity order; ties by id so the order is stable between builds.
    const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => pops[b] - pops[a] || (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0));
    const sortedVocab = this.vocabList.slice().sort();
    const remap = new Int32Array(sortedVocab.length);
    for (let i = 0; i < sortedVocab.length; i++) remap[this.vocab.get(sortedVocab[i]) as number] = i;

    const seg = new Segment(n, new PackedStrings(sortedVocab), this.toks.length);
    const orderedIds = new Array<string>(n);
    let w = 0;
    for (let d = 0; d < n; d++) {
      const o = order[d];
      orderedIds[d] = ids[o];
      seg.type[d] = this.types[o];
      seg.year[d] = this.years[o];
      seg.pop[d] = pops[o];
      seg.rating[d] = this.ratings[o];
      seg.votes[d] = this.votes[o];
      seg.genreMask[d] = this.masks[o];
      seg.titleKey[d] = this.titleKeys[o];
      seg.primaryLen[d] = this.primaryLen[o];
      seg.initials[d] = this.initials[o];
      seg.headLen[d] = this.headLen[o];
      seg.tokStart[d] = w;
      for (let k = this.tokStart[o]; k < this.tokStart[o + 1]; k++) seg.toks[w++] = remap[this.toks[k]];
    }
    seg.tokStart[n] = w;
    seg.ids = new PackedStrings(orderedIds);
    seg.buildPostings();
    // Card text in document order, in one buffer outside the JavaScript heap.
    let bytes = 0;
    for (let d = 0; d < n; d++) {
      const t = this.cardTexts[order[d]];
      if (t !== undefined) bytes += Buffer.byteLength(t);
    }
    const text = Buffer.allocUnsafe(bytes);
    let at = 0;
    for (let d = 0; d < n; d++) {
      const o = order[d];
      seg.cardStart[d] = at;
      seg.cardRating[d] = this.cardRatings[o];
      const t = this.cardTexts[o];
      if (t !== undefined) at += text.write(t, at);
    }
    seg.cardStart[n] = at;
    seg.cardText = text;
    seg.buildIdTable();
    return seg;
  }
}

/** Browsing by several genres reads genre groups (Segment.masks) for up to this many titles. */
const GROUP_SCAN_MAX = 100;

export class Segment {
  /** Title ids in document order, packed outside the heap (see PackedStrings): ids.at(d) is document d's. */
  ids = new PackedStrings([]);
  readonly type: Uint8Array;
  readonly year: Int16Array;
  readonly pop: Float64Array;
  readonly rating: Float32Array;
  readonly votes: Int32Array;
  readonly genreMask: Uint32Array;
  readonly titleKey: Float64Array;
  readonly primaryLen: Uint8Array;
  /** 1 when the primary title has initials, indexed joined (see normalizeText). */
  readonly initials: Uint8Array;
  /** How many words of the primary title come before its first subtitle (after ':' or ' - '), 0 when it has none. */
  readonly headLen: Uint8Array;
  readonly tokStart: Uint32Array;
  readonly toks: Int32Array;
  /** Card text of document d: cardText[cardStart[d], cardStart[d + 1]) (empty: not held). */
  readonly cardStart: Uint32Array;
  readonly cardRating: Float64Array;
  cardText: Buffer = Buffer.alloc(0);
  /** Open-addressing table from id to document (-1 empty). */
  private idSlots = new Int32Array(0);
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
  private orders = new Map<BrowseSort, Int32Array>();
  /** The inverse of each order, made when a browse first needs it (see rankIn). */
  private ranks = new Map<BrowseSort, Int32Array>();
  private trigrams: Trigrams | null = null;
  private articleIds = new Set<number>();
  // Scratch space for one query at a time (the process is single-threaded).
  private markAny: Uint32Array;
  private markStrong: Uint32Array;
  private touched: number[] = [];
  private bitset: Uint32Array;
  /** One bit per word of bitset that may be non-zero (see search's sweep of its candidates). */
  private summary: Uint32Array;
  /** Documents already taken by the running query (a bitset, cleared through seenList afterwards). */
  private seenBits: Uint32Array;
  private seenList: number[] = [];
  /** Per start year, a bitset of its documents and of those with the year as a word (see yearBitset). */
  private yearBits = new Map<number, Uint32Array>();
  private triCounts: Uint16Array;
  private typoTouched: Int32Array;
  private typoCandidates: Int32Array;
  private typoKeys: Float64Array;

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
    this.genreMask = new Uint32Array(n);
    this.titleKey = new Float64Array(n);
    this.primaryLen = new Uint8Array(n);
    this.initials = new Uint8Array(n);
    this.headLen = new Uint8Array(n);
    this.tokStart = new Uint32Array(n + 1);
    this.toks = new Int32Array(tokCount);
    this.cardStart = new Uint32Array(n + 1);
    this.cardRating = new Float64Array(n);
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
    this.buildAcronyms();
    this.buildWordFilter();
  }

  // Acronyms (see ACRONYM_MIN): every acronym a title has as one entry, document * 4 + variant (0 as written, 1
  // without a leading article, 2 without minor words), sorted by the acronym's first six characters and then by
  // document. Bucket b (the first three characters, see acronymCode) holds acroEntry[acroStart[b], acroStart[b + 1]),
  // sorted by acroSub (the next three, 0 past the end), so a query's titles are one bucket's slice, found by a binary
  // search over 16-bit numbers. Six bytes an acronym and no strings: 354,000 acronyms, 2.4 MB with the bucket table
  // (200 kB), for the benchmark's million titles, most of which have one or two words and so no acronym; built in
  // 0.1-0.3 s.
  private acroStart = new Uint32Array(0);
  private acroSub = new Uint16Array(0);
  private acroEntry = new Int32Array(0);
  /**
   * Per vocabulary word: its first character's acronym code, and ACRO_DIGITS when it is a number, ACRO_MINOR for
   * MINOR_WORDS, ACRO_ARTICLE for ARTICLES.
   */
  /**
   * A Bloom filter of the vocabulary (three bits a word, at least sixteen bits a word: about one string in 250 that is
   * no word passes): whether a string may be a word we know, in three reads, where exactId's binary search costs up to
   * a microsecond of cache misses. For the readings that try strings which are rarely words (see
   * TitleSearchIndex.wholeTitleReading).
   */
  private wordFilter = new Uint32Array(1);

  private buildWordFilter(): void {
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

  private acroWord = new Uint16Array(0);
  private acroCodes = new Uint8Array(ACRONYM_MAX);
  /** The documents an acronym lookup keeps (see acronymSearch). */
  private acroBest = new Int32Array(64);

  /**
   * The acronym characters (codes, see acronymCode) of document d's primary title in a variant (see acroEntry), at
   * most `max` of them into `out`: how many, or -1 when the title has no such acronym (fewer than two words, no
   * leading article to leave out, no minor word past it to leave out).
   */
  private acronymCodes(d: number, variant: number, out: Uint8Array, max: number): number {
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
  private acronymSpan(d: number, word: string): [number, number] | null {
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

  private buildAcronyms(): void {
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
  private subBound(lo: number, hi: number, sub: number): number {
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
    for (let i = 0; i < k; i++) out.push({ seg: this, doc: best[i], score, key: hitKey(this, best[i], score) });
  }

  // Exact titles: a hash table from a title's whole token sequence (primary and original, each also
  // without a leading article) to its documents, most popular first. Finding the titles
  // that are exactly the query is then one lookup instead of a walk over a word's postings.
  /** Exact-title entries sorted by (sequence hash, document): each hash's documents sit together, most popular first. */
  private exactKey = new Uint32Array(0);
  private exactDoc = new Int32Array(0);
  /** Open-addressing table from sequence hash to the first of its entries (-1 empty). */
  private exactSlots = new Int32Array(0);

  private buildExactTitles(): void {
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
  private forEachExactTitle(seq: number[], fn: (d: number) => boolean): void {
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
  private yearBitset(year: number): Uint32Array {
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

  /**
   * Document d's card written as JSON (a MediaSearchResult, as presentCard presents it and its contract's serializer
   * writes it) straight from the card text's bytes; false, with `out.pos` where it was, when its card text is not held
   * or one of its strings would need escaping (then card() and the serializer write it).
   */
  cardJson(d: number, out: JsonBytes): boolean {
    const from = this.cardStart[d];
    const to = this.cardStart[d + 1];
    if (to <= from) return false;
    const mark = out.pos;
    // The genres' commas become three bytes each; the keys and numbers take under 200.
    out.ensure(3 * (to - from) + 256 + this.ids.start[d + 1] - this.ids.start[d]);
    out.raw(CARD_ID);
    if (!out.quotedUnits(this.ids.units, this.ids.start[d], this.ids.start[d + 1])) return this.undo(out, mark);
    out.raw(this.type[d] === TYPE_CODE.tvSeries ? CARD_SERIES : CARD_MOVIE);
    const text = this.cardText;
    const year = this.year[d];
    // title, primaryImage, releaseDate, creator: each ends at a FIELD byte; NONE alone is null.
    let k = from;
    for (let f = 0; f < 4; f++) {
      if (f > 0) out.raw(CARD_KEYS[f]);
      let end = k;
      while (text[end] !== 0) end++;
      if (f > 0 && end === k + 1 && text[k] === 1) {
        if (f === 2 && year > 0) {
          // No release date: the start year, as text.
          out.raw(QUOTE);
          out.int(year);
          out.raw(QUOTE);
        } else out.raw(NULL_BYTES);
      } else if (!out.quoted(text, k, end)) return this.undo(out, mark);
      k = end + 1;
    }
    out.raw(CARD_YEAR);
    if (year > 0) out.int(year);
    else out.raw(NULL_BYTES);
    out.raw(CARD_RATING);
    const rating = this.cardRating[d];
    if (Number.isFinite(rating)) out.number(rating);
    else out.raw(NULL_BYTES);
    out.raw(CARD_VOTES);
    out.int(this.votes[d]);
    out.raw(CARD_GENRES);
    // The genres as genreList reads them: split at commas. Spaces beside a comma or at either end, or an empty genre,
    // would be trimmed or dropped there: such cards are left to it.
    let start = k;
    for (let j = k; k < to && j <= to; j++) {
      if (j < to && text[j] !== 0x2c) continue;
      // An empty genre, or one that begins or ends with a space or with a character that may be one, is left to it.
      if (j === start) return this.undo(out, mark);
      const first = text[start];
      const last = text[j - 1];
      if (first === 0x20 || first >= 0x80 || last === 0x20 || last >= 0x80) return this.undo(out, mark);
      if (start > k) out.raw(COMMA);
      if (!out.quoted(text, start, j)) return this.undo(out, mark);
      start = j + 1;
    }
    out.raw(CARD_END);
    return true;
  }

  private undo(out: JsonBytes, mark: number): false {
    out.pos = mark;
    return false;
  }

  /**
   * Document d as a card, or null when its card text is not held. `id`, when the caller has it already (the id
   * it looked d up by), is used as the card's id rather than decoded again.
   */
  card(d: number, id?: string): IndexCard | null {
    const from = this.cardStart[d];
    const to = this.cardStart[d + 1];
    if (to <= from) return null;
    const f = this.cardText.toString('utf8', from, to).split(FIELD);
    const rating = this.cardRating[d];
    return {
      id: id ?? this.ids.at(d),
      titleType: TYPE_NAME[this.type[d]],
      primaryTitle: f[0],
      posterUrl: f[1] === NONE ? null : f[1],
      releaseDate: f[2] === NONE ? null : f[2],
      startYear: this.year[d] > 0 ? this.year[d] : null,
      imdbRating: Number.isNaN(rating) ? null : rating,
      imdbVotes: this.votes[d],
      genres: f[4],
      creator: f[3] === NONE ? null : f[3],
    };
  }

  /** Binary search: first vocabulary index >= s. */
  private lowerBound(s: string): number {
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
   * `t` (a word we do not know) read as two or more words we know, each of two letters or more and the last of three
   * or more, or null. Of the possible readings, the likeliest: the one whose words are the most common in titles,
   * the product of their shares of all words (so "backtothefuture" is back to the future, not back tot he future).
   */
  private wordsIn(t: string): string[] | null {
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

  private buildTrigrams(): Trigrams {
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
  private swappedWords(word: string, prefix: boolean, candidates: Int32Array, nCandidates: number): number[] {
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

  private mark(t: number, bit: number, strong: boolean) {
    if (this.markAny[t] === 0 && this.markStrong[t] === 0) this.touched.push(t);
    this.markAny[t] |= bit;
    if (strong) this.markStrong[t] |= bit;
  }

  /** Marks the words of `forms` (otherForms) the vocabulary has as the query word `bit`, strong; returns them. */
  private markForms(forms: string[], bit: number, ranges: [number, number][]): number[] {
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

  private clearMarks() {
    for (const t of this.touched) {
      this.markAny[t] = 0;
      this.markStrong[t] = 0;
    }
    this.touched.length = 0;
  }

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
        out.push({ seg: this, doc: d, score: s, key: hitKey(this, d, s) });
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
              out.push({ seg: this, doc: d, score: s, key: hitKey(this, d, s) });
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

  private kept = new LruMap<number, Uint32Array>(256);

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

  /** Score of document d for the query, or -1 when it does not match. */
  private score(d: number, c: ScoreContext): number {
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
    if (c.dropped) score += 20;
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
    if (!otherYear) return score + tier;
    // From another year: by tier first, then one year off before further off (3-8, the article's half kept).
    const whole = Math.floor(tier);
    return score + YEAR_PENALTY + 2 * whole + (Math.abs(this.year[d] - c.year) === 1 ? 0 : 1) + (tier - whole);
  }

  private titleTier(from: number, to: number, c: ScoreContext, skip: number): number {
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

  /** Browsing orders other than popularity, computed when the segment is installed (about a second for a million titles). */
  prepareOrders(meanRating: number): void {
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
    // Rating: Bayesian weighted rating, best first, to four decimals.
    this.orders.set('rating', packedSort((d) => 200_000 - Math.round(weightedRating(this.rating[d], this.votes[d], meanRating) * 10_000)));
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

interface ScoreContext {
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

/**
 * The query without its leading article, when it starts with one and has another word besides a year ("the dune"),
 * looked up at once; or (`typo`) without a three-letter first word one typo away from "the" ("hte dune"), looked up
 * with the typos (when the words as typed found nothing or little).
 */
function leadingArticle(q: ParsedQuery): { rest: ParsedQuery; typo: boolean } | null {
  const words = q.tokens.length - (q.yearIdx >= 0 ? 1 : 0);
  if (words < 2 || q.yearIdx === 0) return null;
  const first = q.tokens[0];
  const isArticle = ARTICLES.has(first);
  if (!isArticle && (first.length !== 3 || editDistance(first, 'the', 1) > 1)) return null;
  const rest: ParsedQuery = {
    tokens: q.tokens.slice(1),
    yearIdx: q.yearIdx - (q.yearIdx > 0 ? 1 : 0),
    year: q.year,
    lastIsPrefix: false,
    lastStillTyped: q.lastIsPrefix,
    articleOut: isArticle ? 'article' : 'typo',
  };
  return { rest, typo: !isArticle };
}

export function weightedRating(rating: number, votes: number, mean: number): number {
  if (!Number.isFinite(rating) || votes <= 0) return mean * 0.5;
  return (votes / (votes + RATING_MIN_VOTES)) * rating + (RATING_MIN_VOTES / (votes + RATING_MIN_VOTES)) * mean;
}

/**
 * Within a tier the more popular title wins; a title matched by passing over its leading article counts as 40% as
 * popular. Popularity is on a log scale (the order of magnitude of votes: see popularityOf), so "40% as popular" is
 * log10(0.4) less: The Godfather (1.9 million votes) still comes before an obscure GodFather (7,000) for "godfather".
 */
const ARTICLE_PENALTY = Math.log10(ARTICLE_FACTOR);
/** A score's fraction for a title found both past its article and by reading the query otherwise: 16% as popular. */
const TWICE_FOUND_PAST = 0.75;
/**
 * Whether a title's words are the query's with one or two words each one edit off (an optimal string alignment
 * distance of 1), the others as typed: "the dark night" and The Dark Knight, "inglorious bastards" and Inglourious
 * Basterds.
 */
function wordsOneEditOff(h: Hit, tokens: string[]): boolean {
  const seg = h.seg;
  const from = seg.tokStart[h.doc];
  const words: string[] = [];
  for (let k = from; k < from + seg.primaryLen[h.doc]; k++) words.push(seg.vocab.at(seg.toks[k]));
  let off = 0;
  for (const t of tokens) {
    if (words.includes(t)) continue;
    if (++off > 2 || !words.some((w) => !tokens.includes(w) && editDistance(t, w, 1) === 1)) return false;
  }
  return off > 0;
}

/**
 * The titles a browse's filter allows, when they are few (under a FEW_CANDIDATES_SHARE of the segment): the titles of
 * each year in the range, or of the rarest genre asked, whichever are fewer; else null.
 */
function fewCandidates(seg: Segment, mask: number, yearFrom: number | undefined, yearTo: number | undefined): Int32Array[] | null {
  let best: Int32Array[] | null = null;
  let size = seg.n / FEW_CANDIDATES_SHARE;
  if (yearFrom !== undefined || yearTo !== undefined) {
    const lists: Int32Array[] = [];
    let total = 0;
    for (const [y, list] of seg.yearPostings) {
      if (y < (yearFrom ?? 0) || y > (yearTo ?? 99999)) continue;
      lists.push(list);
      total += list.length;
      if (total >= size) break;
    }
    if (total < size) {
      best = lists;
      size = total;
    }
  }
  for (let m = mask; m !== 0; m &= m - 1) {
    const list = seg.genrePostings[31 - Math.clz32(m & -m)];
    if (list !== undefined && list.length < size) {
      best = [list];
      size = list.length;
    }
  }
  return best;
}

function hitKey(seg: Segment, doc: number, score: number): number {
  const tier = Math.floor(score);
  const pop = Math.min(seg.pop[doc] + (score - tier >= TWICE_FOUND_PAST ? 2 * ARTICLE_PENALTY : score > tier ? ARTICLE_PENALTY : 0), 1e9);
  return tier * 1e10 - pop;
}

function compareHits(a: Hit, b: Hit): number {
  // -1 or 1 rather than the keys' difference: a fraction handed back to Array.prototype.sort is a heap number, about
  // 1.7 KB of garbage a cold search.
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  return comparePacked(a.seg.ids, a.doc, b.seg.ids, b.doc);
}

interface Ordered {
  seg: Segment;
  doc: number;
}

/** The whole index: a main segment, a delta segment for titles changed since, and the genre registry. */
export class TitleSearchIndex {
  genres = new GenreRegistry();
  main: Segment;
  delta: Segment | null = null;
  /** Ids whose main-segment copy is out of date (they live in the delta). */
  hidden = new Set<string>();
  /** The main segment's documents that are hidden, as a bitset (null when none is): checked per candidate. */
  private hiddenDocs: Uint32Array | null = null;
  private hiddenCount = 0;
  meanRating = 6.5;
  /** Bumped on every change, so caches of derived answers can key on it. */
  version = 0;

  constructor() {
    this.main = new SegmentBuilder(this.genres).finish();
  }

  /** Replaces everything with a freshly built main segment. */
  replace(main: Segment): void {
    this.meanRating = computeMeanRating(main);
    main.prepareOrders(this.meanRating);
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
    delta?.prepareOrders(this.meanRating);
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

  get size(): number {
    return this.main.n - this.hiddenCount + (this.delta?.n ?? 0);
  }

  /**
   * Where title `id` is: its segment, with its document in `located` (null when the index does not hold it). `at`, the
   * title's position in the last search's page when the caller walks that page in order, spares looking for it there.
   */
  private locate(id: string, at: number): Segment | null {
    const k = this.version !== this.pageVersion ? -1 : this.pageIds[at] === id ? at : this.pageIds.indexOf(id);
    if (k >= 0) {
      this.located = this.pageHits[k].doc;
      return this.pageHits[k].seg;
    }
    if (this.delta) {
      const d = this.delta.docOf(id);
      if (d >= 0) {
        this.located = d;
        return this.delta;
      }
    }
    if (this.hidden.size > 0 && this.hidden.has(id)) return null;
    this.located = this.main.docOf(id);
    return this.located >= 0 ? this.main : null;
  }

  private located = -1;

  /** A title as a card from the index (null when the index does not hold it, or not its card text); `at` as for locate. */
  card(id: string, at = -1): IndexCard | null {
    const seg = this.locate(id, at);
    return seg === null ? null : seg.card(this.located, id);
  }

  /**
   * Title `id`'s card written as JSON into `out` (see Segment.cardJson); false when it is not held or must be written
   * the ordinary way. `at` as for locate.
   */
  cardJson(id: string, at: number, out: JsonBytes): boolean {
    const seg = this.locate(id, at);
    return seg?.cardJson(this.located, out) === true;
  }

  /**
   * `head`, the cards of `ids` (the page just found, or any titles) as a JSON list, and `tail`, written into `out` from
   * the card text's bytes (see Segment.cardJson) and copied out; undefined when a card is not held or must be written
   * the ordinary way.
   */
  cardsJson(ids: readonly string[], head: Uint8Array, tail: string, out: JsonBytes): Buffer | undefined {
    out.pos = 0;
    out.ensure(head.length);
    out.raw(head);
    for (let i = 0; i < ids.length; i++) {
      if (i > 0) {
        out.ensure(1);
        out.raw(COMMA);
      }
      if (!this.cardJson(ids[i], i, out)) return undefined;
    }
    out.ensure(tail.length);
    out.ascii(tail);
    return out.take();
  }

  /**
   * The last search's page as found: its ids and, in the same order, their segments and documents (for the index
   * at pageVersion). Whoever searches presents the page's titles as cards right after, and card(id) then takes their
   * documents from here instead of hashing each id and probing the id table again (half a microsecond a card, most of
   * it waiting on memory). Kept apart from the ids handed out, which the caller may change. A title lives in one
   * segment only, and a page never holds a hidden title, so these are the documents card would look up.
   */
  private pageIds: string[] = [];
  private pageHits: Hit[] = [];
  private pageVersion = -1;

  /**
   * The words an acronym stands for in films (see acronymWords), for reading it as a series' name: the words two or more
   * of the best known films with such an acronym share, the best known such pair or more first, when they are at least
   * a tenth as popular as the best known film of all ("potc": pirates of the caribbean, though The Passion of the
   * Christ is better known); else the words of that best known film.
   */
  private acronymFilmWords(acronym: string): string[] | null {
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
  private acronymPair(q: ParsedQuery, type: number): Hit[] {
    if (q.tokens.length !== 2 || q.yearIdx >= 0) return [];
    const [first, second] = q.tokens;
    if (acronymWord({ ...q, tokens: [first] }) === null || second.length < 2 || !/^[a-z0-9]*[a-z][a-z0-9]*$/.test(second)) return [];
    const found: Hit[] = [];
    this.main.acronymSearch(first, type, ACRONYM_PAIR_LOOK, this.hiddenDocs, found);
    this.delta?.acronymSearch(first, type, ACRONYM_PAIR_LOOK, null, found);
    return found.filter((h) => h.seg.acronymThenAcronym(h.doc, first, second)).sort(compareHits);
  }

  /** Titles matching the text, best first (uncached: the titles service keeps finished answers). */
  search(input: string | ParsedQuery, opts: SearchOptions): SearchPageResult {
    const q = typeof input === 'string' ? parseQuery(input) : input;
    if (q.tokens.length === 0) return { ids: [], hasMore: false };
    return this.compute(q, opts);
  }

  private compute(q: ParsedQuery, opts: SearchOptions): SearchPageResult {
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
            : this.seriesFilms(bare === without.query ? hits : this.run(bare, type, cap, want + 1, 'plain'), bare.tokens, without.number, bare !== without.query);
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
      if (without !== null && this.numberAfterPart(hits, without.word)) {
        const bare = withoutArticle(without.query);
        const films = this.seriesFilms(this.run(bare, type, cap, want + 1, 'plain'), bare.tokens, without.number, bare !== without.query);
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
    // Every word is real and a few titles have them all, but apart ("the dark night": Dark Was the Night), or as a whole
    // title only once the query's article is passed over (Dark Night): one word may be a typo that is a real word too
    // (see withNamedByTypo). The plain matches' best score and best popularity, else null.
    let loose: { score: number; pop: number } | null = null;
    if (plain > 0 && plain < TYPO_NAMED_FEW && q.tokens.length >= 2 && q.yearIdx < 0 && hits.every((h) => h.score >= 1.5)) {
      loose = { score: 2, pop: Number.NEGATIVE_INFINITY };
      for (const h of hits) {
        loose.score = Math.min(loose.score, h.score);
        loose.pop = Math.max(loose.pop, h.seg.pop[h.doc]);
      }
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
    if (loose !== null) hits = this.withNamedByTypo(hits, loose, few ? null : this.run(q, type, cap, want + 1, 'fallback'), q.tokens);
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
      if (cut !== null) return cut;
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
  private cutOff(q: ParsedQuery, opts: SearchOptions): SearchPageResult | null {
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
      if (this.pageHits[0].score < TYPO_PENALTY) return (opts.offset ?? 0) === 0 ? page : this.compute(run, opts);
      typosOnly ??= run;
    }
    // Asked again, so that the page kept for card() is this run's.
    return typosOnly === null ? null : this.compute(typosOnly, opts);
  }

  /**
   * Hits for words and a sequel's number that no title has with them ("harry potter 3"), with the series' `n`th film
   * first when the words name a series of films: in order of year, they are its films in order. "harry potter 3" gives
   * Harry Potter and the Prisoner of Azkaban, "avatar 2" Avatar: The Way of Water, "batman 2" Batman Returns. The
   * films considered are those that begin with the words (past an article), of known years, each at least a tenth as
   * popular as the best known of them (SERIES_SPREAD: not the making-of). They are a series when
   * - the first of them is the words alone (Avatar, The Matrix): then the series is that film and those that add a
   *   subtitle (Avatar: The Way of Water) or one word a few years after the film before (The Matrix Reloaded, Batman
   *   Returns), and not the others (The Mask of Zorro is no sequel to The Mask);
   * - or they all go on with the same two words or more ("harry potter and the ...", "pirates of the caribbean ...").
   * Not for series (a number after a show's name is most often its season), and not when one of the films has a number
   * right after the words ("alien 2" with Alien 3, "toy story 4" with Toy Story 2): its numbers say which is which.
   */
  private seriesFilms(hits: readonly Hit[], words: readonly string[], n: number, articleTyped = false): Hit[] | null {
    if (n < 1 || hits.length < n || hits[0].seg.type[hits[0].doc] !== TYPE_CODE.movie) return null;
    const films: { h: Hit; at: number }[] = [];
    let top = Number.NEGATIVE_INFINITY;
    let ids: number[] = [];
    let idsOf: Segment | null = null;
    for (const h of hits) {
      const seg = h.seg;
      if (seg.type[h.doc] !== TYPE_CODE.movie || seg.year[h.doc] <= 0) continue;
      if (seg !== idsOf) {
        ids = words.map((w) => seg.exactId(w));
        idsOf = seg;
      }
      const at = seg.wordsEnd(h.doc, ids);
      if (at < 0) continue;
      films.push({ h, at });
      if (seg.pop[h.doc] > top) top = seg.pop[h.doc];
    }
    const known = films.filter(({ h }) => h.seg.pop[h.doc] >= top - SERIES_SPREAD);
    if (known.length < n) return null;
    type Film = (typeof known)[number];
    const rest = ({ h, at }: Film) => h.seg.tokStart[h.doc] + h.seg.primaryLen[h.doc] - at;
    const word = ({ h, at }: Film, i: number) => h.seg.vocab.at(h.seg.toks[at + i]);
    // A subtitle right after the words, or after one word more ("The Twilight Saga: New Moon").
    // A subtitle right after the words, or after one word more that two films or more have so, the series' own name
    // ("The Twilight Saga: New Moon", "The Twilight Saga: Eclipse"; not "Ghost Rider: Spirit of Vengeance" after Ghost).
    const headMore = ({ h, at }: Film) => h.seg.headLen[h.doc] - (at - h.seg.tokStart[h.doc]);
    const sagaWords = new Map<string, number>();
    for (const f of known) if (headMore(f) === 1) sagaWords.set(word(f, 0), (sagaWords.get(word(f, 0)) ?? 0) + 1);
    const subtitled = (f: Film) => {
      const more = headMore(f);
      return more === 0 || (more === 1 && (sagaWords.get(word(f, 0)) ?? 0) >= 2);
    };
    const year = ({ h }: Film) => h.seg.year[h.doc];
    for (const f of known) if (rest(f) > 0 && isSequelNumeral(word(f, 0))) return null;
    known.sort((a, b) => year(a) - year(b) || b.h.seg.pop[b.h.doc] - a.h.seg.pop[a.h.doc]);
    const first = known[0];
    // Films of the same genres only (Downfall: The Case Against Boeing, a documentary, is no sequel to Downfall), and
    // not one film twice (a catalogue may hold a title twice).
    const seen = new Set<string>();
    const alike = known.filter((f) => {
      if (f !== first && (f.h.seg.genreMask[f.h.doc] & first.h.seg.genreMask[first.h.doc]) === 0) return false;
      const key = `${year(f)}|${Array.from(f.h.seg.toks.subarray(f.at, f.at + rest(f)), (t) => f.h.seg.vocab.at(t)).join(' ')}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    let series: Film[] = [];
    if (rest(first) === 0) {
      // An original and its sequels: the films with a subtitle after the words within SUBTITLE_YEARS of the film before,
      // or with one word more, after the original and within SEQUEL_YEARS of the film before (Batman Returns, not Batman
      // Begins ten years after Batman Forever, not Drive Angry the year of Drive). A second film of the words alone is a
      // remake, and ends the series (The Batman after Batman Forever; The Gift, 2000 and 2015: no series).
      series = [first];
      for (const f of alike.slice(1)) {
        const r = rest(f);
        if (r === 0) {
          // Asked for with an article that the remake has and the original has not ("the batman 2": The Batman, not
          // Batman): the remake's own series, which has no more films here.
          if (articleTyped && this.startsWithArticle(f.h) && !this.startsWithArticle(first.h)) return null;
          break;
        }
        const gap = year(f) - year(series[series.length - 1]);
        if ((subtitled(f) && gap <= SUBTITLE_YEARS) || (r === 1 && year(f) > year(first) && gap <= SEQUEL_YEARS)) series.push(f);
      }
    } else if (alike.every((f) => first.h.seg.pop[first.h.doc] >= f.h.seg.pop[f.h.doc] - FIRST_FILM_SPREAD)) {
      // Without the words alone, only when the first film is the best known, as a series' first film most often is
      // (else its first film may be named otherwise: Raiders of the Lost Ark before Indiana Jones and the Temple of Doom).
      if (alike.every(subtitled)) {
        // Every film has a subtitle right after the words (The Hobbit: An Unexpected Journey, ...).
        series = alike;
      } else if (alike.length >= 3 && alike.every((f) => rest(f) >= 3 && word(f, 0) === word(first, 0) && word(f, 1) === word(first, 1))) {
        // A saga: three films or more that all go on with the same two words, and more ("harry potter and the ...").
        series = alike;
      }
    }
    return series.length < n ? null : series.map((f) => f.h);
  }

  /** Whether a hit's primary title begins with an article. */
  private startsWithArticle({ seg, doc }: Hit): boolean {
    return seg.primaryLen[doc] > 0 && ARTICLES.has(seg.vocab.at(seg.toks[seg.tokStart[doc]]));
  }

  /** The hits with one first, ranked as a title exactly as typed is (a series' film, see seriesFilms). */
  private withFirst(hits: Hit[], first: Hit): Hit[] {
    first.score = 0;
    first.key = hitKey(first.seg, first.doc, 0);
    const key = this.titleKey(first);
    return [first, ...hits.filter((h) => this.titleKey(h) !== key)];
  }

  /**
   * Whether the number, in any of its forms, comes right after "part" in each of these titles (at most the first
   * ten): "harry potter 2" found only in Harry Potter and the Deathly Hallows: Part 2, the eighth film.
   */
  private numberAfterPart(hits: readonly Hit[], number: string): boolean {
    const forms = [number, ...numeralForms(number)];
    for (let i = 0; i < Math.min(hits.length, 10); i++) {
      const { seg, doc } = hits[i];
      const part = seg.exactId('part');
      const ids = forms.map((f) => seg.exactId(f));
      let after = false;
      for (let k = seg.tokStart[doc] + 1; k < seg.tokStart[doc] + seg.primaryLen[doc] && !after; k++) {
        after = seg.toks[k - 1] === part && ids.includes(seg.toks[k]);
      }
      if (!after) return false;
    }
    return hits.length > 0;
  }

  /**
   * The titles whose whole acronym the word is, ranked with the titles that begin with it (see ACRONYM_WHOLE_SCORE)
   * when at least as popular as every typo match of another title and far better known than the others (see
   * ACRONYM_MARGIN); the others are left to the acronym matches.
   */
  private withWholeAcronyms(hits: Hit[], word: string, type: number, enough: number): Hit[] {
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

  /** The page of the hits (with the acronym matches ranked in) from `offset` to `want`, kept for card(). */
  private page(found: Hit[], acronyms: Hit[] | null, offset: number, want: number): SearchPageResult {
    let hits = found;
    if (acronyms !== null && acronyms.length > 0) hits = this.withAcronyms(hits, acronyms);
    const page = hits.slice(offset, want);
    const ids = page.map((h) => h.seg.ids.at(h.doc));
    this.pageIds = ids.slice();
    this.pageHits = page;
    this.pageVersion = this.version;
    return { ids, hasMore: hits.length > want };
  }

  /**
   * Titles found by their acronym (scored ACRONYM_SCORE) added to the other hits, best first. Each ranks after the
   * plain matches and before every typo match when it is at least as popular as the most popular typo match (of
   * a title not found by its acronym too), and after them all otherwise (ACRONYM_AFTER_TYPOS): people shorten the
   * titles everyone knows, while a four-letter typo ("stne", "dmon") is often the initials of some obscure title,
   * which must not come before the well-known title the typo is of. A title matched both ways keeps the better rank.
   */
  private withAcronyms(hits: Hit[], acronyms: Hit[]): Hit[] {
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

  /**
   * A hit's title as one number: a title is in one segment only (its main copy is hidden once the delta has it), so
   * segment and document identify it without decoding its id.
   */
  private titleKey(h: Hit): number {
    return h.seg === this.main ? h.doc : -1 - h.doc;
  }

  /** Hits of another reading added to the others (each title once, at the better of its two ranks), best first. */
  private mergedBest(hits: Hit[], more: Hit[]): Hit[] {
    if (more.length === 0) return hits;
    const at = new Map(hits.map((h, i) => [this.titleKey(h), i]));
    for (const h of more) {
      const i = at.get(this.titleKey(h));
      if (i === undefined) hits.push(h);
      else if (h.score < hits[i].score) hits[i] = h;
    }
    return hits.sort(compareHits);
  }

  /**
   * The titles the words name whole through a typo, far better known than every title that has the words as typed
   * (TYPO_NAMED_MARGIN), ranked with the best of those titles, by popularity among them: "the dark night" gives The
   * Dark Knight before Dark Was the Night. Other typo matches keep their place after the plain matches (among `hits`)
   * or stay out (`typos`, looked up for this alone), and so do the titles that only begin with the words through a typo
   * ("they w" is not The Walking Dead) and those further from what was typed than one edit in each of one or two
   * words: a word typed exactly as some title has it was seldom meant as another word two edits away.
   */
  private withNamedByTypo(hits: Hit[], plain: { score: number; pop: number }, typos: Hit[] | null, tokens: string[]): Hit[] {
    const named: Hit[] = [];
    for (const h of typos ?? hits) {
      if (h.score < TYPO_PENALTY || h.score >= TYPO_PENALTY + 1 || h.seg.pop[h.doc] < plain.pop + TYPO_NAMED_MARGIN) continue;
      if (!wordsOneEditOff(h, tokens)) continue;
      h.score = plain.score;
      h.key = hitKey(h.seg, h.doc, plain.score);
      named.push(h);
    }
    if (named.length === 0) return hits;
    return typos === null ? hits.sort(compareHits) : this.merged(hits, named);
  }

  /** Hits of a later pass added to those of earlier ones (each title once), best first. */
  private merged(hits: Hit[], more: Hit[]): Hit[] {
    const have = new Set(hits.map((h) => this.titleKey(h)));
    for (const h of more) if (!have.has(this.titleKey(h))) hits.push(h);
    return hits.sort(compareHits);
  }

  private run(q: ParsedQuery, type: number, cap: number, enough: number, pass: Pass): Hit[] {
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

  /** Browsing: the titles passing a filter in a sort order, one page (plus whether more follow). */
  browse(filter: BrowseFilter, sort: BrowseSort, offset: number, limit: number): SearchPageResult {
    const want = offset + limit + 1;
    const parts: Ordered[][] = [this.scan(this.main, filter, sort, want, this.hiddenDocs)];
    if (this.delta) parts.push(this.scan(this.delta, filter, sort, want, null));
    let all = parts[0];
    if (parts.length > 1) {
      const mean = this.meanRating;
      const key = (o: Ordered) => {
        const s = o.seg;
        if (sort === 'rating') return -weightedRating(s.rating[o.doc], s.votes[o.doc], mean);
        if (sort === 'year') return -s.year[o.doc];
        if (sort === 'title') return s.titleKey[o.doc];
        return 0;
      };
      all = parts.flat().sort((a, b) => key(a) - key(b) || b.seg.pop[b.doc] - a.seg.pop[a.doc]);
    }
    return { ids: all.slice(offset, offset + limit).map((o) => o.seg.ids.at(o.doc)), hasMore: all.length > offset + limit };
  }

  private scan(seg: Segment, f: BrowseFilter, sort: BrowseSort, want: number, hidden: Uint32Array | null): Ordered[] {
    const out: Ordered[] = [];
    const type = f.type ? TYPE_CODE[f.type] : -1;
    const mask = (f.genreMask ?? 0) >>> 0;
    const yearFrom = f.yearFrom ?? -1;
    const yearTo = f.yearTo ?? 99999;
    const ratingMin = f.ratingMin ?? -1;
    const votesMin = f.votesMin ?? 0;
    const check = (d: number) => {
      if (type >= 0 && seg.type[d] !== type) return false;
      if ((seg.genreMask[d] & mask) >>> 0 !== mask) return false;
      const y = seg.year[d];
      if ((yearFrom > 0 || yearTo < 99999) && (y === 0 || y < yearFrom || y > yearTo)) return false;
      if (ratingMin > 0 && !(seg.rating[d] >= ratingMin)) return false;
      if (votesMin > 0 && seg.votes[d] < votesMin) return false;
      if (hidden !== null && (hidden[d >>> 5] & (1 << (d & 31))) !== 0) return false;
      if (f.excludeId !== undefined && seg.ids.equals(d, f.excludeId)) return false;
      return true;
    };
    // A filter that few titles pass (a few years, a rare genre): those titles, checked, then put in the sort's order,
    // instead of walking the order (or every title) for a page that may lie near its end.
    // By popularity without years, the walks below stop as soon as a page is full (a genre's list is in popularity
    // order), so they are not replaced: the similar titles of a title page are such a browse.
    const few = sort === 'popularity' && f.yearFrom === undefined && f.yearTo === undefined ? null : fewCandidates(seg, mask, f.yearFrom, f.yearTo);
    if (few !== null) {
      const found: number[] = [];
      const rank = seg.rankIn(sort);
      if (rank === null) {
        // Popularity is document order, which each list is in: a list's first `want` titles that pass are enough.
        for (const list of few) {
          let taken = 0;
          for (let i = 0; i < list.length && taken < want; i++) {
            if (check(list[i])) {
              found.push(list[i]);
              taken++;
            }
          }
        }
        found.sort((a, b) => a - b);
      } else {
        for (const list of few) for (let i = 0; i < list.length; i++) if (check(list[i])) found.push(list[i]);
        found.sort((a, b) => rank[a] - rank[b]);
      }
      for (let i = 0; i < found.length && i < want; i++) out.push({ seg, doc: found[i] });
      return out;
    }
    const order = seg.order(sort);
    if (order) {
      for (let i = 0; i < order.length && out.length < want; i++) if (check(order[i])) out.push({ seg, doc: order[i] });
      return out;
    }
    // Popularity, two genres or more, a page's worth: the first titles of each genre group holding them all.
    if ((mask & (mask - 1)) !== 0 && want <= GROUP_SCAN_MAX) {
      const found: number[] = [];
      const { masks, maskStart, maskDocs } = seg;
      for (let g = 0; g < masks.length; g++) {
        if ((masks[g] & mask) >>> 0 !== mask) continue;
        let taken = 0;
        for (let i = maskStart[g]; i < maskStart[g + 1] && taken < want; i++) {
          if (check(maskDocs[i])) {
            found.push(maskDocs[i]);
            taken++;
          }
        }
      }
      found.sort((a, b) => a - b);
      for (let i = 0; i < found.length && i < want; i++) out.push({ seg, doc: found[i] });
      return out;
    }
    // Popularity: walk the rarest genre's postings when a genre is asked, else every document.
    let list: Int32Array | null = null;
    if (mask) {
      let m = mask;
      while (m) {
        const b = 31 - Math.clz32(m);
        m &= ~(1 << b);
        const p = seg.genrePostings[b];
        if (p && (!list || p.length < list.length)) list = p;
      }
      list ??= new Int32Array(0);
    }
    if (list) {
      for (let i = 0; i < list.length && out.length < want; i++) if (check(list[i])) out.push({ seg, doc: list[i] });
    } else {
      for (let d = 0; d < seg.n && out.length < want; d++) if (check(d)) out.push({ seg, doc: d });
    }
    return out;
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

function computeMeanRating(seg: Segment): number {
  let sum = 0;
  let count = 0;
  for (let d = 0; d < seg.n; d++) {
    const r = seg.rating[d];
    if (Number.isFinite(r) && seg.votes[d] > 0) {
      sum += r;
      count++;
    }
  }
  return count ? sum / count : 6.5;
}
