import { GEM_TRANSACTIONS_PAGE_SIZE, GemTransactionsPageSchema } from '@common/contracts/gems';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { premiumKey } from './get-me';

/** GET /api/gems/transactions?limit=10&startAfter={cursor}: the gem ledger, newest first. */
export const getGemTransactions = (startAfter: string | null, signal?: AbortSignal) => {
  const params = new URLSearchParams({ limit: String(GEM_TRANSACTIONS_PAGE_SIZE) });
  if (startAfter) params.set('startAfter', startAfter);
  return api.get(`gems/transactions?${params}`, GemTransactionsPageSchema, { signal });
};

export const gemTransactionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...premiumKey, 'transactions'],
    queryFn: ({ pageParam, signal }) => getGemTransactions(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : undefined),
    staleTime: 0,
  });

export const useGemTransactions = () => useInfiniteQuery(gemTransactionsQueryOptions());
