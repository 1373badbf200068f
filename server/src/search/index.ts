/**
 * The title search engine: what the rest of the server may use of it. It holds catalogue rows in memory, answers
 * searches and browses with pages of title ids and scores, and knows nothing of HTTP, JSON or the database.
 */

export { RATING_MIN_VOTES, weightedRating } from './browse.ts';
export { SegmentBuilder } from './builder.ts';
export { normalizeText, searchQueryKey, tokenize } from './normalize.ts';
export { parseQuery } from './query.ts';
export { TitleSearchIndex } from './title-index.ts';
export type { BrowseFilter, BrowseSort, IndexRow, IndexTitleType, ParsedQuery, SearchOptions, SearchPageResult } from './types.ts';
