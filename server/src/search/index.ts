/**
 * The title search engine: what the rest of the server may use of it. It holds catalogue rows in memory, answers
 * searches and browses with pages of title ids and scores, and knows nothing of HTTP, JSON or the database: the titles
 * module feeds it rows (SegmentBuilder, replace, setDelta) and presents the ids it gives from the database.
 *
 * Inside, by concern:
 * - normalize.ts, query.ts: text as the index reads it; readings of what was typed (a year, a sequel's number,
 *   numbers and abbreviations written either way, a leading article).
 * - builder.ts, segment.ts: a segment (the titles as of one build): postings, exact titles, browsing orders.
 * - acronyms.ts, typos.ts, edit-distance.ts: acronyms, typos and words typed together, over one segment.
 * - hits.ts, ranking.ts, segment-search.ts: the score scale, how well one title matches, the search of one segment.
 *   A segment's class is built in layers, one file each: SegmentCore, AcronymSegment, TypoSegment, RankingSegment,
 *   Segment.
 * - index-base.ts, acronym-index.ts, series.ts, title-index.ts: the index of a main and a delta segment, and the passes
 *   and readings of a query across them (SearchIndexBase, AcronymIndex, TitleSearchIndex).
 * - browse.ts, genres.ts: directory pages (filters and orders), genre names as bits.
 */

export { RATING_PRIOR_VOTES, weightedRating } from './browse.ts';
export { SegmentBuilder } from './builder.ts';
export { normalizeText, searchQueryKey, tokenize } from './normalize.ts';
export { parseQuery } from './query.ts';
export { TitleSearchIndex } from './title-index.ts';
export type { BrowseFilter, BrowseSort, IndexRow, IndexTitleType, ParsedQuery, SearchMatch, SearchOptions, SearchPageResult, TitleSearchResult } from './types.ts';
