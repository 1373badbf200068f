import type { PaymentProvider } from './purchases.provider.ts';

/**
 * The embedded sandbox provider: no money moves. Its checkout is a page this server renders
 * (GET /api/purchases/sandbox/{purchaseId}, marked TEST MODE) where the buyer confirms or cancels; confirming
 * books the purchase as paid, as a provider's webhook would.
 */
export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout(input) {
      return { url: `/api/purchases/sandbox/${input.purchaseId}`, providerRef: null };
    },
    async cancelAtPeriodEnd() {
      // Nothing renews in the sandbox: the flag on the subscription row is all there is.
    },
  };
}
