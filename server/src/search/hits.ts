/**
 * The score scale of a search (lower is better): a title's tier (0 exact, 1 begins with the words, 2 has them all),
 * what was misread or left out on top, and popularity within one score.
 */

import { comparePacked } from './packed-strings.ts';
import type { SegmentCore } from './segment.ts';
import type { Segment } from './segment-search.ts';

/** How popular a title found past its leading article counts as, against one found as typed (see ARTICLE_PENALTY). */
const ARTICLE_FACTOR = 0.4;

/**
 * Scores past a title's tier (0 exact, 1 prefix, 2 all words): a title from another year than the one typed
 * (later passes only) scores 3-8, by tier and then one year off before further off; a word matched only through a
 * typo adds 9. Missing the year costs less than a typo: people misremember years (often by one, a release against a
 * production year) more often than a typo lands on another real word.
 */
export const YEAR_PENALTY = 3;
/** What a word matched only through a typo adds: after every title found as typed, whatever its year. */
export const TYPO_PENALTY = 9;
/** What a title found with one of the query's words left out scores from (see TitleSearchIndex.compute): after any typo. */
export const DROPPED_PENALTY = 20;

export interface Hit {
  seg: Segment;
  doc: number;
  score: number;
  /** Sort key: tier first, then popularity (see compareHits). */
  key: number;
  /**
   * The score the title would have if the words before its subtitle, or its subtitle, were its whole title, when that
   * is better than `score` (the query is one of those parts exactly: see TitleSearchIndex.withTitleParts), else -1.
   */
  part: number;
}

/**
 * Within a tier the more popular title wins; a title matched by passing over its leading article counts as 40% as
 * popular. Popularity is on a log scale (the order of magnitude of votes: see popularityOf), so "40% as popular" is
 * log10(0.4) less: The Godfather (1.9 million votes) still comes before an obscure GodFather (7,000) for "godfather".
 */
const ARTICLE_PENALTY = Math.log10(ARTICLE_FACTOR);
/** A score's fraction for a title found both past its article and by reading the query otherwise: 16% as popular. */
export const TWICE_FOUND_PAST = 0.75;

export function hitKey(seg: SegmentCore, doc: number, score: number): number {
  const tier = Math.floor(score);
  const pop = Math.min(seg.pop[doc] + (score - tier >= TWICE_FOUND_PAST ? 2 * ARTICLE_PENALTY : score > tier ? ARTICLE_PENALTY : 0), 1e9);
  return tier * 1e10 - pop;
}

export function compareHits(a: Hit, b: Hit): number {
  // -1 or 1 rather than the keys' difference: a fraction handed back to Array.prototype.sort is a heap number, about
  // 1.7 KB of garbage a cold search.
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  return comparePacked(a.seg.ids, a.doc, b.seg.ids, b.doc);
}
