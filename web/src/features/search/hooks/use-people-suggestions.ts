import type { PersonResult } from '@common/contracts/people';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { peopleKey } from '../api/people-key';
import { type Option, peopleOptions } from '../components/search-options';

/** The People group asks 250 ms after the last key, once two letters are typed, and lists up to 5 people. */
export const PEOPLE_DEBOUNCE_MS = 250;
export const PEOPLE_GROUP_MAX = 5;

/**
 * The top search box's People group (POST /api/user/search, the /people page's cache): its options, after the titles
 * in the box's listbox. The fetcher and its contract load with the first search, so the box's own code stays small.
 */
export function usePeopleSuggestions(query: string, enabled: boolean): { options: Option[]; waiting: boolean } {
  const trimmed = query.trim();
  const keyword = useDebouncedValue(trimmed, PEOPLE_DEBOUNCE_MS);
  const asking = enabled && trimmed.length >= 2 && keyword.length >= 2;
  const people = useQuery({
    queryKey: [...peopleKey, keyword],
    queryFn: async ({ signal }): Promise<PersonResult[]> => (await import('../api/search-people')).searchPeople(keyword, signal),
    enabled: asking,
    staleTime: 30_000,
  });
  const data = asking ? people.data : undefined;
  const options = useMemo(() => peopleOptions(data ?? [], keyword, PEOPLE_GROUP_MAX), [data, keyword]);
  /** A search of people is on its way for what is typed. */
  const waiting = enabled && trimmed.length >= 2 && (keyword !== trimmed || people.isFetching);
  return { options, waiting };
}
