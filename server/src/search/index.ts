/** The title search engine: what the rest of the server may use of it. */

export { normalizeText, searchQueryKey, tokenize } from './normalize.ts';
export * from './search-index.ts';
