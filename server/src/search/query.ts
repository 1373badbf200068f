/** Readings of what was typed: its words, a year, a sequel's number, numbers and abbreviations written either way, a leading article. */

import { editDistance } from './edit-distance.ts';
import { tokenize } from './normalize.ts';
import type { ParsedQuery } from './types.ts';

/** Leading words a title may have or not and still be known by the rest ("the dune", "godfather"). */
export const ARTICLES = new Set(['the', 'a', 'an']);

/** Words of a query past the eighth are dropped: a title is found by fewer, and each costs a lookup. */
export const MAX_QUERY_TOKENS = 8;
/** A word is cut to this length: no title word is longer, and typos of longer ones cost more to look for. */
const MAX_TOKEN_LENGTH = 40;

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

/** Roman numerals from 1 to 20, at their value. */
const ROMAN_NUMERALS = ['', 'i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii', 'xiii', 'xiv', 'xv', 'xvi', 'xvii', 'xviii', 'xix', 'xx'];
/** Number words from one to twenty, at their value. */
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
export function withoutSequelNumber(q: ParsedQuery, marker = false): { query: ParsedQuery; number: number; word: string } | null {
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
export function withoutArticle(q: ParsedQuery): ParsedQuery {
  return q.tokens.length > 1 && ARTICLES.has(q.tokens[0]) && q.yearIdx !== 0 ? { ...queryWithout(q, 0), numberOut: q.numberOut } : q;
}

/** Whether a title's word is a sequel's number: 1 to 20 in digits, as a roman numeral or as a word ("Toy Story 2", "Rocky II", "Ocean's Twelve"). */
export function isSequelNumeral(word: string): boolean {
  return word === '1' || numeralForms(word).length > 0 || NUMBER_WORDS.indexOf(word) > 0;
}

/** The query without its word `i` (the last word, left out, no longer counts as being typed). */
export function queryWithout(q: ParsedQuery, i: number): ParsedQuery {
  return {
    tokens: q.tokens.filter((_, k) => k !== i),
    yearIdx: q.yearIdx > i ? q.yearIdx - 1 : q.yearIdx,
    year: q.year,
    lastIsPrefix: i === q.tokens.length - 1 ? false : q.lastIsPrefix,
  };
}

/** The query with its words from i to j (exclusive) read as `words` instead, for a query without a year. */
export function queryReadAs(q: ParsedQuery, i: number, j: number, words: string[]): ParsedQuery {
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
/** No other form (shared, so that most words cost no allocation). */
export const NO_FORMS: string[] = [];

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
export function numberValue(word: string): number {
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

/**
 * The query without its leading article, when it starts with one and has another word besides a year ("the dune"),
 * looked up at once; or (`typo`) without a three-letter first word one typo away from "the" ("hte dune"), looked up
 * with the typos (when the words as typed found nothing or little).
 */
export function leadingArticle(q: ParsedQuery): { rest: ParsedQuery; typo: boolean } | null {
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
