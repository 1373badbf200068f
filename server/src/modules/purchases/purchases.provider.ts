import type { ProductDefinition } from '../../../../common/contracts/purchases.ts';
import type { SubscriptionRow } from './purchases.repository.ts';

export interface CheckoutInput {
  purchaseId: string;
  userId: string;
  email: string;
  product: ProductDefinition;
  currency: string;
  /** Absolute addresses of the app's pages the buyer returns to. */
  successUrl: string;
  cancelUrl: string;
}

/**
 * The payment provider port: the embedded sandbox (the default, test mode) and Stripe implement it. Payments are
 * confirmed to the app afterwards (the sandbox's confirm call, Stripe's signed webhooks), and every confirmation
 * goes through purchases.service.ts, which books it exactly once.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Starts a checkout: where to send the buyer, and the provider's id of it (null when it has none). */
  createCheckout(input: CheckoutInput): Promise<{ url: string; providerRef: string | null }>;
  /** Stops the subscription from renewing; it stays paid until the period ends. */
  cancelAtPeriodEnd(subscription: SubscriptionRow): Promise<void>;
}
