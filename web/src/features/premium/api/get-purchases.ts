import { PurchasesSchema } from '@common/contracts/purchases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { premiumKey } from './get-me';

/** GET /api/purchases: the reader's purchases, subscription and premium status. */
export const getPurchases = (signal?: AbortSignal) => api.get('purchases', PurchasesSchema, { signal });

export const purchasesQueryOptions = () => queryOptions({ queryKey: [...premiumKey, 'purchases'], queryFn: ({ signal }) => getPurchases(signal), staleTime: 0 });

export const usePurchases = () => useQuery(purchasesQueryOptions());
