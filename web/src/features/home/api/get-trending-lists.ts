import type { ListSummary } from '@common/contracts/lists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { arrayParser, hasFields, isNullableString, isNumber, isString } from '../../../lib/light-parse';
import { fetchListsInto } from '../../../lib/lists-state';

/** The fields the list card reads, checked without zod (the home page's downloads stay small; the server checks the contract). */
const isListSummary = hasFields({
  listId: isString,
  name: isString,
  type: isString,
  genres: Array.isArray,
  contentList: (v) => Array.isArray(v) && v.every(hasFields({ titleId: isString, title: isString, primaryImage: isNullableString })),
  titleCount: isNumber,
  ownerProfile: hasFields({ userId: isString, displayName: isString, imageUrl: isNullableString }),
  lastUpdated: isString,
});

/** GET /api/home/trending-lists: public lists ranked by the views and likes of the last 7 days; fills trendingLists of the lists state. */
export const getTrendingLists = (signal?: AbortSignal) => api.get('home/trending-lists', arrayParser<ListSummary>(isListSummary), { signal });

export const trendingListsQueryOptions = () =>
  queryOptions({
    queryKey: ['lists', 'trending'],
    queryFn: ({ signal }) => fetchListsInto('trendingLists', () => getTrendingLists(signal)),
    staleTime: 0,
  });

export const useTrendingLists = () => useQuery(trendingListsQueryOptions());
