import type { MediaSearchResult, TitleType } from '@common/contracts/titles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { arrayParser, isMediaResult } from '../../../lib/light-parse';

/** POST /api/movies/search: up to 10 suggestions. TanStack Query aborts the previous request through `signal`. */
export const searchTitles = (input: string, titleType: TitleType | null, signal?: AbortSignal) =>
  api.post('movies/search', { input, titleType }, arrayParser<MediaSearchResult>(isMediaResult), { signal });

export const searchTitlesQueryOptions = (input: string, titleType: TitleType | null) =>
  queryOptions({
    queryKey: ['titles', 'suggest', titleType, input],
    queryFn: ({ signal }) => searchTitles(input, titleType, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** `input` is already debounced and trimmed; blank asks nothing. */
export const useSearchTitles = (input: string, titleType: TitleType | null) =>
  useQuery({ ...searchTitlesQueryOptions(input, titleType), enabled: input.length > 0, placeholderData: keepPreviousData });
