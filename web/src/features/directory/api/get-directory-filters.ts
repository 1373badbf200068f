import { type DirectorySort, MediaSearchPageSchema, type TitleType } from '@common/contracts/titles';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface DirectoryFilters {
  /** All of these genres. */
  genres: string[];
  sort: DirectorySort;
  yearFrom?: number;
  yearTo?: number;
  ratingMin?: number;
  /** A streaming service's titles only (netflix, prime, ...), in `country` (the server's default, US, when absent). */
  service?: string;
  country?: string;
}

/** GET /api/movies/filters or /api/tv/filters with only the non-empty fields, 20 a page. */
export const getDirectoryPage = (titleType: TitleType, filters: DirectoryFilters, page: number, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (filters.genres.length) params.set('genre', filters.genres.join(','));
  if (filters.yearFrom !== undefined) params.set('yearFrom', String(filters.yearFrom));
  if (filters.yearTo !== undefined) params.set('yearTo', String(filters.yearTo));
  if (filters.ratingMin !== undefined) params.set('ratingMin', String(filters.ratingMin));
  if (filters.service) params.set('service', filters.service);
  if (filters.service && filters.country) params.set('country', filters.country);
  if (filters.sort !== 'popularity') params.set('sort', filters.sort);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return api.get(`${titleType === 'movie' ? 'movies' : 'tv'}/filters${query ? `?${query}` : ''}`, MediaSearchPageSchema, { signal });
};

export const directoryQueryOptions = (titleType: TitleType, filters: DirectoryFilters) =>
  infiniteQueryOptions({
    queryKey: ['titles', 'directory', titleType, filters],
    queryFn: ({ pageParam, signal }) => getDirectoryPage(titleType, filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 5 * 60_000,
  });

export const useDirectoryPages = (titleType: TitleType, filters: DirectoryFilters, enabled = true) =>
  useInfiniteQuery({ ...directoryQueryOptions(titleType, filters), enabled });
