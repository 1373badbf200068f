import type { HomeMediaItem } from '@common/contracts/titles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { arrayParser, isHomeMediaItem } from '../../../lib/light-parse';

/** GET /api/home/carousel: the top 10 movies then the top 10 TV shows. */
export const getCarousel = (signal?: AbortSignal) => api.get('home/carousel', arrayParser<HomeMediaItem>(isHomeMediaItem), { signal });

export const carouselQueryOptions = () =>
  queryOptions({
    queryKey: ['home', 'carousel'],
    queryFn: ({ signal }) => getCarousel(signal),
    staleTime: 5 * 60_000,
  });

export const useCarousel = () => useQuery(carouselQueryOptions());
