import { DiaryMonthSchema, DiaryYearSchema, TitleWatchedSchema } from '@common/contracts/diary';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { diaryKey } from '../../../lib/diary';

/** GET /api/diary?month=YYYY-MM: a month of the reader's diary, and the months that have entries. */
export const diaryMonthOptions = (month: string | null) =>
  queryOptions({
    queryKey: [...diaryKey, 'month', month],
    queryFn: ({ signal }) => api.get(`diary${month ? `?month=${month}` : ''}`, DiaryMonthSchema, { signal }),
    staleTime: 0,
  });
export const useDiaryMonth = (month: string | null) => useQuery(diaryMonthOptions(month));

/** GET /api/diary/people/{userId}?month=YYYY-MM: a month of a person's diary, as their profile shows it to anyone. */
export const usePersonDiaryMonth = (userId: string, month: string | null) =>
  useQuery({
    queryKey: [...diaryKey, 'person', userId, month],
    queryFn: ({ signal }) => api.get(`diary/people/${encodeURIComponent(userId)}${month ? `?month=${month}` : ''}`, DiaryMonthSchema, { signal }),
    staleTime: 60_000,
  });

/** GET /api/diary/year/{year}: the year in review. */
export const useDiaryYear = (year: number) =>
  useQuery({ queryKey: [...diaryKey, 'year', year], queryFn: ({ signal }) => api.get(`diary/year/${year}`, DiaryYearSchema, { signal }), staleTime: 0 });

/** GET /api/diary/titles/{id}: whether the reader watched a title, how often, and the latest entry. */
export const useTitleWatched = (titleId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...diaryKey, 'title', titleId],
    queryFn: ({ signal }) => api.get(`diary/titles/${encodeURIComponent(titleId)}`, TitleWatchedSchema, { signal }),
    enabled,
    staleTime: 0,
  });

/** The image card of a year, as the server draws it (signed in; the cookie goes with the request). */
export const yearCardUrl = (year: number) => `/api/diary/year/${year}/card.png`;
