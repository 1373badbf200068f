import { CheckoutSchema, type ProductId } from '@common/contracts/purchases';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/purchases/checkout: where to pay (the sandbox's test page or Stripe Checkout). */
export const startCheckout = (product: ProductId) => api.post('purchases/checkout', { product }, CheckoutSchema);

/** Starts a checkout and sends the browser there. */
export const useStartCheckout = () =>
  useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
