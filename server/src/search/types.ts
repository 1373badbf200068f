/** The shapes the search engine takes and gives: rows in, pages of ids and scores out. */

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
  /** Only these titles (a streaming service's, say); absent for all. */
  onlyIds?: ReadonlySet<string>;
}

export interface SearchOptions {
  type?: IndexTitleType | null;
  offset?: number;
  limit: number;
}

/**
 * One page of titles. `scores` runs parallel to `ids`, higher is better. A search gives minus the match's score on
 * the scale of hits.ts: 0 an exact title, -1 one that begins with the words, -2 one that has them all, -3 to -8 one of
 * another year than the one typed, -9 and below a typo, -20 and below words left out (fractions: found past an
 * article); within one score, better known titles come first. A browse gives the figure it sorts on: popularity,
 * the IMDb rating, the start year, or for 'title' minus the title's place in alphabetical order (0 first).
 */
export interface SearchPageResult {
  ids: string[];
  scores: number[];
  hasMore: boolean;
}

/**
 * How well a search's best title matches what was typed: 'good' when it has every word (as typed, written another way,
 * or through a typo); 'weak' when no title has them all and the titles found have only some (words left out, or the
 * words after a title the catalogue lacks cut off: the closest titles); 'none' when nothing was found.
 */
export type SearchMatch = 'good' | 'weak' | 'none';

export interface TitleSearchResult extends SearchPageResult {
  match: SearchMatch;
}

/** A title type's number in a segment (one byte a title). */
export const TYPE_CODE: Record<IndexTitleType, number> = { movie: 0, tvSeries: 1 };

/**
 * The passes of a search: plain words (a typed year narrows), the same words in any year, then typos and the rest.
 * 'exact' only looks up whole titles by their words (see TitleSearchIndex.compute: a query's leading article).
 * 'typo' is the fallback pass without reading a word as two (see TitleSearchIndex.compute).
 */
export type Pass = 'plain' | 'anyYear' | 'fallback' | 'split' | 'exact' | 'typo';

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
