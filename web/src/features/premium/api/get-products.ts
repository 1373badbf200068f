import { ProductsSchema } from '@common/contracts/purchases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/purchases/products: plans and gem bundles with prices in the configured currency. */
export const getProducts = (signal?: AbortSignal) => api.get('purchases/products', ProductsSchema, { signal });

export const productsQueryOptions = () => queryOptions({ queryKey: ['purchases', 'products'], queryFn: ({ signal }) => getProducts(signal), staleTime: 60 * 60_000 });

export const useProducts = () => useQuery(productsQueryOptions());
