import { TitleDetailsSchema, type TitleType } from '@common/contracts/titles';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';

/** The title page's query, so a title whose page was just open comes from the query cache (features/titles/api). */
const titleKey = (type: TitleType, id: string) => ['titles', 'details', type, id] as const;
const getTitle = (type: TitleType, id: string, signal?: AbortSignal) => api.get(`movies/${type}/${encodeURIComponent(id)}`, TitleDetailsSchema, { signal });

/**
 * The title /createList?titleId= starts with: its type comes with the link from the title page; without one (a
 * typed or shared address) a movie is tried, then a series. Null when there is none.
 */
export function usePresetTitle(titleId: string | null, type: TitleType | undefined) {
  return useQuery({
    queryKey: [...titleKey(type ?? 'movie', titleId ?? ''), 'preset'],
    enabled: titleId !== null,
    staleTime: 10 * 60_000,
    retry: false,
    queryFn: async ({ signal, client }) => {
      const id = titleId ?? '';
      const tries: TitleType[] = type ? [type] : ['movie', 'tvSeries'];
      for (const t of tries) {
        const cached = client.getQueryData(titleKey(t, id));
        if (cached) return TitleDetailsSchema.parse(cached);
        try {
          return await getTitle(t, id, signal);
        } catch (error) {
          if (!isApiError(error) || error.status !== 404) throw error;
        }
      }
      return null;
    },
  });
}
