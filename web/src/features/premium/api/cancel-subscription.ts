import { PurchasesSchema } from '@common/contracts/purchases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { premiumKey } from './get-me';
import { purchasesQueryOptions } from './get-purchases';

/** POST /api/purchases/subscription/cancel: stops renewing; premium lasts until the paid period ends. */
export const cancelSubscription = () => api.post('purchases/subscription/cancel', {}, PurchasesSchema);

export const useCancelSubscription = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (data) => {
      client.setQueryData(purchasesQueryOptions().queryKey, data);
      void client.invalidateQueries({ queryKey: premiumKey });
    },
  });
};
