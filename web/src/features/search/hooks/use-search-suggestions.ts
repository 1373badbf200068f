import type { TitleType } from '@common/contracts/titles';
import { useEffect, useMemo } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { toast } from '../../../lib/toast';
import { usePopularMedia } from '../api/get-popular-media';
import { usePopularSearches } from '../api/get-popular-searches';
import { useSearchTitles } from '../api/search-titles';
import type { Option } from '../components/search-options';

/** Spec 9: the search waits 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;
export const POPULAR_ERROR_MESSAGE = 'Error retrieving popular media';
export const NO_MATCHES_MESSAGE = "We couldn't find any matches for your search";

/**
 * What the search box lists for what is typed: live matches (300 ms after the
 * last key), or, while it is empty, popular searches (or popular titles of
 * one kind). Also the list's heading, its state line and whether it is loading.
 */
export function useSearchSuggestions(query: string, titleType: TitleType | null, open: boolean) {
  const trimmed = query.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const typing = trimmed.length > 0;

  const matches = useSearchTitles(debounced, titleType);
  const popularSearches = usePopularSearches(open && titleType === null);
  const popularMedia = usePopularMedia(titleType, open);
  const popular = titleType === null ? popularSearches : popularMedia;

  // Spec 8: a failed popular fetch shows one toast and an empty list.
  useEffect(() => {
    if (popular.isError) toast(POPULAR_ERROR_MESSAGE, 'error');
  }, [popular.isError]);
  // Spec 8: a failed search is only logged (cancelled requests never reach here).
  useEffect(() => {
    if (matches.error) console.error('search failed', matches.error);
  }, [matches.error]);

  const options: Option[] = useMemo(() => {
    if (typing) {
      if (!debounced) return [];
      return (matches.data ?? []).map((item) => ({ kind: 'title', key: `${item.type}-${item.id}`, item }));
    }
    if (titleType === null) return (popularSearches.data ?? []).map((p) => ({ kind: 'query', key: `q-${p.query}`, query: p.query }));
    return (popularMedia.data ?? []).map((item) => ({ kind: 'title', key: `${item.type}-${item.id}`, item }));
  }, [typing, debounced, matches.data, titleType, popularSearches.data, popularMedia.data]);

  const waitingForMatches = typing && (trimmed !== debounced || matches.isFetching);
  const heading = typing ? 'Matches' : titleType === null ? 'Popular searches' : titleType === 'movie' ? 'Popular movies' : 'Popular TV shows';

  let status: string | null = null;
  if (typing && debounced && !matches.isFetching && trimmed === debounced) {
    if (matches.isError) status = 'Search is not answering right now. Press Enter to try the full results.';
    else if (options.length === 0) status = NO_MATCHES_MESSAGE;
  } else if (!typing && !popular.isPending && options.length === 0) {
    status = popular.isError ? 'Popular searches are unavailable right now. Start typing to search.' : 'Start typing to search movies and TV shows.';
  }

  return {
    trimmed,
    options,
    heading,
    status,
    /** A search is on its way (the button shows a spinner). */
    waitingForMatches,
    /** Nothing to list yet because it is still coming. */
    loading: options.length === 0 && (typing ? waitingForMatches : popular.isPending),
  };
}
